// The invoice journey (issue 16): a retailer watches View Invoices (none yet); its distributor opens
// Generate Invoice, picks the retailer, ticks its approved order, previews the totals and issues the
// invoice; the invoice page shows the number, and its PDF downloads and names that number and total;
// the retailer's open list shows the invoice without a reload, and the retailer opens it; on a phone's
// width the distributor exports the month's invoices for Xero and the file has the invoice. It runs on
// a server of its own, prepared through the services (the approved order written to the tables).
import { readFile } from 'node:fs/promises';
import { and, asc, eq } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { expect, test } from '@playwright/test';
import { TIME_SCALE } from '../../playwright.config';
import { orderItems, orders, products, productTradePrices } from '../../server/db/schema';
import { invoiceTotals } from '../../shared/invoice-totals';
import { formatPrice } from '../../shared/markets';
import { seriousAxeIssues, signInPartner } from './fixtures';
import { type PrepareServices, startOwnServer } from './own-server';
import { createChain, createPeople } from './trade-network';

const RETAILER_EMAIL = 'zoe@chateau-zoe.example';
const DISTRIBUTOR_EMAIL = 'tom@thames-drinks.example';
const ORDER_NUMBER = `FR-${new Date().getUTCFullYear()}-900001`;

let expectedTotal = '';
let firstProduct = '';

/** Albion Imports → Thames Drinks → Château Zoë Caves (GB), a member of each side, and one approved order of two lines. */
async function prepare(services: PrepareServices) {
  const { distributor, retailer } = await createChain(
    services.partners,
    { addressLine1: '12 Market Row', city: 'London', postalCode: 'SW9 8LD' },
    {
      importer: { name: 'Albion Imports', licence: 'E2E-INV-IMP' },
      distributor: { name: 'Thames Drinks', licence: 'E2E-INV-DIS' },
      retailer: { name: 'Château Zoë Caves', licence: 'E2E-INV-RET', legalName: 'Château Zoë Caves SARL' },
    },
  );
  await createPeople(services.users, [
    { email: RETAILER_EMAIL, firstName: 'Zoë', lastName: 'Roux', roles: ['retailer'], organisationId: retailer.id },
    { email: DISTRIBUTOR_EMAIL, firstName: 'Tom', lastName: 'Dale', roles: ['distributor'], organisationId: distributor.id },
  ]);
  // An approved order of two lines at the retailer's GB prices (every seeded product has them).
  const two = await services.db
    .select({ id: products.id, name: products.name, caseSize: products.caseSize, price: productTradePrices.amountMinor })
    .from(products)
    .innerJoin(
      productTradePrices,
      and(eq(productTradePrices.productId, products.id), eq(productTradePrices.tier, 'retailer'), eq(productTradePrices.market, 'GB')),
    )
    .where(eq(products.status, 'active'))
    .orderBy(asc(products.name), asc(products.id))
    .limit(2);
  const lines = two.map((p, i) => ({
    productId: p.id,
    cases: i + 2,
    caseSize: p.caseSize,
    unitPriceMinor: p.price,
    lineTotalMinor: (i + 2) * p.caseSize * p.price,
  }));
  const totals = invoiceTotals(
    lines.map((l) => l.lineTotalMinor),
    2000,
  );
  const [order] = await services.db
    .insert(orders)
    .values({
      number: ORDER_NUMBER,
      buyerId: retailer.id,
      sellerId: distributor.id,
      status: 'approved',
      currency: 'GBP',
      subtotalMinor: totals.subtotalMinor,
      taxRateBp: 2000,
      taxMinor: totals.taxMinor,
      totalMinor: totals.totalMinor,
      submittedAt: new Date(),
      decidedAt: new Date(),
    })
    .returning({ id: orders.id });
  await services.db.insert(orderItems).values(lines.map((l) => ({ ...l, orderId: order!.id, casesRequested: l.cases })));
  expectedTotal = formatPrice(totals.totalMinor, 'GBP');
  firstProduct = two[0]!.name;
}

