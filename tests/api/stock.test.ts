// Stock (issue 15): the brand's adjustments from the product editor (a reason, never below zero,
// audited, read back by every screen from the ledger), and an importer's allocations to its own
// distributors — offers since issue 43 (tests/api/allocation-offers.test.ts has their lifecycle):
// the cases reserved in the importer's ledger and nothing in the distributor's until it receives
// them, past allocations kept as history, only an importer that can trade offers, and — on
// PostgreSQL — parallel offers never reserve more than the importer holds.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { allocations, auditLogs, organisations, products, stockBalances, stockMovements } from '../../server/db/schema';
import { USER_CHANGED_TOPIC } from '../../server/modules/auth/sessions';
import { balanceOf, moveStock } from '../../server/modules/stock/ledger';
import type { Organisation } from '../../server/modules/partners/service';
import { createOrganisation, signedInMember } from '../support/partners';
import { signedIn } from '../support/staff';
import { describeOnPostgres } from '../support/test-db';
import { startTestServer, type TestServer } from '../support/test-server';
import { brandId } from '../../server/db/brand';

let t: TestServer;
let ginId: number;
let rumId: number;
let importer: Organisation;
let distributor: Organisation;
let otherDistributor: Organisation;
type Member = Awaited<ReturnType<typeof signedInMember>>;
let imp: Member;

const db = () => t.db.database.db;
const idOf = async (slug: string) => (await db().select({ id: products.id }).from(products).where(eq(products.slug, slug)))[0]!.id;
const give = (organisationId: string, productId: number, bottles: number) =>
  moveStock(db(), { organisationId, productId, onHand: bottles, reserved: 0, cause: 'delivery', reason: 'test opening' });

beforeAll(async () => {
  t = await startTestServer();
  ginId = await idOf('frolic-london-dry-gin');
  rumId = await idOf('frolic-spiced-rum');
  await db().update(products).set({ caseSize: 6, lowStockThreshold: 60 }).where(eq(products.id, ginId));
  await db().update(products).set({ caseSize: 6, lowStockThreshold: 60 }).where(eq(products.id, rumId));
  importer = await createOrganisation(t, 'importer');
  distributor = await createOrganisation(t, 'distributor', { supplierId: importer.id });
  otherDistributor = await createOrganisation(t, 'distributor'); // another importer's
  await give(importer.id, ginId, 120); // 20 cases
  await give(importer.id, rumId, 36); // 6 cases
  imp = await signedInMember(t, importer);
}, 60_000);
afterAll(async () => {
  await t?.close();
});
beforeEach(() => t.app.services.authLimiter.reset());

const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; details?: unknown } }).error;

describe('brand adjustments (the product editor)', () => {
  it('records an adjustment with its reason, audited and mirrored; refuses no reason, zero and going below zero', async () => {
    const staff = await signedIn(t, 'employee', 'stock');
    const url = `/api/admin/products/${ginId}`;
    const before = await balanceOf(db(), await brandId(db()), ginId);
    expect((await errorOf(await staff.json('POST', `${url}/stock-adjustments`, { delta: 12 }))).code).toBe('validation_failed');
    expect((await errorOf(await staff.json('POST', `${url}/stock-adjustments`, { delta: 12, reason: '   ' }))).code).toBe('validation_failed');
    expect((await errorOf(await staff.json('POST', `${url}/stock-adjustments`, { delta: 0, reason: 'nothing' }))).code).toBe('validation_failed');

    const ok = await staff.json('POST', `${url}/stock-adjustments`, { delta: 12, reason: 'Bottling run 14' });
    expect(ok.status).toBe(201);
    expect((await ok.json()).balance).toEqual({ onHand: before.onHand + 12, reserved: before.reserved, available: before.available + 12 });
    const listed = await (await staff.get(`/api/admin/products?q=london-dry`)).json();
    expect(listed.items.find((i: { id: number }) => i.id === ginId).stock).toEqual({
      onHand: before.onHand + 12,
      reserved: before.reserved,
      available: before.available + 12,
    });

    const tooMuch = await staff.json('POST', `${url}/stock-adjustments`, { delta: -(before.onHand + 13), reason: 'Breakage' });
    expect(tooMuch.status).toBe(409);
    expect((await errorOf(tooMuch)).code).toBe('insufficient_stock');
    expect((await balanceOf(db(), await brandId(db()), ginId)).onHand).toBe(before.onHand + 12);

    const list = await (await staff.json('GET', `${url}/stock-movements`)).json();
    expect(list.balance.onHand).toBe(before.onHand + 12);
    expect(list.items[0]).toMatchObject({ cause: 'adjustment', onHandDelta: 12, onHandAfter: before.onHand + 12, reason: 'Bottling run 14' });
    const audit = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'STOCK_ADJUSTMENT'), eq(auditLogs.recordId, String(ginId))));
    expect(audit).toHaveLength(1);
    expect(audit[0]?.newValues).toMatchObject({ delta: 12, reason: 'Bottling run 14' });
    expect((await staff.json('POST', `/api/admin/products/999999/stock-adjustments`, { delta: 1, reason: 'x' })).status).toBe(404);
  });

  it('a product save does not write the stock; partners may not adjust', async () => {
    expect((await imp.json('POST', `/api/admin/products/${ginId}/stock-adjustments`, { delta: 1, reason: 'x' })).status).toBe(403);
  });
});

