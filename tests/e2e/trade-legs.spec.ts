// Issue 43's two upper legs end to end on a fresh install (the demo seed, the demo users), both
// parties checked after every step. Brand → importer: the demo importer (Albion Spirits Imports)
// orders gin from the brand; staff approve it on Trade orders, issue the brand's invoice on Trade
// invoices, ship it on Trade shipments; the importer receives it with one case damaged (its stock
// rises by the good cases), pays the invoice on its Payments page's paying side, and staff confirm it
// on Trade payments. Importer → distributor: the importer offers gin to its distributor (Pennine
// Drinks) from Assign to Distributors; the distributor accepts from its bell; the importer invoices
// and ships it from its supplier pages; the distributor receives it, pays, and the importer confirms.
// Every figure is the seed's opening stock and what the journey moved, so it runs on a server of its
// own. (An offer declined: allocation-offers.spec.ts.)
import { expect, type Page, test } from '@playwright/test';
import { TIME_SCALE } from '../../playwright.config';
import { SEED_PARTNER_STOCK_SHARE, SEED_PRODUCTS } from '../../server/seed/products';
import { plural } from '../../shared/plural';
import { demoEmail, seriousAxeIssues, signInAsDemo, signInPartner } from './fixtures';
import { startOwnServer } from './own-server';

const GIN = SEED_PRODUCTS.find((p) => p.slug === 'frolic-london-dry-gin')!;
const IMPORTER = 'Albion Spirits Imports';
const DISTRIBUTOR = 'Pennine Drinks';
/** The demo holders' opening cases of gin (server/seed/partners.ts). */
const IMPORTER_CASES = Math.floor((GIN.openingBottles / GIN.caseSize) * SEED_PARTNER_STOCK_SHARE.importer);
const DISTRIBUTOR_CASES = Math.floor((GIN.openingBottles / GIN.caseSize) * SEED_PARTNER_STOCK_SHARE.distributor);
/** The importer's order to the brand (one case arrives damaged) and its offer to the distributor. */
const BRAND_ORDER = 5;
const OFFER = 3;
/** A 16 × 16 PNG: the buyer's photo of the delivery. */
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAGElEQVQokWNoCDAgCTGMaggYDaWG4Zo0AGoIABAaJe6YAAAAAElFTkSuQmCC',
  'base64',
);
const year = new Date().getUTCFullYear();

const headingNumber = async (page: Page, prefix: string) => (await page.getByRole('heading', { level: 1 }).textContent())!.replace(prefix, '').trim();
/** A price as the pages print it (£1,234.56) as the payment form's amount (1234.56). */
const amountOf = (printed: string) => printed.replace(/[^0-9.]/g, '');

