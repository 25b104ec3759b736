// Issue 41, "Stock has one truth", end to end on a fresh install (the demo seed, the demo users): the
// demo retailer (The Copper Still) orders gin its catalogue shows as available, and its distributor
// (Pennine Drinks, the demo distributor) approves it; the demo importer (Albion) orders gin from the
// brand, staff approve it and ship it from Trade shipments, and the importer confirms its receipt
// (issue 43). Approval reserves at the seller — its on-hand figure stays, its available figure drops
// —; shipping takes the bottles off the seller's hand into transit, in nobody's figure; the receipt
// puts them in the buyer's stock. Every person's page (the catalogue, the order form's Available
// column, the dashboard's Stock card, staff's Manage Products) shows the move; open pages without a
// reload (the buyers' order forms, which the order's own signal also refreshes, and the distributor's
// product page at the importer's receipt, which only the stock's signal does). Every figure is the
// seed's opening stock (server/seed/products.ts, server/seed/partners.ts) and what the journey moved,
// so it runs on a server of its own.
import { type Browser, expect, type Page, test } from '@playwright/test';
import { TIME_SCALE } from '../../playwright.config';
import { SEED_PARTNER_STOCK_SHARE, SEED_PRODUCTS } from '../../server/seed/products';
import { plural } from '../../shared/plural';
import { demoEmail, signInAsDemo, signInPartner } from './fixtures';
import { startOwnServer } from './own-server';

const GIN = SEED_PRODUCTS.find((p) => p.slug === 'frolic-london-dry-gin')!;
/** A holder's opening cases of a seeded product (whole cases, rounded down, as the seed opens them). */
const openingCases = (p: (typeof SEED_PRODUCTS)[number], share = 1) => Math.floor((p.openingBottles / p.caseSize) * share);
const BRAND_CASES = openingCases(GIN);
const IMPORTER_CASES = openingCases(GIN, SEED_PARTNER_STOCK_SHARE.importer);
const DISTRIBUTOR_CASES = openingCases(GIN, SEED_PARTNER_STOCK_SHARE.distributor);
/** The importer's opening stock of every seeded product, in bottles (its dashboard's total). */
const IMPORTER_BOTTLES = SEED_PRODUCTS.reduce((s, p) => s + openingCases(p, SEED_PARTNER_STOCK_SHARE.importer) * p.caseSize, 0);
const RETAILER_ORDER = 1;
const IMPORTER_ORDER = 4;
const n = (v: number) => v.toLocaleString('en-GB');
/** A 16 × 16 PNG: the importer's photo of the delivery. */
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAGElEQVQokWNoCDAgCTGMaggYDaWG4Zo0AGoIABAaJe6YAAAAAElFTkSuQmCC',
  'base64',
);
const bottles = (cases: number) => cases * GIN.caseSize;

/** The gin's card on Browse Catalog. */
const card = (page: Page) =>
  page
    .getByRole('list', { name: 'Products' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: GIN.name, exact: true }) });
/** The gin's row of the order form (Place Order, Place Orders). */
const orderRow = (page: Page) => page.getByTestId('order-product').filter({ has: page.getByText(GIN.name, { exact: true }) });
/** The gin's row on the dashboard's Stock card: its cells are On hand, Available, Status. */
const holding = (page: Page) =>
  page
    .getByTestId('stock-card')
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: GIN.name, exact: true }) })
    .getByRole('cell');

/** A browser whose pages note when their live socket is open (the server listens for it by then). */
async function liveBrowser(browser: Browser) {
  const context = await browser.newContext();
  await context.addInitScript(() => {
    const Native = window.WebSocket;
    window.WebSocket = class extends Native {
      constructor(...args: ConstructorParameters<typeof WebSocket>) {
        super(...args);
        this.addEventListener('open', () => Object.assign(window, { liveOpen: true }));
      }
    };
  });
  return context;
}

