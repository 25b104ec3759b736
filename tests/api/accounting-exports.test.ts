// Export to accounting on the real server (issue 45): an importer's invoices, credit notes and
// payments of a period in Xero's and QuickBooks Online's import columns and our plain CSV — only
// what was issued (paid) in the period, only its own organisation's (another importer's invoice to
// the same distributor never appears), the totals as stored to the minor unit, formula-looking text
// neutralised while a credit note's negative amounts stay numbers. Who may: the organisation's type
// role (a generic partner member is refused, staff without Finance too), staff with Finance for the
// brand's own documents only. The query's refusals carry stable codes.
import { parse as parseCsv } from 'csv-parse/sync';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentNumber } from '../../shared/invoicing';
import { taxedTotals, type VatCategory } from '../../shared/tax';
import { brandId } from '../../server/db/brand';
import { auditLogs, invoiceItems, invoices, organisations, paymentAllocations, payments } from '../../server/db/schema';
import { BATCH } from '../../server/modules/exports/read';
import { partyOf } from '../../server/modules/invoices/documents';
import { nextDocumentSequence } from '../../server/modules/invoices/numbers';
import type { Organisation } from '../../server/modules/partners/service';
import type { Client } from '../support/client';
import { createOrganisation, signedInMember } from '../support/partners';
import { signedIn } from '../support/staff';
import { startTestServer, type TestServer } from '../support/test-server';

let t: TestServer;
const db = () => t.db.database.db;
let importerOrg: Organisation;
let otherImporterOrg: Organisation;
let distributorOrg: Organisation;
let importer: Client;
let readOnly: Client;
let distributor: Client;
let otherImporter: Client;
let finance: Client;
let employee: Client;

interface Line {
  description: string;
  cases: number;
  caseSize: number;
  unitPriceMinor: number;
  dutyMinor?: number;
  category?: VatCategory;
  rateBp?: number;
}
interface Issued {
  id: number;
  number: string;
  totalMinor: number;
  subtotalMinor: number;
  dutyMinor: number;
  taxMinor: number;
}

/** An issued document with VAT by category (layout 2) written straight into the tables, its totals the tax module's. */
async function issue(
  issuerId: string,
  customerId: string,
  issuedOn: string,
  lines: Line[],
  opts: { kind?: 'invoice' | 'credit_note'; credits?: number; reason?: string } = {},
): Promise<Issued> {
  const kind = opts.kind ?? 'invoice';
  const full = lines.map((l) => ({
    ...l,
    dutyMinor: l.dutyMinor ?? 0,
    category: l.category ?? 'S',
    rateBp: l.rateBp ?? (l.category && l.category !== 'S' ? 0 : 2000),
  }));
  const totals = taxedTotals(
    full.map((l) => ({ netMinor: l.cases * l.caseSize * l.unitPriceMinor, dutyMinor: l.dutyMinor, category: l.category, rateBp: l.rateBp })),
  );
  const [issuer] = await db().select().from(organisations).where(eq(organisations.id, issuerId));
  const [customer] = await db().select().from(organisations).where(eq(organisations.id, customerId));
  const year = Number(issuedOn.slice(0, 4));
  return db().transaction(async (tx) => {
    const sequence = await nextDocumentSequence(tx, issuerId, kind, year);
    const number = documentNumber(kind, year, sequence);
    const [row] = await tx
      .insert(invoices)
      .values({
        kind,
        state: 'issued',
        issuerId,
        customerId,
        number,
        year,
        sequence,
        creditsInvoiceId: opts.credits ?? null,
        reason: opts.reason ?? '',
        currency: 'GBP',
        layoutVersion: 2,
        taxPoint: issuedOn,
        dutyTreatment: 'releases',
        subtotalMinor: totals.subtotalMinor,
        dutyMinor: totals.dutyMinor,
        taxMinor: totals.vatMinor,
        totalMinor: totals.totalMinor,
        vatBreakdown: totals.breakdown,
        issuedOn,
        dueOn: issuedOn,
        issuedAt: new Date(),
        issuer: partyOf(issuer!, 'seller'),
        customer: partyOf(customer!),
      })
      .returning({ id: invoices.id });
    await tx.insert(invoiceItems).values(
      full.map((l) => ({
        invoiceId: row!.id,
        description: l.description,
        cases: l.cases,
        caseSize: l.caseSize,
        unitPriceMinor: l.unitPriceMinor,
        lineTotalMinor: l.cases * l.caseSize * l.unitPriceMinor,
        dutyMinor: l.dutyMinor,
        vatCategory: l.category,
        vatRateBp: l.rateBp,
      })),
    );
    return { id: row!.id, number, totalMinor: totals.totalMinor, subtotalMinor: totals.subtotalMinor, dutyMinor: totals.dutyMinor, taxMinor: totals.vatMinor };
  });
}

