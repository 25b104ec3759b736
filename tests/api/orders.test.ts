// Trade orders on the real server (issue 15): both channels end to end (an importer buying from the
// brand, staff acting in Trade orders; a retailer buying from its distributor), every bad input with
// its stable code and nothing half-written, foreign ids (404), a blocked standing (403), idempotent
// placing, the timeline and thread, the other side hearing live — and, on PostgreSQL, the three races
// (last units, one key, approve against cancel) each beside the unguarded way that loses them.
import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { STANDING_REFUSAL } from '../../shared/partners';
import { MAX_CASES_PER_LINE, MAX_LINES } from '../../shared/orders';
import { orderItems, orders, organisations, outboxEmails, productTradePrices, stockBalances, tradeTerms } from '../../server/db/schema';
import { USER_CHANGED_TOPIC } from '../../server/modules/auth/sessions';
import type { Organisation } from '../../server/modules/partners/service';
import { balanceOf, moveStock } from '../../server/modules/stock/ledger';
import { insertProduct } from '../support/products';
import type { Client } from '../support/client';
import { createOrganisation, signedInMember } from '../support/partners';
import { signedIn } from '../support/staff';
import { describeOnPostgres } from '../support/test-db';
import { startTestServer, type TestServer } from '../support/test-server';
import { openLive } from '../support/live-socket';
import { brandId } from '../../server/db/brand';

type Member = Awaited<ReturnType<typeof signedInMember>>;

let t: TestServer;
let staff: Client & { userId: string };
let importerOrg: Organisation;
let distributorOrg: Organisation;
let retailerOrg: Organisation;
let importer: Member;
let distributor: Member;
let retailer: Member;
let otherRetailer: Member;
const p = { gin: 0, rum: 0, draft: 0, unpriced: 0 };
let currency = 'GBP';

const db = () => t.db.database.db;
const orderCount = async () => (await db().select({ n: count() }).from(orders))[0]?.n ?? 0;
const readerOf = async (c: Client) => (await t.app.services.sessions.resolve(c.cookies.get('frolic_session') as string, { touch: false }))!;
const actor = (c: { userId: string }) => ({ userId: c.userId, ip: null });
let keySeq = 0;
const newKey = () => `key-${process.pid}-${++keySeq}-${Math.random().toString(36).slice(2)}`;

async function body(res: Response, status: number) {
  const b = await res.json();
  expect(res.status, JSON.stringify(b)).toBe(status);
  return b;
}

const product = (slug: string, status: 'active' | 'draft', caseSize = 6) => insertProduct(db(), { slug: `${slug}-${process.pid}`, caseSize, status });

const price = (productId: number, tier: 'importer' | 'distributor' | 'retailer', amountMinor: number) =>
  db().insert(productTradePrices).values({ productId, tier, market: 'GB', currency, amountMinor });

const place = (c: Client, lines: { productId: number; cases: number }[], key?: string, note = '') =>
  c.json('POST', '/api/partner/orders', { lines, note }, key ? { 'Idempotency-Key': key } : {});

async function setOrganisation(id: string, values: Partial<typeof organisations.$inferInsert>) {
  await db().update(organisations).set(values).where(eq(organisations.id, id));
  await t.app.feed.publish(USER_CHANGED_TOPIC, {});
}

