import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { taxedTotals, type VatCategory } from '../../../shared/tax';
import { exportQuery } from '../../../shared/schemas/exports';
import { cellsOf } from './csv';
import { amountRows, vatShares } from './lines';
import { PLAIN_DOCUMENT_COLUMNS, PLAIN_PAYMENT_COLUMNS, plainDocumentRows, plainPaymentRow } from './plain';
import { QUICKBOOKS_BANK_COLUMNS, QUICKBOOKS_INVOICE_COLUMNS, quickBooksDocumentRows, quickBooksPaymentRow } from './quickbooks';
import { quickBooksTaxCode, xeroTaxType } from './tax-codes';
import type { ExportDocument, ExportLine, ExportPayment } from './types';
import { XERO_INVOICE_COLUMNS, XERO_STATEMENT_COLUMNS, xeroDocumentRows, xeroPaymentRow, xeroVatOf } from './xero';

const party = (legalName: string, country = 'GB') => ({
  legalName,
  tradingName: legalName,
  licenceNumber: 'L-1',
  licenceJurisdiction: 'GB',
  addressLines: ['1 Dock Road', 'Leeds, LS1 4AP'],
  country,
  vatNumber: 'GB123456789',
});

/** A document whose totals are the tax module's own for its lines (as the invoices service issues them). */
function documentOf(lines: ExportLine[], over: Partial<ExportDocument> = {}): ExportDocument {
  const t = taxedTotals(lines.map((l) => ({ netMinor: l.lineTotalMinor, dutyMinor: l.dutyMinor, category: l.vatCategory, rateBp: l.vatRateBp })));
  return {
    id: 1,
    kind: 'invoice',
    number: 'INV-2026-0001',
    creditsNumber: null,
    reason: '',
    issuedOn: '2026-03-07',
    dueOn: '2026-04-06',
    taxPoint: '2026-03-07',
    currency: 'GBP',
    layoutVersion: 2,
    taxRateBp: 0,
    subtotalMinor: t.subtotalMinor,
    dutyMinor: t.dutyMinor,
    taxMinor: t.vatMinor,
    totalMinor: t.totalMinor,
    vatBreakdown: t.breakdown,
    dutyTreatment: 'releases',
    paymentTermsDays: 30,
    issuer: party('Harbour Imports Ltd'),
    customer: party('Dockside Distribution Ltd'),
    customerEmail: 'accounts@dockside.example',
    lines,
    ...over,
  };
}

const line = (over: Partial<ExportLine> = {}): ExportLine => {
  const l = {
    description: 'Frolic London Dry Gin 70cl',
    cases: 3,
    caseSize: 6,
    unitPriceMinor: 1525,
    dutyMinor: 0,
    vatCategory: 'S' as VatCategory,
    vatRateBp: 2000,
    ...over,
  };
  return { lineTotalMinor: l.cases * l.caseSize * l.unitPriceMinor, ...l };
};

const minor = (s: string) => Math.round(Number(s) * 100);

describe('the templates’ columns', () => {
  // Written out as published (docs/accounting-exports.md), never derived from the code under test.
  it('writes Xero’s sales invoice template columns, in its order', () => {
    expect(XERO_INVOICE_COLUMNS.names.join(',')).toBe(
      '*ContactName,EmailAddress,POAddressLine1,POAddressLine2,POAddressLine3,POAddressLine4,POCity,PORegion,POPostalCode,POCountry,' +
        '*InvoiceNumber,Reference,*InvoiceDate,*DueDate,InventoryItemCode,*Description,*Quantity,*UnitAmount,Discount,*AccountCode,*TaxType,' +
        'TrackingName1,TrackingOption1,TrackingName2,TrackingOption2,Currency,BrandingTheme',
    );
    expect(XERO_STATEMENT_COLUMNS.names.join(',')).toBe('*Date,*Amount,Payee,Description,Reference,Cheque Number');
  });

  it('writes QuickBooks Online’s invoice sample columns and its three-column bank upload', () => {
    expect(QUICKBOOKS_INVOICE_COLUMNS.names.join(',')).toBe(
      'InvoiceNo,Customer,InvoiceDate,DueDate,Terms,Location,Memo,Item(Product/Service),ItemDescription,ItemQuantity,ItemRate,ItemAmount,ItemTaxCode,ItemTaxAmount,Currency',
    );
    expect(QUICKBOOKS_BANK_COLUMNS.names.join(',')).toBe('Date,Description,Amount');
  });

  it('gives every column of every row a value', () => {
    const doc = documentOf([line(), line({ dutyMinor: 1377 })]);
    for (const [columns, rows] of [
      [XERO_INVOICE_COLUMNS, xeroDocumentRows(doc)],
      [QUICKBOOKS_INVOICE_COLUMNS, quickBooksDocumentRows(doc)],
      [PLAIN_DOCUMENT_COLUMNS, plainDocumentRows(doc, 'sales')],
    ] as const)
      for (const row of rows) expect(Object.keys(row).sort()).toEqual([...columns.names].sort());
  });
});