async function pay(
  payerId: string,
  payeeId: string,
  paidOn: string,
  amountMinor: number,
  allocations: Issued[],
  status: 'settled' | 'pending',
  reference = '',
) {
  const [p] = await db()
    .insert(payments)
    .values({ payerId, payeeId, amountMinor, currency: 'GBP', method: 'bank_transfer', reference, paidOn, status })
    .returning({ id: payments.id });
  if (allocations.length)
    await db()
      .insert(paymentAllocations)
      .values(allocations.map((a) => ({ paymentId: p!.id, invoiceId: a.id, amountMinor: a.totalMinor })));
}

/** The CSV a download answers: status 200, the headers a private file needs, parsed rows (BOM off). */
async function csv(c: Client, path: string): Promise<{ header: string[]; rows: Record<string, string>[]; filename: string; raw: string }> {
  const res = await c.get(path);
  // Decoded with the BOM kept (res.text() would drop it): spreadsheets need it to read UTF-8.
  const raw = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer());
  expect(res.status, raw.slice(0, 300)).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  expect(res.headers.get('cache-control')).toBe('private, no-store');
  const filename = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? '';
  expect(raw.startsWith('\uFEFF')).toBe(true);
  const records = parseCsv(raw.slice(1), { relax_column_count: false }) as string[][];
  const header = records[0]!;
  return { header, rows: records.slice(1).map((r) => Object.fromEntries(header.map((h, i) => [h, r[i]!]))), filename, raw };
}

const minor = (s: string | undefined) => Math.round(Number(s) * 100);
let march: Issued;
let marchSplit: Issued;
let april: Issued;
let credit: Issued;
let foreign: Issued;
let brandInvoice: Issued;
let purchase: Issued;