beforeAll(async () => {
  t = await startTestServer();
  staff = await signedIn(t, 'admin', 'orders');
  importerOrg = await createOrganisation(t, 'importer');
  distributorOrg = await createOrganisation(t, 'distributor', { supplierId: importerOrg.id });
  retailerOrg = await createOrganisation(t, 'retailer', { supplierId: distributorOrg.id });
  const otherOrg = await createOrganisation(t, 'retailer');
  importer = await signedInMember(t, importerOrg);
  distributor = await signedInMember(t, distributorOrg);
  retailer = await signedInMember(t, retailerOrg);
  otherRetailer = await signedInMember(t, otherOrg);
  currency = (await db().select().from(tradeTerms).where(eq(tradeTerms.customerId, importerOrg.id)))[0]!.currency;
  p.gin = await product('order-gin', 'active');
  p.rum = await product('order-rum', 'active', 12);
  p.draft = await product('order-draft', 'draft');
  p.unpriced = await product('order-unpriced', 'active');
  for (const id of [p.gin, p.rum, p.draft]) {
    await price(id, 'importer', 1000);
    await price(id, 'distributor', 1500);
    await price(id, 'retailer', 2000);
  }
  // Priced for distributors only: an importer or a retailer cannot order it.
  await price(p.unpriced, 'distributor', 1000);
  // The brand holds 20 cases of gin and 10 of rum; the distributor 5 cases of gin and 2 of rum.
  await moveStock(db(), { organisationId: await brandId(db()), productId: p.gin, onHand: 120, reserved: 0, cause: 'adjustment' });
  await moveStock(db(), { organisationId: await brandId(db()), productId: p.rum, onHand: 120, reserved: 0, cause: 'adjustment' });
  await moveStock(db(), { organisationId: distributorOrg.id, productId: p.gin, onHand: 30, reserved: 0, cause: 'adjustment' });
  await moveStock(db(), { organisationId: distributorOrg.id, productId: p.rum, onHand: 24, reserved: 0, cause: 'adjustment' });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const live = (c: Client) => openLive(t, c);

describe('an importer orders from the brand', () => {
  it('places, is seen, approved with a line cut, and — an order from before shipments — shipped and delivered by staff, with the stock following', async () => {
    const order = await body(
      await place(
        importer,
        [
          { productId: p.gin, cases: 4 },
          { productId: p.rum, cases: 2 },
        ],
        newKey(),
        'For the spring.',
      ),
      201,
    );
    expect(order.number).toMatch(/^FR-\d{4}-\d{6}$/);
    expect(order).toMatchObject({
      status: 'submitted',
      side: 'buyer',
      seller: { id: await brandId(db()), name: 'Frolic', type: 'brand' },
      currency,
      taxRateBp: 2000,
      // The brand ships to its importer in bond: no duty; GB to GB, VAT at the standard rate (issue 44).
      dutyMinor: 0,
      tax: { vatCategory: 'S', vatRateBp: 2000, dutyTreatment: 'in_bond', exampleRates: true },
    });
    // 4 × 6 × 10.00 + 2 × 12 × 10.00 = 480.00, VAT 20 %.
    expect([order.subtotalMinor, order.taxMinor, order.totalMinor]).toEqual([48_000, 9_600, 57_600]);
    expect(order.actions).toEqual(['cancel']);

    const list = await body(await staff.json('GET', '/api/admin/trade-orders'), 200);
    expect(list.items.map((o: { id: number }) => o.id)).toContain(order.id);
    // The brand's first look marks it seen; the buyer sees that.
    const seen = await body(await staff.json('GET', `/api/admin/trade-orders/${order.id}`), 200);
    expect(seen).toMatchObject({ status: 'seen', side: 'seller', version: 2 });
    expect(seen.actions).toEqual(expect.arrayContaining(['approve', 'reject', 'cancel']));
    expect((await body(await importer.json('GET', `/api/partner/orders/${order.id}`), 200)).status).toBe('seen');

    const rumLine = seen.items.find((i: { productId: number }) => i.productId === p.rum);
    const approved = await body(
      await staff.json('POST', `/api/admin/trade-orders/${order.id}/approve`, {
        version: 2,
        lines: [{ itemId: rumLine.id, cases: 1, reason: 'Only one case of rum left this month.' }],
        note: 'Ships Tuesday.',
      }),
      200,
    );
    expect(approved).toMatchObject({ status: 'approved', decisionReason: 'Ships Tuesday.', subtotalMinor: 36_000, taxMinor: 7_200, totalMinor: 43_200 });
    // The buyer sees the old and the new side by side.
    const mine = await body(await importer.json('GET', `/api/partner/orders/${order.id}`), 200);
    expect(mine.items.find((i: { productId: number }) => i.productId === p.rum)).toMatchObject({
      casesRequested: 2,
      cases: 1,
      modified: true,
      modificationReason: 'Only one case of rum left this month.',
    });
    expect(await balanceOf(db(), await brandId(db()), p.gin)).toEqual({ onHand: 120, reserved: 24, available: 96 });
    expect(await balanceOf(db(), await brandId(db()), p.rum)).toEqual({ onHand: 120, reserved: 12, available: 108 });

    // A new order ships by a shipment (tests/api/trade-legs.test.ts); staff's old ship and deliver steps
    // remain for the brand's orders approved before shipments existed (migration 0026 marks them).
    expect(approved.actions).not.toContain('ship');
    await db().update(orders).set({ legacySteps: true }).where(eq(orders.id, order.id));
    const shipped = await body(await staff.json('POST', `/api/admin/trade-orders/${order.id}/ship`, { version: 3 }), 200);
    expect(shipped.status).toBe('shipped');
    expect(await balanceOf(db(), await brandId(db()), p.gin)).toEqual({ onHand: 96, reserved: 0, available: 96 });
    await body(await staff.json('POST', `/api/admin/trade-orders/${order.id}/deliver`, { version: 4 }), 200);
    expect(await balanceOf(db(), importerOrg.id, p.gin)).toEqual({ onHand: 24, reserved: 0, available: 24 });
    expect(await balanceOf(db(), importerOrg.id, p.rum)).toEqual({ onHand: 12, reserved: 0, available: 12 });

    // The timeline from the audit rows; the buyer was told by email.
    const final = await body(await importer.json('GET', `/api/partner/orders/${order.id}`), 200);
    expect(final.timeline.filter((e: { kind: string }) => e.kind === 'status').map((e: { status: string }) => e.status)).toEqual([
      'submitted',
      'seen',
      'approved',
      'shipped',
      'delivered',
    ]);
    const mail = await db().select().from(outboxEmails).where(eq(outboxEmails.to, importer.email));
    expect(mail.map((m) => m.subject)).toEqual(
      expect.arrayContaining([`Order ${order.number} was approved`, `Order ${order.number} was shipped`, `Order ${order.number} was delivered`]),
    );
  });

  it('refuses to place more than the supplier has available, naming the product and what is available, and writes nothing', async () => {
    const stock = await balanceOf(db(), await brandId(db()), p.rum);
    const available = Math.floor(stock.available / 12);
    const [before] = await db().select({ n: count() }).from(orders);
    const res = await body(await place(importer, [{ productId: p.rum, cases: available + 1 }]), 409);
    expect(res.error).toMatchObject({
      code: 'insufficient_stock',
      message: `Not enough stock of order-rum-${process.pid}: only ${available} ${available === 1 ? 'case' : 'cases'} available.`,
      details: [{ path: 'lines.0.cases', productId: p.rum, availableCases: available }],
    });
    expect(await db().select({ n: count() }).from(orders)).toEqual([before]);
    expect(await balanceOf(db(), await brandId(db()), p.rum)).toEqual(stock);
  });

  it('refuses an approval the stock cannot cover (it left after the order was placed), naming the line, and writes nothing', async () => {
    const order = await body(await place(importer, [{ productId: p.rum, cases: 2 }]), 201);
    // Stock leaves the warehouse between placing and approval: one case is left.
    const brand = await brandId(db());
    const left = (await balanceOf(db(), brand, p.rum)).available - 12;
    await moveStock(db(), { organisationId: brand, productId: p.rum, onHand: -left, reserved: 0, cause: 'adjustment', reason: 'Breakage' });
    onTestFinished(() =>
      moveStock(db(), { organisationId: brand, productId: p.rum, onHand: left, reserved: 0, cause: 'adjustment', reason: 'Found' }).then(() => undefined),
    );
    const before = await balanceOf(db(), await brandId(db()), p.rum);
    const res = await body(await staff.json('POST', `/api/admin/trade-orders/${order.id}/approve`, { version: 1, lines: [] }), 409);
    expect(res.error.code).toBe('insufficient_stock');
    expect(res.error.details[0]).toMatchObject({ path: 'lines', productId: p.rum, availableCases: Math.floor(before.available / 12) });
    // Named by the product, never "line 1"; the count agrees with its noun.
    const available = Math.floor(before.available / 12);
    expect(res.error.message).toBe(`Not enough stock of order-rum-${process.pid}: only ${available} ${available === 1 ? 'case' : 'cases'} available.`);
    expect(res.error.details[0].message).toBe(`Only ${available} ${available === 1 ? 'case' : 'cases'} of order-rum-${process.pid} available.`);
    expect(await balanceOf(db(), await brandId(db()), p.rum)).toEqual(before);
    const [row] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ status: 'submitted', version: 1 });
  });
});

