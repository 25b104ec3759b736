// Invoices a tax authority accepts (issue 44), on the real server: every new invoice and credit note
// takes its tax from the tax module at its issue date. Per leg: a GB distributor to a GB retailer is
// duty paid upstream with VAT S 20 %; a GB importer releasing goods to its distributor charges the
// duty per line (litres × ABV × £32.79 per litre of pure alcohol, rounded per line) and VAT on the
// duty-inclusive basis; the brand ships to an importer in bond ("Duty suspended"); an Irish seller to
// a German buyer with a VAT number is an exempt intra-Community supply (K, both VAT numbers printed);
// a GB seller to a US buyer is an export (G). Two credit notes of an invoice with duty give back its
// duty and VAT exactly; the same cases down the whole chain carry duty on one leg only; and an invoice
// issued before (layout 1) still renders and credits as it was issued, but for a price per case.
import { eq } from 'drizzle-orm';
import { XMLParser } from 'fast-xml-parser';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taxOn } from '../../shared/invoice-totals';
import { documentNumber } from '../../shared/invoicing';
import { todayUtc } from '../../shared/partners';
import { brandId } from '../../server/db/brand';
import { invoiceItems, invoices, organisations, productTradePrices, products, tradeTerms } from '../../server/db/schema';
import { nextDocumentSequence } from '../../server/modules/invoices/numbers';
import type { Organisation } from '../../server/modules/partners/service';
import { moveStock } from '../../server/modules/stock/ledger';
import type { Client } from '../support/client';
import { expectValidEInvoice, validateEInvoice } from '../support/einvoice';
import { createOrganisation, signedInMember } from '../support/partners';
import { insertProduct } from '../support/products';
import { signedIn } from '../support/staff';
import { startTestServer, type TestServer } from '../support/test-server';

type Member = Awaited<ReturnType<typeof signedInMember>>;
interface Line {
  id: number;
  description: string;
  cases: number;
  lineTotalMinor: number;
  dutyMinor: number;
  vatCategory: string;
  vatRateBp: number;
}
interface Doc {
  id: number;
  number: string;
  kind: 'invoice' | 'credit_note';
  layoutVersion: number;
  taxRateBp?: number;
  subtotalMinor: number;
  dutyMinor: number;
  taxMinor: number;
  totalMinor: number;
  taxPoint: string | null;
  dutyTreatment: string | null;
  vatBreakdown: { category: string; rateBp: number; basisMinor: number; vatMinor: number; note: string }[];
  items: Line[];
  issuerParty: Record<string, unknown>;
  customerParty: Record<string, unknown>;
}

let t: TestServer;
let staff: Client & { userId: string };
let brand = '';
let importerOrg: Organisation;
let distributorOrg: Organisation;
let retailerOrg: Organisation;
let importer: Member;
let distributor: Member;
let retailer: Member;
/** 70 cl at 40.0 %, and 50 cl at 43.7 % (its duty rounds differently per case). */
const p = { gin: 0, overproof: 0 };
const db = () => t.db.database.db;
const today = todayUtc();

const BANK = { bankAccountName: 'Harbour Imports Ltd', bankAccount: 'GB82WEST12345698765432', bankBic: 'NWBKGB2L' };

async function body(res: Response, status: number) {
  const text = await res.text();
  expect(res.status, text.slice(0, 500)).toBe(status);
  return text ? JSON.parse(text) : null;
}

const pdfText = async (bytes: Uint8Array) => (await new PDFParse({ data: bytes }).getText()).text;
const pdfOf = async (c: Client, id: number, staffRoute = false) => {
  const res = await c.get(`/api/${staffRoute ? 'admin' : 'partner'}/invoices/${id}/pdf`);
  expect(res.status).toBe(200);
  return pdfText(new Uint8Array(await res.arrayBuffer()));
};

type Xml = Record<string, unknown> & { '#text'?: string | number };
const xmlParser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  isArray: (name: string) => ['InvoiceLine', 'CreditNoteLine', 'TaxSubtotal', 'AllowanceCharge'].includes(name),
});
const cents = (minor: number) => (minor / 100).toFixed(2);
const xmlText = (node: unknown) => String((node as Xml)['#text'] ?? node);
/** The node at a dotted path ("TaxTotal.TaxSubtotal.0.TaxCategory.ID"). */
const xmlAt = (root: unknown, path: string): unknown => path.split('.').reduce<unknown>((n, k) => (n as Record<string, unknown> | undefined)?.[k], root);

