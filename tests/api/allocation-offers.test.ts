// Allocation offers (issue 43): an importer's Assign to Distributors makes an order in `offered` —
// buyer its own distributor, priced as the distributor's own order would be, its cases reserved in
// the importer's ledger at once. The distributor accepts it (an approved order, the reservation kept)
// or declines it (the reservation released); the importer may withdraw it while it is open. Not
// enough stock is refused naming the product; another importer's distributor does not exist; no one
// but the offer's buyer answers it; and of two accepts at once exactly one wins.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLogs, orderItems, orders, productTradePrices, products, stockMovements, tradeTerms } from '../../server/db/schema';
import type { Organisation } from '../../server/modules/partners/service';
import { balanceOf, moveStock } from '../../server/modules/stock/ledger';
import { createOrganisation, signedInMember } from '../support/partners';
import { startTestServer, type TestServer } from '../support/test-server';

type Member = Awaited<ReturnType<typeof signedInMember>>;

let t: TestServer;
let ginId: number;
let rumId: number;
let importer: Organisation;
let distributor: Organisation;
let imp: Member;
let dist: Member;
let keySeq = 0;
const newKey = () => `offer-${process.pid}-${++keySeq}-${Math.random().toString(36).slice(2)}`;

const db = () => t.db.database.db;
const idOf = async (slug: string) => (await db().select({ id: products.id }).from(products).where(eq(products.slug, slug)))[0]!.id;
const give = (organisationId: string, productId: number, bottles: number) =>
  moveStock(db(), { organisationId, productId, onHand: bottles, reserved: 0, cause: 'delivery', reason: 'test opening' });
const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string; details?: unknown } }).error;

async function body(res: Response, status: number) {
  const b = await res.json();
  expect(res.status, JSON.stringify(b)).toBe(status);
  return b;
}

const offer = (c: Member, distributorId: string, lines: { productId: number; cases: number }[], key = newKey(), note = '') =>
  c.json('POST', '/api/partner/allocations', { distributorId, lines, note }, { 'Idempotency-Key': key });

beforeAll(async () => {
  t = await startTestServer();
  ginId = await idOf('frolic-london-dry-gin');
  rumId = await idOf('frolic-spiced-rum');
  await db().update(products).set({ caseSize: 6 }).where(eq(products.id, ginId));
  await db().update(products).set({ caseSize: 6 }).where(eq(products.id, rumId));
  importer = await createOrganisation(t, 'importer');
  distributor = await createOrganisation(t, 'distributor', { supplierId: importer.id });
  await give(importer.id, ginId, 120); // 20 cases
  await give(importer.id, rumId, 36); // 6 cases
  imp = await signedInMember(t, importer);
  dist = await signedInMember(t, distributor);
}, 60_000);
afterAll(async () => {
  await t?.close();
});
beforeEach(() => t.app.services.authLimiter.reset());