describe('a retailer orders from its distributor', () => {
  it('the distributor approves (reserving its own stock); the retailer cancels and the stock comes back', async () => {
    // Both dashboards' figures are read (and cached) first: every step below must show in them.
    const figures = async (c: Client) => body(await c.json('GET', '/api/partner/orders/figures'), 200);
    const [sellerBefore, buyerBefore] = [await figures(distributor), await figures(retailer)];
    const order = await body(await place(retailer, [{ productId: p.gin, cases: 2 }]), 201);
    expect((await figures(distributor)).selling.submitted).toBe(sellerBefore.selling.submitted + 1);
    expect((await figures(retailer)).buying.submitted).toBe(buyerBefore.buying.submitted + 1);
    expect(order).toMatchObject({ seller: { id: distributorOrg.id }, subtotalMinor: 2 * 6 * 2000 });
    const selling = await body(await distributor.json('GET', '/api/partner/orders?side=selling'), 200);
    expect(selling.items.map((o: { id: number }) => o.id)).toContain(order.id);
    const buying = await body(await distributor.json('GET', '/api/partner/orders?side=buying'), 200);
    expect(buying.items.map((o: { id: number }) => o.id)).not.toContain(order.id);
    // The status filter.
    const ids = (page: { items: { id: number }[] }) => page.items.map((o) => o.id);
    const submitted = await body(await distributor.json('GET', '/api/partner/orders?side=selling&status=submitted&limit=50'), 200);
    expect(ids(submitted)).toContain(order.id);
    expect(submitted.items.every((o: { status: string }) => o.status === 'submitted')).toBe(true);
    expect(ids(await body(await distributor.json('GET', '/api/partner/orders?side=selling&status=approved&limit=50'), 200))).not.toContain(order.id);
    const seen = await body(await distributor.json('GET', `/api/partner/orders/${order.id}`), 200);
    // The seller deciding sees what its stock covers (5 cases of gin); the buyer never sees the seller's figure here.
    expect(seen.items.map((i: { availableCases: number | null }) => i.availableCases)).toEqual([5]);
    expect((await body(await retailer.json('GET', `/api/partner/orders/${order.id}`), 200)).items[0].availableCases).toBeNull();
    await body(await distributor.json('POST', `/api/partner/orders/${order.id}/approve`, { version: seen.version }), 200);
    expect(await balanceOf(db(), distributorOrg.id, p.gin)).toMatchObject({ reserved: 12 });
    expect((await body(await distributor.json('GET', `/api/partner/orders/${order.id}`), 200)).items[0].availableCases).toBeNull();
    const cancelled = await body(
      await retailer.json('POST', `/api/partner/orders/${order.id}/cancel`, { version: seen.version + 1, reason: 'Changed our mind.' }),
      200,
    );
    expect(cancelled).toMatchObject({ status: 'cancelled', cancelReason: 'Changed our mind.' });
    expect(await balanceOf(db(), distributorOrg.id, p.gin)).toMatchObject({ reserved: 0, onHand: 30 });
    const after = await figures(distributor);
    expect(after.selling).toMatchObject({ submitted: sellerBefore.selling.submitted, cancelled: sellerBefore.selling.cancelled + 1 });
    expect(after.recent[0]).toMatchObject({ id: order.id, status: 'cancelled' });
  });

  it('a rejection needs a reason; the thread and the timeline carry both sides; the buyer hears it live', async () => {
    const buyerSocket = await live(retailer);
    const sellerSocket = await live(distributor);
    const strangerSocket = await live(otherRetailer);
    try {
      const order = await body(await place(retailer, [{ productId: p.gin, cases: 1 }]), 201);
      await body(await retailer.json('POST', `/api/partner/orders/${order.id}/messages`, { body: 'Can you deliver before Friday?' }), 201);
      const thread = await body(await distributor.json('GET', `/api/partner/orders/${order.id}/messages`), 200);
      expect(thread.items).toMatchObject([{ body: 'Can you deliver before Friday?', side: 'buyer' }]);
      expect((await body(await distributor.json('GET', `/api/partner/orders/${order.id}`), 200)).status).toBe('seen');
      const noReason = await body(await distributor.json('POST', `/api/partner/orders/${order.id}/reject`, { version: 2, reason: ' ' }), 400);
      expect(noReason.error.details[0].path).toBe('reason');
      const rejected = await body(await distributor.json('POST', `/api/partner/orders/${order.id}/reject`, { version: 2, reason: 'Not before Friday.' }), 200);
      expect(rejected).toMatchObject({ status: 'rejected', decisionReason: 'Not before Friday.', actions: [] });
      expect(rejected.timeline.map((e: { kind: string; label: string }) => `${e.kind}:${e.label}`)).toEqual([
        'status:Submitted',
        'message:Message',
        'status:Seen',
        'status:Rejected',
      ]);
      for (const s of [buyerSocket, sellerSocket, strangerSocket]) await s.settle();
      const changes = (s: typeof buyerSocket) => s.events.filter((e) => e.type === 'changed' && e.topic === 'order' && e.id === order.id).length;
      expect(changes(buyerSocket)).toBeGreaterThanOrEqual(3);
      expect(changes(sellerSocket)).toBeGreaterThanOrEqual(3);
      expect(changes(strangerSocket)).toBe(0);
      const bell = await t.app.services.notifications.list(await readerOf(retailer));
      expect(bell.items.map((n) => n.title)).toContain(`Order ${order.number} was rejected`);
    } finally {
      for (const s of [buyerSocket, sellerSocket, strangerSocket]) s.ws.close();
    }
  });
});

