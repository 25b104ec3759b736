import { PDFParse } from 'pdf-parse';
import { describe, expect, it } from 'vitest';
import { renderPdf } from './pdf';

describe('renderPdf', () => {
  it('embeds a font that writes accented names and currency signs, read back as text', async () => {
    const bytes = await renderPdf({ title: 'Test', author: 'Frolic' }, (doc) => {
      doc.font('Bold').text('Château Zoë Ltd');
      doc.font('Body').text('Total €1.234,56 · £12.00 · ¥500 · ₹80');
    });
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const { text } = await new PDFParse({ data: bytes }).getText();
    expect(text).toContain('Château Zoë Ltd');
    expect(text).toContain('Total €1.234,56 · £12.00 · ¥500 · ₹80');
  });

  it('renders the same document to the same bytes, the fonts parsed once for every document', async () => {
    const draw = (name: string) => (doc: Parameters<Parameters<typeof renderPdf>[1]>[0]) => {
      doc.font('Bold').text(name);
      doc.font('Body').text('Total £12.00');
    };
    const first = await renderPdf({ title: 'Test', author: 'Frolic' }, draw('Château Zoë Ltd'));
    const other = await renderPdf({ title: 'Test', author: 'Frolic' }, draw('Łódź Wódka Sp. z o.o.'));
    const again = await renderPdf({ title: 'Test', author: 'Frolic' }, draw('Château Zoë Ltd'));
    expect(again.equals(first)).toBe(true);
    // Each document embeds the glyphs it uses, not those of the documents before it.
    expect((await new PDFParse({ data: other }).getText()).text).toContain('Łódź Wódka Sp. z o.o.');
    expect((await new PDFParse({ data: again }).getText()).text).toContain('Château Zoë Ltd');
  });
});
