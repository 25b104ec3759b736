import { describe, expect, it } from 'vitest';
import { decodeCsv, ORDER_CSV_MAX_BYTES, readOrderCsv } from './order-csv.server';

const price = { bottleMinor: 1000, caseMinor: 6000, currency: 'GBP' };
const PRODUCTS = [
  { id: 1, sku: 'FRL-0001', name: 'Frolic London Dry Gin', category: 'gin', caseSize: 6, price, availableCases: 20 },
  { id: 2, sku: 'FRL-0002', name: 'Frolic Navy Strength Gin', category: 'gin', caseSize: 6, price, availableCases: 2 },
  { id: 3, sku: 'FRL-0003', name: 'Frolic Spiced Rum', category: 'rum', caseSize: 6, price: null, availableCases: null },
  { id: 4, sku: 'FRL-0004', name: 'Frolic Wheat Vodka', category: 'vodka', caseSize: 6, price, availableCases: 0 },
  { id: 5, sku: 'FRL-0005', name: 'Frolic White Rum', category: 'rum', caseSize: 6, price, availableCases: null },
];
const bytes = (text: string) => new TextEncoder().encode(text);

describe('readOrderCsv', () => {
  it('fills the form from the template as a spreadsheet saves it: SKU or name, blank rows skipped', () => {
    const file = [
      'SKU,Product,Case size,Cases',
      'FRL-0001,Frolic London Dry Gin,6,4',
      'FRL-0002,Frolic Navy Strength Gin,6,',
      ',frolic white rum ,6,12',
      ',,,',
    ].join('\r\n');
    expect(readOrderCsv(bytes(file), PRODUCTS)).toEqual({ ok: true, values: { 'cases.1': '4', 'cases.5': '12' }, lines: 2 });
  });

  it('reads UTF-8 with a byte-order mark and semicolons (a European Excel), and Windows-1252', () => {
    const bom = new Uint8Array([0xef, 0xbb, 0xbf, ...bytes('Sku;Cases\r\nfrl-0001;3\r\n')]);
    expect(readOrderCsv(bom, PRODUCTS)).toEqual({ ok: true, values: { 'cases.1': '3' }, lines: 1 });
    // "Café" in Windows-1252: é is 0xE9, not valid UTF-8 on its own.
    expect(decodeCsv(new Uint8Array([0x43, 0x61, 0x66, 0xe9]))).toBe('Café');
    const tabbed = bytes('Product\tCases\nFrolic London Dry Gin\t2\n');
    expect(readOrderCsv(tabbed, PRODUCTS)).toEqual({ ok: true, values: { 'cases.1': '2' }, lines: 1 });
  });

  it('reports every bad row by its number and fills nothing', () => {
    const file = [
      'SKU,Product,Cases',
      'FRL-9999,,1', // row 2: unknown SKU
      ',Frolic Cherry Gin,1', // row 3: unknown name
      'FRL-0003,,1', // row 4: no trade price
      'FRL-0001,,two', // row 5: not a number
      'FRL-0001,,1.5', // row 6: not whole
      'FRL-0002,,3', // row 7: over availability
      'FRL-0004,,1', // row 8: out of stock
      'FRL-0005,,1', // row 9: fine
      'frl-0005,,2', // row 10: duplicate
      ',,4', // row 11: no product
    ].join('\n');
    expect(readOrderCsv(bytes(file), PRODUCTS)).toEqual({
      ok: false,
      problems: [
        'Row 2: no product you can order has the SKU “FRL-9999”.',
        'Row 3: no product you can order is called “Frolic Cherry Gin”.',
        'Row 4: Frolic Spiced Rum has no trade price for you, so it cannot be ordered.',
        'Row 5: “two” is not a number of cases (a whole number from 1 to 10,000).',
        'Row 6: “1.5” is not a number of cases (a whole number from 1 to 10,000).',
        'Row 7: only 2 cases of Frolic Navy Strength Gin available, not 3.',
        'Row 8: Frolic Wheat Vodka is out of stock.',
        'Row 10: Frolic White Rum is already on row 9.',
        "Row 11: give the product's SKU or name.",
      ],
    });
  });

  it('refuses a file without the columns, an empty one, one ordering nothing and one too large', () => {
    expect(readOrderCsv(bytes('Item,Qty\nFRL-0001,1\n'), PRODUCTS)).toEqual({
      ok: false,
      problems: ['Row 1 must name the columns: SKU (or Product) and Cases, as the template does.'],
    });
    expect(readOrderCsv(new Uint8Array(), PRODUCTS)).toMatchObject({
      ok: false,
      problems: ['The file is empty: download the template and fill in the cases.'],
    });
    expect(readOrderCsv(bytes('SKU,Cases\nFRL-0001,0\n'), PRODUCTS)).toMatchObject({
      ok: false,
      problems: ['The file orders nothing: fill in the Cases column of the products you want.'],
    });
    expect(readOrderCsv(new Uint8Array(ORDER_CSV_MAX_BYTES + 1), PRODUCTS)).toMatchObject({ ok: false });
    expect(readOrderCsv(bytes('SKU,Cases\n"FRL-0001,1\n'), PRODUCTS)).toMatchObject({ ok: false });
  });
});
