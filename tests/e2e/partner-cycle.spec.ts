// The whole trade cycle of issue 16, through the real pages in three browsers: a retailer orders two
// lines → its distributor approves with one line lowered → issues the invoice (the PDF names its
// number and total) → ships everything with tracking → the retailer receives one case short, with a
// photo → the distributor answers with a credit note for what is missing → the retailer pays the
// balance → the distributor confirms → both sides see the invoice paid and the order 'Paid'. A
// retailer of another distributor (the third browser) reaches none of it. Amounts are computed here
// from the prices and terms the server was given, and compared with what every page shows.
import { readFile } from 'node:fs/promises';
import { and, asc, eq } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { expect, type Page, test } from '@playwright/test';
import { TIME_SCALE } from '../../playwright.config';
import { products, productTradePrices } from '../../server/db/schema';
import { creditNoteTotals, invoiceTotals, lineTotalMinor } from '../../shared/invoice-totals';
import { formatPrice } from '../../shared/markets';
import { defaultTerms } from '../../shared/partners';
import { signInPartner } from './fixtures';
import { type PrepareServices, startOwnServer } from './own-server';
import { createPeople, organisationsAt, stockEach } from './trade-network';

const RETAILER_EMAIL = 'cleo@cycle-cellar.example';
const DISTRIBUTOR_EMAIL = 'max@cycle-trade.example';
const STRANGER_EMAIL = 'una@other-shop.example';
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAGElEQVQokWNoCDAgCTGMaggYDaWG4Zo0AGoIABAaJe6YAAAAAElFTkSuQmCC',
  'base64',
);

const goods: { name: string; caseSize: number; priceMinor: number }[] = [];

/** Cycle Imports → Cycle Trade → Cycle Cellar (GB) and, elsewhere, Other Trade → Other Shop; stock at Cycle Trade. */
async function prepare(services: PrepareServices) {
  const at = organisationsAt(services.partners, { addressLine1: '9 Wharf Lane', city: 'Bristol', postalCode: 'BS1 4RN' });
  const { importer, distributor, retailer } = await at.chain({
    importer: { name: 'Cycle Imports', licence: 'E2E-CYC-IMP' },
    distributor: { name: 'Cycle Trade', licence: 'E2E-CYC-DIS' },
    retailer: { name: 'Cycle Cellar', licence: 'E2E-CYC-RET' },
  });
  const other = await at.organisation('distributor', { name: 'Other Trade', licence: 'E2E-CYC-DIS2' }, importer.id);
  const stranger = await at.organisation('retailer', { name: 'Other Shop', licence: 'E2E-CYC-RET2' }, other.id);
  await createPeople(services.users, [
    { email: RETAILER_EMAIL, firstName: 'Cleo', lastName: 'Cole', roles: ['retailer'], organisationId: retailer.id },
    { email: DISTRIBUTOR_EMAIL, firstName: 'Max', lastName: 'Moss', roles: ['distributor'], organisationId: distributor.id },
    { email: STRANGER_EMAIL, firstName: 'Una', lastName: 'Upton', roles: ['retailer'], organisationId: stranger.id },
  ]);
  // The two first products of the catalogue (Place Orders lists by name) with their retailer price in GB.
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
  goods.splice(0, goods.length, ...two.map((p) => ({ name: p.name, caseSize: p.caseSize, priceMinor: p.price })));
  await stockEach(services.db, [distributor.id], two, 50);
}

const orderLine = (page: Page, name: string) =>
  page.getByTestId('order-line').filter({ has: page.getByTestId('line-product').getByText(name, { exact: true }) });