describe('allocations', () => {
  it('an offer reserves the cases in the importer’s ledger and moves nothing into the distributor’s; Inventory Viewing shows them reserved', async () => {
    const dist = await signedInMember(t, distributor);
    const res = await imp.json('POST', '/api/partner/allocations', {
      distributorId: distributor.id,
      lines: [
        { productId: ginId, cases: 5 },
        { productId: rumId, cases: 1 },
      ],
      note: 'For the spring list',
    });
    expect(res.status).toBe(201);
    const { kind, order } = await res.json();
    expect(kind).toBe('offer');
    expect(await balanceOf(db(), importer.id, ginId)).toEqual({ onHand: 120, reserved: 30, available: 90 });
    expect(await balanceOf(db(), distributor.id, ginId)).toEqual({ onHand: 0, reserved: 0, available: 0 });
    const stock = await (await imp.json('GET', '/api/partner/stock')).json();
    expect(stock.items.find((h: { productId: number }) => h.productId === ginId)).toMatchObject({ onHand: 120, reserved: 30, available: 90, cases: 15 });
    const moves = await db().select().from(stockMovements).where(eq(stockMovements.orderId, order.id));
    expect(moves.map((m) => [m.organisationId, m.productId, m.onHandDelta, m.reservedDelta, m.cause]).sort()).toEqual(
      [
        [importer.id, ginId, 0, 30, 'reservation'],
        [importer.id, rumId, 0, 6, 'reservation'],
      ].sort(),
    );
    // No allocation row: allocations are history now.
    expect(await db().select().from(allocations).where(eq(allocations.importerId, importer.id))).toEqual([]);
    // Withdrawn, the cases are available again.
    await imp.json('POST', `/api/partner/orders/${order.id}/cancel`, { version: order.version, reason: 'Not yet' });
    expect(await balanceOf(db(), importer.id, ginId)).toEqual({ onHand: 120, reserved: 0, available: 120 });
    expect((await (await dist.json('GET', `/api/partner/orders/${order.id}`)).json()).status).toBe('cancelled');
  });

  it('past allocations stay as read-only history: listed for the importer and its distributor, nobody else', async () => {
    const dist = await signedInMember(t, distributor);
    const other = await signedInMember(t, otherDistributor);
    const [row] = await db()
      .insert(allocations)
      .values({ importerId: importer.id, distributorId: distributor.id, note: 'Before offers', createdBy: imp.userId })
      .returning({ id: allocations.id });
    const made = await (await imp.json('GET', '/api/partner/allocations')).json();
    expect(made.made.map((a: { id: number }) => a.id)).toContain(row!.id);
    const received = await (await dist.json('GET', '/api/partner/allocations')).json();
    expect(received.received.map((a: { id: number }) => a.id)).toContain(row!.id);
    expect((await (await other.json('GET', '/api/partner/allocations')).json()).received).toEqual([]);
    const page = await (await imp.get('/partner/dashboard/distribution/assign')).text();
    expect(page).toContain('Past allocations');
    expect(page).toContain('Before offers');
  });

  it('refuses half cases and no lines (400, nothing written)', async () => {
    const before = await balanceOf(db(), importer.id, ginId);
    expect((await imp.json('POST', '/api/partner/allocations', { distributorId: distributor.id, lines: [{ productId: ginId, cases: 1.5 }] })).status).toBe(400);
    expect((await imp.json('POST', '/api/partner/allocations', { distributorId: distributor.id, lines: [] })).status).toBe(400);
    expect(await balanceOf(db(), importer.id, ginId)).toEqual(before);
  });

  it('only an importer that can trade allocates: distributor and retailer 403 (page: Access Denied), suspended 403 with its code', async () => {
    const dist = await signedInMember(t, distributor);
    const retailerOrg = await createOrganisation(t, 'retailer', { supplierId: distributor.id });
    const retailer = await signedInMember(t, retailerOrg);
    const body = { distributorId: distributor.id, lines: [{ productId: ginId, cases: 1 }] };
    expect((await dist.json('POST', '/api/partner/allocations', body)).status).toBe(403);
    expect((await retailer.json('POST', '/api/partner/allocations', body)).status).toBe(403);
    for (const c of [dist, retailer]) {
      const page = await c.get('/partner/dashboard/distribution/assign');
      expect(page.status).toBe(302);
    }
    expect((await imp.get('/partner/dashboard/distribution/assign')).status).toBe(200);

    const suspended = await createOrganisation(t, 'importer');
    await createOrganisation(t, 'distributor', { supplierId: suspended.id });
    const member = await signedInMember(t, suspended);
    await db().update(organisations).set({ status: 'suspended', statusReason: 'Test' }).where(eq(organisations.id, suspended.id));
    await t.app.feed.publish(USER_CHANGED_TOPIC, {});
    const res = await member.json('POST', '/api/partner/allocations', body);
    expect(res.status).toBe(403);
    expect((await errorOf(res)).code).toBe('organisation_suspended');
  });
});