beforeAll(async () => {
  t = await startTestServer();
  importerOrg = await createOrganisation(t, 'importer', { legalName: '=HYPERLINK("http://evil.example","Harbour")' });
  otherImporterOrg = await createOrganisation(t, 'importer');
  distributorOrg = await createOrganisation(t, 'distributor', {
    supplierId: importerOrg.id,
    legalName: '+Dockside Distribution Ltd',
    email: 'ap@dockside.example',
  });
  importer = await signedInMember(t, importerOrg);
  readOnly = await signedInMember(t, importerOrg, { role: 'partner' });
  distributor = await signedInMember(t, distributorOrg);
  otherImporter = await signedInMember(t, otherImporterOrg);
  finance = await signedIn(t, 'admin', 'exports');
  employee = await signedIn(t, 'employee', 'exports');

  const d = distributorOrg.id;
  march = await issue(importerOrg.id, d, '2026-03-05', [
    { description: 'Frolic London Dry Gin 70cl', cases: 3, caseSize: 6, unitPriceMinor: 1525, dutyMinor: 5508 },
    { description: '@Navy Strength 50cl', cases: 1, caseSize: 6, unitPriceMinor: 1999, dutyMinor: 1377 },
  ]);
  // Two categories on one invoice, and per-line VAT rounding that differs from ours.
  marchSplit = await issue(importerOrg.id, d, '2026-03-31', [
    { description: 'Sample A', cases: 1, caseSize: 1, unitPriceMinor: 5, rateBp: 1500 },
    { description: 'Sample B', cases: 1, caseSize: 1, unitPriceMinor: 5, rateBp: 1500 },
    { description: 'Sample C', cases: 1, caseSize: 1, unitPriceMinor: 5, rateBp: 1500 },
    { description: 'Tasting glasses', cases: 2, caseSize: 12, unitPriceMinor: 150, category: 'Z' },
  ]);
  april = await issue(importerOrg.id, d, '2026-04-01', [{ description: 'Outside the period', cases: 1, caseSize: 6, unitPriceMinor: 1000 }]);
  credit = await issue(
    importerOrg.id,
    d,
    '2026-03-20',
    [{ description: 'Frolic London Dry Gin 70cl', cases: 1, caseSize: 6, unitPriceMinor: 1525, dutyMinor: 1836 }],
    {
      kind: 'credit_note',
      credits: march.id,
      reason: 'One case broken',
    },
  );
  // Another importer's invoice to the same distributor: never the first importer's.
  foreign = await issue(otherImporterOrg.id, d, '2026-03-10', [{ description: 'Not yours', cases: 1, caseSize: 6, unitPriceMinor: 4242 }]);
  // The importer's own purchase from the brand: its other side.
  const brand = await brandId(db());
  purchase = await issue(brand, importerOrg.id, '2026-03-02', [{ description: 'Warehouse stock', cases: 10, caseSize: 6, unitPriceMinor: 900 }]);
  brandInvoice = purchase;

  await pay(d, importerOrg.id, '2026-03-25', march.totalMinor, [march], 'settled', '=2+3');
  await pay(d, importerOrg.id, '2026-03-26', 5000, [], 'pending', 'PENDING-1');
  await pay(d, importerOrg.id, '2026-04-02', 100, [], 'settled', 'APRIL');
  await pay(d, otherImporterOrg.id, '2026-03-12', foreign.totalMinor, [foreign], 'settled', 'FOREIGN');
  await pay(importerOrg.id, brand, '2026-03-28', purchase.totalMinor, [purchase], 'settled', 'TO-BRAND');
});

afterAll(async () => {
  await t?.close();
});

const period = 'from=2026-03-01&to=2026-03-31';

