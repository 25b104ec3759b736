// The issue's journey (issue 15): a retailer places an order of two lines with its distributor; the
// distributor, already on Approve Orders in another browser, sees it arrive live, opens it (the
// retailer's page turns 'Seen' live) and approves it with one line lowered and a reason; the
// retailer's open order page shows the old and new quantities side by side and the reason without
// a reload. Then staff approve an importer's order to the brand and ship it from Trade shipments,
// and the importer confirms its receipt. Every person is checked after each step. It runs on a server of its own, prepared through the services.
import { readFile } from 'node:fs/promises';
import { asc, eq } from 'drizzle-orm';
import { expect, type Page, test } from '@playwright/test';
import { TIME_SCALE } from '../../playwright.config';
import { formatPrice } from '../../shared/markets';
import { products } from '../../server/db/schema';
import { signInAsDemo, seriousAxeIssues, signInPartner } from './fixtures';
import { type PrepareServices, startOwnServer } from './own-server';
import { createChain, createPeople, firstProducts, stockEach } from './trade-network';

const RETAILER_EMAIL = 'rita@corner-shop.example';
const DISTRIBUTOR_EMAIL = 'dan@thames-drinks.example';
const IMPORTER_EMAIL = 'ida@albion-imports.example';
const READER_EMAIL = 'rob@thames-drinks.example';
/** A 16 × 16 PNG: the importer's photo of the delivery. */
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAGElEQVQokWNoCDAgCTGMaggYDaWG4Zo0AGoIABAaJe6YAAAAAElFTkSuQmCC',
  'base64',
);

let productNames: [string, string] = ['', ''];

/** Albion Imports → Thames Drinks → Corner Shop Wines (GB), a member of each, stock at the distributor and at the brand. */
async function prepare(services: PrepareServices) {
  const { importer, distributor, retailer } = await createChain(
    services.partners,
    { addressLine1: '12 Market Row', city: 'London', postalCode: 'SW9 8LD' },
    {
      importer: { name: 'Albion Imports', licence: 'E2E-ORD-IMP' },
      distributor: { name: 'Thames Drinks', licence: 'E2E-ORD-DIS' },
      retailer: { name: 'Corner Shop Wines', licence: 'E2E-ORD-RET' },
    },
  );
  await createPeople(services.users, [
    { email: RETAILER_EMAIL, firstName: 'Rita', lastName: 'Rowe', roles: ['retailer'], organisationId: retailer.id },
    { email: DISTRIBUTOR_EMAIL, firstName: 'Dan', lastName: 'Dale', roles: ['distributor'], organisationId: distributor.id },
    { email: IMPORTER_EMAIL, firstName: 'Ida', lastName: 'Iles', roles: ['importer'], organisationId: importer.id },
    // The distributor's colleague with read-only access (the generic partner role).
    { email: READER_EMAIL, firstName: 'Rob', lastName: 'Reader', roles: ['partner'], organisationId: distributor.id },
  ]);
  // The two first products of the catalogue (it lists by name); every seeded product has trade prices per tier in GB.
  await stockEach(services.db, [distributor.id, null], await firstProducts(services.db, 2), 60);
}

const line = (page: Page, name: string) => page.getByTestId('order-line').filter({ has: page.getByTestId('line-product').getByText(name, { exact: true }) });