describe('VAT categories as the accounting systems name them', () => {
  it('maps each category to Xero UK’s default rates', () => {
    expect(xeroTaxType('S', 2000)).toBe('20% (VAT on Income)');
    expect(xeroTaxType('S', 500)).toBe('5% (VAT on Income)');
    expect(xeroTaxType('S', 1950)).toBe('19.5% (VAT on Income)');
    expect(xeroTaxType('Z', 0)).toBe('Zero Rated Income');
    expect(xeroTaxType('G', 0)).toBe('Zero Rated Income');
    expect(xeroTaxType('E', 0)).toBe('Exempt Income');
    expect(xeroTaxType('K', 0)).toBe('Zero Rated EC Goods Income');
  });

  it('maps each category to QuickBooks Online UK’s VAT codes', () => {
    expect(quickBooksTaxCode('S', 2000)).toBe('20.0% S');
    expect(quickBooksTaxCode('S', 500)).toBe('5.0% R');
    expect(quickBooksTaxCode('S', 1900)).toBe('19.0% S');
    expect(quickBooksTaxCode('Z', 0)).toBe('0.0% Z');
    expect(quickBooksTaxCode('G', 0)).toBe('0.0% Z');
    expect(quickBooksTaxCode('E', 0)).toBe('Exempt');
    expect(quickBooksTaxCode('K', 0)).toBe('0.0% ECG');
  });
});

describe('Xero', () => {
  it('writes a goods row per line and a duty row after each line that carries duty, at the line’s rate', () => {
    const doc = documentOf([line({ dutyMinor: 1377 }), line({ description: 'Frolic Navy Strength 50cl', cases: 1, unitPriceMinor: 1999 })]);
    const rows = xeroDocumentRows(doc);
    expect(rows.map((r) => [r['*Description'], r['*Quantity'], r['*UnitAmount'], r['*TaxType'], r['*AccountCode']])).toEqual([
      ['Frolic London Dry Gin 70cl (3 × 6)', '18', '15.25', '20% (VAT on Income)', '200'],
      ['Excise duty: Frolic London Dry Gin 70cl', '1', '13.77', '20% (VAT on Income)', '200'],
      ['Frolic Navy Strength 50cl (1 × 6)', '6', '19.99', '20% (VAT on Income)', '200'],
    ]);
    expect(rows[0]).toMatchObject({
      '*ContactName': 'Dockside Distribution Ltd',
      '*InvoiceDate': '07/03/2026',
      '*DueDate': '06/04/2026',
      POCountry: 'GB',
      Currency: 'GBP',
    });
  });

  it('adds a VAT rounding line outside VAT where Xero’s per-line rounding differs, so the total is ours', () => {
    // Three lines of 0.05 at 15 %: Xero rounds each to 0.01 (0.03 in all); ours is 0.0225 → 0.02 once.
    const doc = documentOf([1, 2, 3].map((n) => line({ description: `Sample ${n}`, cases: 1, caseSize: 1, unitPriceMinor: 5, vatRateBp: 1500 })));
    expect(doc.taxMinor).toBe(2);
    const rows = xeroDocumentRows(doc);
    expect(rows.at(-1)).toMatchObject({ '*UnitAmount': '-0.01', '*TaxType': 'No VAT', '*AccountCode': '860', '*Quantity': '1' });
  });

  it('writes a credit note as an invoice with negative amounts', () => {
    const doc = documentOf([line({ dutyMinor: 1377 })], { kind: 'credit_note', number: 'CN-2026-0001', creditsNumber: 'INV-2026-0001' });
    const rows = xeroDocumentRows(doc);
    expect(rows.map((r) => r['*UnitAmount'])).toEqual(['-15.25', '-13.77']);
    expect(rows[0]?.Reference).toBe('Credits INV-2026-0001');
  });

  it('writes a payment received as a bank statement line, money in', () => {
    const p: ExportPayment = {
      id: 1,
      paidOn: '2026-03-20',
      status: 'settled',
      method: 'cheque',
      reference: '000123',
      currency: 'GBP',
      amountMinor: 123_456,
      payer: { name: 'Dockside Distribution Ltd', vatNumber: '' },
      payee: { name: 'Harbour Imports Ltd', vatNumber: '' },
      allocations: [
        { number: 'INV-2026-0001', amountMinor: 100_000 },
        { number: 'INV-2026-0002', amountMinor: 23_456 },
      ],
    };
    expect(xeroPaymentRow(p)).toEqual({
      '*Date': '20/03/2026',
      '*Amount': '1234.56',
      Payee: 'Dockside Distribution Ltd',
      Description: 'Payment of INV-2026-0001, INV-2026-0002',
      Reference: '000123',
      'Cheque Number': '000123',
    });
    expect(quickBooksPaymentRow(p)).toEqual({ Date: '20/03/2026', Description: 'Payment from Dockside Distribution Ltd', Amount: '1234.56' });
    expect(plainPaymentRow(p, 'sales')).toMatchObject({
      Side: 'Received',
      Allocated: '1234.56',
      Unallocated: '0.00',
      Invoices: 'INV-2026-0001 1000.00; INV-2026-0002 234.56',
    });
  });
});