describe('bad input: a stable code, nothing written', () => {
  it('refuses unknown, inactive and unpriced products, and quantities that are not whole positive cases within the limits', async () => {
    const before = await orderCount();
    const refused = async (lines: unknown, path: string, code = 'validation_failed') => {
      const res = await body(await importer.json('POST', '/api/partner/orders', { lines }), 400);
      expect(res.error.code, JSON.stringify(res)).toBe(code);
      expect(res.error.details.map((d: { path: string }) => d.path)).toContain(path);
    };
    await refused([{ productId: 999_999, cases: 1 }], 'lines.0.productId', 'product_unavailable');
    await refused([{ productId: p.draft, cases: 1 }], 'lines.0.productId', 'product_unavailable');
    await refused(
      [
        { productId: p.gin, cases: 1 },
        { productId: p.unpriced, cases: 1 },
      ],
      'lines.1.productId',
      'product_unavailable',
    );
    await refused([{ productId: p.gin, cases: 0 }], 'lines.0.cases');
    await refused([{ productId: p.gin, cases: 1.5 }], 'lines.0.cases');
    await refused([{ productId: p.gin, cases: -2 }], 'lines.0.cases');
    await refused([{ productId: p.gin, cases: MAX_CASES_PER_LINE + 1 }], 'lines.0.cases');
    // Coercions an attacker tried: hex, binary, exponent, booleans, padding, signs, fractions as text.
    for (const cases of ['0x10', '0b11', '1e1', '5.0', ' 5', '5 ', '+5', '', true, false, null, [3], '١٢', 'Infinity'])
      await refused([{ productId: p.gin, cases }], 'lines.0.cases');
    await refused([{ productId: '0x1', cases: 1 }], 'lines.0.productId');
    await refused(
      [
        { productId: p.gin, cases: 1 },
        { productId: p.gin, cases: 2 },
      ],
      'lines',
    );
    await refused(
      Array.from({ length: MAX_LINES + 1 }, (_, i) => ({ productId: i + 1, cases: 1 })),
      'lines',
    );
    await refused([], 'lines');
    // The retailer's tier has no price for it either.
    const res = await body(await retailer.json('POST', '/api/partner/orders', { lines: [{ productId: p.unpriced, cases: 1 }] }), 400);
    expect(res.error.code).toBe('product_unavailable');
    expect(await orderCount()).toBe(before);
  });

  it('refuses approvals above the request, changes without a reason, a stale version, the wrong state and another order’s line', async () => {
    const order = await body(await place(retailer, [{ productId: p.gin, cases: 2 }]), 201);
    const other = await body(await place(retailer, [{ productId: p.rum, cases: 1 }]), 201);
    const seen = await body(await distributor.json('GET', `/api/partner/orders/${order.id}`), 200);
    const item = seen.items[0].id;
    const approve = (b: unknown) => distributor.json('POST', `/api/partner/orders/${order.id}/approve`, b);
    expect((await body(await approve({ version: 2, lines: [{ itemId: item, cases: 3, reason: 'x' }] }), 400)).error.code).toBe('cases_above_requested');
    const noReason = await body(await approve({ version: 2, lines: [{ itemId: item, cases: 1 }] }), 400);
    expect(noReason.error).toMatchObject({ code: 'reason_required', details: [{ path: 'lines.0.reason' }] });
    expect((await body(await approve({ version: 2, lines: [{ itemId: item, cases: 0, reason: 'Out.' }] }), 400)).error.code).toBe('nothing_approved');
    expect((await body(await approve({ version: 1 }), 409)).error.code).toBe('version_conflict');
    const foreignLine = (await db().select().from(orderItems).where(eq(orderItems.orderId, other.id)))[0]!.id;
    expect((await body(await approve({ version: 2, lines: [{ itemId: foreignLine, cases: 1, reason: 'x' }] }), 404)).error.code).toBe('not_found');
    // The buyer may not approve its own order.
    expect((await body(await retailer.json('POST', `/api/partner/orders/${order.id}/approve`, { version: 2 }), 403)).error.code).toBe('wrong_side');
    await body(await distributor.json('POST', `/api/partner/orders/${order.id}/reject`, { version: 2, reason: 'No.' }), 200);
    expect((await body(await approve({ version: 3 }), 409)).error.code).toBe('invalid_transition');
    expect((await body(await retailer.json('POST', `/api/partner/orders/${order.id}/cancel`, { version: 3, reason: 'x' }), 409)).error.code).toBe(
      'invalid_transition',
    );
    const [row] = await db().select().from(orderItems).where(eq(orderItems.id, item));
    expect(row).toMatchObject({ cases: 2, modificationReason: null });
    expect(await balanceOf(db(), distributorOrg.id, p.gin)).toMatchObject({ reserved: 0 });
    // Ship and deliver are the brand's (staff) only; a distributor's sale is not in Trade orders.
    expect((await staff.json('GET', `/api/admin/trade-orders/${other.id}`)).status).toBe(404);
  });

  it("another organisation's order is a 404 everywhere", async () => {
    const order = await body(await place(retailer, [{ productId: p.gin, cases: 1 }]), 201);
    for (const [method, path, b] of [
      ['GET', `/api/partner/orders/${order.id}`, undefined],
      ['POST', `/api/partner/orders/${order.id}/approve`, { version: 1 }],
      ['POST', `/api/partner/orders/${order.id}/reject`, { version: 1, reason: 'x' }],
      ['POST', `/api/partner/orders/${order.id}/cancel`, { version: 1, reason: 'x' }],
      ['GET', `/api/partner/orders/${order.id}/messages`, undefined],
      ['POST', `/api/partner/orders/${order.id}/messages`, { body: 'hello' }],
      ['GET', '/api/partner/orders/99999999', undefined],
    ] as const)
      expect((await otherRetailer.json(method, path, b)).status, `${method} ${path}`).toBe(404);
    const theirs = await body(await otherRetailer.json('GET', '/api/partner/orders'), 200);
    expect(theirs.items).toEqual([]);
    const [row] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ status: 'submitted', version: 1 });
  });

  it('a suspended organisation reads its orders but may not place or move them (403 with the standing’s code)', async () => {
    const order = await body(await place(retailer, [{ productId: p.gin, cases: 1 }]), 201);
    await setOrganisation(retailerOrg.id, { status: 'suspended', statusReason: 'Audit.' });
    try {
      const before = await orderCount();
      expect((await body(await place(retailer, [{ productId: p.gin, cases: 1 }]), 403)).error.code).toBe(STANDING_REFUSAL.suspended.code);
      expect((await body(await retailer.json('POST', `/api/partner/orders/${order.id}/cancel`, { version: 1, reason: 'x' }), 403)).error.code).toBe(
        STANDING_REFUSAL.suspended.code,
      );
      expect((await retailer.json('GET', `/api/partner/orders/${order.id}`)).status).toBe(200);
      expect(await orderCount()).toBe(before);
    } finally {
      await setOrganisation(retailerOrg.id, { status: 'active', statusReason: '' });
    }
  });
});