/** The VAT breakdown as stored; a layout 1 document (none stored) has one row at its flat rate. */
const breakdownOf = (doc: Doc) =>
  doc.vatBreakdown.length
    ? doc.vatBreakdown
    : [{ category: doc.taxRateBp ? 'S' : 'Z', rateBp: doc.taxRateBp ?? 0, basisMinor: doc.subtotalMinor + doc.dutyMinor, vatMinor: doc.taxMinor }];

/**
 * The document's e-invoice as either party downloads it (issue 45): UBL valid against the XSD and
 * the EN 16931 and Peppol rules, with the database's amounts to the minor unit — each line's net
 * its price × bottles plus its duty (a line charge), the VAT per category, the totals.
 */
async function eInvoiceOf(c: Client, doc: Doc, staffRoute = false, issuedBefore44 = false) {
  const res = await c.get(`/api/${staffRoute ? 'admin' : 'partner'}/invoices/${doc.id}/xml`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
  expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${doc.number}.xml"`);
  const xml = await res.text();
  if (issuedBefore44) {
    // It printed no VAT number, and its e-invoice says what it printed: EN 16931's one complaint is
    // the missing seller VAT identifier (BR-S-02); it imports into accounting but is not a compliant e-invoice.
    const report = await validateEInvoice(xml);
    expect(report.xsd).toEqual([]);
    expect(report.fatal.map((f) => f.id)).toEqual(['BR-S-02']);
  } else {
    // Every party here has an electronic address (an endpoint, or a VAT number under Peppol's VAT
    // scheme): each document claims Peppol BIS 3.0 and passes its rules and EN 16931's.
    expect((await expectValidEInvoice(xml)).profile).toBe('peppol-bis-3');
  }
  const parsed = xmlParser.parse(xml) as { Invoice?: Xml; CreditNote?: Xml };
  const root = (doc.kind === 'invoice' ? parsed.Invoice : parsed.CreditNote) as Record<string, Xml & Record<string, Xml>>;
  expect(xmlText(root.ID)).toBe(doc.number);
  const totals = root.LegalMonetaryTotal!;
  expect(xmlText(totals.LineExtensionAmount)).toBe(cents(doc.subtotalMinor + doc.dutyMinor));
  expect(xmlText(totals.TaxExclusiveAmount)).toBe(cents(doc.subtotalMinor + doc.dutyMinor));
  expect(xmlText(totals.TaxInclusiveAmount)).toBe(cents(doc.totalMinor));
  expect(xmlText(totals.PayableAmount)).toBe(cents(doc.totalMinor));
  const taxTotal = root.TaxTotal!;
  expect(xmlText(taxTotal.TaxAmount)).toBe(cents(doc.taxMinor));
  const subtotals = taxTotal.TaxSubtotal as unknown as Record<string, Xml & Record<string, Xml>>[];
  expect(
    subtotals.map((s) => ({
      category: xmlText(s.TaxCategory!.ID),
      rate: xmlText(s.TaxCategory!.Percent),
      basis: xmlText(s.TaxableAmount),
      vat: xmlText(s.TaxAmount),
    })),
  ).toEqual(breakdownOf(doc).map((b) => ({ category: b.category, rate: cents(b.rateBp), basis: cents(b.basisMinor), vat: cents(b.vatMinor) })));
  const lines = (root.InvoiceLine ?? root.CreditNoteLine) as unknown as Record<string, Xml & Record<string, Xml>>[];
  expect(
    lines.map((l) => ({
      name: xmlText(l.Item!.Name),
      net: xmlText(l.LineExtensionAmount),
      duty: (l.AllowanceCharge as unknown as Record<string, Xml>[] | undefined)?.map((a) => xmlText(a.Amount)) ?? [],
      category: xmlText(l.Item!.ClassifiedTaxCategory!.ID),
    })),
  ).toEqual(
    doc.items.map((i) => ({
      name: i.description,
      net: cents(i.lineTotalMinor + i.dutyMinor),
      duty: i.dutyMinor ? [cents(i.dutyMinor)] : [],
      category: i.vatCategory,
    })),
  );
  return { xml, root };
}

/** A buyer's order approved by its seller (staff for the brand), as placed. */
async function approvedOrder(buyer: Member, seller: Client, lines: { productId: number; cases: number }[], sellerIsBrand = false, buyerReference = '') {
  const placed = await body(await buyer.json('POST', '/api/partner/orders', { lines, note: '', buyerReference }), 201);
  const path = sellerIsBrand ? `/api/admin/trade-orders/${placed.id}` : `/api/partner/orders/${placed.id}`;
  const seen = await body(await seller.json('GET', path), 200);
  return body(await seller.json('POST', `${path}/approve`, { version: seen.version, lines: [], note: '' }), 200);
}

const issue = async (seller: Client, orderIds: number[], sellerIsBrand = false): Promise<Doc> =>
  body(await seller.json('POST', `/api/${sellerIsBrand ? 'admin' : 'partner'}/invoices/issue`, { orderIds }), 201);

const credit = async (seller: Client, invoiceId: number, lines: { invoiceItemId: number; cases: number }[], reason: string): Promise<Doc> =>
  body(await seller.json('POST', `/api/partner/invoices/${invoiceId}/credit-notes`, { lines, reason }), 201);

async function price(productId: number, tier: 'importer' | 'distributor' | 'retailer', market: string, currency: string, amountMinor: number) {
  await db().insert(productTradePrices).values({ productId, tier, market, currency, amountMinor });
}

const stock = (organisationId: string, productId: number, bottles: number) =>
  moveStock(db(), { organisationId, productId, onHand: bottles, reserved: 0, cause: 'adjustment', reason: 'Opening stock' });

const line = (doc: Doc, description: string) => doc.items.find((i) => i.description === description)!;

beforeAll(async () => {
  t = await startTestServer();
  brand = await brandId(db());
  staff = await signedIn(t, 'admin', 'invoice-tax');
  importerOrg = await createOrganisation(t, 'importer', { legalName: 'Harbour Imports Ltd', tradingName: 'Harbour Imports' });
  distributorOrg = await createOrganisation(t, 'distributor', { supplierId: importerOrg.id, legalName: 'Thames Drinks Ltd', tradingName: 'Thames Drinks' });
  retailerOrg = await createOrganisation(t, 'retailer', { supplierId: distributorOrg.id, tradingName: 'Corner Wines' });
  // Their VAT numbers and bank details (edited elsewhere: written here), as issue copies them.
  await db()
    .update(organisations)
    .set({ vatNumber: 'GB980780684', ...BANK })
    .where(eq(organisations.id, importerOrg.id));
  await db()
    .update(organisations)
    .set({ vatNumber: 'GB434031494', bankAccountName: 'Thames Drinks Ltd', bankAccount: '80-11-00 12345678' })
    .where(eq(organisations.id, distributorOrg.id));
  // The retailer has no VAT number: its e-invoices reach it at its GLN.
  await db().update(organisations).set({ peppolScheme: '0088', peppolId: '5790000436057' }).where(eq(organisations.id, retailerOrg.id));
  importer = await signedInMember(t, importerOrg);
  distributor = await signedInMember(t, distributorOrg);
  retailer = await signedInMember(t, retailerOrg);

  p.gin = await insertProduct(db(), { slug: `tax-gin-${process.pid}`, name: 'Harbour Gin', caseSize: 6 });
  p.overproof = await insertProduct(db(), { slug: `tax-overproof-${process.pid}`, name: 'Navy Strength', caseSize: 6 });
  await db().update(products).set({ volumeMl: 500, abvTenths: 437 }).where(eq(products.id, p.overproof));
  // Per bottle: gin 10.00 / 15.00 / 19.99; the overproof 14.00 / 21.00 / 27.50.
  for (const [id, prices] of [
    [p.gin, [1000, 1500, 1999]],
    [p.overproof, [1400, 2100, 2750]],
  ] as const) {
    await price(id, 'importer', 'GB', 'GBP', prices[0]);
    await price(id, 'distributor', 'GB', 'GBP', prices[1]);
    await price(id, 'retailer', 'GB', 'GBP', prices[2]);
  }
  for (const id of [p.gin, p.overproof]) for (const holder of [brand, importerOrg.id, distributorOrg.id]) await stock(holder, id, 6_000);
}, 90_000);

afterAll(async () => {
  await t?.close();
});

describe('every leg takes its tax from the rules', () => {
  it('domestic, duty paid: a GB distributor to a GB retailer charges VAT S 20 % and no duty, and prints its VAT number and bank details', async () => {
    const order = await approvedOrder(retailer, distributor, [{ productId: p.gin, cases: 3 }]);
    const invoice = await issue(distributor, [order.id]);
    // 3 × 6 × 19.99 = 359.82; VAT 20 %: 71.96 (71.964 down); 431.78.
    expect(invoice).toMatchObject({
      layoutVersion: 2,
      taxPoint: today,
      dutyTreatment: 'duty_paid_upstream',
      subtotalMinor: 35_982,
      dutyMinor: 0,
      taxMinor: 7_196,
      totalMinor: 43_178,
      vatBreakdown: [{ category: 'S', rateBp: 2000, basisMinor: 35_982, vatMinor: 7_196, note: '' }],
    });
    expect(invoice.items).toEqual([expect.objectContaining({ cases: 3, lineTotalMinor: 35_982, dutyMinor: 0, vatCategory: 'S', vatRateBp: 2000 })]);
    // The seller's VAT number and bank details, copied at issue; the buyer's VAT number (none here).
    expect(invoice.issuerParty).toMatchObject({ vatNumber: 'GB434031494', bankAccountName: 'Thames Drinks Ltd', bankAccount: '80-11-00 12345678' });
    expect(invoice.customerParty).toMatchObject({ vatNumber: '' });
    expect(invoice.customerParty).not.toHaveProperty('bankAccount');
    const [row] = await db().select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(row).toMatchObject({ layoutVersion: 2, taxRateBp: 2000, taxPoint: today, issuedOn: today });

    const text = await pdfOf(retailer, invoice.id);
    for (const expected of [
      'Tax point',
      'VAT number GB434031494',
      'case of 6 × 70cl',
      // Per case, before tax: 6 × 19.99.
      '£119.94',
      'S 20%',
      'VAT S 20% on £359.82',
      '£71.96',
      '£431.78',
      'Duty paid',
      'Account 80-11-00 12345678',
    ])
      expect(text).toContain(expected);

    // The e-invoice: S 20 %, the seller's endpoint from its VAT number, the order's number as the buyer's reference.
    const { root } = await eInvoiceOf(retailer, invoice);
    expect(xmlAt(root, 'AccountingSupplierParty.Party.EndpointID')).toEqual({ '#text': 'GB434031494', '@schemeID': '9932' });
    expect(xmlAt(root, 'AccountingCustomerParty.Party.EndpointID')).toEqual({ '#text': '5790000436057', '@schemeID': '0088' });
    expect(xmlText(root.BuyerReference)).toBe(order.number);
    // The seller reads it too; the brand's staff (not a party) do not.
    await eInvoiceOf(distributor, invoice);
    expect((await staff.get(`/api/admin/invoices/${invoice.id}/xml`)).status).toBe(404);
  });

  it('a releasing leg: the GB importer charges its distributor duty per line and VAT on the duty-inclusive basis', async () => {
    const order = await approvedOrder(distributor, importer, [
      { productId: p.gin, cases: 3 },
      { productId: p.overproof, cases: 2 },
    ]);
    const invoice = await issue(importer, [order.id]);
    // Duty at £32.79 per litre of pure alcohol, rounded per line:
    //   gin: 18 × 0.70 l × 40.0 % = 5.04 lpa → £165.2616 → 165.26;
    //   overproof: 12 × 0.50 l × 43.7 % = 2.622 lpa → £85.97538 → 85.98.
    // Nets 3 × 6 × 15.00 = 270.00 and 2 × 6 × 21.00 = 252.00; basis 522.00 + 251.24 = 773.24; VAT 154.648 → 154.65.
    expect(line(invoice, 'Harbour Gin')).toMatchObject({ lineTotalMinor: 27_000, dutyMinor: 16_526, vatCategory: 'S', vatRateBp: 2000 });
    expect(line(invoice, 'Navy Strength')).toMatchObject({ lineTotalMinor: 25_200, dutyMinor: 8_598, vatCategory: 'S', vatRateBp: 2000 });
    expect(invoice).toMatchObject({
      dutyTreatment: 'releases',
      subtotalMinor: 52_200,
      dutyMinor: 25_124,
      taxMinor: 15_465,
      totalMinor: 92_789,
      vatBreakdown: [{ category: 'S', rateBp: 2000, basisMinor: 77_324, vatMinor: 15_465, note: '' }],
    });
    expect(taxOn(77_324, 2000)).toBe(15_465);
    // The rate each line's duty was computed at is on the line, for its credit notes.
    const rows = await db().select().from(invoiceItems).where(eq(invoiceItems.invoiceId, invoice.id));
    expect(rows.map((r) => [r.volumeMl, r.abvTenths, r.dutyPerHlpaMinor]).sort()).toEqual([
      [500, 437, 327_900],
      [700, 400, 327_900],
    ]);

    const text = await pdfOf(distributor, invoice.id);
    for (const expected of [
      '£165.26',
      '£85.98',
      'case of 6 × 50cl',
      'Duty £251.24',
      'VAT S 20% on £773.24',
      '£927.89',
      'Excise duty charged on this invoice',
      'VAT number GB980780684',
      'VAT number GB434031494',
      'IBAN GB82WEST12345698765432',
      'BIC NWBKGB2L',
    ])
      expect(text).toContain(expected);

    // The e-invoice: each line's duty a charge inside its net; the seller's IBAN to pay to.
    const { root } = await eInvoiceOf(distributor, invoice);
    expect(xmlAt(root, 'PaymentMeans.PayeeFinancialAccount.ID')).toBe('GB82WEST12345698765432');
    expect(xmlAt(root, 'PaymentMeans.PaymentMeansCode')).toMatchObject({ '#text': '30' });
  });

  it('duty suspended: the brand invoices its importer in bond — no duty, "Duty suspended", the brand’s VAT number', async () => {
    const order = await approvedOrder(importer, staff, [{ productId: p.gin, cases: 2 }], true);
    const invoice = await issue(staff, [order.id], true);
    // 2 × 6 × 10.00 = 120.00, VAT 24.00.
    expect(invoice).toMatchObject({ dutyTreatment: 'in_bond', subtotalMinor: 12_000, dutyMinor: 0, taxMinor: 2_400, totalMinor: 14_400 });
    expect(invoice.items[0]).toMatchObject({ dutyMinor: 0, vatCategory: 'S', vatRateBp: 2000 });
    const text = await pdfOf(importer, invoice.id);
    for (const expected of ['Duty suspended', 'VAT number GB123456782', 'VAT number GB980780684', 'VAT S 20% on £120.00']) expect(text).toContain(expected);
    expect(text).not.toContain('Excise duty charged');

    // The e-invoice, from staff's route and the importer's: no line charge, the duty note.
    const { root } = await eInvoiceOf(staff, invoice, true);
    expect(xmlText(root.Note)).toContain('Duty suspended');
    await eInvoiceOf(importer, invoice);
  });

  it('intra-Community: an Irish seller to a German buyer with a VAT number — K 0 %, both VAT numbers and the words on the invoice', async () => {
    const ie = await createOrganisation(t, 'importer', { country: 'IE', market: 'EU', legalName: 'Liffey Spirits Ltd', city: 'Dublin' });
    const de = await createOrganisation(t, 'distributor', { supplierId: ie.id, country: 'DE', market: 'EU', legalName: 'Spree Getränke GmbH', city: 'Berlin' });
    await db().update(organisations).set({ vatNumber: 'IE6388047V' }).where(eq(organisations.id, ie.id));
    await db().update(organisations).set({ vatNumber: 'DE136695976' }).where(eq(organisations.id, de.id));
    // The goods move between the member states under duty suspension (duty is the destination's, on release there).
    await db().update(tradeTerms).set({ dutyTreatment: 'in_bond' }).where(eq(tradeTerms.customerId, de.id));
    await price(p.gin, 'distributor', 'EU', 'EUR', 1600);
    await stock(ie.id, p.gin, 600);
    const seller = await signedInMember(t, ie);
    const buyer = await signedInMember(t, de);
    const order = await approvedOrder(buyer, seller, [{ productId: p.gin, cases: 5 }]);
    const invoice = await issue(seller, [order.id]);
    // 5 × 6 × 16.00 = €480.00, no VAT.
    expect(invoice).toMatchObject({
      subtotalMinor: 48_000,
      dutyMinor: 0,
      taxMinor: 0,
      totalMinor: 48_000,
      vatBreakdown: [{ category: 'K', rateBp: 0, basisMinor: 48_000, vatMinor: 0, note: 'Exempt intra-Community supply' }],
    });
    expect(invoice.items[0]).toMatchObject({ vatCategory: 'K', vatRateBp: 0 });
    expect(invoice.customerParty).toMatchObject({ vatNumber: 'DE136695976' });
    const text = await pdfOf(buyer, invoice.id);
    for (const expected of ['Exempt intra-Community supply', 'IE6388047V', 'DE136695976', 'K 0%', '€480.00', 'Spree Getränke GmbH'])
      expect(text).toContain(expected);

    // The e-invoice: K with VATEX-EU-IC and both VAT numbers, delivered to Germany on the tax point.
    const { root } = await eInvoiceOf(buyer, invoice);
    expect(xmlAt(root, 'TaxTotal.TaxSubtotal.0.TaxCategory.TaxExemptionReasonCode')).toBe('VATEX-EU-IC');
    expect(xmlAt(root, 'AccountingSupplierParty.Party.PartyTaxScheme.CompanyID')).toBe('IE6388047V');
    expect(xmlAt(root, 'AccountingCustomerParty.Party.PartyTaxScheme.CompanyID')).toBe('DE136695976');
    expect(xmlAt(root, 'Delivery.DeliveryLocation.Address.Country.IdentificationCode')).toBe('DE');
    expect(xmlAt(root, 'Delivery.ActualDeliveryDate')).toBe(today);
  });

  it('export: a GB distributor to a US retailer — G 0 %, "Export outside the VAT area"', async () => {
    const us = await createOrganisation(t, 'retailer', {
      supplierId: distributorOrg.id,
      country: 'US',
      market: 'US',
      city: 'New York',
      licenceJurisdiction: 'US-NY',
    });
    await price(p.gin, 'retailer', 'US', 'USD', 2400);
    await db().update(organisations).set({ peppolScheme: '9959', peppolId: '12-3456789' }).where(eq(organisations.id, us.id));
    const buyer = await signedInMember(t, us);
    const order = await approvedOrder(buyer, distributor, [{ productId: p.gin, cases: 1 }], false, 'PO-NY-0042');
    const invoice = await issue(distributor, [order.id]);
    expect(invoice).toMatchObject({
      dutyTreatment: 'duty_paid_upstream',
      subtotalMinor: 14_400,
      dutyMinor: 0,
      taxMinor: 0,
      totalMinor: 14_400,
      vatBreakdown: [{ category: 'G', rateBp: 0, basisMinor: 14_400, vatMinor: 0, note: 'Export outside the VAT area' }],
    });
    const text = await pdfOf(buyer, invoice.id);
    for (const expected of ['Export outside the VAT area', 'G 0%', '$144.00']) expect(text).toContain(expected);

    // The e-invoice: G with VATEX-EU-G, in dollars; the buyer's reference as placed.
    const { root } = await eInvoiceOf(buyer, invoice);
    expect(xmlAt(root, 'TaxTotal.TaxSubtotal.0.TaxCategory.TaxExemptionReasonCode')).toBe('VATEX-EU-G');
    expect(xmlAt(root, 'DocumentCurrencyCode')).toBe('USD');
    expect(xmlText(root.BuyerReference)).toBe('PO-NY-0042');
  });
});

describe('credit notes reverse what they credit', () => {
  it('a credit note for part, then one for the rest, of an invoice with duty: their duty and VAT add up to the invoice’s exactly', async () => {
    const order = await approvedOrder(distributor, importer, [
      { productId: p.gin, cases: 3 },
      { productId: p.overproof, cases: 3 },
    ]);
    const invoice = await issue(importer, [order.id]);
    const gin = line(invoice, 'Harbour Gin');
    const overproof = line(invoice, 'Navy Strength');
    // The overproof's 3 cases: 18 × 0.5 l × 43.7 % × £32.79 = £128.96307 → 128.96.
    expect(overproof.dutyMinor).toBe(12_896);

    const first = await credit(
      importer,
      invoice.id,
      [
        { invoiceItemId: gin.id, cases: 1 },
        { invoiceItemId: overproof.id, cases: 1 },
      ],
      'Two cases broken',
    );
    // The note reverses the invoice's tax, as issued: its layout, tax point and duty treatment.
    expect(first).toMatchObject({ kind: 'credit_note', layoutVersion: 2, taxPoint: invoice.taxPoint, dutyTreatment: 'releases' });
    // One case of the overproof: £42.98769 → 42.99.
    expect(line(first, 'Navy Strength')).toMatchObject({ cases: 1, dutyMinor: 4_299, vatCategory: 'S', vatRateBp: 2000 });
    expect(line(first, 'Harbour Gin')).toMatchObject({ cases: 1, dutyMinor: 5_509 });

    const rest = await credit(
      importer,
      invoice.id,
      [
        { invoiceItemId: gin.id, cases: 2 },
        { invoiceItemId: overproof.id, cases: 2 },
      ],
      'Returned',
    );
    // The rest of the overproof's duty: 128.96 − 42.99 = 85.97 (two cases alone would round to 85.98).
    expect(line(rest, 'Navy Strength').dutyMinor).toBe(12_896 - 4_299);
    const notes = [first, rest];
    const sum = (f: (d: Doc) => number) => notes.reduce((s, n) => s + f(n), 0);
    expect(sum((n) => n.subtotalMinor)).toBe(invoice.subtotalMinor);
    expect(sum((n) => n.dutyMinor)).toBe(invoice.dutyMinor);
    expect(sum((n) => n.taxMinor)).toBe(invoice.taxMinor);
    expect(sum((n) => n.vatBreakdown[0]!.basisMinor)).toBe(invoice.vatBreakdown[0]!.basisMinor);
    expect(sum((n) => n.totalMinor)).toBe(invoice.totalMinor);
    for (const n of notes) expect(n.totalMinor).toBe(n.subtotalMinor + n.dutyMinor + n.taxMinor);
    const after = await body(await importer.json('GET', `/api/partner/invoices/${invoice.id}`), 200);
    expect(after).toMatchObject({ standing: 'credited', creditedMinor: invoice.totalMinor, outstandingMinor: 0 });

    const text = await pdfOf(distributor, first.id);
    for (const expected of ['Credit note', first.number, invoice.number, '£42.99', 'Excise duty charged']) expect(text).toContain(expected);

    // Each note as a UBL CreditNote: the invoice it credits, its reason, its lines' duty as charges.
    for (const n of notes) {
      const { root } = await eInvoiceOf(distributor, n);
      expect(xmlAt(root, 'BillingReference.InvoiceDocumentReference.ID')).toBe(invoice.number);
      expect(xmlAt(root, 'CreditNoteTypeCode')).toBe('381');
      expect(xmlText(root.BuyerReference)).toBe(order.number);
    }
    expect(xmlText((await eInvoiceOf(importer, first)).root.Note)).toContain('Two cases broken');
  });
});

describe('duty once per unit', () => {
  it('the same cases down the whole chain, brand → importer → distributor → retailer: exactly one leg’s invoice carries duty', async () => {
    const chainImporterOrg = await createOrganisation(t, 'importer');
    const chainDistributorOrg = await createOrganisation(t, 'distributor', { supplierId: chainImporterOrg.id });
    const chainRetailerOrg = await createOrganisation(t, 'retailer', { supplierId: chainDistributorOrg.id });
    const chainImporter = await signedInMember(t, chainImporterOrg);
    const chainDistributor = await signedInMember(t, chainDistributorOrg);
    const chainRetailer = await signedInMember(t, chainRetailerOrg);
    const CASES = 4;
    const legs: { name: string; doc: Doc; text: string }[] = [];

    const fromBrand = await approvedOrder(chainImporter, staff, [{ productId: p.gin, cases: CASES }], true);
    const first = await issue(staff, [fromBrand.id], true);
    legs.push({ name: 'brand → importer', doc: first, text: await pdfOf(chainImporter, first.id) });
    // The cases reach the importer (receipts are trade-legs' subject), and on down the chain.
    await stock(chainImporterOrg.id, p.gin, CASES * 6);
    const fromImporter = await approvedOrder(chainDistributor, chainImporter, [{ productId: p.gin, cases: CASES }]);
    const second = await issue(chainImporter, [fromImporter.id]);
    legs.push({ name: 'importer → distributor', doc: second, text: await pdfOf(chainDistributor, second.id) });
    await stock(chainDistributorOrg.id, p.gin, CASES * 6);
    const fromDistributor = await approvedOrder(chainRetailer, chainDistributor, [{ productId: p.gin, cases: CASES }]);
    const third = await issue(chainDistributor, [fromDistributor.id]);
    legs.push({ name: 'distributor → retailer', doc: third, text: await pdfOf(chainRetailer, third.id) });

    expect(legs.map((l) => [l.name, l.doc.dutyTreatment])).toEqual([
      ['brand → importer', 'in_bond'],
      ['importer → distributor', 'releases'],
      ['distributor → retailer', 'duty_paid_upstream'],
    ]);
    // 24 bottles × 0.7 l × 40 % = 6.72 lpa × £32.79 = £220.3488 → 220.35, on the releasing leg only.
    expect(legs.filter((l) => l.doc.dutyMinor > 0).map((l) => [l.name, l.doc.dutyMinor])).toEqual([['importer → distributor', 22_035]]);
    expect(legs[0]!.text).toContain('Duty suspended');
    expect(legs[1]!.text).toContain('Excise duty charged on this invoice');
    expect(legs[2]!.text).toContain('Duty paid');
    for (const l of legs) expect(l.doc.vatBreakdown.map((b) => `${b.category} ${b.rateBp}`)).toEqual(['S 2000']);
  });
});

describe('documents issued before issue 44', () => {
  it('a layout 1 invoice renders as issued — "Tax (20%)" — with a price in the per-case column, and credits with its flat rate', async () => {
    // Written as the invoicing of before wrote it: one flat rate, parties without VAT numbers.
    const year = Number(today.slice(0, 4));
    const party = (o: Organisation) => ({
      legalName: o.legalName,
      tradingName: o.tradingName,
      licenceNumber: o.licenceNumber,
      licenceJurisdiction: o.licenceJurisdiction,
      addressLines: [o.addressLine1],
      country: o.country,
    });
    const id = await db().transaction(async (tx) => {
      const sequence = await nextDocumentSequence(tx, distributorOrg.id, 'invoice', year);
      const [row] = await tx
        .insert(invoices)
        .values({
          kind: 'invoice',
          state: 'issued',
          issuerId: distributorOrg.id,
          customerId: retailerOrg.id,
          number: documentNumber('invoice', year, sequence),
          year,
          sequence,
          currency: 'GBP',
          // 2 × 6 × 19.99 = 239.88; tax 20 %: 47.98 (47.976 up); 287.86.
          subtotalMinor: 23_988,
          taxRateBp: 2000,
          taxMinor: 4_798,
          totalMinor: 28_786,
          issuedOn: today,
          dueOn: today,
          issuer: party(distributorOrg),
          customer: party(retailerOrg),
          issuedAt: new Date(),
        })
        .returning({ id: invoices.id });
      await tx.insert(invoiceItems).values({
        invoiceId: row!.id,
        productId: p.gin,
        description: 'Harbour Gin',
        cases: 2,
        caseSize: 6,
        unitPriceMinor: 1999,
        lineTotalMinor: 23_988,
        vatCategory: 'S',
        vatRateBp: 2000,
      });
      return row!.id;
    });
    const detail = await body(await retailer.json('GET', `/api/partner/invoices/${id}`), 200);
    expect(detail).toMatchObject({ layoutVersion: 1, taxRateBp: 2000, taxMinor: 4_798, dutyMinor: 0, vatBreakdown: [], taxPoint: null });

    const text = await pdfOf(retailer, id);
    for (const expected of ['Tax (20%)', '£47.98', '£287.86', '£239.88', '£119.94']) expect(text).toContain(expected);
    for (const absent of ['6 btl', 'Tax point', 'VAT S', 'Duty']) expect(text).not.toContain(absent);
    // Its e-invoice too: one S row at its flat rate, the parties' endpoints and addresses read from what it printed.
    await eInvoiceOf(retailer, detail, false, true);

    // Its credit notes keep its arithmetic: the flat rate on everything credited so far.
    const item = detail.items[0] as { id: number };
    const first = await credit(distributor, id, [{ invoiceItemId: item.id, cases: 1 }], 'One case broken');
    expect(first).toMatchObject({ layoutVersion: 1, subtotalMinor: 11_994, dutyMinor: 0, taxMinor: 2_399, totalMinor: 14_393, vatBreakdown: [] });
    const second = await credit(distributor, id, [{ invoiceItemId: item.id, cases: 1 }], 'The other');
    // 47.98 − 23.99 = 23.99: the two give back the invoice's tax exactly.
    expect(second).toMatchObject({ layoutVersion: 1, subtotalMinor: 11_994, taxMinor: 2_399, totalMinor: 14_393 });
    expect(await pdfOf(retailer, second.id)).toContain('Tax (20%)');
    expect(await body(await retailer.json('GET', `/api/partner/invoices/${id}`), 200)).toMatchObject({ standing: 'credited', outstandingMinor: 0 });
  });
});
