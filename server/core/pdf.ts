// PDF documents (invoices, credit notes, statements) with pdfkit and an embedded TrueType font:
// DejaVu Sans covers accented names and the currency signs (€, £, ¥, ₹…), which the standard PDF
// fonts do not. Render from stored data only, so the same document renders the same every time.
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

const require = createRequire(import.meta.url);
export const PDF_FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
export const PDF_FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

export type Pdf = InstanceType<typeof PDFDocument>;

type FontSource = Parameters<Pdf['registerFont']>[1];

/**
 * The fonts parsed once and kept for every document: parsing the TrueType files would be most of a
 * render (docs/decisions/025-invoices-gapless-and-tax-once.md). pdfkit takes a parsed (fontkit) font in
 * `registerFont`; it is only read once parsed, and each document still embeds its own subset. It is
 * reached through a probe document's current font; should a pdfkit release hide it, the file paths
 * are registered instead.
 */
let parsed: { body: FontSource; bold: FontSource } | null = null;
function fonts(): { body: FontSource; bold: FontSource } {
  if (parsed) return parsed;
  const probe = new PDFDocument({ autoFirstPage: false });
  probe.registerFont('Body', PDF_FONT);
  probe.registerFont('Bold', PDF_FONT_BOLD);
  const current = (name: string) => {
    probe.font(name);
    const font = (probe as unknown as { _font?: { font?: { layout?: unknown } } })._font?.font;
    return typeof font?.layout === 'function' ? (font as unknown as FontSource) : null;
  };
  parsed = { body: current('Body') ?? PDF_FONT, bold: current('Bold') ?? PDF_FONT_BOLD };
  return parsed;
}

/**
 * Renders a document: `draw` writes on an A4 page set in the embedded font ('Body' and 'Bold' are
 * registered); the bytes come back as one Buffer. `info` fills the PDF's title and author.
 */
export async function renderPdf(info: { title: string; author: string }, draw: (doc: Pdf) => void): Promise<Buffer> {
  // A fixed creation date keeps the bytes of one stored document the same on every render.
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: info.title, Author: info.author, CreationDate: new Date(0) } });
  const { body, bold } = fonts();
  doc.registerFont('Body', body);
  doc.registerFont('Bold', bold);
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
