// A page offers an action only when its server would carry it out (issue 40, "Screens that
// mislead"): an invoiced order with a line in a shipment shows neither side a Cancel button, and a
// cancel sent to the API anyway is refused with the stable `order_in_shipment`. Both come from one
// shared function (shared/order-actions.ts).
import { expect, type Page, test } from '@playwright/test';
import { TIME_SCALE } from '../../playwright.config';
import { orderItems, orders } from '../../server/db/schema';
import { moveStock } from '../../server/modules/stock/ledger';
import { seriousAxeIssues, signInPartner } from './fixtures';
import { type PrepareServices, startOwnServer } from './own-server';
import { createChain, createPeople, firstProducts, openingStock } from './trade-network';

const RETAILER_EMAIL = 'ria@corner-cellar.example';
const DISTRIBUTOR_EMAIL = 'dan@dale-distribution.example';
const state = { orderId: 0, orderNumber: '', retailerId: '' };

/** A distributor and its retailer, their people, and the retailer's approved order (3 cases, reserved at the distributor). */
async function prepare(services: PrepareServices) {
  const { distributor, retailer } = await createChain(
    services.partners,
    { addressLine1: '5 Mill Lane', city: 'York', postalCode: 'YO1 7HH' },
    {
      importer: { name: 'Ouse Imports', licence: 'E2E-ACT-IMP' },
      distributor: { name: 'Dale Distribution', licence: 'E2E-ACT-DIS' },
      retailer: { name: 'Corner Cellar', licence: 'E2E-ACT-RET' },
    },
  );
  state.retailerId = retailer.id;
  await createPeople(services.users, [
    { email: RETAILER_EMAIL, firstName: 'Ria', lastName: 'Rowe', roles: ['retailer'], organisationId: retailer.id },
    { email: DISTRIBUTOR_EMAIL, firstName: 'Dan', lastName: 'Dale', roles: ['distributor'], organisationId: distributor.id },
  ]);
  const [product] = await firstProducts(services.db, 1);
  state.orderNumber = `FR-${new Date().getUTCFullYear()}-990401`;
  await services.db.transaction(async (tx) => {
    const [order] = await tx
      .insert(orders)
      .values({ number: state.orderNumber, buyerId: retailer.id, sellerId: distributor.id, status: 'approved', currency: 'GBP', submittedAt: new Date() })
      .returning();
    state.orderId = order!.id;
    await tx.insert(orderItems).values({
      orderId: order!.id,
      productId: product!.id,
      casesRequested: 3,
      cases: 3,
      caseSize: product!.caseSize,
      unitPriceMinor: 1000,
      lineTotalMinor: 0,
    });
    await openingStock(tx, distributor.id, product!.id, 10 * product!.caseSize, { reason: null });
    await moveStock(tx, {
      organisationId: distributor.id,
      productId: product!.id,
      onHand: 0,
      reserved: 3 * product!.caseSize,
      cause: 'reservation',
      orderId: order!.id,
    });
  });
}

async function json(page: Page, method: 'GET' | 'POST', url: string, data?: object) {
  const res = await page.request.fetch(url, { method, ...(data ? { data } : {}) });
  return { status: res.status(), body: await res.json() };
}

test('an invoiced order with a shipped part shows no Cancel button to either side, and cancelling through the API is refused', async ({ browser }) => {
  test.setTimeout(120_000 * TIME_SCALE);
  const own = await startOwnServer(Number(process.env.E2E_PORT ?? 3226) + 260 + test.info().workerIndex, { demo: true, prepare });
  const distributorContext = await browser.newContext();
  const retailerContext = await browser.newContext();
  try {
    const distributor = await distributorContext.newPage();
    const retailer = await retailerContext.newPage();
    await signInPartner(distributor, own.url, DISTRIBUTOR_EMAIL);
    await signInPartner(retailer, own.url, RETAILER_EMAIL);
    const orderUrl = `${own.url}/partner/dashboard/orders/${state.orderId}`;

    // Invoiced, nothing shipped yet: cancelling is still offered (a credit note would take it back).
    expect((await json(distributor, 'POST', `${own.url}/api/partner/invoices/issue`, { orderIds: [state.orderId] })).status).toBe(201);
    await retailer.goto(orderUrl);
    await expect(retailer.getByTestId('order-status')).toHaveText('Invoiced');
    await expect(retailer.getByRole('button', { name: 'Cancel order' })).toBeVisible();

    // One case ships.
    const order = (await json(distributor, 'GET', `${own.url}/api/partner/orders/${state.orderId}`)).body;
    const created = await json(distributor, 'POST', `${own.url}/api/partner/shipments`, {
      recipientId: state.retailerId,
      carrier: 'dhl',
      trackingNumber: 'JD0146',
      note: '',
      lines: [{ orderItemId: order.items[0].id, cases: 1 }],
    });
    expect(created.status).toBe(201);
    expect(
      (await json(distributor, 'POST', `${own.url}/api/partner/shipments/${created.body.id}/status`, { action: 'ship', version: created.body.version })).status,
    ).toBe(200);

    for (const page of [retailer, distributor]) {
      await page.goto(orderUrl);
      await expect(page.getByTestId('order-status')).toHaveText('Invoiced');
      await expect(page.getByRole('heading', { level: 1, name: `Order ${state.orderNumber}` })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
      await expect(page.getByLabel('Why you cancel it')).toHaveCount(0);
      expect(await seriousAxeIssues(page)).toEqual([]);
      const now = (await json(page, 'GET', `${own.url}/api/partner/orders/${state.orderId}`)).body;
      const refused = await json(page, 'POST', `${own.url}/api/partner/orders/${state.orderId}/cancel`, { version: now.version, reason: 'Changed our mind.' });
      expect(refused.status).toBe(409);
      expect(refused.body.error.code).toBe('order_in_shipment');
    }
    await retailer.reload();
    await expect(retailer.getByTestId('order-status')).toHaveText('Invoiced');
  } finally {
    await Promise.all([distributorContext.close(), retailerContext.close()]);
    await (await own.stopAndOpenDatabase()).close();
  }
});