describe('an importer offers stock to its distributor', () => {
  it('makes an order in offered, priced as the distributor’s own order, its cases reserved; accepted, it is approved and stays reserved', async () => {
    const before = await balanceOf(db(), importer.id, ginId);
    const res = await body(await offer(imp, distributor.id, [{ productId: ginId, cases: 3 }], newKey(), 'For the summer'), 201);
    expect(res).toMatchObject({ kind: 'offer', replayed: false, order: { status: 'offered', side: 'seller', actions: ['cancel'] } });
    const id = res.order.id as number;
    expect(res.order.number).toMatch(/^FR-\d{4}-\d{6}$/);

    // The row: buyer the distributor, seller the importer, placed by the importer's member, offered now.
    const [row] = await db().select().from(orders).where(eq(orders.id, id));
    expect(row).toMatchObject({ buyerId: distributor.id, sellerId: importer.id, status: 'offered', placedBy: imp.userId, note: 'For the summer' });
    expect(row!.offeredAt).toBeInstanceOf(Date);
    // The distributor's trade price and terms, as if it had placed the order itself.
    const [price] = await db()
      .select()
      .from(productTradePrices)
      .where(and(eq(productTradePrices.productId, ginId), eq(productTradePrices.tier, 'distributor'), eq(productTradePrices.market, distributor.market)));
    const [terms] = await db().select().from(tradeTerms).where(eq(tradeTerms.customerId, distributor.id));
    const [item] = await db().select().from(orderItems).where(eq(orderItems.orderId, id));
    expect(item).toMatchObject({ productId: ginId, cases: 3, casesRequested: 3, caseSize: 6, unitPriceMinor: price!.amountMinor });
    expect(row!.currency).toBe(terms?.currency ?? distributor.currency);
    expect(row!.subtotalMinor).toBe(18 * price!.amountMinor);

    // Reserved in the importer's ledger at once, with the order named.
    expect(await balanceOf(db(), importer.id, ginId)).toEqual({ onHand: before.onHand, reserved: before.reserved + 18, available: before.available - 18 });
    const [move] = await db().select().from(stockMovements).where(eq(stockMovements.orderId, id));
    expect(move).toMatchObject({ organisationId: importer.id, cause: 'reservation', reservedDelta: 18, onHandDelta: 0 });

    // The distributor is told (bell and email), sees it as Offered with Accept and Decline.
    const bell = await (await dist.get('/api/partner/notifications')).json();
    expect(JSON.stringify(bell)).toContain(`${importer.tradingName} offered you 3 cases`);
    const seen = await body(await dist.get(`/api/partner/orders/${id}`), 200);
    expect(seen).toMatchObject({ status: 'offered', statusLabel: 'Offered', side: 'buyer', actions: ['accept', 'decline'] });
    const list = await body(await dist.get('/api/partner/orders?side=buying'), 200);
    expect(list.items.find((o: { id: number }) => o.id === id)).toMatchObject({ status: 'offered', statusLabel: 'Offered' });

    const accepted = await body(await dist.json('POST', `/api/partner/orders/${id}/accept`, { version: seen.version }), 200);
    expect(accepted).toMatchObject({ status: 'approved', side: 'buyer' });
    // The reservation stays: the approved order holds it until it ships.
    expect(await balanceOf(db(), importer.id, ginId)).toEqual({ onHand: before.onHand, reserved: before.reserved + 18, available: before.available - 18 });
    const audit = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.tableName, 'orders'), eq(auditLogs.recordId, String(id))));
    expect(audit.map((a) => (a.newValues as { action?: string }).action)).toEqual(['offer', 'accept']);
    const told = await (await imp.get('/api/partner/notifications')).json();
    expect(JSON.stringify(told)).toContain(`Offer ${res.order.number} was accepted`);
    // The importer, now its seller, takes it on like any approved order (invoice, shipment …).
    expect((await body(await imp.get(`/api/partner/orders/${id}`), 200)).actions).toEqual(['cancel']);
  });

  it('declined (a reason optional), the reservation is released; withdrawn, the same', async () => {
    const before = await balanceOf(db(), importer.id, rumId);
    const a = (await body(await offer(imp, distributor.id, [{ productId: rumId, cases: 2 }]), 201)).order;
    expect((await balanceOf(db(), importer.id, rumId)).available).toBe(before.available - 12);
    const declined = await body(await dist.json('POST', `/api/partner/orders/${a.id}/decline`, { version: a.version, reason: 'No room' }), 200);
    expect(declined).toMatchObject({ status: 'declined', decisionReason: 'No room', actions: [] });
    expect(await balanceOf(db(), importer.id, rumId)).toEqual(before);
    const moves = await db().select().from(stockMovements).where(eq(stockMovements.orderId, a.id));
    expect(moves.map((m) => [m.cause, m.reservedDelta])).toEqual([
      ['reservation', 12],
      ['release', -12],
    ]);
    expect(JSON.stringify(await (await imp.get('/api/partner/notifications')).json())).toContain(`Offer ${a.number} was declined`);

    // Declining without a reason is fine.
    const b = (await body(await offer(imp, distributor.id, [{ productId: rumId, cases: 1 }]), 201)).order;
    expect((await body(await dist.json('POST', `/api/partner/orders/${b.id}/decline`, { version: b.version }), 200)).status).toBe('declined');
    expect(await balanceOf(db(), importer.id, rumId)).toEqual(before);

    // Withdrawn by the importer while still open.
    const c = (await body(await offer(imp, distributor.id, [{ productId: rumId, cases: 3 }]), 201)).order;
    expect((await body(await imp.json('POST', `/api/partner/orders/${c.id}/cancel`, { version: c.version, reason: 'Sold elsewhere' }), 200)).status).toBe(
      'cancelled',
    );
    expect(await balanceOf(db(), importer.id, rumId)).toEqual(before);
    // Gone from offered: the distributor can no longer accept it.
    const late = await dist.json('POST', `/api/partner/orders/${c.id}/accept`, { version: c.version });
    expect(late.status).toBe(409);
    expect((await errorOf(late)).code).toBe('invalid_transition');
    // The distributor cannot withdraw the importer's offer (only its seller may).
    const d = (await body(await offer(imp, distributor.id, [{ productId: rumId, cases: 1 }]), 201)).order;
    const notMine = await dist.json('POST', `/api/partner/orders/${d.id}/cancel`, { version: d.version, reason: 'x' });
    expect(notMine.status).toBe(409);
    expect((await errorOf(notMine)).code).toBe('invalid_transition');
    await body(await imp.json('POST', `/api/partner/orders/${d.id}/cancel`, { version: d.version, reason: 'Tidy' }), 200);
  });

  it('refuses more than the available stock, naming the product, and reserves nothing', async () => {
    const before = await balanceOf(db(), importer.id, rumId);
    const count = (await db().select().from(orders)).length;
    const res = await offer(imp, distributor.id, [
      { productId: ginId, cases: 1 },
      { productId: rumId, cases: Math.floor(before.available / 6) + 1 },
    ]);
    expect(res.status).toBe(409);
    const error = await errorOf(res);
    expect(error.code).toBe('insufficient_stock');
    expect(error.message).toContain('Frolic Spiced Rum');
    expect(error.details).toEqual([expect.objectContaining({ path: 'lines.1.cases', productId: rumId })]);
    expect(await balanceOf(db(), importer.id, rumId)).toEqual(before);
    expect((await db().select().from(orders)).length).toBe(count);
  });

  it('is idempotent per Idempotency-Key: a retry is the same offer, another body with the key is refused', async () => {
    const key = newKey();
    const before = await balanceOf(db(), importer.id, ginId);
    const first = await body(await offer(imp, distributor.id, [{ productId: ginId, cases: 1 }], key), 201);
    const again = await body(await offer(imp, distributor.id, [{ productId: ginId, cases: 1 }], key), 200);
    expect(again).toMatchObject({ kind: 'offer', replayed: true, order: { id: first.order.id } });
    expect((await balanceOf(db(), importer.id, ginId)).reserved).toBe(before.reserved + 6);
    const reused = await offer(imp, distributor.id, [{ productId: ginId, cases: 2 }], key);
    expect(reused.status).toBe(409);
    expect((await errorOf(reused)).code).toBe('idempotency_key_reused');
    // The same key to another of its distributors is another body too.
    const second = await createOrganisation(t, 'distributor', { supplierId: importer.id });
    const elsewhere = await offer(imp, second.id, [{ productId: ginId, cases: 1 }], key);
    expect(elsewhere.status).toBe(409);
    expect((await errorOf(elsewhere)).code).toBe('idempotency_key_reused');
    expect((await balanceOf(db(), importer.id, ginId)).reserved).toBe(before.reserved + 6);
    await body(await imp.json('POST', `/api/partner/orders/${first.order.id}/cancel`, { version: first.order.version, reason: 'Tidy' }), 200);
  });

  it('offers to its own distributors only: another importer’s distributor is not found and nothing is reserved', async () => {
    const foreign = await createOrganisation(t, 'distributor'); // supplied by another importer
    const before = await balanceOf(db(), importer.id, ginId);
    const res = await offer(imp, foreign.id, [{ productId: ginId, cases: 1 }]);
    expect(res.status).toBe(404);
    expect((await errorOf(res)).code).toBe('not_found');
    expect(await balanceOf(db(), importer.id, ginId)).toEqual(before);
  });

  it('only the offer’s buyer answers it: another organisation gets not found, the importer itself is refused the buyer’s move', async () => {
    const o = (await body(await offer(imp, distributor.id, [{ productId: ginId, cases: 1 }]), 201)).order;
    const retailerOrg = await createOrganisation(t, 'retailer', { supplierId: distributor.id });
    const retailer = await signedInMember(t, retailerOrg);
    const otherOrg = await createOrganisation(t, 'distributor');
    const other = await signedInMember(t, otherOrg);
    for (const c of [retailer, other]) {
      for (const action of ['accept', 'decline']) {
        const res = await c.json('POST', `/api/partner/orders/${o.id}/${action}`, { version: o.version });
        expect(res.status, `${action} by a stranger`).toBe(404);
      }
    }
    const own = await imp.json('POST', `/api/partner/orders/${o.id}/accept`, { version: o.version });
    expect(own.status).toBe(403);
    expect((await errorOf(own)).code).toBe('wrong_side');
    expect((await body(await dist.get(`/api/partner/orders/${o.id}`), 200)).status).toBe('offered');
    await body(await imp.json('POST', `/api/partner/orders/${o.id}/cancel`, { version: o.version, reason: 'Tidy' }), 200);
  });

  it('two accepts at once: exactly one wins, the other is told the offer moved on, and the reservation is the offer’s once', async () => {
    const before = await balanceOf(db(), importer.id, ginId);
    const o = (await body(await offer(imp, distributor.id, [{ productId: ginId, cases: 2 }]), 201)).order;
    const second = await signedInMember(t, distributor);
    const results = await Promise.all([dist, second].map((c) => c.json('POST', `/api/partner/orders/${o.id}/accept`, { version: o.version })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const loser = results.find((r) => r.status === 409)!;
    expect((await errorOf(loser)).code).toBe('invalid_transition');
    expect((await db().select().from(orders).where(eq(orders.id, o.id)))[0]).toMatchObject({ status: 'approved', version: o.version + 1 });
    // Reserved once, by the offer; the loser moved nothing.
    expect(await balanceOf(db(), importer.id, ginId)).toEqual({ onHand: before.onHand, reserved: before.reserved + 12, available: before.available - 12 });
    expect((await db().select().from(stockMovements).where(eq(stockMovements.orderId, o.id))).length).toBe(1);
  });
});
