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
});
