// A page offers an action only when its server would carry it out (issue 40, "Screens that
// mislead"): an invoiced order with a line in a shipment shows neither side a Cancel button, and a
// cancel sent to the API anyway is refused with the stable `order_in_shipment`. Both come from one
// shared function (shared/order-actions.ts).
import { asc, eq } from 'drizzle-orm';
import { expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, TIME_SCALE } from '../../playwright.config';
import { SYSTEM_ACTOR } from '../../server/core/actor';
import { orderItems, orders, products } from '../../server/db/schema';
import { moveStock } from '../../server/modules/stock/ledger';
import { seriousAxeIssues, signInPartner } from './fixtures';
import { type PrepareServices, startOwnServer } from './own-server';

const RETAILER_EMAIL = 'ria@corner-cellar.example';
const DISTRIBUTOR_EMAIL = 'dan@dale-distribution.example';
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const state = { orderId: 0, orderNumber: '', retailerId: '' };

/** A distributor and its retailer, their people, and the retailer's approved order (3 cases, reserved at the distributor). */
async function prepare(services: PrepareServices) {
  const base = {
    licenceJurisdiction: 'GB',
    licenceExpiresOn: inDays(365),
    addressLine1: '5 Mill Lane',
    addressLine2: '',
    city: 'York',
    region: '',
    postalCode: 'YO1 7HH',
    country: 'GB',
    market: 'GB',
    email: '',
    phone: '',
  };
  const org = (type: 'importer' | 'distributor' | 'retailer', name: string, licence: string, supplierId: string | null) =>
    services.partners.create({ ...base, type, legalName: `${name} Ltd`, tradingName: name, licenceNumber: licence, supplierId }, SYSTEM_ACTOR, {
      status: 'active',
    });
  const importer = await org('importer', 'Ouse Imports', 'E2E-ACT-IMP', null);
  const distributor = await org('distributor', 'Dale Distribution', 'E2E-ACT-DIS', importer.id);
  const retailer = await org('retailer', 'Corner Cellar', 'E2E-ACT-RET', distributor.id);
  state.retailerId = retailer.id;
  for (const p of [
    { email: RETAILER_EMAIL, firstName: 'Ria', lastName: 'Rowe', roles: ['retailer'], organisationId: retailer.id },
    { email: DISTRIBUTOR_EMAIL, firstName: 'Dan', lastName: 'Dale', roles: ['distributor'], organisationId: distributor.id },
  ])
    await services.users.createUser({ ...p, password: DEMO_PASSWORD, confirmed: true } as never, SYSTEM_ACTOR);
  const [product] = await services.db
    .select({ id: products.id, caseSize: products.caseSize })
    .from(products)
    .where(eq(products.status, 'active'))
    .orderBy(asc(products.name), asc(products.id))
    .limit(1);
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
    await moveStock(tx, { organisationId: distributor.id, productId: product!.id, onHand: 10 * product!.caseSize, reserved: 0, cause: 'adjustment' });
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