test('brand → importer and importer → distributor: ordered or offered, approved, invoiced, shipped, received, paid — both parties see every step', async ({
  browser,
}) => {
  test.setTimeout(240_000 * TIME_SCALE);
  const own = await startOwnServer(Number(process.env.E2E_PORT ?? 3210) + 650 + test.info().workerIndex, { demo: true });
  const staffContext = await browser.newContext();
  const importerContext = await browser.newContext();
  const distributorContext = await browser.newContext();
  const productPage = `${own.url}/partner/dashboard/products/${GIN.slug}`;
  /** A partner's own stock of gin, on its product page. */
  const ownStock = async (page: Page, cases: number) => {
    await page.goto(productPage);
    await expect(page.getByTestId('own-stock')).toHaveText(`Your stock: ${plural(cases, 'case')} available`);
  };
  try {
    const staff = await staffContext.newPage();
    const importer = await importerContext.newPage();
    const distributor = await distributorContext.newPage();
    const staffNav = staff.getByRole('navigation', { name: 'Admin' });
    const importerNav = importer.getByRole('navigation', { name: 'Partner' });
    const distributorNav = distributor.getByRole('navigation', { name: 'Partner' });

    await signInPartner(importer, own.url, demoEmail('importer'));
    await expect(importer).toHaveURL(/\/partner\/dashboard$/);
    await ownStock(importer, IMPORTER_CASES);
    await signInAsDemo(staff, 'admin', { base: own.url });
    await expect(staff).toHaveURL(/\/admin\/dashboard$/);

    // ---- Brand → importer ----
    let brandOrder = '';
    let orderUrl = '';
    let staffOrder = '';
    await test.step('the importer orders from the brand; staff see it submitted', async () => {
      await importerNav.getByRole('link', { name: 'Place Order', exact: true }).click();
      await expect(importer.getByRole('heading', { level: 1, name: 'Place Order' })).toBeVisible();
      await importer.getByLabel(`Cases of ${GIN.name}`, { exact: true }).fill(String(BRAND_ORDER));
      await importer.getByRole('button', { name: 'Place order' }).click();
      await expect(importer.getByText('Order placed', { exact: true })).toBeVisible();
      await expect(importer.getByTestId('order-status')).toHaveText('Submitted');
      brandOrder = await headingNumber(importer, 'Order ');
      orderUrl = importer.url();

      await staffNav.getByRole('link', { name: 'Trade orders' }).click();
      await expect(staff.getByRole('heading', { level: 1, name: 'Trade orders' })).toBeVisible();
      await expect(staff.getByRole('row', { name: new RegExp(brandOrder) })).toContainText('Submitted');
    });

    await test.step('staff approve it; the importer sees it seen, then approved, live', async () => {
      await staff.getByRole('link', { name: brandOrder }).click();
      await expect(staff.getByTestId('order-status')).toHaveText('Seen');
      await expect(importer.getByTestId('order-status')).toHaveText('Seen');
      staffOrder = staff.url();
      await staff.getByRole('button', { name: 'Approve order' }).click();
      await expect(staff.getByTestId('order-status')).toHaveText('Approved');
      await expect(importer.getByTestId('order-status')).toHaveText('Approved');
      // Goods move by shipment on every leg: no "Mark shipped" on a new order.
      await expect(staff.getByRole('button', { name: 'Mark shipped' })).toHaveCount(0);
    });

    const brandInvoice = `INV-${year}-0001`;
    let brandTotal = '';
    let staffInvoice = '';
    await test.step('staff generate and issue the brand’s invoice; the importer sees the order invoiced and the invoice received', async () => {
      await staffNav.getByRole('link', { name: 'Trade invoices' }).click();
      await expect(staff.getByRole('heading', { level: 1, name: 'Trade invoices' })).toBeVisible();
      await expect(staff.getByText('No invoices match.')).toBeVisible();
      expect(await seriousAxeIssues(staff)).toEqual([]);
      await staff.getByRole('link', { name: 'Generate Invoice' }).click();
      await expect(staff.getByRole('heading', { level: 1, name: 'Generate Invoice' })).toBeVisible();
      await staff.getByLabel('Importer', { exact: true }).selectOption({ label: `${IMPORTER} (1 approved order)` });
      await staff.getByRole('button', { name: 'Show orders' }).click();
      await staff.getByRole('checkbox', { name: new RegExp(brandOrder) }).check();
      await staff.getByRole('button', { name: 'Preview invoice' }).click();
      brandTotal = (await staff.getByTestId('preview-total').textContent())!.trim();
      expect(await seriousAxeIssues(staff)).toEqual([]);
      await staff.getByRole('button', { name: 'Issue invoice' }).click();
      await expect(staff.getByText('Invoice issued', { exact: true })).toBeVisible();
      await expect(staff.getByRole('heading', { level: 1, name: `Invoice ${brandInvoice}` })).toBeVisible();
      await expect(staff.getByTestId('invoice-standing')).toHaveText('Issued');
      await expect(staff.getByTestId('invoice-total')).toHaveText(brandTotal);
      staffInvoice = staff.url();
      expect(await seriousAxeIssues(staff)).toEqual([]);

      await expect(importer.getByTestId('order-status')).toHaveText('Invoiced');
      await importerNav.getByRole('link', { name: 'Received Invoices', exact: true }).click();
      const invoices = importer.getByRole('table', { name: 'Your invoices' });
      await expect(invoices.getByRole('link', { name: brandInvoice })).toBeVisible();
      await expect(invoices.getByTestId('invoice-row-total')).toHaveText(brandTotal);
    });

    let brandShipment = '';
    await test.step('staff create and ship a shipment on Trade shipments; the importer sees it coming, its own stock not yet risen', async () => {
      await staffNav.getByRole('link', { name: 'Trade shipments' }).click();
      await expect(staff.getByRole('heading', { level: 1, name: 'Trade shipments' })).toBeVisible();
      await expect(staff.getByText('No shipments yet.')).toBeVisible();
      expect(await seriousAxeIssues(staff)).toEqual([]);
      await staff.getByRole('link', { name: 'New shipment' }).click();
      await staff.getByLabel('Importer').selectOption({ label: `${IMPORTER} (1 order to ship)` });
      await staff.getByRole('button', { name: 'Show what is left to ship' }).click();
      await expect(staff.getByLabel(`Cases of ${GIN.name} to ship on order ${brandOrder}`)).toHaveValue(String(BRAND_ORDER));
      await staff.getByLabel('Tracking number').fill('JD0143LEGS');
      expect(await seriousAxeIssues(staff)).toEqual([]);
      await staff.getByRole('button', { name: 'Create shipment' }).click();
      await expect(staff.getByText('Shipment created', { exact: true })).toBeVisible();
      await expect(staff.getByTestId('shipment-status')).toHaveText('Preparing');
      brandShipment = await headingNumber(staff, 'Shipment ');
      await staff.getByRole('button', { name: 'Mark shipped' }).click();
      await expect(staff.getByText('Marked shipped', { exact: true })).toBeVisible();
      await expect(staff.getByTestId('shipment-status')).toHaveText('Shipped');
      expect(await seriousAxeIssues(staff)).toEqual([]);

      await importer.goto(orderUrl);
      await expect(importer.getByTestId('order-status')).toHaveText('Shipped');
      // In transit: in nobody's figure yet.
      await ownStock(importer, IMPORTER_CASES);
      await importerNav.getByRole('link', { name: 'Receipts', exact: true }).click();
      const waiting = importer.getByRole('table', { name: 'Shipments waiting for your receipt' });
      await expect(waiting.getByRole('link', { name: brandShipment })).toBeVisible();
      await expect(waiting.getByTestId('shipment-row-status')).toHaveText('Shipped');
      await expect(waiting.getByTestId('tracking-link')).toHaveAttribute('href', 'https://www.dhl.com/en/express/tracking.html?AWB=JD0143LEGS');
    });

    await test.step('the importer receives it with one case damaged; staff see the discrepancy; the good cases are in the importer’s stock', async () => {
      await importer.getByRole('table', { name: 'Shipments waiting for your receipt' }).getByRole('link', { name: brandShipment }).click();
      await expect(importer.getByRole('heading', { level: 1, name: `Shipment ${brandShipment}` })).toBeVisible();
      await importer.getByLabel(`Cases of ${GIN.name} received`).fill(String(BRAND_ORDER - 1));
      await importer.getByLabel(`Cases of ${GIN.name} damaged`).fill('1');
      await importer.getByLabel('Photo or PDF of the delivery').setInputFiles({ name: 'delivery.png', mimeType: 'image/png', buffer: PHOTO });
      await importer.getByLabel(/^Note/).fill('One case broken in transit.');
      await importer.getByRole('button', { name: 'Confirm receipt' }).click();
      await expect(importer.getByText('Receipt recorded', { exact: true })).toBeVisible();
      await expect(importer.getByTestId('shipment-status')).toHaveText('Delivered');
      await expect(importer.getByTestId('receipt-status')).toHaveText('Discrepancy');
      await expect(importer.getByTestId('line-damaged')).toHaveText('1');

      await staff.reload();
      await expect(staff.getByTestId('shipment-status')).toHaveText('Delivered');
      await expect(staff.getByTestId('receipt-status')).toHaveText('Discrepancy');
      await expect(staff.getByTestId('line-received')).toHaveText(String(BRAND_ORDER - 1));
      await expect(staff.getByTestId('line-damaged')).toHaveText('1');
      await expect(staff.getByTestId('receipt-attachment')).toHaveText('delivery.png');
      await staff.goto(staffOrder);
      await expect(staff.getByTestId('order-status')).toHaveText('Delivered');

      await importer.goto(orderUrl);
      await expect(importer.getByTestId('order-status')).toHaveText('Delivered');
      await ownStock(importer, IMPORTER_CASES + BRAND_ORDER - 1);
    });

    await test.step('the importer pays the invoice; staff confirm it on Trade payments; both see it paid', async () => {
      await importer.goto(`${own.url}/partner/dashboard/payments?side=paying`);
      await expect(importer.getByTestId('owed-invoice')).toContainText(brandInvoice);
      const form = importer.getByTestId('record-payment');
      await form.getByLabel('Amount (GBP)').fill(amountOf(brandTotal));
      await expect(form.getByLabel(`Amount for ${brandInvoice}`)).toHaveValue(amountOf(brandTotal));
      await form.getByLabel('Reference').fill('ALBION LEGS 1');
      await form.getByRole('button', { name: 'Record payment' }).click();
      await expect(importer.getByText('Payment recorded', { exact: true })).toBeVisible();
      const mine = importer.getByRole('table', { name: 'Your payments' }).getByTestId('payment-row');
      await expect(mine.getByTestId('payment-status')).toHaveText('Pending');
      const payment = (await mine.getAttribute('data-payment'))!;

      await staffNav.getByRole('link', { name: 'Trade payments' }).click();
      await expect(staff.getByRole('heading', { level: 1, name: 'Trade payments' })).toBeVisible();
      await expect(staff.locator(`[data-testid="payment-row"][data-payment="${payment}"]`)).toContainText(IMPORTER);
      await expect(staff.getByTestId('pending-total')).toHaveText(brandTotal);
      expect(await seriousAxeIssues(staff)).toEqual([]);
      await staff.getByRole('button', { name: `Confirm ${payment}` }).click();
      await expect(staff.getByText('Payment confirmed', { exact: true })).toBeVisible();
      await expect(staff.getByText('No payment is waiting for you.')).toBeVisible();

      await expect(mine.getByTestId('payment-status')).toHaveText('Settled');
      await expect(importer.getByTestId('nothing-owed')).toBeVisible();
      await importer.goto(orderUrl);
      await expect(importer.getByTestId('order-status')).toHaveText('Paid');
      await staff.goto(staffInvoice);
      await expect(staff.getByTestId('invoice-standing')).toHaveText('Paid');
      await staff.goto(staffOrder);
      await expect(staff.getByTestId('order-status')).toHaveText('Paid');
    });

    // ---- Importer → distributor ----
    const importerCases = IMPORTER_CASES + BRAND_ORDER - 1;
    let offer = '';
    let offerUrl = '';
    await test.step('the importer offers cases to its distributor, who accepts from its bell', async () => {
      await signInPartner(distributor, own.url, demoEmail('distributor'));
      await expect(distributor).toHaveURL(/\/partner\/dashboard\/distributor$/);
      await ownStock(distributor, DISTRIBUTOR_CASES);
      // What its importer can sell it: the importer's own stock, with the brand's cases received.
      await expect(distributor.getByTestId('availability')).toHaveText(`${plural(importerCases, 'case')} available`);

      await importerNav.getByRole('link', { name: 'Assign to Distributors', exact: true }).click();
      await expect(importer.getByRole('heading', { level: 1, name: 'Assign to Distributors' })).toBeVisible();
      await importer.getByLabel('Distributor').selectOption({ label: DISTRIBUTOR });
      await importer.getByLabel(`Cases of ${GIN.name} (${GIN.caseSize} bottles each)`).fill(String(OFFER));
      await importer.getByLabel('Note').fill('For the spring list');
      await importer.getByRole('button', { name: 'Offer to distributor' }).click();
      await expect(importer.getByText('Offer sent', { exact: true })).toBeVisible();
      const row = importer.getByTestId('offer').first();
      await expect(row.getByTestId('offer-status')).toHaveText('Offered');
      offer = (await row.getByRole('link').textContent())!.trim();

      // The distributor's open page: its bell, and its importer's figure less what is reserved for it.
      await expect(distributor.getByTestId('bell-dot')).toBeVisible();
      await expect(distributor.getByTestId('availability')).toHaveText(`${plural(importerCases - OFFER, 'case')} available`);
      await distributor.goto(`${own.url}/partner/dashboard/notifications`);
      await distributor
        .getByRole('main')
        .getByRole('button', { name: `${IMPORTER} offered you ${OFFER} cases (order ${offer})` })
        .click();
      await expect(distributor.getByRole('heading', { level: 1, name: `Order ${offer}` })).toBeVisible();
      await expect(distributor.getByTestId('order-status').first()).toHaveText('Offered');
      offerUrl = distributor.url();
      await distributor.getByRole('button', { name: 'Accept offer' }).click();
      await expect(distributor.getByText('Offer accepted', { exact: true })).toBeVisible();
      await expect(distributor.getByTestId('order-status').first()).toHaveText('Approved');

      await importer.reload();
      await expect(importer.getByTestId('offer').filter({ hasText: offer }).getByTestId('offer-status')).toHaveText('Approved');
    });

    const distributorInvoice = `INV-${year}-0001`;
    let distributorTotal = '';
    await test.step('the importer invoices it; the distributor sees the order invoiced and the invoice received', async () => {
      await importerNav.getByRole('link', { name: 'Generate Invoice', exact: true }).click();
      await expect(importer).toHaveURL(/\/partner\/dashboard\/supplier\/invoices\/generate$/);
      await importer.getByLabel('Distributor', { exact: true }).selectOption({ label: `${DISTRIBUTOR} (1 approved order)` });
      await importer.getByRole('button', { name: 'Show orders' }).click();
      await importer.getByRole('checkbox', { name: new RegExp(offer) }).check();
      await importer.getByRole('button', { name: 'Preview invoice' }).click();
      distributorTotal = (await importer.getByTestId('preview-total').textContent())!.trim();
      await importer.getByRole('button', { name: 'Issue invoice' }).click();
      await expect(importer.getByText('Invoice issued', { exact: true })).toBeVisible();
      // The importer's own series: its first invoice.
      await expect(importer.getByRole('heading', { level: 1, name: `Invoice ${distributorInvoice}` })).toBeVisible();
      await expect(importer.getByTestId('invoice-standing')).toHaveText('Issued');
      await expect(importer.getByTestId('invoice-issuer')).toContainText(IMPORTER);

      await expect(distributor.getByTestId('order-status').first()).toHaveText('Invoiced');
      await distributorNav.getByRole('link', { name: 'Received Invoices', exact: true }).click();
      const invoices = distributor.getByRole('table', { name: 'Your invoices' });
      await expect(invoices.getByRole('link', { name: distributorInvoice })).toBeVisible();
      await expect(invoices.getByTestId('invoice-row-total')).toHaveText(distributorTotal);
    });

    let distributorShipment = '';
    await test.step('the importer ships it; the distributor sees it coming, its own stock not yet risen', async () => {
      await importerNav.getByRole('link', { name: 'Shipments', exact: true }).click();
      await importer.getByRole('link', { name: 'New shipment' }).click();
      await expect(importer).toHaveURL(/\/partner\/dashboard\/supplier\/shipments\/new$/);
      await importer.getByLabel('Distributor').selectOption({ label: `${DISTRIBUTOR} (1 order to ship)` });
      await importer.getByRole('button', { name: 'Show what is left to ship' }).click();
      await expect(importer.getByLabel(`Cases of ${GIN.name} to ship on order ${offer}`)).toHaveValue(String(OFFER));
      await importer.getByRole('button', { name: 'Create shipment' }).click();
      await expect(importer.getByText('Shipment created', { exact: true })).toBeVisible();
      distributorShipment = await headingNumber(importer, 'Shipment ');
      await importer.getByRole('button', { name: 'Mark shipped' }).click();
      await expect(importer.getByTestId('shipment-status')).toHaveText('Shipped');

      await distributor.goto(offerUrl);
      await expect(distributor.getByTestId('order-status').first()).toHaveText('Shipped');
      await ownStock(distributor, DISTRIBUTOR_CASES);
      await distributorNav.getByRole('link', { name: 'Receipts', exact: true }).click();
      const waiting = distributor.getByRole('table', { name: 'Shipments waiting for your receipt' });
      await expect(waiting.getByRole('link', { name: distributorShipment })).toBeVisible();
      await expect(waiting.getByTestId('shipment-row-status')).toHaveText('Shipped');
    });

    await test.step('the distributor receives it in full; the importer’s open shipment page says so; the cases are in the distributor’s stock', async () => {
      await distributor.getByRole('table', { name: 'Shipments waiting for your receipt' }).getByRole('link', { name: distributorShipment }).click();
      await expect(distributor.getByLabel(`Cases of ${GIN.name} received`)).toHaveValue(String(OFFER));
      await distributor.getByLabel('Photo or PDF of the delivery').setInputFiles({ name: 'delivery.png', mimeType: 'image/png', buffer: PHOTO });
      await distributor.getByRole('button', { name: 'Confirm receipt' }).click();
      await expect(distributor.getByText('Receipt recorded', { exact: true })).toBeVisible();
      await expect(distributor.getByTestId('shipment-status')).toHaveText('Delivered');
      await expect(distributor.getByTestId('receipt-status')).toHaveText('Received in full');

      await expect(importer.getByTestId('shipment-status')).toHaveText('Delivered');
      await expect(importer.getByTestId('receipt-status')).toHaveText('Received in full');
      await ownStock(distributor, DISTRIBUTOR_CASES + OFFER);
      await ownStock(importer, importerCases - OFFER);
      await distributor.goto(offerUrl);
      await expect(distributor.getByTestId('order-status').first()).toHaveText('Delivered');
    });

    await test.step('the distributor pays; the importer confirms on its Payments (receiving); both see it paid', async () => {
      await distributor.goto(`${own.url}/partner/dashboard/payments?side=paying`);
      await expect(distributor.getByTestId('owed-invoice')).toContainText(distributorInvoice);
      const form = distributor.getByTestId('record-payment');
      await form.getByLabel('Amount (GBP)').fill(amountOf(distributorTotal));
      await expect(form.getByLabel(`Amount for ${distributorInvoice}`)).toHaveValue(amountOf(distributorTotal));
      await form.getByLabel('Reference').fill('PENNINE LEGS 1');
      await form.getByRole('button', { name: 'Record payment' }).click();
      await expect(distributor.getByText('Payment recorded', { exact: true })).toBeVisible();
      const mine = distributor.getByRole('table', { name: 'Your payments' }).getByTestId('payment-row');
      await expect(mine.getByTestId('payment-status')).toHaveText('Pending');

      await importerNav.getByRole('link', { name: 'Payments', exact: true }).click();
      await expect(importer.getByRole('navigation', { name: 'Paying or receiving' }).getByRole('link', { name: 'Receiving' })).toHaveAttribute(
        'aria-current',
        'page',
      );
      const toConfirm = importer.getByRole('table', { name: 'Payments to confirm' }).getByTestId('payment-row');
      await expect(toConfirm.getByTestId('payment-amount')).toHaveText(distributorTotal);
      await expect(toConfirm).toContainText('PENNINE LEGS 1');
      await toConfirm.getByRole('button', { name: /^Confirm PAY-/ }).click();
      await expect(importer.getByText('Payment confirmed', { exact: true })).toBeVisible();
      await expect(importer.getByText('No payment is waiting for you.')).toBeVisible();

      await expect(mine.getByTestId('payment-status')).toHaveText('Settled');
      await expect(distributor.getByTestId('nothing-owed')).toBeVisible();
      await distributor.goto(offerUrl);
      await expect(distributor.getByTestId('order-status').first()).toHaveText('Paid');
      await importer.goto(offerUrl);
      await expect(importer.getByTestId('order-status').first()).toHaveText('Paid');
    });
  } finally {
    await Promise.all([staffContext.close(), importerContext.close(), distributorContext.close()]);
    await (await own.stopAndOpenDatabase()).close();
  }
});