describe('placing is idempotent', () => {
  it('returns the same order for a retry with the same key, and refuses the key with another body', async () => {
    const key = newKey();
    const first = await body(await place(importer, [{ productId: p.gin, cases: 1 }], key), 201);
    const before = await orderCount();
    const again = await body(await place(importer, [{ productId: p.gin, cases: 1 }], key), 200);
    expect(again.id).toBe(first.id);
    const other = await body(await place(importer, [{ productId: p.gin, cases: 2 }], key), 409);
    expect(other.error).toMatchObject({ code: 'idempotency_key_reused', details: { orderId: first.id } });
    expect((await body(await place(importer, [{ productId: p.gin, cases: 1 }], 'short'), 400)).error.code).toBe('invalid_idempotency_key');
    expect(await orderCount()).toBe(before);
    // The key is the buyer's own: another organisation using it places its own order.
    expect((await body(await place(retailer, [{ productId: p.gin, cases: 1 }], key), 201)).id).not.toBe(first.id);
  });
});

describe('the lists’ pages', () => {
  type Page = { items: { id: number; createdAt: string }[]; next: string | null };
  /** Every page of `path` with `limit`, following the cursor (the last row's time and id). */
  async function walk(c: Client, path: string, limit: number): Promise<number[]> {
    const walked: number[] = [];
    let after: string | null = null;
    do {
      const page: Page = await body(await c.json('GET', `${path}${path.includes('?') ? '&' : '?'}limit=${limit}${after ? `&after=${after}` : ''}`), 200);
      walked.push(...page.items.map((o) => o.id));
      after = page.next;
    } while (after && walked.length < 500); // a cursor that does not move would repeat a page forever
    return walked;
  }

  it('walk the same orders, newest first, one at a time as all at once: the brand’s (staff) and a buyer’s', async () => {
    for (const [c, path] of [
      [staff, '/api/admin/trade-orders'],
      [retailer, '/api/partner/orders?side=buying'],
    ] as const) {
      const whole = await walk(c, path, 50);
      expect(whole.length).toBeGreaterThan(2);
      expect(await walk(c, path, 1)).toEqual(whole);
      expect(await walk(c, path, 2)).toEqual(whole);
    }
  });
});