describeOnPostgres('parallel allocation offers for the last cases', () => {
  it('20 offers of one case each against 7 cases: exactly 7 succeed; a read-then-write would oversell', async () => {
    const racer = await createOrganisation(t, 'importer');
    const to = await createOrganisation(t, 'distributor', { supplierId: racer.id });
    await give(racer.id, ginId, 42);
    const member = await signedInMember(t, racer);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => member.json('POST', '/api/partner/allocations', { distributorId: to.id, lines: [{ productId: ginId, cases: 1 }] })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(7);
    expect(results.filter((r) => r.status === 409)).toHaveLength(13);
    expect(await balanceOf(db(), racer.id, ginId)).toEqual({ onHand: 42, reserved: 42, available: 0 });
    expect((await balanceOf(db(), to.id, ginId)).onHand).toBe(0);

    // The counter-example: read the balance, then write it back, with no guard (from 42 bottles free again).
    await db()
      .update(stockBalances)
      .set({ onHand: 42, reserved: 0 })
      .where(and(eq(stockBalances.organisationId, racer.id), eq(stockBalances.productId, ginId)));
    const settled = await Promise.allSettled(
      Array.from({ length: 20 }, (_, n) =>
        db().transaction(async (tx) => {
          const b = await balanceOf(tx, racer.id, ginId);
          if (b.available < 6) throw new Error('out of stock');
          await new Promise((resolve) => setTimeout(resolve, 5 + (n % 5)));
          await tx
            .update(stockBalances)
            .set({ onHand: b.onHand - 6 })
            .where(and(eq(stockBalances.organisationId, racer.id), eq(stockBalances.productId, ginId)));
        }),
      ),
    );
    expect(settled.filter((r) => r.status === 'fulfilled').length).toBeGreaterThan(7);
  });
});