/**
 * Before another person moves stock: the page listens (its live socket is open), and is marked, so
 * `stillMarked` can say it was not loaded again (a live refresh keeps the document).
 */
async function markPage(page: Page) {
  await page.waitForFunction(() => (window as { liveOpen?: boolean }).liveOpen === true);
  await page.evaluate(() => Object.assign(window, { stockTruthMark: true }));
}
const stillMarked = (page: Page) => page.evaluate(() => (window as { stockTruthMark?: boolean }).stockTruthMark === true);

test('retailer → distributor and importer → brand: approval reserves at the seller, and every person sees the figures move', async ({ browser }) => {
  test.setTimeout(180_000 * TIME_SCALE);
  // The figures the issue names: the brand's 1,440 bottles of gin are 240 cases; the importer opens with 25 %, each distributor with 10 %.
  expect([BRAND_CASES, IMPORTER_CASES, DISTRIBUTOR_CASES]).toEqual([240, 60, 24]);
  const own = await startOwnServer(Number(process.env.E2E_PORT ?? 3210) + 600 + test.info().workerIndex, { demo: true });
  const retailerContext = await liveBrowser(browser);
  const distributorContext = await liveBrowser(browser);
  const importerContext = await liveBrowser(browser);
  const staffContext = await browser.newContext();
  try {
    const retailer = await retailerContext.newPage();
    const distributor = await distributorContext.newPage();
    const importer = await importerContext.newPage();
    const staff = await staffContext.newPage();
    const productPage = `${own.url}/partner/dashboard/products/${GIN.slug}`;

    await test.step('the retailer orders one case of what its distributor has; the distributor approves it', async () => {
      // The distributor's own stock of gin as the seed opened it: all of it on hand and available.
      await signInPartner(distributor, own.url, demoEmail('distributor'));
      await expect(distributor).toHaveURL(/\/partner\/dashboard\/distributor$/);
      await expect(holding(distributor).nth(0)).toHaveText(n(bottles(DISTRIBUTOR_CASES)));
      await expect(holding(distributor).nth(1)).toHaveText(`${n(bottles(DISTRIBUTOR_CASES))} (${plural(DISTRIBUTOR_CASES, 'case')})`);
      await distributor.goto(productPage);
      await expect(distributor.getByRole('heading', { level: 1, name: GIN.name })).toBeVisible();
      // Its supplier's figure (the importer's) and its own.
      await expect(distributor.getByTestId('availability')).toHaveText(`${plural(IMPORTER_CASES, 'case')} available`);
      await expect(distributor.getByTestId('own-stock')).toHaveText(`Your stock: ${plural(DISTRIBUTOR_CASES, 'case')} available`);

      // The retailer's Browse Catalog: the distributor's available figure; a retailer holds no stock of its own.
      await signInPartner(retailer, own.url, demoEmail('retailer'));
      await expect(retailer).toHaveURL(/\/partner\/dashboard\/retailer$/);
      await retailer.getByRole('navigation', { name: 'Partner' }).getByRole('link', { name: 'Browse Catalog' }).click();
      await expect(retailer.getByRole('heading', { level: 1, name: 'Browse Catalog' })).toBeVisible();
      await expect(retailer.getByTestId('pricing-note')).toContainText('Availability is what Pennine Drinks can sell you now.');
      await expect(card(retailer).getByTestId('availability')).toHaveText(`${plural(DISTRIBUTOR_CASES, 'case')} available`);
      await expect(card(retailer).getByTestId('own-stock')).toHaveCount(0);

      // Place Orders shows the same figure; more than that is refused on the line, and the button is off.
      await retailer.getByRole('navigation', { name: 'Partner' }).getByRole('link', { name: 'Place Orders' }).click();
      await expect(retailer.getByRole('heading', { level: 1, name: 'Place Orders' })).toBeVisible();
      await expect(orderRow(retailer).getByTestId('order-available')).toHaveText(plural(DISTRIBUTOR_CASES, 'case'));
      const cases = retailer.getByLabel(`Cases of ${GIN.name}`, { exact: true });
      const place = retailer.getByRole('button', { name: 'Place order' });
      await cases.fill(String(DISTRIBUTOR_CASES + 1));
      await expect(orderRow(retailer).getByText(`Only ${plural(DISTRIBUTOR_CASES, 'case')} of ${GIN.name} available.`)).toBeVisible();
      await expect(cases).toHaveAttribute('aria-invalid', 'true');
      await expect(place).toBeDisabled();
      // One case is fine.
      await cases.fill(String(RETAILER_ORDER));
      await expect(orderRow(retailer).getByText(/available\.$/)).toHaveCount(0);
      await expect(place).toBeEnabled();
      await place.click();
      await expect(retailer).toHaveURL(/\/partner\/dashboard\/orders\/\d+$/);
      await expect(retailer.getByText('Order placed', { exact: true })).toBeVisible();
      await expect(retailer.getByTestId('order-status')).toHaveText('Submitted');
      const number = (await retailer.getByRole('heading', { level: 1 }).textContent())!.replace('Order ', '').trim();

      // Placing reserves nothing: the retailer, back on Place Orders (kept open from here on), still reads the whole figure.
      await retailer.goto(`${own.url}/partner/dashboard/retailer/orders`);
      await expect(orderRow(retailer).getByTestId('order-available')).toHaveText(plural(DISTRIBUTOR_CASES, 'case'));
      const mine = retailer.getByRole('table', { name: 'Your orders' }).getByTestId('order-row').filter({ hasText: number });
      await expect(mine.getByTestId('order-row-status')).toHaveText('Submitted');
      await markPage(retailer);

      // The distributor opens the order from Approve Orders and approves it as asked.
      await distributor.getByRole('navigation', { name: 'Partner' }).getByRole('link', { name: 'Approve Orders' }).click();
      const waiting = distributor.getByRole('table', { name: 'Orders waiting for you' });
      await waiting.getByRole('link', { name: number }).click();
      await expect(distributor.getByRole('heading', { level: 1, name: `Order ${number}` })).toBeVisible();
      await expect(distributor.getByLabel(`Cases of ${GIN.name} to approve`)).toHaveValue(String(RETAILER_ORDER));
      // Deciding, the distributor sees what its stock covers.
      await expect(distributor.getByTestId('approve-available')).toHaveText(`· ${plural(DISTRIBUTOR_CASES, 'case')} available`);
      await expect(mine.getByTestId('order-row-status')).toHaveText('Seen');
      await expect(orderRow(retailer).getByTestId('order-available')).toHaveText(plural(DISTRIBUTOR_CASES, 'case'));
      await distributor.getByRole('button', { name: 'Approve order' }).click();
      await expect(distributor.getByText('Order approved', { exact: true })).toBeVisible();
      await expect(distributor.getByTestId('order-status')).toHaveText('Approved');

      // The retailer's open Place Orders: one case fewer, and the order approved, without a reload.
      await expect(orderRow(retailer).getByTestId('order-available')).toHaveText(plural(DISTRIBUTOR_CASES - RETAILER_ORDER, 'case'));
      await expect(mine.getByTestId('order-row-status')).toHaveText('Approved');
      expect(await stillMarked(retailer)).toBe(true);
      // The whole old figure is now more than there is: refused on the line …
      const again = retailer.getByLabel(`Cases of ${GIN.name}`, { exact: true });
      await again.fill(String(DISTRIBUTOR_CASES));
      await expect(orderRow(retailer).getByText(`Only ${plural(DISTRIBUTOR_CASES - RETAILER_ORDER, 'case')} of ${GIN.name} available.`)).toBeVisible();
      await expect(retailer.getByRole('button', { name: 'Place order' })).toBeDisabled();
      await again.fill('');
      // … and by the server, were a stale form to send it.
      const catalog = (await (await retailer.request.get(`${own.url}/api/partner/catalog?q=${encodeURIComponent(GIN.name)}`)).json()) as {
        items: { id: number; slug: string }[];
      };
      const ginId = catalog.items.find((p) => p.slug === GIN.slug)!.id;
      const refused = await retailer.request.post(`${own.url}/api/partner/orders`, {
        data: { lines: [{ productId: ginId, cases: DISTRIBUTOR_CASES }] },
        headers: { 'Idempotency-Key': `stock-truth-${Date.now()}` },
      });
      expect(refused.status()).toBe(409);
      expect(((await refused.json()) as { error: { code: string; message: string } }).error).toMatchObject({
        code: 'insufficient_stock',
        message: `Not enough stock of ${GIN.name}: only ${plural(DISTRIBUTOR_CASES - RETAILER_ORDER, 'case')} available.`,
      });
      // Browse Catalog agrees.
      await retailer.goto(`${own.url}/partner/dashboard/retailer/catalog`);
      await expect(card(retailer).getByTestId('availability')).toHaveText(`${plural(DISTRIBUTOR_CASES - RETAILER_ORDER, 'case')} available`);

      // The distributor: the case is reserved, still on hand (nothing shipped), no longer available.
      await distributor.goto(`${own.url}/partner/dashboard/distributor`);
      await expect(holding(distributor).nth(0)).toHaveText(n(bottles(DISTRIBUTOR_CASES)));
      await expect(holding(distributor).nth(1)).toHaveText(
        `${n(bottles(DISTRIBUTOR_CASES - RETAILER_ORDER))} (${plural(DISTRIBUTOR_CASES - RETAILER_ORDER, 'case')})`,
      );
      await distributor.goto(productPage);
      await expect(distributor.getByTestId('own-stock')).toHaveText(`Your stock: ${plural(DISTRIBUTOR_CASES - RETAILER_ORDER, 'case')} available`);
      // Its supplier's stock did not move.
      await expect(distributor.getByTestId('availability')).toHaveText(`${plural(IMPORTER_CASES, 'case')} available`);
    });

    await test.step('the importer orders from the brand; staff approve and ship it; the importer receives it', async () => {
      // The importer's own stock and the brand's, as the seed opened them.
      await signInPartner(importer, own.url, demoEmail('importer'));
      await expect(importer).toHaveURL(/\/partner\/dashboard$/);
      await expect(importer.getByTestId('stock-on-hand')).toHaveText(n(IMPORTER_BOTTLES));
      await expect(holding(importer).nth(0)).toHaveText(n(bottles(IMPORTER_CASES)));
      await expect(holding(importer).nth(1)).toHaveText(`${n(bottles(IMPORTER_CASES))} (${plural(IMPORTER_CASES, 'case')})`);
      await importer.goto(productPage);
      await expect(importer.getByTestId('availability')).toHaveText(`${plural(BRAND_CASES, 'case')} available`);
      await expect(importer.getByTestId('own-stock')).toHaveText(`Your stock: ${plural(IMPORTER_CASES, 'case')} available`);

      // Staff's Manage Products: the brand's gin, nothing reserved.
      await signInAsDemo(staff, 'admin', { base: own.url });
      await expect(staff).toHaveURL(/\/admin\/dashboard$/);
      await staff.goto(`${own.url}/admin/dashboard/products`);
      await expect(staff.getByRole('heading', { level: 1, name: 'Manage Products' })).toBeVisible();
      const stock = staff
        .getByRole('table', { name: 'Products' })
        .getByRole('row')
        .filter({ has: staff.getByRole('link', { name: GIN.name, exact: true }) })
        .getByRole('cell')
        .nth(3);
      await expect(stock).toHaveText(n(GIN.openingBottles));

      // Place Order: the brand's figure; more is refused; four cases are placed.
      await importer.getByRole('navigation', { name: 'Partner' }).getByRole('link', { name: 'Place Order', exact: true }).click();
      await expect(importer.getByRole('heading', { level: 1, name: 'Place Order' })).toBeVisible();
      await expect(orderRow(importer).getByTestId('order-available')).toHaveText(plural(BRAND_CASES, 'case'));
      const cases = importer.getByLabel(`Cases of ${GIN.name}`, { exact: true });
      await cases.fill(String(BRAND_CASES + 1));
      await expect(orderRow(importer).getByText(`Only ${plural(BRAND_CASES, 'case')} of ${GIN.name} available.`)).toBeVisible();
      await expect(importer.getByRole('button', { name: 'Place order' })).toBeDisabled();
      await cases.fill(String(IMPORTER_ORDER));
      await importer.getByRole('button', { name: 'Place order' }).click();
      await expect(importer.getByText('Order placed', { exact: true })).toBeVisible();
      const number = (await importer.getByRole('heading', { level: 1 }).textContent())!.replace('Order ', '').trim();

      // Back on Place Order, kept open: placing reserved nothing.
      await importer.goto(`${own.url}/partner/dashboard/orders/place`);
      await expect(orderRow(importer).getByTestId('order-available')).toHaveText(plural(BRAND_CASES, 'case'));
      await markPage(importer);

      // Staff approve it from Trade orders.
      await staff.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Trade orders' }).click();
      await expect(staff.getByRole('heading', { level: 1, name: 'Trade orders' })).toBeVisible();
      await staff.getByRole('link', { name: number }).click();
      await expect(staff.getByTestId('order-status')).toHaveText('Seen');
      await expect(staff.getByTestId('approve-available')).toHaveText(`· ${plural(BRAND_CASES, 'case')} available`);
      const staffOrder = staff.url();
      await staff.getByRole('button', { name: 'Approve order' }).click();
      await expect(staff.getByTestId('order-status')).toHaveText('Approved');

      // The importer's open Place Order: four cases fewer at the brand, without a reload.
      await expect(orderRow(importer).getByTestId('order-available')).toHaveText(plural(BRAND_CASES - IMPORTER_ORDER, 'case'));
      expect(await stillMarked(importer)).toBe(true);
      // Its catalogue agrees; its own stock has not moved yet (nothing delivered).
      await importer.goto(productPage);
      await expect(importer.getByTestId('availability')).toHaveText(`${plural(BRAND_CASES - IMPORTER_ORDER, 'case')} available`);
      await expect(importer.getByTestId('own-stock')).toHaveText(`Your stock: ${plural(IMPORTER_CASES, 'case')} available`);

      // Manage Products: the brand's gin on hand as before, four cases reserved, the rest available.
      const orderBottles = bottles(IMPORTER_ORDER);
      await staff.goto(`${own.url}/admin/dashboard/products`);
      await expect(stock.getByText(n(GIN.openingBottles - orderBottles), { exact: true })).toBeVisible();
      await expect(stock.getByText(`${n(GIN.openingBottles)} on hand, ${n(orderBottles)} reserved`)).toBeVisible();

      // Shipped from Trade shipments: out of the brand's warehouse, nothing reserved any more.
      await staff.goto(staffOrder);
      await expect(staff.getByTestId('order-status')).toHaveText('Approved');
      await expect(staff.getByRole('button', { name: 'Mark shipped' })).toHaveCount(0);
      await staff.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Trade shipments' }).click();
      await staff.getByRole('link', { name: 'New shipment' }).click();
      await staff.getByLabel('Importer').selectOption({ label: 'Albion Spirits Imports (1 order to ship)' });
      await staff.getByRole('button', { name: 'Show what is left to ship' }).click();
      await expect(staff.getByLabel(`Cases of ${GIN.name} to ship on order ${number}`)).toHaveValue(String(IMPORTER_ORDER));
      await staff.getByRole('button', { name: 'Create shipment' }).click();
      await expect(staff.getByText('Shipment created', { exact: true })).toBeVisible();
      const shipmentNumber = (await staff.getByRole('heading', { level: 1 }).textContent())!.replace('Shipment ', '').trim();
      await staff.getByRole('button', { name: 'Mark shipped' }).click();
      await expect(staff.getByTestId('shipment-status')).toHaveText('Shipped');
      await staff.goto(`${own.url}/admin/dashboard/products`);
      await expect(stock).toHaveText(n(GIN.openingBottles - orderBottles));
      await staff.goto(staffOrder);
      await expect(staff.getByTestId('order-status')).toHaveText('Shipped');

      // In transit: in nobody's figure — the importer's own stock has not risen, nor what its distributor can order.
      await importer.goto(productPage);
      await expect(importer.getByTestId('availability')).toHaveText(`${plural(BRAND_CASES - IMPORTER_ORDER, 'case')} available`);
      await expect(importer.getByTestId('own-stock')).toHaveText(`Your stock: ${plural(IMPORTER_CASES, 'case')} available`);

      // Received: the importer confirms the delivery on its Receipts, with a photo; the cases go into its
      // stock — its own figure rises, and so does what its distributor can order, on the distributor's
      // open product page without a reload (no order of its own moved: the stock's signal to the
      // holder's buyers refreshes it).
      await distributor.goto(productPage);
      await expect(distributor.getByTestId('availability')).toHaveText(`${plural(IMPORTER_CASES, 'case')} available`);
      await markPage(distributor);
      await importer.goto(`${own.url}/partner/dashboard/buyer/receipts`);
      await importer.getByRole('table', { name: 'Shipments waiting for your receipt' }).getByRole('link', { name: shipmentNumber }).click();
      await expect(importer.getByLabel(`Cases of ${GIN.name} received`)).toHaveValue(String(IMPORTER_ORDER));
      await importer.getByLabel('Photo or PDF of the delivery').setInputFiles({ name: 'delivery.png', mimeType: 'image/png', buffer: PHOTO });
      await importer.getByRole('button', { name: 'Confirm receipt' }).click();
      await expect(importer.getByText('Receipt recorded', { exact: true })).toBeVisible();
      await expect(importer.getByTestId('shipment-status')).toHaveText('Delivered');
      await expect(distributor.getByTestId('availability')).toHaveText(`${plural(IMPORTER_CASES + IMPORTER_ORDER, 'case')} available`);
      expect(await stillMarked(distributor)).toBe(true);
      await expect(distributor.getByTestId('own-stock')).toHaveText(`Your stock: ${plural(DISTRIBUTOR_CASES - RETAILER_ORDER, 'case')} available`);
      await staff.reload();
      await expect(staff.getByTestId('order-status')).toHaveText('Delivered');
      await importer.goto(productPage);
      await expect(importer.getByTestId('availability')).toHaveText(`${plural(BRAND_CASES - IMPORTER_ORDER, 'case')} available`);
      await expect(importer.getByTestId('own-stock')).toHaveText(`Your stock: ${plural(IMPORTER_CASES + IMPORTER_ORDER, 'case')} available`);
      await importer.goto(`${own.url}/partner/dashboard`);
      await expect(importer.getByTestId('stock-on-hand')).toHaveText(n(IMPORTER_BOTTLES + orderBottles));
      await expect(holding(importer).nth(0)).toHaveText(n(bottles(IMPORTER_CASES + IMPORTER_ORDER)));
      // The retailer's figure is its distributor's, which the brand's sale did not touch.
      await retailer.goto(`${own.url}/partner/dashboard/retailer/orders`);
      await expect(orderRow(retailer).getByTestId('order-available')).toHaveText(plural(DISTRIBUTOR_CASES - RETAILER_ORDER, 'case'));
    });
  } finally {
    await Promise.all([retailerContext.close(), distributorContext.close(), importerContext.close(), staffContext.close()]);
    await (await own.stopAndOpenDatabase()).close();
  }
});