describeOnPostgres('orders under concurrency', () => {
  const settled = <T>(jobs: Promise<T>[]) => Promise.allSettled(jobs).then((r) => r.filter((x) => x.status === 'fulfilled').length);
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  let lemon = 0;

  beforeAll(async () => {
    lemon = await product('race-lemon', 'active');
    await price(lemon, 'importer', 500);
  });
  const setBrandStock = async (onHand: number) =>
    db()
      .update(stockBalances)
      .set({ onHand, reserved: 0 })
      .where(and(eq(stockBalances.organisationId, await brandId(db())), eq(stockBalances.productId, lemon)));

  async function fiftyOrders() {
    const viewer = await readerOf(importer);
    const placed = [];
    for (let i = 0; i < 50; i++)
      placed.push(
        (await t.app.services.orders.place(viewer, { lines: [{ productId: lemon, cases: 1 }], note: '', buyerReference: '' }, null, actor(importer))).order,
      );
    return placed;
  }

  it('50 parallel approvals competing for the last 7 cases: exactly 7 win, the stock never goes negative', async () => {
    await moveStock(db(), { organisationId: await brandId(db()), productId: lemon, onHand: 42, reserved: 0, cause: 'adjustment' });
    const placed = await fiftyOrders();
    const viewer = await readerOf(staff);
    const won = await settled(placed.map((o) => t.app.services.orders.approve(viewer, o.id, { version: 1, lines: [], note: '' }, actor(staff), 'staff')));
    expect(won).toBe(7);
    expect(await balanceOf(db(), await brandId(db()), lemon)).toEqual({ onHand: 42, reserved: 42, available: 0 });
    const approved = await db()
      .select({ n: count() })
      .from(orders)
      .where(and(eq(orders.status, 'approved'), eq(orders.buyerId, importerOrg.id)))
      .innerJoin(orderItems, and(eq(orderItems.orderId, orders.id), eq(orderItems.productId, lemon)));
    expect(approved[0]?.n).toBe(7);
  });

  it('…whereas approving with a read-then-write reservation (unguarded) gives away more than there is', async () => {
    await setBrandStock(42);
    const placed = await fiftyOrders();
    // The race made certain rather than left to the machine's timing: each writer waits (up to half a
    // second) until three have read — fewer than the test pool's connections, so three are always
    // there at once and read the same balance.
    let readers = 0;
    const won = await settled(
      placed.map((o, n) =>
        db().transaction(async (tx) => {
          const b = await balanceOf(tx, await brandId(tx), lemon);
          readers += 1;
          for (let waited = 0; readers < 3 && waited < 500; waited += 5) await sleep(5);
          if (b.available < 6) throw new Error('out of stock');
          await sleep(5 + (n % 5));
          await tx.update(orders).set({ status: 'approved' }).where(eq(orders.id, o.id));
          await tx
            .update(stockBalances)
            .set({ reserved: b.reserved + 6 })
            .where(and(eq(stockBalances.organisationId, await brandId(tx)), eq(stockBalances.productId, lemon)));
        }),
      ),
    );
    expect(won).toBeGreaterThan(7);
  });

  it('20 parallel submits with one Idempotency-Key make one order', async () => {
    await setBrandStock(600); // what the races above left reserved is released: the orders may be placed
    const viewer = await readerOf(importer);
    const key = newKey();
    const before = await orderCount();
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.app.services.orders.place(viewer, { lines: [{ productId: lemon, cases: 1 }], note: 'race', buyerReference: '' }, key, actor(importer)),
      ),
    );
    expect(new Set(results.map((r) => r.order.id)).size).toBe(1);
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(await orderCount()).toBe(before + 1);
  });

  it('…whereas check-then-insert without the key’s guard makes several', async () => {
    const marker = `unguarded-${newKey()}`;
    // Each waits (up to half a second) until three have looked: the race made certain (see above).
    let readers = 0;
    await Promise.all(
      Array.from({ length: 20 }, () =>
        db().transaction(async (tx) => {
          const [existing] = await tx.select().from(orders).where(eq(orders.note, marker));
          readers += 1;
          for (let waited = 0; readers < 3 && waited < 500; waited += 5) await sleep(5);
          if (existing) return existing;
          await sleep(10);
          const n = `FR-UNGUARDED-${Math.random().toString(36).slice(2, 12)}`;
          return tx
            .insert(orders)
            .values({ number: n, buyerId: importerOrg.id, sellerId: await brandId(tx), currency, note: marker, status: 'submitted' })
            .returning();
        }),
      ),
    );
    const made = (await db().select({ n: count() }).from(orders).where(eq(orders.note, marker)))[0]?.n ?? 0;
    expect(made).toBeGreaterThan(1);
  });

  it('approving and cancelling the same order at once: exactly one wins, and the stock agrees', async () => {
    await setBrandStock(600);
    const placed = (await fiftyOrders()).slice(0, 20);
    const staffViewer = await readerOf(staff);
    const buyer = await readerOf(importer);
    for (const o of placed) {
      const outcomes = await Promise.allSettled([
        t.app.services.orders.approve(staffViewer, o.id, { version: 1, lines: [], note: '' }, actor(staff), 'staff'),
        t.app.services.orders.cancel(buyer, o.id, { version: 1, reason: 'race' }, actor(importer), 'partner'),
      ]);
      expect(outcomes.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const loser = outcomes.find((r) => r.status === 'rejected') as PromiseRejectedResult;
      expect(['invalid_transition', 'version_conflict']).toContain(loser.reason.code);
    }
    const rows = await db()
      .select({ status: orders.status })
      .from(orders)
      .where(
        inArray(
          orders.id,
          placed.map((o) => o.id),
        ),
      );
    const approvedN = rows.filter((r) => r.status === 'approved').length;
    expect(approvedN + rows.filter((r) => r.status === 'cancelled').length).toBe(placed.length);
    // Only the approvals that won hold stock.
    expect((await balanceOf(db(), await brandId(db()), lemon)).reserved).toBe(approvedN * 6);
  });

  it('…whereas unguarded updates (`where id = ?`) let both win', async () => {
    const placed = (await fiftyOrders()).slice(0, 10);
    let bothWon = 0;
    for (const o of placed) {
      const move = (to: 'approved' | 'cancelled') =>
        db().transaction(async (tx) => {
          const [row] = await tx.select().from(orders).where(eq(orders.id, o.id));
          if (!row || !['submitted', 'seen'].includes(row.status)) throw new Error('invalid_transition');
          await sleep(10);
          await tx.update(orders).set({ status: to }).where(eq(orders.id, o.id));
        });
      const outcomes = await Promise.allSettled([move('approved'), move('cancelled')]);
      if (outcomes.every((r) => r.status === 'fulfilled')) bothWon++;
    }
    expect(bothWon).toBeGreaterThan(0);
  });
});