describe('Xero', () => {
  it('exports the invoices issued in the period in the sales invoice template’s columns, duty and rounding lines included', async () => {
    const { header, rows, filename } = await csv(importer, `/api/partner/exports/invoices.csv?format=xero&${period}`);
    expect(header[0]).toBe('*ContactName');
    expect(header).toHaveLength(27);
    expect(filename).toBe('invoices-xero-2026-03-01-to-2026-03-31.csv');
    // April's invoice is outside the period; both ends of it are in.
    expect([...new Set(rows.map((r) => r['*InvoiceNumber']))]).toEqual([march.number, marchSplit.number]);
    expect(rows.some((r) => r['*InvoiceNumber'] === april.number)).toBe(false);
    expect(rows.filter((r) => r['*InvoiceNumber'] === march.number).map((r) => [r['*Description'], r['*Quantity'], r['*UnitAmount'], r['*TaxType']])).toEqual([
      ['Frolic London Dry Gin 70cl (3 × 6)', '18', '15.25', '20% (VAT on Income)'],
      ['Excise duty: Frolic London Dry Gin 70cl', '1', '55.08', '20% (VAT on Income)'],
      ["'@Navy Strength 50cl (1 × 6)", '6', '19.99', '20% (VAT on Income)'],
      ['Excise duty: @Navy Strength 50cl', '1', '13.77', '20% (VAT on Income)'],
    ]);
    const split = rows.filter((r) => r['*InvoiceNumber'] === marchSplit.number);
    expect(split.map((r) => r['*TaxType'])).toEqual(['15% (VAT on Income)', '15% (VAT on Income)', '15% (VAT on Income)', 'Zero Rated Income', 'No VAT']);
    // Xero's VAT on its lines (per line, rounded) plus the rounding line is ours, to the minor unit.
    const xeroVat = split.filter((r) => r['*TaxType'] === '15% (VAT on Income)').reduce((s, r) => s + Math.round(minor(r['*UnitAmount']) * 0.15), 0);
    const net = split.reduce((s, r) => s + Number(r['*Quantity']) * minor(r['*UnitAmount']), 0);
    expect(net + xeroVat).toBe(marchSplit.totalMinor);
    // The customer as printed, its name neutralised (it starts with +).
    expect(rows[0]).toMatchObject({
      '*ContactName': "'+Dockside Distribution Ltd",
      EmailAddress: 'ap@dockside.example',
      '*InvoiceDate': '05/03/2026',
      POCountry: 'GB',
    });
  });

  it('exports credit notes as invoices with negative amounts, which stay numbers', async () => {
    const { rows } = await csv(importer, `/api/partner/exports/credit-notes.csv?format=xero&${period}`);
    expect(rows.map((r) => [r['*InvoiceNumber'], r.Reference, r['*UnitAmount']])).toEqual([
      [credit.number, `Credits ${march.number}`, '-15.25'],
      [credit.number, `Credits ${march.number}`, '-18.36'],
    ]);
  });

  it('exports the settled payments received in the period as bank statement lines', async () => {
    const { header, rows } = await csv(importer, `/api/partner/exports/payments.csv?format=xero&${period}`);
    expect(header).toEqual(['*Date', '*Amount', 'Payee', 'Description', 'Reference', 'Cheque Number']);
    expect(rows).toEqual([
      {
        '*Date': '25/03/2026',
        '*Amount': (march.totalMinor / 100).toFixed(2),
        Payee: "'+Dockside Distribution Ltd",
        Description: `Payment of ${march.number}`,
        Reference: "'=2+3",
        'Cheque Number': '',
      },
    ]);
  });
});

describe('QuickBooks Online', () => {
  it('exports invoices whose amounts and VAT add up to the stored totals', async () => {
    const { header, rows } = await csv(importer, `/api/partner/exports/invoices.csv?format=quickbooks&${period}`);
    expect(header.slice(0, 4)).toEqual(['InvoiceNo', 'Customer', 'InvoiceDate', 'DueDate']);
    for (const doc of [march, marchSplit]) {
      const mine = rows.filter((r) => r.InvoiceNo === doc.number);
      expect(mine.reduce((s, r) => s + minor(r.ItemAmount), 0)).toBe(doc.subtotalMinor + doc.dutyMinor);
      expect(mine.reduce((s, r) => s + minor(r.ItemTaxAmount), 0)).toBe(doc.taxMinor);
    }
    expect(rows.find((r) => r.InvoiceNo === marchSplit.number && r.ItemDescription?.startsWith('Tasting'))?.ItemTaxCode).toBe('0.0% Z');
  });

  it('exports received payments in the three-column bank upload', async () => {
    const { rows } = await csv(importer, `/api/partner/exports/payments.csv?format=quickbooks&${period}`);
    expect(rows).toEqual([{ Date: '25/03/2026', Description: 'Payment from +Dockside Distribution Ltd', Amount: (march.totalMinor / 100).toFixed(2) }]);
  });
});