test('a retailer orders, its distributor approves with a line changed, and the retailer sees it live; staff approve and ship an importer order, which it receives', async ({
  browser,
}) => {
  test.setTimeout(180_000 * TIME_SCALE);
  const own = await startOwnServer(Number(process.env.E2E_PORT ?? 3226) + 200 + test.info().workerIndex, {
    demo: true,
    prepare: async (services) => {
      await prepare(services);
      const rows = await services.db
        .select({ name: products.name })
        .from(products)
        .where(eq(products.status, 'active'))
        .orderBy(asc(products.name), asc(products.id))
        .limit(2);
      productNames = [rows[0]!.name, rows[1]!.name];
    },
  });
  const [first, second] = productNames;
  const retailerContext = await browser.newContext();
  const distributorContext = await browser.newContext();
  const staffContext = await browser.newContext();
  const importerContext = await browser.newContext();
  try {
    const retailer = await retailerContext.newPage();
    const distributor = await distributorContext.newPage();

    // The distributor waits on Approve Orders: nothing yet.
    await signInPartner(distributor, own.url, DISTRIBUTOR_EMAIL);
    await expect(distributor).toHaveURL(/\/partner\/dashboard\/distributor$/);
    await distributor.goto(`${own.url}/partner/dashboard/distributor/orders/approve`);
    await expect(distributor.getByRole('heading', { level: 1, name: 'Approve Orders' })).toBeVisible();
    await expect(distributor.getByText('No orders are waiting for you.')).toBeVisible();

    // The retailer opens Place Orders: its prices per bottle and per case, no orders yet.
    await signInPartner(retailer, own.url, RETAILER_EMAIL);
    await expect(retailer).toHaveURL(/\/partner\/dashboard\/retailer$/);
    await retailer.goto(`${own.url}/partner/dashboard/retailer/orders`);
    await expect(retailer.getByRole('heading', { level: 1, name: 'Place Orders' })).toBeVisible();
    await expect(retailer.getByText('No orders yet.')).toBeVisible();
    expect(await seriousAxeIssues(retailer)).toEqual([]);

    // Nothing entered: refused with the schema's message, nothing placed.
    await retailer.getByRole('button', { name: 'Place order' }).click();
    await expect(retailer.getByText('Add at least one product.')).toBeVisible();
    await expect(distributor.getByText('No orders are waiting for you.')).toBeVisible();

    // Two lines; the preview adds them up.
    await retailer.getByLabel(`Cases of ${first}`, { exact: true }).fill('4');
    await retailer.getByLabel(`Cases of ${second}`, { exact: true }).fill('3');
    await expect(retailer.getByTestId('order-preview-total')).toContainText('7 cases');
    await retailer.getByRole('button', { name: 'Place order' }).click();
    await expect(retailer).toHaveURL(/\/partner\/dashboard\/orders\/\d+$/);
    await expect(retailer.getByText('Order placed', { exact: true })).toBeVisible();
    await expect(retailer.getByTestId('order-status')).toHaveText('Submitted');
    const number = (await retailer.getByRole('heading', { level: 1 }).textContent())!.replace('Order ', '').trim();
    expect(number).toMatch(/^FR-\d{4}-\d{6}$/);
    await expect(line(retailer, first).getByTestId('line-requested')).toHaveText('4 cases');
    await expect(line(retailer, second).getByTestId('line-requested')).toHaveText('3 cases');
    await expect(line(retailer, second).getByTestId('line-approved')).toHaveText('—');
    // The buyer cannot approve its own order; it may cancel.
    await expect(retailer.getByRole('button', { name: 'Approve order' })).toHaveCount(0);
    await expect(retailer.getByRole('button', { name: 'Cancel order' })).toBeVisible();
    expect(await seriousAxeIssues(retailer)).toEqual([]);

    // The order arrives on the distributor's open list without a reload.
    const waiting = distributor.getByRole('table', { name: 'Orders waiting for you' });
    await expect(waiting.getByRole('link', { name: number })).toBeVisible();
    await expect(waiting.getByTestId('order-row-status')).toHaveText('Submitted');
    await expect(waiting).toContainText('Corner Shop Wines');

    // The distributor's read-only colleague opens it: the order as it stands, nothing to press, and
    // opening it marks nothing seen (the retailer still reads Submitted).
    const orderUrl = retailer.url();
    const readerContext = await browser.newContext();
    const reader = await readerContext.newPage();
    await signInPartner(reader, own.url, READER_EMAIL);
    await expect(reader.getByText('You have read-only access to Thames Drinks')).toBeVisible();
    await reader.goto(orderUrl);
    await expect(reader.getByRole('heading', { level: 1, name: `Order ${number}` })).toBeVisible();
    await expect(reader.getByTestId('order-status')).toHaveText('Submitted');
    await expect(line(reader, second).getByTestId('line-requested')).toHaveText('3 cases');
    await expect(reader.getByRole('heading', { name: 'What you can do' })).toHaveCount(0);
    await expect(reader.getByRole('button', { name: 'Approve order' })).toHaveCount(0);
    await expect(reader.getByRole('button', { name: 'Reject order' })).toHaveCount(0);
    await expect(reader.getByText('Your access is read-only: you can read the messages, not write one.')).toBeVisible();
    await expect(reader.getByLabel('Write a message')).toHaveCount(0);
    await expect(retailer.getByTestId('order-status')).toHaveText('Submitted');
    await expect(waiting.getByTestId('order-row-status')).toHaveText('Submitted');
    await readerContext.close();

    // Opening it marks it seen: the retailer's page says so live.
    await waiting.getByRole('link', { name: number }).click();
    await expect(distributor.getByRole('heading', { level: 1, name: `Order ${number}` })).toBeVisible();
    await expect(distributor.getByTestId('order-status')).toHaveText('Seen');
    await expect(retailer.getByTestId('order-status')).toHaveText('Seen');
    expect(await seriousAxeIssues(distributor)).toEqual([]);

    // Lowering a line without a reason is refused on that line.
    await distributor.getByLabel(`Cases of ${second} to approve`).fill('1');
    await distributor.getByRole('button', { name: 'Approve order' }).click();
    await expect(distributor.getByText('Say why this line changed.')).toBeVisible();
    await expect(distributor.getByTestId('order-status')).toHaveText('Seen');
    await expect(retailer.getByTestId('order-status')).toHaveText('Seen');

    // Approved with the reason.
    await distributor.getByLabel(`Cases of ${second} to approve`).fill('1');
    await distributor.getByLabel(`Reason for ${second}`).fill('Only one case left this week');
    await distributor.getByRole('button', { name: 'Approve order' }).click();
    await expect(distributor.getByText('Order approved', { exact: true })).toBeVisible();
    await expect(distributor.getByTestId('order-status')).toHaveText('Approved');
    await expect(line(distributor, second).getByTestId('line-approved')).toHaveText('1 case');

    // The retailer's open page: old and new side by side, and why, without a reload.
    await expect(retailer.getByTestId('order-status')).toHaveText('Approved');
    await expect(line(retailer, second).getByTestId('line-requested')).toHaveText('3 cases');
    await expect(line(retailer, second).getByTestId('line-approved')).toHaveText('1 case');
    await expect(line(retailer, second).getByTestId('line-reason')).toHaveText('Changed: Only one case left this week');
    await expect(line(retailer, first).getByTestId('line-approved')).toHaveText('4 cases');
    await expect(line(retailer, first).getByTestId('line-reason')).toHaveCount(0);
    await expect(retailer.getByRole('list', { name: 'Timeline' })).toContainText('Approved');

    // A message from the retailer reaches the distributor's open page.
    await retailer.getByLabel('Write a message').fill('Thanks, the one case is fine.');
    await retailer.getByRole('button', { name: 'Send message' }).click();
    await expect(retailer.getByTestId('order-message')).toContainText('Thanks, the one case is fine.');
    await expect(distributor.getByTestId('order-message')).toContainText('Thanks, the one case is fine.');

    // ---- Staff: an importer's order to the brand, approved and shipped; the importer receives it. ----
    const importer = await importerContext.newPage();
    await signInPartner(importer, own.url, IMPORTER_EMAIL);
    await expect(importer).toHaveURL(/\/partner\/dashboard$/);
    await importer.goto(`${own.url}/partner/dashboard/orders/place`);
    await expect(importer.getByRole('heading', { level: 1, name: 'Place Order' })).toBeVisible();
    await importer.getByLabel(`Cases of ${first}`, { exact: true }).fill('10');
    await importer.getByRole('button', { name: 'Place order' }).click();
    await expect(importer.getByText('Order placed', { exact: true })).toBeVisible();
    const importerNumber = (await importer.getByRole('heading', { level: 1 }).textContent())!.replace('Order ', '').trim();

    const staff = await staffContext.newPage();
    await signInAsDemo(staff, 'admin', { base: own.url });
    await expect(staff).toHaveURL(/\/admin\/dashboard$/);
    await staff.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Trade orders' }).click();
    await expect(staff.getByRole('heading', { level: 1, name: 'Trade orders' })).toBeVisible();
    // Only the brand's sales: the retailer's order is not here.
    await expect(staff.getByRole('link', { name: number })).toHaveCount(0);
    await staff.getByRole('link', { name: importerNumber }).click();
    await expect(staff.getByTestId('order-status')).toHaveText('Seen');
    await expect(importer.getByTestId('order-status')).toHaveText('Seen');
    expect(await seriousAxeIssues(staff)).toEqual([]);

    await staff.getByRole('button', { name: 'Approve order' }).click();
    await expect(staff.getByTestId('order-status')).toHaveText('Approved');
    await expect(importer.getByTestId('order-status')).toHaveText('Approved');
    // A new brand order moves by shipment, as on every leg: no "Mark shipped" on the order itself.
    await expect(staff.getByRole('button', { name: 'Mark shipped' })).toHaveCount(0);
    const staffOrder = staff.url();

    // Staff ship it from Trade shipments: the importer, everything left, then Mark shipped.
    await staff.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Trade shipments' }).click();
    await expect(staff.getByRole('heading', { level: 1, name: 'Trade shipments' })).toBeVisible();
    await staff.getByRole('link', { name: 'New shipment' }).click();
    await staff.getByLabel('Importer').selectOption({ label: 'Albion Imports (1 order to ship)' });
    await staff.getByRole('button', { name: 'Show what is left to ship' }).click();
    await expect(staff.getByLabel(`Cases of ${first} to ship on order ${importerNumber}`)).toHaveValue('10');
    await staff.getByRole('button', { name: 'Create shipment' }).click();
    await expect(staff.getByText('Shipment created', { exact: true })).toBeVisible();
    await expect(staff.getByTestId('shipment-status')).toHaveText('Preparing');
    const shipmentNumber = (await staff.getByRole('heading', { level: 1 }).textContent())!.replace('Shipment ', '').trim();
    await staff.getByRole('button', { name: 'Mark shipped' }).click();
    await expect(staff.getByText('Marked shipped', { exact: true })).toBeVisible();
    await expect(staff.getByTestId('shipment-status')).toHaveText('Shipped');
    await expect(importer.getByTestId('order-status')).toHaveText('Shipped');

    // The importer confirms the delivery on its Receipts, with a photo: the order is delivered for both.
    await importer.getByRole('navigation', { name: 'Partner' }).getByRole('link', { name: 'Receipts', exact: true }).click();
    const toReceive = importer.getByRole('table', { name: 'Shipments waiting for your receipt' });
    await toReceive.getByRole('link', { name: shipmentNumber }).click();
    await expect(importer.getByRole('heading', { level: 1, name: `Shipment ${shipmentNumber}` })).toBeVisible();
    await expect(importer.getByLabel(`Cases of ${first} received`)).toHaveValue('10');
    await importer.getByLabel('Photo or PDF of the delivery').setInputFiles({ name: 'delivery.png', mimeType: 'image/png', buffer: PHOTO });
    await importer.getByRole('button', { name: 'Confirm receipt' }).click();
    await expect(importer.getByText('Receipt recorded', { exact: true })).toBeVisible();
    await expect(importer.getByTestId('shipment-status')).toHaveText('Delivered');
    await expect(staff.getByTestId('shipment-status')).toHaveText('Delivered');
    await staff.goto(staffOrder);
    await expect(staff.getByTestId('order-status')).toHaveText('Delivered');
    await expect(staff.getByRole('button', { name: 'Mark delivered' })).toHaveCount(0);

    // The importer's Order History lists it as delivered.
    await importer.goto(`${own.url}/partner/dashboard/orders/history`);
    await expect(importer.getByRole('table', { name: 'Your orders' }).getByTestId('order-row-status')).toHaveText('Delivered');

    // ---- Reorder: the same products and cases at today's prices, what changed marked. ----
    // Staff raise the importer price of the product since (the editor's save, through its API).
    const found = await (await staffContext.request.get(`${own.url}/api/admin/products?q=${encodeURIComponent(first!)}`)).json();
    const productId = (found.items as { id: number; name: string }[]).find((p) => p.name === first)!.id;
    const { product } = await (await staffContext.request.get(`${own.url}/api/admin/products/${productId}`)).json();
    const wasBottle = product.tradePrices.importer.GB as number;
    const { stock: _stock, id: _id, imageUrl: _imageUrl, updatedAt: _updatedAt, ...editable } = product;
    const saved = await staffContext.request.put(`${own.url}/api/admin/products/${productId}`, {
      data: {
        ...editable,
        images: product.images.map((i: { id: string }) => i.id),
        tradePrices: { ...product.tradePrices, importer: { ...product.tradePrices.importer, GB: wasBottle + 100 } },
      },
    });
    expect(saved.status()).toBe(200);
    await importer.getByRole('table', { name: 'Your orders' }).getByRole('link', { name: importerNumber }).click();
    await importer.getByRole('link', { name: 'Reorder' }).click();
    await expect(importer).toHaveURL(/\/partner\/dashboard\/orders\/place\?reorder=\d+$/);
    await expect(importer.getByTestId('reorder-notice')).toContainText(`Filled from order ${importerNumber}`);
    await expect(importer.getByLabel(`Cases of ${first}`, { exact: true })).toHaveValue('10');
    const wasCase = formatPrice(wasBottle * product.caseSize, 'GBP');
    await expect(importer.getByTestId('order-product').filter({ hasText: first! }).getByTestId('reorder-change')).toHaveText(
      `Changed since ${importerNumber}: was ${wasCase} a case.`,
    );
    await expect(importer.getByTestId('reorder-change')).toHaveCount(1);
    expect(await seriousAxeIssues(importer)).toEqual([]);
    await importer.getByRole('button', { name: 'Place order' }).click();
    await expect(importer.getByText('Order placed', { exact: true })).toBeVisible();
    const reorderNumber = (await importer.getByRole('heading', { level: 1 }).textContent())!.replace('Order ', '').trim();
    expect(reorderNumber).not.toBe(importerNumber);
    await expect(line(importer, first!).getByTestId('line-requested')).toHaveText('10 cases');
    // Staff find it among the brand's orders.
    await staff.goto(`${own.url}/admin/dashboard/trade-orders`);
    await expect(staff.getByRole('link', { name: reorderNumber })).toBeVisible();

    // The retailer's Reorder fills its Place Orders with what it asked for (not what was approved).
    await retailer.goto(orderUrl);
    await retailer.getByRole('link', { name: 'Reorder' }).click();
    await expect(retailer).toHaveURL(/\/partner\/dashboard\/retailer\/orders\?reorder=\d+$/);
    await expect(retailer.getByTestId('reorder-notice')).toContainText(`Filled from order ${number}`);
    await expect(retailer.getByLabel(`Cases of ${first}`, { exact: true })).toHaveValue('4');
    await expect(retailer.getByLabel(`Cases of ${second}`, { exact: true })).toHaveValue('3');
    await expect(retailer.getByTestId('reorder-change')).toHaveCount(0);

    // Its own system's order as a CSV: the template lists what it may order by SKU; a file with bad
    // rows is refused row by row and fills nothing; a good one (semicolons, as a European Excel saves
    // it) fills the form for review and places nothing by itself.
    const [download] = await Promise.all([retailer.waitForEvent('download'), retailer.getByRole('link', { name: 'Download the template' }).click()]);
    const template = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '').split('\r\n');
    expect(template[0]).toBe('SKU,Product,Case size,Cases');
    const firstRow = template.find((row) => row.includes(`,${first},`))!.split(',');
    const secondRow = template.find((row) => row.includes(`,${second},`))!.split(',');
    const upload = async (name: string, text: string) => {
      await retailer.getByLabel('Order file (CSV)').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });
      await retailer.getByRole('button', { name: 'Fill from file' }).click();
    };
    await upload('bad.csv', `SKU,Cases\r\n${firstRow[0]},2\r\nFRL-NOPE,1\r\n${secondRow[0]},lots\r\n`);
    const problems = retailer.getByTestId('upload-problems');
    await expect(problems).toContainText('Nothing was filled from bad.csv');
    await expect(problems.getByRole('listitem')).toHaveText([
      'Row 3: no product you can order has the SKU “FRL-NOPE”.',
      'Row 4: “lots” is not a number of cases (a whole number from 1 to 10,000).',
    ]);
    await expect(retailer.getByLabel(`Cases of ${first}`, { exact: true })).toHaveValue('4');
    await upload('weekly.csv', `\uFEFFSKU;Product;Cases\r\n${firstRow[0]};;2\r\n;${second};1\r\n`);
    await expect(retailer.getByTestId('upload-filled')).toHaveText('Filled from weekly.csv: 2 products. Check the order below, then place it.');
    await expect(retailer.getByLabel(`Cases of ${first}`, { exact: true })).toHaveValue('2');
    await expect(retailer.getByLabel(`Cases of ${second}`, { exact: true })).toHaveValue('1');
    await expect(retailer.getByTestId('order-preview-total')).toContainText('3 cases');
    // Nothing reached the distributor: no order waits for it (the first one is approved).
    await distributor.goto(`${own.url}/partner/dashboard/distributor/orders/approve`);
    await expect(distributor.getByText('No orders are waiting for you.')).toBeVisible();
    // Its supplier never sees a Reorder on the sale.
    await distributor.goto(orderUrl);
    await expect(distributor.getByRole('heading', { level: 1, name: `Order ${number}` })).toBeVisible();
    await expect(distributor.getByRole('link', { name: 'Reorder' })).toHaveCount(0);
  } finally {
    await Promise.all([retailerContext.close(), distributorContext.close(), staffContext.close(), importerContext.close()]);
    await (await own.stopAndOpenDatabase()).close();
  }
});