describe('a member with read-only access (the generic partner role)', () => {
  it("reads its organisation's orders, but places, approves, cancels, invoices, pays, ships and requests nothing", async () => {
    const sellerReader = await signedInMember(t, distributorOrg, { role: 'partner' });
    const buyerReader = await signedInMember(t, retailerOrg, { role: 'partner' });
    const order = await body(await place(retailer, [{ productId: p.gin, cases: 1 }], newKey()), 201);
    const placed = await orderCount();

    // Reading: the order as it stands, not marked seen by the reader, and no action offered to either side.
    expect(await body(await sellerReader.json('GET', `/api/partner/orders/${order.id}`), 200)).toMatchObject({
      status: 'submitted',
      side: 'seller',
      actions: [],
    });
    expect(await body(await buyerReader.json('GET', `/api/partner/orders/${order.id}`), 200)).toMatchObject({ side: 'buyer', actions: [] });
    expect((await body(await sellerReader.json('GET', '/api/partner/orders?side=selling'), 200)).items.map((o: { id: number }) => o.id)).toContain(order.id);

    // Every write is refused with its own code, before its body is looked at.
    const refused = async (res: Response) => {
      const b = await body(res, 403);
      expect(b.error).toMatchObject({ code: 'read_only_access', message: expect.stringContaining('Your access is read-only') });
    };
    await refused(await sellerReader.json('POST', `/api/partner/orders/${order.id}/approve`, { version: order.version, lines: [] }));
    await refused(await sellerReader.json('POST', `/api/partner/orders/${order.id}/reject`, { version: order.version, reason: 'Not today.' }));
    await refused(await buyerReader.json('POST', `/api/partner/orders/${order.id}/cancel`, { version: order.version, reason: 'Not today.' }));
    await refused(await buyerReader.json('POST', `/api/partner/orders/${order.id}/messages`, { body: 'Hello' }));
    await refused(await place(buyerReader, [{ productId: p.gin, cases: 1 }], newKey()));
    await refused(await sellerReader.json('POST', '/api/partner/invoices/issue', {}));
    await refused(await sellerReader.json('POST', '/api/partner/shipments', {}));
    await refused(await buyerReader.json('POST', '/api/partner/payments', {}));
    await refused(await buyerReader.json('POST', '/api/partner/marketing/requests', {}));

    // Nothing moved: no order was placed, and the distributor's trading member still finds this one
    // submitted (its opening marks it seen) and may approve it.
    expect(await orderCount()).toBe(placed);
    const seen = await body(await distributor.json('GET', `/api/partner/orders/${order.id}`), 200);
    expect(seen).toMatchObject({ status: 'seen', actions: expect.arrayContaining(['approve']) });
    await body(await distributor.json('POST', `/api/partner/orders/${order.id}/cancel`, { version: seen.version, reason: 'Test over.' }), 200);
  });
});
