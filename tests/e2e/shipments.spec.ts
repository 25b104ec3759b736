// The issue's shipment journey (issue 16): a distributor ships part of a retailer's approved order
// with a DHL tracking number; the retailer, waiting on Upload Receipts, sees it arrive and turn
// 'Shipped' live with its tracking link; it confirms the delivery one case short, with a photo; the
// distributor's open shipment page shows the discrepancy and the photo live, and it answers with a
// replacement shipment, which the retailer sees. A retailer of another distributor (a third
// browser) reaches neither the shipment nor the photo. The ledger is read back at the end: the
// distributor's stock went down by exactly what left.
import { and, eq } from 'drizzle-orm';
import { expect, type Page, test } from '@playwright/test';
import { TIME_SCALE } from '../../playwright.config';
import { orderItems, orders, stockBalances } from '../../server/db/schema';
import { moveStock } from '../../server/modules/stock/ledger';
import { seriousAxeIssues, signInPartner } from './fixtures';
import { type PrepareServices, startOwnServer } from './own-server';
import { createPeople, firstProducts, openingStock, organisationsAt } from './trade-network';

const RETAILER_EMAIL = 'rosa@vine-and-barrel.example';
const DISTRIBUTOR_EMAIL = 'dev@northern-cellars.example';
const STRANGER_EMAIL = 'sam@elsewhere-wines.example';
/** A 16 × 16 PNG: the retailer's photo of the delivery. */
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAGElEQVQokWNoCDAgCTGMaggYDaWG4Zo0AGoIABAaJe6YAAAAAElFTkSuQmCC',
  'base64',
);

const state = { products: [] as { id: number; name: string; caseSize: number }[], distributorId: '', orderNumber: '' };

/** Two distributors, a retailer of each, their people, stock at the first distributor and an approved order of its retailer (4 + 2 cases, reserved). */
async function prepare(services: PrepareServices) {
  const at = organisationsAt(services.partners, { addressLine1: '3 Quay Street', city: 'Leeds', postalCode: 'LS1 4AP' });
  const { importer, distributor, retailer } = await at.chain({
    importer: { name: 'Pennine Imports', licence: 'E2E-SHP-IMP' },
    distributor: { name: 'Northern Cellars', licence: 'E2E-SHP-DIS' },
    retailer: { name: 'Vine and Barrel', licence: 'E2E-SHP-RET' },
  });
  const otherDistributor = await at.organisation('distributor', { name: 'Elsewhere Trade', licence: 'E2E-SHP-DIS2' }, importer.id);
  const stranger = await at.organisation('retailer', { name: 'Elsewhere Wines', licence: 'E2E-SHP-RET2' }, otherDistributor.id);
  await createPeople(services.users, [
    { email: RETAILER_EMAIL, firstName: 'Rosa', lastName: 'Reed', roles: ['retailer'], organisationId: retailer.id },
    { email: DISTRIBUTOR_EMAIL, firstName: 'Dev', lastName: 'Dunn', roles: ['distributor'], organisationId: distributor.id },
    { email: STRANGER_EMAIL, firstName: 'Sam', lastName: 'Stone', roles: ['retailer'], organisationId: stranger.id },
  ]);
  const two = await firstProducts(services.db, 2);
  state.products = two;
  state.distributorId = distributor.id;
  state.orderNumber = `FR-${new Date().getUTCFullYear()}-990001`;
  // The retailer's order, approved: 4 cases of the first product, 2 of the second, reserved at the distributor.
  await services.db.transaction(async (tx) => {
    const [order] = await tx
      .insert(orders)
      .values({ number: state.orderNumber, buyerId: retailer.id, sellerId: distributor.id, status: 'approved', currency: 'GBP', submittedAt: new Date() })
      .returning();
    const cases = [4, 2];
    for (const [i, p] of two.entries()) {
      await tx.insert(orderItems).values({
        orderId: order!.id,
        productId: p.id,
        casesRequested: cases[i]!,
        cases: cases[i]!,
        caseSize: p.caseSize,
        unitPriceMinor: 1000,
        lineTotalMinor: 0,
      });
      await openingStock(tx, distributor.id, p.id, 40 * p.caseSize);
      await moveStock(tx, {
        organisationId: distributor.id,
        productId: p.id,
        onHand: 0,
        reserved: cases[i]! * p.caseSize,
        cause: 'reservation',
        orderId: order!.id,
      });
    }
  });
}

const line = (page: Page, name: string) => page.getByTestId('shipment-line').filter({ has: page.getByText(name, { exact: true }) });