describe('QuickBooks Online', () => {
  it('gives each row its share of its rate’s VAT, adding up to the VAT as invoiced per rate', () => {
    const doc = documentOf([
      line({ dutyMinor: 1377 }),
      line({ vatCategory: 'Z', vatRateBp: 0, unitPriceMinor: 999 }),
      line({ unitPriceMinor: 1333, cases: 7 }),
    ]);
    const rows = quickBooksDocumentRows(doc);
    const byCode = new Map<string, number>();
    for (const r of rows) byCode.set(r.ItemTaxCode, (byCode.get(r.ItemTaxCode) ?? 0) + minor(r.ItemTaxAmount));
    expect(Object.fromEntries(byCode)).toEqual({ '20.0% S': doc.vatBreakdown.find((b) => b.category === 'S')!.vatMinor, '0.0% Z': 0 });
    expect(rows[1]).toMatchObject({ 'Item(Product/Service)': 'Excise duty', ItemAmount: '13.77', ItemQuantity: '1' });
    expect(rows[0]).toMatchObject({ InvoiceNo: 'INV-2026-0001', Terms: 'Net 30', InvoiceDate: '07/03/2026' });
  });
});

/** Documents of one to eight lines over the categories and rates the portal issues, some with duty. */
const documents = fc
  .array(
    fc.record({
      cases: fc.integer({ min: 1, max: 40 }),
      caseSize: fc.constantFrom(1, 6, 12),
      unitPriceMinor: fc.integer({ min: 1, max: 20_000 }),
      dutyMinor: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 50_000 })),
      tax: fc.constantFrom(['S', 2000], ['S', 500], ['S', 1900], ['S', 2100], ['Z', 0], ['E', 0], ['K', 0], ['G', 0]),
    }),
    { minLength: 1, maxLength: 8 },
  )
  .map((ls) =>
    documentOf(
      ls.map((l, i) =>
        line({
          description: `Line ${i}`,
          cases: l.cases,
          caseSize: l.caseSize,
          unitPriceMinor: l.unitPriceMinor,
          dutyMinor: l.dutyMinor,
          vatCategory: l.tax[0] as VatCategory,
          vatRateBp: l.tax[1] as number,
        }),
      ),
    ),
  );

describe('totals reconcile to the minor unit', () => {
  it('Xero: the rows, Xero’s VAT on them and the rounding line make the document’s total', () => {
    fc.assert(
      fc.property(documents, fc.boolean(), (doc, credit) => {
        const d = credit ? { ...doc, kind: 'credit_note' as const } : doc;
        const rows = xeroDocumentRows(d);
        const sign = credit ? -1 : 1;
        const net = rows.reduce((s, r) => s + Number(r['*Quantity']) * minor(r['*UnitAmount']), 0);
        // Xero's VAT: per row, on the rows with a rate (the rounding row is outside VAT).
        const vat = xeroVatOf(amountRows(d));
        expect(sign * net + vat).toBe(d.totalMinor);
        expect(net * sign - (d.subtotalMinor + d.dutyMinor)).toBe(d.taxMinor - vat);
      }),
    );
  });

  it('QuickBooks: the amounts and tax amounts add up to the document’s total, and the VAT per rate to its breakdown', () => {
    fc.assert(
      fc.property(documents, (doc) => {
        const rows = quickBooksDocumentRows(doc);
        expect(rows.reduce((s, r) => s + minor(r.ItemAmount) + minor(r.ItemTaxAmount), 0)).toBe(doc.totalMinor);
        const shares = vatShares(doc, amountRows(doc));
        for (const b of doc.vatBreakdown) {
          const sum = amountRows(doc).reduce((s, r, i) => s + (r.category === b.category && r.rateBp === b.rateBp ? shares[i]! : 0), 0);
          expect(sum).toBe(b.vatMinor);
        }
      }),
    );
  });

  it('plain: the lines add up to the document row, the VAT rows to its VAT', () => {
    fc.assert(
      fc.property(documents, (doc) => {
        const rows = plainDocumentRows(doc, 'purchases');
        const total = (record: string, col: 'Net' | 'Duty' | 'VAT') => rows.filter((r) => r.Record === record).reduce((s, r) => s + minor(r[col]), 0);
        expect(total('Line', 'Net')).toBe(doc.subtotalMinor);
        expect(total('Line', 'Duty')).toBe(doc.dutyMinor);
        expect(total('VAT', 'VAT')).toBe(doc.taxMinor);
        expect(minor(rows[0]!.Total)).toBe(doc.totalMinor);
      }),
    );
  });
});