test('the whole cycle: ordered, approved with a change, invoiced, shipped, received short, credited, paid — both sides see every step', async ({ browser }) => {
  test.setTimeout(240_000 * TIME_SCALE);
  const own = await startOwnServer(Number(process.env.E2E_PORT ?? 3226) + 230 + test.info().workerIndex, { demo: true, prepare });
  const [first, second] = goods as [(typeof goods)[0], (typeof goods)[0]];
  const year = new Date().getUTCFullYear();
  const gbp = (minor: number) => formatPrice(minor, 'GBP');
  // What the server must arrive at: 4 cases of the first, the second cut from 3 cases to 1; 20 % tax (GB terms).
  const { taxRateBp } = defaultTerms('GB');
  const invoiced = invoiceTotals([lineTotalMinor(4, first.caseSize, first.priceMinor), lineTotalMinor(1, second.caseSize, second.priceMinor)], taxRateBp);
  const credited = creditNoteTotals([lineTotalMinor(1, first.caseSize, first.priceMinor)], taxRateBp, { subtotalMinor: 0, taxMinor: 0 });
  const balance = invoiced.totalMinor - credited.totalMinor;
  const retailerContext = await browser.newContext();
  const distributorContext = await browser.newContext({ acceptDownloads: true });
  const strangerContext = await browser.newContext();
  try {
    const retailer = await retailerContext.newPage();
    const distributor = await distributorContext.newPage();
    const stranger = await strangerContext.newPage();
    await signInPartner(distributor, own.url, DISTRIBUTOR_EMAIL);
    await expect(distributor).toHaveURL(/\/partner\/dashboard\/distributor$/);
    await signInPartner(retailer, own.url, RETAILER_EMAIL);
    await expect(retailer).toHaveURL(/\/partner\/dashboard\/retailer$/);

    // 1. The retailer orders two lines; the distributor's open Approve Orders sees it arrive.
    await distributor.goto(`${own.url}/partner/dashboard/distributor/orders/approve`);
    await expect(distributor.getByText('No orders are waiting for you.')).toBeVisible();
    await retailer.goto(`${own.url}/partner/dashboard/retailer/orders`);
    await retailer.getByLabel(`Cases of ${first.name}`, { exact: true }).fill('4');
    await retailer.getByLabel(`Cases of ${second.name}`, { exact: true }).fill('3');
    await retailer.getByRole('button', { name: 'Place order' }).click();
    await expect(retailer.getByText('Order placed', { exact: true })).toBeVisible();
    const orderNumber = (await retailer.getByRole('heading', { level: 1 }).textContent())!.replace('Order ', '').trim();
    const orderUrl = retailer.url();
    const waiting = distributor.getByRole('table', { name: 'Orders waiting for you' });
    await expect(waiting.getByRole('link', { name: orderNumber })).toBeVisible();

    // 2. Approved with the second line cut to one case, with a reason; the retailer sees old and new live.
    await waiting.getByRole('link', { name: orderNumber }).click();
    await distributor.getByLabel(`Cases of ${second.name} to approve`).fill('1');
    await distributor.getByLabel(`Reason for ${second.name}`).fill('Only one case left this week');
    await distributor.getByRole('button', { name: 'Approve order' }).click();
    await expect(distributor.getByText('Order approved', { exact: true })).toBeVisible();
    await expect(retailer.getByTestId('order-status')).toHaveText('Approved');
    await expect(orderLine(retailer, second.name).getByTestId('line-requested')).toHaveText('3 cases');
    await expect(orderLine(retailer, second.name).getByTestId('line-approved')).toHaveText('1 case');

    // 3. The invoice: previewed, issued, numbered; the PDF names the number and the total; the retailer's list shows it live.
    await retailer.goto(`${own.url}/partner/dashboard/retailer/invoices`);
    await expect(retailer.getByText('No invoices yet.')).toBeVisible();
    await distributor.goto(`${own.url}/partner/dashboard/distributor/invoices/generate`);
    await distributor.getByLabel('Retailer', { exact: true }).selectOption({ label: 'Cycle Cellar (1 approved order)' });
    await distributor.getByRole('button', { name: 'Show orders' }).click();
    await distributor.getByRole('checkbox', { name: new RegExp(orderNumber) }).check();
    await distributor.getByRole('button', { name: 'Preview invoice' }).click();
    await expect(distributor.getByTestId('preview-total')).toHaveText(gbp(invoiced.totalMinor));
    await distributor.getByRole('button', { name: 'Issue invoice' }).click();
    await expect(distributor.getByText('Invoice issued', { exact: true })).toBeVisible();
    const invoiceNumber = `INV-${year}-0001`;
    await expect(distributor.getByRole('heading', { level: 1, name: `Invoice ${invoiceNumber}` })).toBeVisible();
    await expect(distributor.getByTestId('invoice-total')).toHaveText(gbp(invoiced.totalMinor));
    const invoiceUrl = distributor.url();
    const pdfHref = (await distributor.getByTestId('invoice-pdf').getAttribute('href'))!;
    const [download] = await Promise.all([distributor.waitForEvent('download'), distributor.getByTestId('invoice-pdf').click()]);
    const { text } = await new PDFParse({ data: new Uint8Array(await readFile((await download.path())!)) }).getText();
    expect(text).toContain(invoiceNumber);
    expect(text).toContain(gbp(invoiced.totalMinor));
    const invoices = retailer.getByRole('table', { name: 'Your invoices' });
    await expect(invoices.getByRole('link', { name: invoiceNumber })).toBeVisible();
    await expect(invoices.getByTestId('invoice-row-total')).toHaveText(gbp(invoiced.totalMinor));

    // 4. Everything ships with DHL tracking; the retailer, waiting on Upload Receipts, sees it with the link.
    await retailer.goto(`${own.url}/partner/dashboard/retailer/receipts`);
    await distributor.goto(`${own.url}/partner/dashboard/distributor/shipments`);
    await distributor.getByRole('link', { name: 'New shipment' }).click();
    await distributor.getByLabel('Retailer').selectOption({ label: 'Cycle Cellar (1 order to ship)' });
    await distributor.getByRole('button', { name: 'Show what is left to ship' }).click();
    await distributor.getByLabel(`Cases of ${first.name} to ship on order ${orderNumber}`).fill('4');
    await distributor.getByLabel(`Cases of ${second.name} to ship on order ${orderNumber}`).fill('1');
    await distributor.getByLabel('Carrier').selectOption('dhl');
    await distributor.getByLabel('Tracking number').fill('JD0146CYCLE');
    await distributor.getByRole('button', { name: 'Create shipment' }).click();
    await expect(distributor.getByText('Shipment created', { exact: true })).toBeVisible();
    const shipmentNumber = (await distributor.getByRole('heading', { level: 1 }).textContent())!.replace('Shipment ', '').trim();
    await distributor.getByRole('button', { name: 'Mark shipped' }).click();
    await expect(distributor.getByTestId('shipment-status')).toHaveText('Shipped');
    const shipmentUrl = distributor.url();
    const toReceive = retailer.getByRole('table', { name: 'Shipments waiting for your receipt' });
    await expect(toReceive.getByRole('link', { name: shipmentNumber })).toBeVisible();
    await expect(toReceive.getByTestId('tracking-link')).toHaveAttribute('href', 'https://www.dhl.com/en/express/tracking.html?AWB=JD0146CYCLE');

    // 5. Received one case of the first product short, with a photo; the distributor's open page shows the discrepancy live.
    await toReceive.getByRole('link', { name: shipmentNumber }).click();
    await retailer.getByLabel(`Cases of ${first.name} received`).fill('3');
    await retailer.getByLabel('Photo or PDF of the delivery').setInputFiles({ name: 'delivery.png', mimeType: 'image/png', buffer: PHOTO });
    await retailer.getByRole('button', { name: 'Confirm receipt' }).click();
    await expect(retailer.getByText('Receipt recorded', { exact: true })).toBeVisible();
    await expect(retailer.getByTestId('receipt-status')).toHaveText('Discrepancy');
    const receiptUrl = retailer.url();
    await expect(distributor.getByTestId('receipt-status')).toHaveText('Discrepancy');
    await expect(distributor.getByTestId('resolve')).toContainText('reported 1 case short or damaged');

    // 6. A credit note for what is missing, issued from the discrepancy; the retailer's page says how it was answered.
    await distributor.getByRole('button', { name: 'Issue credit note for what is missing' }).click();
    await expect(distributor.getByTestId('receipt-status')).toHaveText('Resolved');
    await expect(retailer.getByTestId('receipt-status')).toHaveText('Resolved');
    const creditNumber = `CN-${year}-0001`;
    await retailer.goto(invoiceUrl);
    await expect(retailer.getByRole('heading', { level: 1, name: `Invoice ${invoiceNumber}` })).toBeVisible();
    await expect(retailer.getByTestId('credit-note')).toContainText(creditNumber);
    await expect(retailer.getByTestId('invoice-standing')).toHaveText('Partially paid');

    // 7. The retailer pays the balance, allocated to the invoice; the distributor sees it pending, live, and confirms.
    await distributor.goto(`${own.url}/partner/dashboard/payments`);
    await expect(distributor.getByText('No payment is waiting for you.')).toBeVisible();
    await expect(distributor.getByTestId('aging-owed')).toHaveText(gbp(balance));
    await retailer.goto(`${own.url}/partner/dashboard/payments`);
    await expect(retailer.getByTestId('owed-total')).toHaveText(gbp(balance));
    const form = retailer.getByTestId('record-payment');
    await form.getByLabel('Amount (GBP)').fill((balance / 100).toFixed(2));
    await expect(form.getByLabel(`Amount for ${invoiceNumber}`)).toHaveValue((balance / 100).toFixed(2));
    await form.getByLabel('Reference').fill('BACS CYCLE 1');
    await form.getByRole('button', { name: 'Record payment' }).click();
    await expect(retailer.getByText('Payment recorded', { exact: true })).toBeVisible();
    const mine = retailer.getByRole('table', { name: 'Your payments' }).getByTestId('payment-row');
    await expect(mine.getByTestId('payment-status')).toHaveText('Pending');
    const toConfirm = distributor.getByRole('table', { name: 'Payments to confirm' }).getByTestId('payment-row');
    await expect(toConfirm.getByTestId('payment-amount')).toHaveText(gbp(balance));
    await expect(toConfirm).toContainText('BACS CYCLE 1');
    await toConfirm.getByRole('button', { name: /^Confirm PAY-/ }).click();
    await expect(distributor.getByText('Payment confirmed', { exact: true })).toBeVisible();

    // 8. Settled on both sides: nothing owed, the invoice paid, the order 'Paid' for both.
    await expect(mine.getByTestId('payment-status')).toHaveText('Settled');
    await expect(retailer.getByTestId('owed-total')).toHaveText(gbp(0));
    await expect(distributor.getByText('No retailer owes you anything.')).toBeVisible();
    await retailer.goto(invoiceUrl);
    await expect(retailer.getByTestId('invoice-standing')).toHaveText('Paid');
    await distributor.goto(invoiceUrl);
    await expect(distributor.getByTestId('invoice-standing')).toHaveText('Paid');
    await retailer.goto(orderUrl);
    await expect(retailer.getByTestId('order-status')).toHaveText('Paid');
    await distributor.goto(orderUrl);
    await expect(distributor.getByTestId('order-status')).toHaveText('Paid');

    // A retailer of another distributor reaches none of it.
    await signInPartner(stranger, own.url, STRANGER_EMAIL);
    await expect(stranger).toHaveURL(/\/partner\/dashboard\/retailer$/);
    for (const url of [orderUrl, invoiceUrl, receiptUrl]) expect((await stranger.goto(url))?.status(), url).toBe(404);
    expect((await stranger.request.get(own.url + pdfHref)).status()).toBe(404);
    // The distributor's shipment page is a distributor's page: a retailer is refused it by role, and sees nothing of it.
    await stranger.goto(shipmentUrl);
    await expect(stranger.getByText('Access Denied')).toBeVisible();
    await expect(stranger.getByText(shipmentNumber)).toHaveCount(0);
    await stranger.goto(`${own.url}/partner/dashboard/retailer/invoices`);
    await expect(stranger.getByText('No invoices yet.')).toBeVisible();
  } finally {
    await Promise.all([retailerContext.close(), distributorContext.close(), strangerContext.close()]);
    await (await own.stopAndOpenDatabase()).close();
  }
});
