// Invoices a tax authority accepts (issue 44): each buyer opens the invoice it received, sees its VAT
// per category (and duty where its leg charges it) on the page, downloads the PDF and reads it — a
// domestic duty-paid invoice (GB distributor → GB retailer: S 20 %, "Duty paid"), a duty-suspended one
// (the brand → a GB importer, in bond: "Duty suspended"), an intra-Community one (an Irish distributor
// → a German retailer with a VAT number: K, both VAT numbers), an export (the GB distributor → an Irish
// retailer: G) and a credit note (part of the domestic invoice). The sellers issue through the API
// (their issuing screens have journeys of their own); each seller's own page shows the same totals.
// On a server of its own: the organisations, their people and the approved orders are prepared.
import { asc, eq } from 'drizzle-orm';
import { expect, type Page, test } from '@playwright/test';
import { PDFParse } from 'pdf-parse';
import { TIME_SCALE } from '../../playwright.config';
import { brandId } from '../../server/db/brand';
import { orderItems, orders, organisations, products } from '../../server/db/schema';
import { SYSTEM_ACTOR } from '../../server/core/actor';
import type { OrganisationInput } from '../../shared/schemas/partners';
import { signInAsDemo, signInPartner } from './fixtures';
import { type PrepareServices, startOwnServer } from './own-server';
import { createPeople, inDays } from './trade-network';

const YEAR = new Date().getUTCFullYear();
const BRAND_VAT = 'GB980780684';
const LIFFEY_VAT = 'IE6388047V';
const RHEIN_VAT = 'DE136695976';
const PEOPLE = {
  albion: 'ines@albion-tax.example',
  dales: 'dan@dales-tax.example',
  corner: 'cora@corner-tax.example',
  liffey: 'liam@liffey-tax.example',
  rhein: 'rita@rhein-tax.example',
  galway: 'gail@galway-tax.example',
};
/** Order numbers, by the invoice each becomes. */
const ORDERS = { suspended: `FR-${YEAR}-944001`, domestic: `FR-${YEAR}-944002`, intra: `FR-${YEAR}-944003`, exported: `FR-${YEAR}-944004` };

function org(
  type: OrganisationInput['type'],
  name: string,
  licence: string,
  place: { country: string; market: string; city: string },
  supplierId: string | null,
): OrganisationInput {
  return {
    type,
    legalName: `${name} Ltd`,
    tradingName: name,
    licenceNumber: licence,
    licenceJurisdiction: place.country,
    licenceExpiresOn: inDays(365),
    addressLine1: '1 Quay Street',
    addressLine2: '',
    city: place.city,
    region: '',
    postalCode: '',
    country: place.country,
    market: place.market,
    email: '',
    phone: '',
    supplierId,
  };
}

const GB = { country: 'GB', market: 'GB', city: 'Leeds' };

