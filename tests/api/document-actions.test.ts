// The actions a document offers are the actions its server carries out (issue 40, "Screens that
// mislead"): an invoiced order with a line in a shipment offers no Cancel to either side, and a
// cancel sent anyway is refused with the stable `order_in_shipment` — the page's list and the
// server's check are one shared function (shared/order-actions.ts). Same for the other documents:
// what a shipment, invoice or payment lists in `actions` is what its route accepts.
import { productTradePrices } from '../../server/db/schema';
import type { Organisation } from '../../server/modules/partners/service';
import { moveStock } from '../../server/modules/stock/ledger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '../support/client';
import { createOrganisation, signedInMember } from '../support/partners';
import { insertProduct } from '../support/products';
import { startTestServer, type TestServer } from '../support/test-server';

type Member = Awaited<ReturnType<typeof signedInMember>>;

let t: TestServer;
let distributorOrg: Organisation;
let retailerOrg: Organisation;
let distributor: Member;
let retailer: Member;
let gin = 0;

const db = () => t.db.database.db;

async function body(res: Response, status: number) {
  const text = await res.text();
  const b = text ? JSON.parse(text) : null;
  expect(res.status, text).toBe(status);
  return b;
}

async function approvedOrder(buyer: Member, seller: Member, cases: number) {
  const placed = await body(await buyer.json('POST', '/api/partner/orders', { lines: [{ productId: gin, cases }], note: '' }), 201);
  const seen = await body(await seller.json('GET', `/api/partner/orders/${placed.id}`), 200);
  return body(await seller.json('POST', `/api/partner/orders/${placed.id}/approve`, { version: seen.version }), 200);
}

const createShipment = (c: Client, lines: { orderItemId: number; cases: number }[]) =>
  c.json('POST', '/api/partner/shipments', { recipientId: retailerOrg.id, carrier: 'dhl', trackingNumber: 'JD0146', note: '', lines });

beforeAll(async () => {
  t = await startTestServer();
  distributorOrg = await createOrganisation(t, 'distributor');
  retailerOrg = await createOrganisation(t, 'retailer', { supplierId: distributorOrg.id });
  distributor = await signedInMember(t, distributorOrg);
  retailer = await signedInMember(t, retailerOrg);
  gin = await insertProduct(db(), { slug: `actions-gin-${process.pid}`, caseSize: 6 });
  await db().insert(productTradePrices).values({ productId: gin, tier: 'retailer', market: 'GB', currency: 'GBP', amountMinor: 2000 });
  await moveStock(db(), { organisationId: distributorOrg.id, productId: gin, onHand: 600, reserved: 0, cause: 'adjustment' });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('an order offers an action only when its server would carry it out', () => {
  it('an invoiced order with a shipped part offers no Cancel to either side, and a cancel is refused with order_in_shipment', async () => {
    const order = await approvedOrder(retailer, distributor, 4);
    await body(await distributor.json('POST', '/api/partner/invoices/issue', { orderIds: [order.id] }), 201);
    // Before anything ships, an invoiced order can still be cancelled (a credit note takes it back).
    const invoiced = await body(await retailer.json('GET', `/api/partner/orders/${order.id}`), 200);
    expect(invoiced.status).toBe('invoiced');
    expect(invoiced.actions).toContain('cancel');

    const s = await body(await createShipment(distributor, [{ orderItemId: order.items[0].id, cases: 1 }]), 201);
    await body(await distributor.json('POST', `/api/partner/shipments/${s.id}/status`, { action: 'ship', version: s.version }), 200);

    for (const who of [retailer, distributor]) {
      const seen = await body(await who.json('GET', `/api/partner/orders/${order.id}`), 200);
      expect(seen.status).toBe('invoiced');
      expect(seen.actions).not.toContain('cancel');
      const refused = await body(await who.json('POST', `/api/partner/orders/${order.id}/cancel`, { version: seen.version, reason: 'Changed our mind.' }), 409);
      expect(refused.error.code).toBe('order_in_shipment');
    }
    const after = await body(await retailer.json('GET', `/api/partner/orders/${order.id}`), 200);
    expect(after).toMatchObject({ status: 'invoiced', cancelledAt: null });
  });

  it('an approved order in a shipment still being prepared offers no Cancel either; calling the shipment off brings it back', async () => {
    const order = await approvedOrder(retailer, distributor, 2);
    const s = await body(await createShipment(distributor, [{ orderItemId: order.items[0].id, cases: 2 }]), 201);
    const packed = await body(await retailer.json('GET', `/api/partner/orders/${order.id}`), 200);
    expect(packed.actions).toEqual([]);
    expect((await body(await distributor.json('GET', `/api/partner/orders/${order.id}`), 200)).actions).toEqual([]);
    // The shipment page offers the sender what its route accepts: ship and call off.
    const shipment = await body(await distributor.json('GET', `/api/partner/shipments/${s.id}`), 200);
    expect(shipment.actions).toEqual(['ship', 'discard']);
    expect((await body(await retailer.json('GET', `/api/partner/shipments/${s.id}`), 200)).actions).toEqual([]);
    expect((await distributor.json('POST', `/api/partner/shipments/${s.id}/discard`, { version: s.version })).status).toBe(204);
    expect((await body(await retailer.json('GET', `/api/partner/orders/${order.id}`), 200)).actions).toEqual(['cancel']);
  });
});