describe('the plain CSV', () => {
  it('holds both sides of the period’s documents with every amount', async () => {
    const { rows } = await csv(importer, `/api/partner/exports/invoices.csv?format=plain&${period}`);
    const docs = rows.filter((r) => r.Record === 'Document');
    expect(docs.map((r) => [r.Side, r.Number, minor(r.Total)])).toEqual([
      ['Sales', march.number, march.totalMinor],
      ['Sales', marchSplit.number, marchSplit.totalMinor],
      ['Purchases', purchase.number, purchase.totalMinor],
    ]);
    // The seller's name as printed at issue, neutralised.
    expect(docs[0]).toMatchObject({ Seller: `'=HYPERLINK("http://evil.example","Harbour")`, Buyer: "'+Dockside Distribution Ltd" });
    expect(rows.filter((r) => r.Record === 'VAT' && r.Number === marchSplit.number).map((r) => [r['VAT category'], r['VAT rate %'], r.VAT])).toEqual([
      ['S', '15.00', '0.02'],
      ['Z', '0.00', '0.00'],
    ]);
  });

  it('holds every payment of the period, either side, with its status', async () => {
    const { rows } = await csv(importer, `/api/partner/exports/payments.csv?format=plain&${period}`);
    expect(rows.map((r) => [r.Side, r.Status, r.Reference])).toEqual([
      ['Received', 'Settled', "'=2+3"],
      ['Received', 'Pending', 'PENDING-1'],
      ['Paid', 'Settled', 'TO-BRAND'],
    ]);
  });
});

describe('whose records', () => {
  it('never shows another organisation’s documents or payments', async () => {
    const theirs = await csv(otherImporter, `/api/partner/exports/invoices.csv?format=plain&${period}`);
    expect(theirs.rows.filter((r) => r.Record === 'Document').map((r) => r.Number)).toEqual([foreign.number]);
    const mine = await csv(importer, `/api/partner/exports/invoices.csv?format=plain&${period}`);
    expect(mine.raw).not.toContain('Not yours');
    const payments = await csv(importer, `/api/partner/exports/payments.csv?format=plain&${period}`);
    expect(payments.raw).not.toContain('FOREIGN');
  });

  it('gives the distributor its purchases from its importer, not its importer’s other business', async () => {
    const { rows } = await csv(distributor, `/api/partner/exports/invoices.csv?format=plain&${period}`);
    expect(rows.filter((r) => r.Record === 'Document').map((r) => [r.Side, r.Number])).toEqual([
      ['Purchases', march.number],
      ['Purchases', marchSplit.number],
      ['Purchases', foreign.number],
    ]);
    // Its Xero file holds what it sold: nothing yet.
    expect((await csv(distributor, `/api/partner/exports/invoices.csv?format=xero&${period}`)).rows).toEqual([]);
  });

  it('exports the brand’s own documents for staff with Finance, and nobody else’s', async () => {
    const { rows } = await csv(finance, `/api/admin/exports/invoices.csv?format=plain&${period}`);
    expect(rows.filter((r) => r.Record === 'Document').map((r) => [r.Side, r.Number, r.Buyer])).toEqual([
      ['Sales', brandInvoice.number, `'=HYPERLINK("http://evil.example","Harbour")`],
    ]);
    // (Numbers are per issuer: the importer's own INV-2026-0001 is another document, not listed here.)
    expect(rows.some((r) => r.Description === 'Frolic London Dry Gin 70cl')).toBe(false);
    const received = await csv(finance, `/api/admin/exports/payments.csv?format=xero&${period}`);
    expect(received.rows.map((r) => r.Reference)).toEqual(['TO-BRAND']);
    // Each export is in the audit log: who took which organisation's records, which format and period.
    const audits = await t.db.database.db
      .select()
      .from(auditLogs)
      .where(sql`${auditLogs.action} = 'EXPORT' and ${auditLogs.tableName} in ('invoices', 'payments')`)
      .orderBy(desc(auditLogs.id))
      .limit(2);
    expect(audits.map((a) => [a.tableName, a.newValues])).toEqual([
      ['payments', expect.objectContaining({ organisationId: await brandId(t.db.database.db), kind: 'payments', format: 'xero' })],
      ['invoices', expect.objectContaining({ organisationId: await brandId(t.db.database.db), kind: 'invoices', format: 'plain' })],
    ]);
  });

  it('refuses a member without the organisation’s type role, staff without Finance, and partners on the staff route', async () => {
    const readOnlyRes = await readOnly.get(`/api/partner/exports/invoices.csv?format=xero&${period}`);
    expect(readOnlyRes.status).toBe(403);
    expect((await readOnlyRes.json()).error.code).toBe('read_only_access');
    const staff = await employee.get(`/api/admin/exports/invoices.csv?format=xero&${period}`);
    expect(staff.status).toBe(403);
    expect((await staff.json()).error.code).toBe('forbidden');
    expect((await importer.get(`/api/admin/exports/invoices.csv?format=xero&${period}`)).status).toBe(403);
    // Staff have no organisation of their own on the partner route.
    const staffAsPartner = await finance.get(`/api/partner/exports/invoices.csv?format=xero&${period}`);
    expect(staffAsPartner.status).toBe(403);
    expect((await staffAsPartner.json()).error.code).toBe('no_organisation');
  });
});