/** The network: brand → Albion (GB importer) → Dales (GB distributor) → Corner Shop (GB) and Galway Cellars (IE); Albion → Liffey (IE distributor) → Rhein Bar (DE). */
async function prepare(services: PrepareServices) {
  const { partners, db } = services;
  const create = (input: OrganisationInput) => partners.create(input, SYSTEM_ACTOR, { status: 'active' });
  const brand = await brandId(db);
  await db
    .update(organisations)
    .set({ vatNumber: BRAND_VAT, bankAccountName: 'Frolic Spirits Ltd', bankAccount: 'GB33BUKB20201555555555', bankBic: 'BUKBGB22' })
    .where(eq(organisations.id, brand));
  const albion = await create(org('importer', 'Albion Tax Imports', 'E2E-TAX-IMP', GB, null));
  const dales = await create(org('distributor', 'Dales Tax Wholesale', 'E2E-TAX-DIS', GB, albion.id));
  const corner = await create(org('retailer', 'Corner Tax Shop', 'E2E-TAX-RET', GB, dales.id));
  const galway = await create(org('retailer', 'Galway Cellars', 'E2E-TAX-IE-RET', { country: 'IE', market: 'EU', city: 'Galway' }, dales.id));
  const liffey = await create(org('distributor', 'Liffey Trade', 'E2E-TAX-IE-DIS', { country: 'IE', market: 'EU', city: 'Dublin' }, albion.id));
  const rhein = await create(org('retailer', 'Rhein Bar', 'E2E-TAX-DE-RET', { country: 'DE', market: 'EU', city: 'Köln' }, liffey.id));
  await db.update(organisations).set({ vatNumber: LIFFEY_VAT }).where(eq(organisations.id, liffey.id));
  await db.update(organisations).set({ vatNumber: RHEIN_VAT }).where(eq(organisations.id, rhein.id));
  await createPeople(services.users, [
    { email: PEOPLE.albion, firstName: 'Ines', lastName: 'Iles', roles: ['importer'], organisationId: albion.id },
    { email: PEOPLE.dales, firstName: 'Dan', lastName: 'Dale', roles: ['distributor'], organisationId: dales.id },
    { email: PEOPLE.corner, firstName: 'Cora', lastName: 'Corr', roles: ['retailer'], organisationId: corner.id },
    { email: PEOPLE.liffey, firstName: 'Liam', lastName: 'Liffey', roles: ['distributor'], organisationId: liffey.id },
    { email: PEOPLE.rhein, firstName: 'Rita', lastName: 'Rhein', roles: ['retailer'], organisationId: rhein.id },
    { email: PEOPLE.galway, firstName: 'Gail', lastName: 'Gall', roles: ['retailer'], organisationId: galway.id },
  ]);
  const [product] = await db.select().from(products).where(eq(products.status, 'active')).orderBy(asc(products.name), asc(products.id)).limit(1);
  const approved = async (number: string, buyerId: string, sellerId: string, currency: string) => {
    const [o] = await db
      .insert(orders)
      .values({ number, buyerId, sellerId, status: 'approved', currency, submittedAt: new Date(), decidedAt: new Date() })
      .returning({ id: orders.id });
    const unitPriceMinor = 1500;
    await db.insert(orderItems).values({
      orderId: o!.id,
      productId: product!.id,
      casesRequested: 4,
      cases: 4,
      caseSize: product!.caseSize,
      unitPriceMinor,
      lineTotalMinor: 4 * product!.caseSize * unitPriceMinor,
    });
  };
  await approved(ORDERS.suspended, albion.id, brand, 'GBP');
  await approved(ORDERS.domestic, corner.id, dales.id, 'GBP');
  await approved(ORDERS.intra, rhein.id, liffey.id, 'EUR');
  await approved(ORDERS.exported, galway.id, dales.id, 'EUR');
}

type Issued = { id: number; number: string; totalMinor: number };

/** Issues an invoice for the order numbered `orderNumber` from `area` (`partner` or `admin`) as the signed-in seller. */
async function issue(page: Page, url: string, area: 'partner' | 'admin', orderNumber: string): Promise<Issued> {
  const res = await page.request.get(`${url}/api/${area}/invoices/invoiceable`);
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { customers: { orders: { id: number; number: string }[] }[] };
  const order = body.customers.flatMap((c) => c.orders).find((o) => o.number === orderNumber);
  expect(order, `${orderNumber} is invoiceable: ${JSON.stringify(body).slice(0, 600)}`).toBeDefined();
  const issued = await page.request.post(`${url}/api/${area}/invoices/issue`, { data: { orderIds: [order!.id] } });
  expect(issued.status(), await issued.text()).toBe(201);
  return (await issued.json()) as Issued;
}

/** The buyer's invoice page, its PDF downloaded and read: the PDF's text. */
async function downloadPdf(page: Page, number: string): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('invoice-pdf').click()]);
  expect(download.suggestedFilename()).toBe(`${number}.pdf`);
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return (await new PDFParse({ data: new Uint8Array(Buffer.concat(chunks)) }).getText()).text;
}