describe('an invoice issued before VAT by category (layout 1)', () => {
  it('takes its one flat rate as standard VAT, and its VAT as issued', () => {
    const lines = [line({ vatCategory: 'S', vatRateBp: 0 }), line({ cases: 1, vatRateBp: 0 })];
    const subtotal = lines.reduce((s, l) => s + l.lineTotalMinor, 0);
    const doc = documentOf(lines, { layoutVersion: 1, taxRateBp: 2000, vatBreakdown: [], taxMinor: 1281, totalMinor: subtotal + 1281 });
    expect(quickBooksDocumentRows(doc).map((r) => r.ItemTaxCode)).toEqual(['20.0% S', '20.0% S']);
    expect(quickBooksDocumentRows(doc).reduce((s, r) => s + minor(r.ItemTaxAmount), 0)).toBe(1281);
    expect(plainDocumentRows(doc, 'sales').filter((r) => r.Record === 'VAT')).toMatchObject([{ 'VAT category': 'S', 'VAT rate %': '20.00', VAT: '12.81' }]);
  });
});

describe('formula-looking cells', () => {
  it('prefixes text cells that start like a formula, and leaves the export’s own numbers alone', () => {
    const doc = documentOf([line({ description: '=HYPERLINK("http://x","gin")' })], {
      kind: 'credit_note',
      customer: { ...party('+Plus Bar'), addressLines: ['@home', '-1 Cellar Lane', '\tTabbed'] },
    });
    const cells = cellsOf(XERO_INVOICE_COLUMNS, xeroDocumentRows(doc)[0]!);
    const at = (c: (typeof XERO_INVOICE_COLUMNS.names)[number]) => cells[XERO_INVOICE_COLUMNS.names.indexOf(c)];
    expect(at('*ContactName')).toBe("'+Plus Bar");
    expect(at('POAddressLine1')).toBe("'@home");
    expect(at('POAddressLine2')).toBe("'-1 Cellar Lane");
    expect(at('POAddressLine3')).toBe("'\tTabbed");
    expect(at('*Description')).toBe(`'=HYPERLINK("http://x","gin") (3 × 6)`);
    // A credit note's negative amount is a number, not a formula.
    expect(at('*UnitAmount')).toBe('-15.25');
    expect(cellsOf(PLAIN_PAYMENT_COLUMNS, { ...plainPaymentRow(paymentWith('-5'), 'sales') })[4]).toBe("'-5");
  });
});

function paymentWith(reference: string): ExportPayment {
  return {
    id: 2,
    paidOn: '2026-03-20',
    status: 'pending',
    method: 'bank_transfer',
    reference,
    currency: 'GBP',
    amountMinor: 500,
    payer: { name: 'A', vatNumber: '' },
    payee: { name: 'B', vatNumber: '' },
    allocations: [],
  };
}

describe('the query', () => {
  const codes = (q: Record<string, string>) => {
    const r = exportQuery.safeParse(q);
    return r.success ? [] : r.error.issues.map((i) => (i as { params?: { code?: string } }).params?.code ?? i.code);
  };

  it('takes a format and a period of real dates, start before end, at most five years', () => {
    expect(codes({ format: 'xero', from: '2026-01-01', to: '2026-03-31' })).toEqual([]);
    expect(codes({ format: 'xero', from: '2026-1-1', to: '2026-03-31' })).toEqual(['date_format']);
    expect(codes({ format: 'xero', from: '2026-02-30', to: '2026-03-31' })).toEqual(['date_unknown']);
    expect(codes({ format: 'xero', from: '2026-04-01', to: '2026-03-31' })).toEqual(['date_range_reversed']);
    expect(codes({ format: 'xero', from: '2020-01-01', to: '2026-03-31' })).toEqual(['date_range_too_long']);
    expect(codes({ format: 'sage', from: '2026-01-01', to: '2026-03-31' })).toEqual(['invalid_value']);
  });
});
