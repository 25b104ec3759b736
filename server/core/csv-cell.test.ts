import { describe, expect, it } from 'vitest';
import { escapeCell, escapeTextCell, unescapeCell } from './csv-cell';

describe('formula escaping', () => {
  it('prefixes cells a spreadsheet would evaluate, but not plain numbers', () => {
    expect(escapeCell('=HYPERLINK("http://evil","x")')).toBe(`'=HYPERLINK("http://evil","x")`);
    expect(escapeCell('+44 20 7946 0112')).toBe("'+44 20 7946 0112");
    expect(escapeCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(escapeCell('-2+3')).toBe("'-2+3");
    expect(escapeCell('-0.1257')).toBe('-0.1257');
    expect(escapeCell('Hudson & Rye')).toBe('Hudson & Rye');
  });

  it('reads escaped cells back as they were, and leaves other apostrophes alone', () => {
    for (const v of ['=1+1', '+44 20', '@x', '-x', "'quoted'", "O'Neill's"]) expect(unescapeCell(escapeCell(v))).toBe(v);
    expect(unescapeCell("'tis")).toBe("'tis");
  });

  it('prefixes every formula-looking text cell, plain negative numbers included', () => {
    for (const v of ['=1+1', '+44', '-5', '@A1', '\tx', '\rx']) expect(escapeTextCell(v)).toBe(`'${v}`);
    expect(escapeTextCell('Harbour Imports')).toBe('Harbour Imports');
    expect(unescapeCell(escapeTextCell('-5'))).toBe('-5');
  });
});