describe('a long period', () => {
  it('streams every document once, in the order written, across keyset batches', async () => {
    // More than two batches, created within the same millisecond: some at the very same instant
    // (the id breaks the tie), the rest a microsecond apart (a cursor cut to the millisecond would
    // find them again).
    const seller = await createOrganisation(t, 'importer');
    const buyer = await createOrganisation(t, 'distributor', { supplierId: seller.id });
    const member = await signedInMember(t, seller);
    const count = 2 * BATCH + 7;
    await db().execute(sql`
      insert into invoices (kind, state, issuer_id, customer_id, number, year, sequence, currency, subtotal_minor, total_minor,
        layout_version, issued_on, due_on, issued_at, issuer, customer, created_at)
      select 'invoice', 'issued', ${seller.id}, ${buyer.id}, 'INV-2026-' || lpad(g::text, 5, '0'), 2026, g, 'GBP', 100, 100, 2,
        date '2026-06-01', date '2026-07-01', now(), '{"legalName":"S","tradingName":"S","licenceNumber":"L","licenceJurisdiction":"GB","addressLines":[],"country":"GB"}',
        '{"legalName":"B","tradingName":"B","licenceNumber":"L","licenceJurisdiction":"GB","addressLines":[],"country":"GB"}',
        timestamptz '2026-06-01 10:00:00.000001+00' + (g / 3) * interval '1 microsecond'
      from generate_series(1, ${count}) g`);
    const { rows } = await csv(member, '/api/partner/exports/invoices.csv?format=plain&from=2026-06-01&to=2026-06-01');
    const numbers = rows.filter((r) => r.Record === 'Document').map((r) => r.Number);
    expect(numbers).toHaveLength(count);
    expect(numbers).toEqual(Array.from({ length: count }, (_, i) => `INV-2026-${String(i + 1).padStart(5, '0')}`));
  });
});

describe('the query', () => {
  it('answers a bad period with a stable code per field', async () => {
    const codes = async (q: string) => {
      const res = await importer.get(`/api/partner/exports/invoices.csv?${q}`);
      expect(res.status).toBe(400);
      const body = await res.json();
      expect(body.error.code).toBe('validation_failed');
      return body.error.details.map((d: { path: string; code?: string }) => `${d.path}:${d.code ?? ''}`);
    };
    expect(await codes('format=xero&from=2026-04-01&to=2026-03-01')).toEqual(['to:date_range_reversed']);
    expect(await codes('format=xero&from=01/03/2026&to=2026-03-31')).toEqual(['from:date_format']);
    expect(await codes('format=xero&from=2026-02-30&to=2026-03-31')).toEqual(['from:date_unknown']);
    expect(await codes('format=xero&from=2019-01-01&to=2026-03-31')).toEqual(['from:date_range_too_long']);
    expect(await codes('format=sage&from=2026-03-01&to=2026-03-31')).toEqual(['format:']);
  });
});
