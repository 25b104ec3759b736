// PDF documents (invoices, credit notes, statements) with pdfkit and an embedded TrueType font:
// DejaVu Sans covers accented names and the currency signs (€, £, ¥, ₹…), which the standard PDF
// fonts do not. Render from stored data only, so the same document renders the same every time.
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

const require = createRequire(import.meta.url);
export const PDF_FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
export const PDF_FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

export type Pdf = InstanceType<typeof PDFDocument>;

/**
 * Renders a document: `draw` writes on an A4 page set in the embedded font ('Body' and 'Bold' are
 * registered); the bytes come back as one Buffer. `info` fills the PDF's title and author.
 */
export async function renderPdf(info: { title: string; author: string }, draw: (doc: Pdf) => void): Promise<Buffer> {
  // A fixed creation date keeps the bytes of one stored document the same on every render.
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: info.title, Author: info.author, CreationDate: new Date(0) } });
  doc.registerFont('Body', PDF_FONT);
  doc.registerFont('Bold', PDF_FONT_BOLD);
  doc.font('Body');
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  draw(doc);
  doc.end();
  await done;
  return Buffer.concat(chunks);
}