/** The e-invoice beside it, downloaded from the same page: its XML. */
async function downloadXml(page: Page, number: string): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('invoice-xml').click()]);
  expect(download.suggestedFilename()).toBe(`${number}.xml`);
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

test('each buyer reads a filed-ready invoice: domestic duty paid, duty suspended, intra-Community, export, and a credit note', async ({ browser }) => {
  test.setTimeout(180_000 * TIME_SCALE);
  const own = await startOwnServer(Number(process.env.E2E_PORT ?? 3210) + 670 + test.info().workerIndex, { demo: true, prepare });
  const contexts = await Promise.all([browser.newContext(), browser.newContext()]);
  try {
    const [sellerContext, buyerContext] = contexts;
    const seller = await sellerContext!.newPage();

    // The sellers issue: the brand (staff), Dales twice, Liffey.
    await signInAsDemo(seller, 'admin', { base: own.url });
    const suspended = await issue(seller, own.url, 'admin', ORDERS.suspended);
    await seller.goto(`${own.url}/admin/dashboard/trade-invoices/${suspended.id}`);
    await expect(seller.getByTestId('invoice-vat-S')).toBeVisible();
    await expect(seller.getByTestId('invoice-duty')).toHaveText('£0.00');
    await expect(seller.getByTestId('invoice-tax-notes')).toContainText('Duty suspended');

    await sellerContext!.clearCookies();
    await signInPartner(seller, own.url, PEOPLE.dales);
    const domestic = await issue(seller, own.url, 'partner', ORDERS.domestic);
    const exported = await issue(seller, own.url, 'partner', ORDERS.exported);
    // Dales credits one case of the domestic invoice.
    const detail = (await (await seller.request.get(`${own.url}/api/partner/invoices/${domestic.id}`)).json()) as { items: { id: number }[] };
    const credit = await seller.request.post(`${own.url}/api/partner/invoices/${domestic.id}/credit-notes`, {
      data: { lines: [{ invoiceItemId: detail.items[0]!.id, cases: 1 }], reason: 'One case arrived broken' },
    });
    expect(credit.status(), await credit.text()).toBe(201);
    const note = (await credit.json()) as Issued;
    await seller.goto(`${own.url}/partner/dashboard/invoices/${domestic.id}`);
    await expect(seller.getByTestId('invoice-vat-S')).toBeVisible();
    await expect(seller.getByText('VAT S 20% on', { exact: false })).toBeVisible();
    await expect(seller.getByTestId('line-vat').first()).toHaveText('S 20%');

    await sellerContext!.clearCookies();
    await signInPartner(seller, own.url, PEOPLE.liffey);
    const intra = await issue(seller, own.url, 'partner', ORDERS.intra);
    await seller.goto(`${own.url}/partner/dashboard/invoices/${intra.id}`);
    await expect(seller.getByTestId('invoice-vat-K')).toBeVisible();

    // The GB importer: the brand's invoice, in bond — VAT S 20 %, no duty, "Duty suspended", the brand's VAT number and IBAN.
    const buyer = await buyerContext!.newPage();
    await signInPartner(buyer, own.url, PEOPLE.albion);
    await buyer.goto(`${own.url}/partner/dashboard/invoices/${suspended.id}`);
    await expect(buyer.getByRole('heading', { level: 1, name: `Invoice ${suspended.number}` })).toBeVisible();
    await expect(buyer.getByTestId('invoice-vat-S')).toBeVisible();
    await expect(buyer.getByText('VAT S 20% on', { exact: false })).toBeVisible();
    await expect(buyer.getByTestId('line-vat').first()).toHaveText('S 20%');
    await expect(buyer.getByTestId('invoice-duty')).toHaveText('£0.00');
    let text = await downloadPdf(buyer, suspended.number);
    for (const expected of ['Tax point', BRAND_VAT, 'Duty suspended', 'S 20%', 'GB33BUKB20201555555555', 'Per case'])
      expect(text, `the in-bond invoice's PDF has ${expected}`).toContain(expected);

    // The GB retailer: Dales's domestic invoice (duty paid upstream) and the credit note.
    await buyerContext!.clearCookies();
    await signInPartner(buyer, own.url, PEOPLE.corner);
    await buyer.goto(`${own.url}/partner/dashboard/invoices/${domestic.id}`);
    await expect(buyer.getByTestId('invoice-vat-S')).toBeVisible();
    await expect(buyer.getByText('VAT S 20% on', { exact: false })).toBeVisible();
    await expect(buyer.getByTestId('line-vat').first()).toHaveText('S 20%');
    await expect(buyer.getByTestId('invoice-duty')).toHaveText('£0.00');
    text = await downloadPdf(buyer, domestic.number);
    for (const expected of ['Duty paid', 'S 20%', 'Tax point']) expect(text, `the domestic invoice's PDF has ${expected}`).toContain(expected);
    await buyer.goto(`${own.url}/partner/dashboard/invoices/${note.id}`);
    await expect(buyer.getByRole('heading', { level: 1, name: `Credit note ${note.number}` })).toBeVisible();
    text = await downloadPdf(buyer, note.number);
    for (const expected of ['Credit note', domestic.number, 'One case arrived broken', 'S 20%'])
      expect(text, `the credit note's PDF has ${expected}`).toContain(expected);
    // Its e-invoice: a UBL credit note naming the invoice it credits.
    let xml = await downloadXml(buyer, note.number);
    for (const expected of ['<CreditNote ', `<cbc:ID>${domestic.number}</cbc:ID>`, '<cbc:CreditNoteTypeCode>381</cbc:CreditNoteTypeCode>'])
      expect(xml, `the credit note's e-invoice has ${expected}`).toContain(expected);

    // The German retailer: Liffey's intra-Community supply — K, both VAT numbers, the words.
    await buyerContext!.clearCookies();
    await signInPartner(buyer, own.url, PEOPLE.rhein);
    await buyer.goto(`${own.url}/partner/dashboard/invoices/${intra.id}`);
    await expect(buyer.getByTestId('invoice-vat-K')).toBeVisible();
    await expect(buyer.getByText('VAT K 0% on', { exact: false })).toBeVisible();
    await expect(buyer.getByTestId('line-vat').first()).toHaveText('K 0%');
    await expect(buyer.getByTestId('invoice-tax-notes')).toContainText('Exempt intra-Community supply');
    text = await downloadPdf(buyer, intra.number);
    for (const expected of ['Exempt intra-Community supply', LIFFEY_VAT, RHEIN_VAT, 'K 0%'])
      expect(text, `the intra-Community invoice's PDF has ${expected}`).toContain(expected);
    xml = await downloadXml(buyer, intra.number);
    for (const expected of ['<cbc:ID>K</cbc:ID>', 'VATEX-EU-IC', `<cbc:CompanyID>${LIFFEY_VAT}</cbc:CompanyID>`, `<cbc:CompanyID>${RHEIN_VAT}</cbc:CompanyID>`])
      expect(xml, `the intra-Community e-invoice has ${expected}`).toContain(expected);

    // The Irish retailer: Dales's export — G, outside the VAT area.
    await buyerContext!.clearCookies();
    await signInPartner(buyer, own.url, PEOPLE.galway);
    await buyer.goto(`${own.url}/partner/dashboard/invoices/${exported.id}`);
    await expect(buyer.getByTestId('invoice-vat-G')).toBeVisible();
    await expect(buyer.getByText('VAT G 0% on', { exact: false })).toBeVisible();
    await expect(buyer.getByTestId('line-vat').first()).toHaveText('G 0%');
    text = await downloadPdf(buyer, exported.number);
    for (const expected of ['Export outside the VAT area', 'G 0%']) expect(text, `the export invoice's PDF has ${expected}`).toContain(expected);
  } finally {
    await Promise.all(contexts.map((c) => c.close()));
    await (await own.stopAndOpenDatabase()).close();
  }
});