test('a distributor ships with tracking, the retailer receives one case short with a photo, and the distributor sends a replacement — both sides live', async ({
  browser,
}) => {
  test.setTimeout(180_000 * TIME_SCALE);
  const own = await startOwnServer(Number(process.env.E2E_PORT ?? 3226) + 200 + test.info().workerIndex, { demo: true, prepare });
  const [first, second] = state.products as [(typeof state.products)[0], (typeof state.products)[0]];
  const distributorContext = await browser.newContext();
  const retailerContext = await browser.newContext();
  const strangerContext = await browser.newContext();
  let journeyDone = false;
  try {
    const distributor = await distributorContext.newPage();
    const retailer = await retailerContext.newPage();
    const stranger = await strangerContext.newPage();

    // The retailer waits on Upload Receipts: nothing on its way.
    await signInPartner(retailer, own.url, RETAILER_EMAIL);
    await expect(retailer).toHaveURL(/\/partner\/dashboard\/retailer$/);
    await retailer.getByRole('link', { name: 'Upload Receipts', exact: true }).click();
    await expect(retailer.getByRole('heading', { level: 1, name: 'Upload Receipts' })).toBeVisible();
    await expect(retailer.getByText('Nothing is on its way to you.')).toBeVisible();

    // The distributor: Shipments, then a new shipment for its retailer.
    await signInPartner(distributor, own.url, DISTRIBUTOR_EMAIL);
    await expect(distributor).toHaveURL(/\/partner\/dashboard\/distributor$/);
    await distributor.getByRole('link', { name: 'Shipments', exact: true }).click();
    await expect(distributor.getByRole('heading', { level: 1, name: 'Shipments' })).toBeVisible();
    await expect(distributor.getByText('No shipments yet.')).toBeVisible();
    await distributor.getByRole('link', { name: 'New shipment' }).click();
    await distributor.getByLabel('Retailer').selectOption({ label: 'Vine and Barrel (1 order to ship)' });
    await distributor.getByRole('button', { name: 'Show what is left to ship' }).click();
    const orderBox = distributor.getByRole('region', { name: `Order ${state.orderNumber}` });
    await expect(orderBox).toBeVisible();
    expect(await seriousAxeIssues(distributor)).toEqual([]);

    // More than is left is refused on its line.
    await distributor.getByLabel(`Cases of ${first.name} to ship on order ${state.orderNumber}`).fill('5');
    await distributor.getByRole('button', { name: 'Create shipment' }).click();
    await expect(distributor.getByText('Only 4 cases of this line are left to ship.')).toBeVisible();

    // All of the first product, one case of the second: a partial shipment, with DHL tracking.
    await distributor.getByLabel(`Cases of ${first.name} to ship on order ${state.orderNumber}`).fill('4');
    await distributor.getByLabel(`Cases of ${second.name} to ship on order ${state.orderNumber}`).fill('1');
    await distributor.getByLabel('Carrier').selectOption('dhl');
    await distributor.getByLabel('Tracking number').fill('JD014600003');
    await distributor.getByRole('button', { name: 'Create shipment' }).click();
    await expect(distributor.getByText('Shipment created', { exact: true })).toBeVisible();
    await expect(distributor.getByTestId('shipment-status')).toHaveText('Preparing');
    const number = (await distributor.getByRole('heading', { level: 1 }).textContent())!.replace('Shipment ', '').trim();
    expect(number).toMatch(/^SH-\d{4}-\d{6}$/);
    const trackingHref = 'https://www.dhl.com/en/express/tracking.html?AWB=JD014600003';
    await expect(distributor.getByTestId('tracking-link')).toHaveAttribute('href', trackingHref);

    // The retailer's open list hears of it (being prepared), then it ships: waiting for its receipt, with the link.
    const all = retailer.getByRole('table', { name: 'Your shipments' });
    await expect(all.getByRole('link', { name: number })).toBeVisible();
    await expect(all.getByTestId('shipment-row-status')).toHaveText('Preparing');
    await distributor.getByRole('button', { name: 'Mark shipped' }).click();
    await expect(distributor.getByText('Marked shipped', { exact: true })).toBeVisible();
    await expect(distributor.getByTestId('shipment-status')).toHaveText('Shipped');
    const waiting = retailer.getByRole('table', { name: 'Shipments waiting for your receipt' });
    await expect(waiting.getByRole('link', { name: number })).toBeVisible();
    await expect(waiting.getByTestId('shipment-row-status')).toHaveText('Shipped');
    await expect(waiting.getByTestId('tracking-link')).toHaveAttribute('href', trackingHref);
    expect(await seriousAxeIssues(retailer)).toEqual([]);

    // The order is partially shipped (one case of the second product is left).
    await distributor.getByRole('link', { name: state.orderNumber }).first().click();
    await expect(distributor.getByTestId('order-shipping-progress')).toHaveText('Partially shipped');
    await expect(distributor.getByTestId('order-status')).toHaveText('Approved');
    await distributor.goBack();

    // The retailer opens it and confirms: one case of the first product short, with a photo.
    await waiting.getByRole('link', { name: number }).click();
    await expect(retailer.getByRole('heading', { level: 1, name: `Shipment ${number}` })).toBeVisible();
    await retailer.getByLabel(`Cases of ${first.name} received`).fill('3');
    await retailer.getByLabel('Photo or PDF of the delivery').setInputFiles({ name: 'delivery.png', mimeType: 'image/png', buffer: PHOTO });
    await retailer.getByLabel(/^Note/).fill('One case of the first product missing.');
    expect(await seriousAxeIssues(retailer)).toEqual([]);
    await retailer.getByRole('button', { name: 'Confirm receipt' }).click();
    await expect(retailer.getByText('Receipt recorded', { exact: true })).toBeVisible();
    await expect(retailer.getByTestId('shipment-status')).toHaveText('Delivered');
    await expect(retailer.getByTestId('receipt-status')).toHaveText('Discrepancy');
    await expect(line(retailer, first.name).getByTestId('line-missing')).toHaveText('1');

    // The distributor's open shipment page shows the discrepancy and the photo, live.
    await expect(distributor.getByTestId('shipment-status')).toHaveText('Delivered');
    await expect(distributor.getByTestId('receipt-status')).toHaveText('Discrepancy');
    await expect(distributor.getByTestId('receipt-note')).toHaveText('One case of the first product missing.');
    await expect(line(distributor, first.name).getByTestId('line-received')).toHaveText('3');
    const photoLink = distributor.getByTestId('receipt-attachment');
    await expect(photoLink).toHaveText('delivery.png');
    const photoUrl = own.url + (await photoLink.getAttribute('href'))!;
    const file = await distributor.request.get(photoUrl);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toBe('image/png');
    expect(Buffer.from(await file.body()).equals(PHOTO)).toBe(true);
    // A retailer of another distributor reaches neither the shipment nor the photo.
    await signInPartner(stranger, own.url, STRANGER_EMAIL);
    await expect(stranger).toHaveURL(/\/partner\/dashboard\/retailer$/);
    const shipmentId = distributor.url().split('/').pop();
    const foreign = await stranger.goto(`${own.url}/partner/dashboard/retailer/receipts/${shipmentId}`);
    expect(foreign?.status()).toBe(404);
    expect((await stranger.request.get(photoUrl)).status()).toBe(404);
    await stranger.goto(`${own.url}/partner/dashboard/retailer/receipts`);
    await expect(stranger.getByText('Nothing is on its way to you.')).toBeVisible();
    await expect(stranger.getByRole('link', { name: number })).toHaveCount(0);

    // The distributor answers with a replacement of the missing case.
    const resolve = distributor.getByTestId('resolve');
    await expect(resolve).toContainText('reported 1 case short or damaged');
    expect(await seriousAxeIssues(distributor)).toEqual([]);
    await resolve.getByLabel(`${first.name}: cases to send again (1 missing)`).fill('1');
    await resolve.getByLabel('Tracking number').fill('JD014600004');
    await resolve.getByRole('button', { name: 'Create replacement shipment' }).click();
    await expect(distributor.getByText('Replacement shipment created', { exact: true })).toBeVisible();
    await expect(distributor.getByTestId('shipment-status')).toHaveText('Preparing');
    const replacement = (await distributor.getByRole('heading', { level: 1 }).textContent())!.replace('Shipment ', '').trim();
    expect(replacement).not.toBe(number);
    await expect(distributor.getByRole('link', { name: number })).toBeVisible();
    await distributor.getByRole('button', { name: 'Mark shipped' }).click();
    await expect(distributor.getByTestId('shipment-status')).toHaveText('Shipped');

    // The retailer's open page says how it was answered, live; the replacement waits for its receipt.
    await expect(retailer.getByTestId('receipt-status')).toHaveText('Resolved');
    await expect(retailer.getByTestId('receipt-resolution')).toContainText(`Replacement shipment ${replacement}`);
    await retailer.getByRole('link', { name: replacement }).click();
    await expect(retailer.getByTestId('shipment-status')).toHaveText('Shipped');
    await expect(retailer.getByTestId('tracking-link')).toHaveAttribute('href', 'https://www.dhl.com/en/express/tracking.html?AWB=JD014600004');
    await expect(retailer.getByRole('button', { name: 'Confirm receipt' })).toBeVisible();

    // The bell told the retailer of each step.
    await retailer.goto(`${own.url}/partner/dashboard/notifications`);
    const feed = retailer.locator('main').getByRole('list', { name: 'Notifications' });
    await expect(feed).toContainText(`Shipment ${number} was shipped`);
    await expect(feed).toContainText(`The discrepancy on shipment ${number} was answered`);
    journeyDone = true;
  } finally {
    await Promise.all([distributorContext.close(), retailerContext.close(), strangerContext.close()]);
    const database = await own.stopAndOpenDatabase();
    try {
      // Exactly what left, left the distributor's ledger: 4 + 1 (replacement) cases of the first, 1 of the second.
      const [a, b] = state.products;
      const held = async (productId: number) =>
        (
          await database.db
            .select({ onHand: stockBalances.onHand, reserved: stockBalances.reserved })
            .from(stockBalances)
            .where(and(eq(stockBalances.organisationId, state.distributorId), eq(stockBalances.productId, productId)))
        )[0];
      if (journeyDone) {
        expect(await held(a!.id)).toEqual({ onHand: (40 - 5) * a!.caseSize, reserved: 0 });
        expect(await held(b!.id)).toEqual({ onHand: (40 - 1) * b!.caseSize, reserved: 1 * b!.caseSize });
      }
    } finally {
      await database.close();
    }
  }
});