test('a distributor issues an invoice for an approved order, downloads its PDF, and the retailer sees it arrive live', async ({ browser }) => {
  test.setTimeout(180_000 * TIME_SCALE);
  const own = await startOwnServer(Number(process.env.E2E_PORT ?? 3226) + 210 + test.info().workerIndex, { prepare });
  const retailerContext = await browser.newContext();
  const distributorContext = await browser.newContext({ acceptDownloads: true });
  try {
    const retailer = await retailerContext.newPage();
    const distributor = await distributorContext.newPage();

    // The retailer waits on View Invoices: none yet.
    await signInPartner(retailer, own.url, RETAILER_EMAIL);
    await expect(retailer).toHaveURL(/\/partner\/dashboard\/retailer$/);
    await retailer.goto(`${own.url}/partner/dashboard/retailer/invoices`);
    await expect(retailer.getByRole('heading', { level: 1, name: 'View Invoices' })).toBeVisible();
    await expect(retailer.getByText('No invoices yet.')).toBeVisible();

    // The distributor opens Generate Invoice from its sidebar.
    await signInPartner(distributor, own.url, DISTRIBUTOR_EMAIL);
    await expect(distributor).toHaveURL(/\/partner\/dashboard\/distributor$/);
    await distributor.getByRole('navigation', { name: 'Partner' }).getByRole('link', { name: 'Generate Invoice' }).click();
    await expect(distributor.getByRole('heading', { level: 1, name: 'Generate Invoice' })).toBeVisible();
    expect(await seriousAxeIssues(distributor)).toEqual([]);

    // Pick the retailer, tick its approved order, preview.
    await distributor.getByLabel('Retailer', { exact: true }).selectOption({ label: 'Château Zoë Caves (1 approved order)' });
    await distributor.getByRole('button', { name: 'Show orders' }).click();
    await distributor.getByRole('checkbox', { name: new RegExp(ORDER_NUMBER) }).check();
    await distributor.getByRole('button', { name: 'Preview invoice' }).click();
    await expect(distributor.getByTestId('preview-total')).toHaveText(expectedTotal);
    expect(await seriousAxeIssues(distributor)).toEqual([]);

    // Issue: the invoice page, numbered now.
    await distributor.getByRole('button', { name: 'Issue invoice' }).click();
    await expect(distributor).toHaveURL(/\/partner\/dashboard\/invoices\/\d+$/);
    await expect(distributor.getByText('Invoice issued', { exact: true })).toBeVisible();
    const number = `INV-${new Date().getUTCFullYear()}-0001`;
    await expect(distributor.getByRole('heading', { level: 1, name: `Invoice ${number}` })).toBeVisible();
    await expect(distributor.getByTestId('invoice-total')).toHaveText(expectedTotal);
    await expect(distributor.getByTestId('invoice-customer')).toContainText('Château Zoë Caves SARL');
    await expect(distributor.getByTestId('invoice-customer')).toContainText('E2E-INV-RET');
    await expect(distributor.getByTestId('invoice-standing')).toHaveText('Issued');
    expect(await seriousAxeIssues(distributor)).toEqual([]);

    // The PDF downloads and names the number and the total.
    const [download] = await Promise.all([distributor.waitForEvent('download'), distributor.getByTestId('invoice-pdf').click()]);
    expect(download.suggestedFilename()).toBe(`${number}.pdf`);
    const bytes = await readFile((await download.path())!);
    const { text } = await new PDFParse({ data: new Uint8Array(bytes) }).getText();
    expect(text).toContain(number);
    expect(text).toContain(expectedTotal);
    expect(text).toContain('Château Zoë Caves SARL');

    // The retailer's open list shows it without a reload; the retailer opens it.
    const list = retailer.getByRole('table', { name: 'Your invoices' });
    await expect(list.getByRole('link', { name: number })).toBeVisible();
    await expect(list.getByTestId('invoice-row-standing')).toHaveText('Issued');
    await expect(list.getByTestId('invoice-row-total')).toHaveText(expectedTotal);
    expect(await seriousAxeIssues(retailer)).toEqual([]);
    await list.getByRole('link', { name: number }).click();
    await expect(retailer.getByRole('heading', { level: 1, name: `Invoice ${number}` })).toBeVisible();
    await expect(retailer.getByTestId('invoice-issuer')).toContainText('Thames Drinks Ltd');
    await expect(retailer.getByTestId('invoice-pdf')).toBeVisible();
    // The retailer may not credit its own invoice: no such form.
    await expect(retailer.getByRole('button', { name: 'Issue credit note' })).toHaveCount(0);
    await expect(retailer.getByText('None.')).toBeVisible();

    // The distributor credits one case: the credit note's page; the retailer's open invoice lists it live.
    await distributor.getByLabel(`Cases of ${firstProduct} to credit`).fill('1');
    await distributor.getByRole('button', { name: 'Issue credit note' }).click();
    await expect(distributor.getByText('Say why you credit these lines.')).toBeVisible();
    await distributor.getByLabel(`Cases of ${firstProduct} to credit`).fill('1');
    await distributor.getByLabel('Reason', { exact: true }).fill('One bottle broken in the case');
    await distributor.getByRole('button', { name: 'Issue credit note' }).click();
    const credit = `CN-${new Date().getUTCFullYear()}-0001`;
    await expect(distributor.getByRole('heading', { level: 1, name: `Credit note ${credit}` })).toBeVisible();
    await expect(distributor.getByTestId('invoice-credits')).toHaveText(number);
    await expect(retailer.getByTestId('credit-note')).toContainText(credit);
    await expect(retailer.getByTestId('invoice-standing')).toHaveText('Partially paid');

    // The order moved to Invoiced: nothing is left to invoice.
    await distributor.goto(`${own.url}/partner/dashboard/distributor/invoices/generate`);
    await expect(distributor.getByTestId('nothing-to-invoice')).toBeVisible();

    // Export to accounting on a phone's width: the invoices page's panel downloads the month's invoices
    // in Xero's columns, the invoice on it (issue 45).
    await distributor.setViewportSize({ width: 390, height: 844 });
    await distributor.goto(`${own.url}/partner/dashboard/distributor/invoices`);
    const panel = distributor.getByTestId('export-panel');
    await panel.getByLabel('Format').selectOption({ label: 'Xero' });
    const [csv] = await Promise.all([distributor.waitForEvent('download'), panel.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(csv.suggestedFilename()).toMatch(/^invoices-xero-\d{4}-\d{2}-01-to-\d{4}-\d{2}-\d{2}\.csv$/);
    const file = await readFile((await csv.path())!, 'utf8');
    expect(file).toContain('*ContactName,EmailAddress,POAddressLine1');
    expect(file).toContain('Château Zoë Caves SARL');
    expect(file).toContain(number);
  } finally {
    await Promise.all([retailerContext.close(), distributorContext.close()]);
    await (await own.stopAndOpenDatabase()).close();
  }
});
