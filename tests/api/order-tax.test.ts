// Orders priced by the one tax module (issue 44), on the real server: a GB importer's sale to its
// distributor releases the goods, so the order carries duty per line (rounded per line) and VAT on
// the duty-inclusive lines, and an allocation offer is priced alike; a retailer buys duty-paid goods,
// so its order carries none; an approval that cuts a line prices the order again; staff setting the
// relationship in bond through the terms API take duty off the next order (and the change is
// audited) while the orders already placed — before issue 44 too — keep the tax they were shown; and
// with a rule missing the order is refused with its code and a hint.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { taxOn } from '../../shared/invoice-totals';
import { dutyOn } from '../../shared/tax';
import { auditLogs, orders, productTradePrices, products, taxRules } from '../../server/db/schema';
import type { Organisation } from '../../server/modules/partners/service';
import { moveStock } from '../../server/modules/stock/ledger';
import type { Client } from '../support/client';
import { createOrganisation, signedInMember } from '../support/partners';
import { insertProduct } from '../support/products';
import { signedIn } from '../support/staff';
import { startTestServer, type TestServer } from '../support/test-server';

type Member = Awaited<ReturnType<typeof signedInMember>>;

let t: TestServer;
let staff: Client & { userId: string };
let importerOrg: Organisation;
let distributorOrg: Organisation;
let retailerOrg: Organisation;
let importer: Member;
let distributor: Member;
let retailer: Member;
/** 70 cl at 40 % and 50 cl at 37.5 %, six bottles a case. */
const p = { gin: 0, liqueur: 0 };
/** HMRC's rate for spirits stronger than 22 %, per hectolitre of pure alcohol in pence (the seeded GB band). */
const GB_SPIRITS_PER_HLPA = 327_900;

const db = () => t.db.database.db;

async function body(res: Response, status: number) {
  const b = await res.json();
  expect(res.status, JSON.stringify(b)).toBe(status);
  return b;
}

const place = (c: Client, lines: { productId: number; cases: number }[]) => c.json('POST', '/api/partner/orders', { lines, note: '' });

const price = (productId: number, tier: 'distributor' | 'retailer', amountMinor: number) =>
  db().insert(productTradePrices).values({ productId, tier, market: 'GB', currency: 'GBP', amountMinor });

/** The lines' duty, each rounded on its own, and the order's amounts for GB's 20 % VAT on the duty-inclusive basis. */
function expected(lines: { volumeMl: number; abvTenths: number; bottles: number; unitMinor: number }[], duty: boolean) {
  const lineDuty = lines.map((l) => (duty ? dutyOn(l.volumeMl, l.bottles, l.abvTenths, GB_SPIRITS_PER_HLPA) : 0));
  const subtotalMinor = lines.reduce((s, l) => s + l.bottles * l.unitMinor, 0);
  const dutyMinor = lineDuty.reduce((s, d) => s + d, 0);
  const taxMinor = taxOn(subtotalMinor + dutyMinor, 2000);
  return { lineDuty, subtotalMinor, dutyMinor, taxMinor, totalMinor: subtotalMinor + dutyMinor + taxMinor };
}

/** Removes the rows of `where` for the rest of the test, putting them back after it. */
async function withoutRules(where: ReturnType<typeof and>) {
  const removed = await db().delete(taxRules).where(where).returning();
  expect(removed.length).toBeGreaterThan(0);
  onTestFinished(async () => {
    await db().insert(taxRules).values(removed);
  });
}

beforeAll(async () => {
  t = await startTestServer();
  staff = await signedIn(t, 'admin', 'order-tax');
  importerOrg = await createOrganisation(t, 'importer');
  distributorOrg = await createOrganisation(t, 'distributor', { supplierId: importerOrg.id });
  retailerOrg = await createOrganisation(t, 'retailer', { supplierId: distributorOrg.id });
  importer = await signedInMember(t, importerOrg);
  distributor = await signedInMember(t, distributorOrg);
  retailer = await signedInMember(t, retailerOrg);
  p.gin = await insertProduct(db(), { slug: `tax-gin-${process.pid}` });
  p.liqueur = await insertProduct(db(), { slug: `tax-liqueur-${process.pid}` });
  await db().update(products).set({ volumeMl: 500, abvTenths: 375 }).where(eq(products.id, p.liqueur));
  await price(p.gin, 'distributor', 1500);
  await price(p.liqueur, 'distributor', 1250);
  await price(p.gin, 'retailer', 2200);
  for (const [holder, bottles] of [
    [importerOrg.id, 600],
    [distributorOrg.id, 120],
  ] as const)
    for (const productId of [p.gin, p.liqueur]) await moveStock(db(), { organisationId: holder, productId, onHand: bottles, reserved: 0, cause: 'adjustment' });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

let releasedOrderId = 0;

describe('an importer releases to its distributor', () => {
  it('charges duty per line, rounded per line, and VAT on the duty-inclusive lines; its page shows both', async () => {
    const order = await body(
      await place(distributor, [
        { productId: p.gin, cases: 1 },
        { productId: p.liqueur, cases: 2 },
      ]),
      201,
    );
    releasedOrderId = order.id;
    const want = expected(
      [
        { volumeMl: 700, abvTenths: 400, bottles: 6, unitMinor: 1500 },
        { volumeMl: 500, abvTenths: 375, bottles: 12, unitMinor: 1250 },
      ],
      true,
    );
    // 4.2 l × 40 % × £32.79 = £55.0872 → £55.09; 6 l × 37.5 % × £32.79 = £73.7775 → £73.78. Rounded
    // once, the £128.8647 would be £128.86: the lines are rounded each on its own.
    expect(want.lineDuty).toEqual([5509, 7378]);
    expect(want).toMatchObject({ subtotalMinor: 24_000, dutyMinor: 12_887, taxMinor: 7377, totalMinor: 44_264 });
    expect(order).toMatchObject({
      subtotalMinor: want.subtotalMinor,
      dutyMinor: want.dutyMinor,
      taxMinor: want.taxMinor,
      totalMinor: want.totalMinor,
      taxRateBp: 2000,
      tax: { vatCategory: 'S', vatRateBp: 2000, vatNote: '', dutyTreatment: 'releases' },
    });
    expect(order.items.map((i: { productId: number; dutyMinor: number }) => [i.productId, i.dutyMinor])).toEqual([
      [p.gin, 5509],
      [p.liqueur, 7378],
    ]);
    const [row] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ subtotalMinor: 24_000, dutyMinor: 12_887, taxMinor: 7377, taxRateBp: 2000, totalMinor: 44_264 });

    const page = await (await distributor.get(`/partner/dashboard/orders/${order.id}`)).text();
    expect(page).toContain('VAT (S 20%)');
    expect(page).toContain('data-testid="order-duty"');
    expect(page).toContain('Releases: this supplier charges duty');
  });

  it('an approval that cuts a line prices the order again; one approved as asked keeps its amounts', async () => {
    const seen = await body(await importer.json('GET', `/api/partner/orders/${releasedOrderId}`), 200);
    const liqueur = seen.items.find((i: { productId: number }) => i.productId === p.liqueur);
    const approved = await body(
      await importer.json('POST', `/api/partner/orders/${releasedOrderId}/approve`, {
        version: seen.version,
        lines: [{ itemId: liqueur.id, cases: 1, reason: 'One case left.' }],
      }),
      200,
    );
    const want = expected(
      [
        { volumeMl: 700, abvTenths: 400, bottles: 6, unitMinor: 1500 },
        { volumeMl: 500, abvTenths: 375, bottles: 6, unitMinor: 1250 },
      ],
      true,
    );
    expect(approved).toMatchObject({ status: 'approved', subtotalMinor: want.subtotalMinor, dutyMinor: want.dutyMinor, taxMinor: want.taxMinor });
    expect(approved.items.map((i: { dutyMinor: number }) => i.dutyMinor)).toEqual(want.lineDuty);

    const asked = await body(await place(distributor, [{ productId: p.gin, cases: 2 }]), 201);
    const first = await body(await importer.json('GET', `/api/partner/orders/${asked.id}`), 200);
    const kept = await body(await importer.json('POST', `/api/partner/orders/${asked.id}/approve`, { version: first.version, lines: [] }), 200);
    expect(kept).toMatchObject({ dutyMinor: asked.dutyMinor, taxMinor: asked.taxMinor, totalMinor: asked.totalMinor });
  });

  it("an importer's allocation offer is priced as the distributor's own order: duty and VAT alike", async () => {
    const offered = await body(
      await importer.json('POST', '/api/partner/allocations', { distributorId: distributorOrg.id, lines: [{ productId: p.gin, cases: 1 }], note: '' }),
      201,
    );
    const want = expected([{ volumeMl: 700, abvTenths: 400, bottles: 6, unitMinor: 1500 }], true);
    expect(offered.order).toMatchObject({
      status: 'offered',
      dutyMinor: want.dutyMinor,
      taxMinor: want.taxMinor,
      totalMinor: want.totalMinor,
      tax: { vatCategory: 'S', dutyTreatment: 'releases' },
    });
  });
});

describe('a retailer buys duty-paid goods', () => {
  it('its order carries no duty, VAT on the subtotal', async () => {
    const order = await body(await place(retailer, [{ productId: p.gin, cases: 3 }]), 201);
    const want = expected([{ volumeMl: 700, abvTenths: 400, bottles: 18, unitMinor: 2200 }], false);
    expect(order).toMatchObject({
      dutyMinor: 0,
      subtotalMinor: want.subtotalMinor,
      taxMinor: want.taxMinor,
      totalMinor: want.totalMinor,
      tax: { vatCategory: 'S', vatRateBp: 2000, dutyTreatment: 'duty_paid_upstream' },
    });
    expect(order.items.map((i: { dutyMinor: number }) => i.dutyMinor)).toEqual([0]);
    const page = await (await retailer.get(`/partner/dashboard/orders/${order.id}`)).text();
    expect(page).toContain('VAT (S 20%)');
    expect(page).not.toContain('data-testid="order-duty"');
  });
});

describe('the relationship set in bond through the terms', () => {
  it('takes duty off the next order, audited; the orders placed before keep the tax they were shown', async () => {
    const before = await body(await staff.json('GET', `/api/admin/partners/${distributorOrg.id}`), 200);
    expect(before.terms.dutyTreatment).toBe('releases');
    const saved = await body(
      await staff.json('PUT', `/api/admin/partners/${distributorOrg.id}/terms`, {
        paymentTermsDays: before.terms.paymentTermsDays,
        creditLimitMinor: before.terms.creditLimitMinor,
        dutyTreatment: 'in_bond',
        version: before.terms.version,
      }),
      200,
    );
    expect(saved.terms).toMatchObject({ dutyTreatment: 'in_bond', version: before.terms.version + 1 });
    const [audit] = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.tableName, 'trade_terms'), eq(auditLogs.recordId, distributorOrg.id)));
    expect(audit).toMatchObject({
      action: 'UPDATE',
      userId: staff.userId,
      oldValues: expect.objectContaining({ dutyTreatment: 'releases' }),
      newValues: expect.objectContaining({ dutyTreatment: 'in_bond' }),
    });

    const order = await body(await place(distributor, [{ productId: p.gin, cases: 1 }]), 201);
    const want = expected([{ volumeMl: 700, abvTenths: 400, bottles: 6, unitMinor: 1500 }], false);
    expect(order).toMatchObject({ dutyMinor: 0, taxMinor: want.taxMinor, totalMinor: want.totalMinor, tax: { dutyTreatment: 'in_bond' } });
    const page = await (await distributor.get(`/partner/dashboard/orders/${order.id}`)).text();
    expect(page).toContain('In bond: duty suspended');

    // The first order still reads as it was priced.
    const earlier = await body(await distributor.json('GET', `/api/partner/orders/${releasedOrderId}`), 200);
    expect(earlier).toMatchObject({ dutyMinor: 9198, tax: { dutyTreatment: 'releases' } });
  });

  it('an order placed before issue 44 keeps its one flat tax and reads as it did', async () => {
    const at = new Date();
    const [old] = await db()
      .insert(orders)
      .values({
        number: `OLD-${process.pid}`,
        buyerId: retailerOrg.id,
        sellerId: distributorOrg.id,
        status: 'submitted',
        currency: 'USD',
        subtotalMinor: 10_000,
        taxRateBp: 888,
        taxMinor: 888,
        totalMinor: 10_888,
        submittedAt: at,
        createdAt: at,
        updatedAt: at,
      })
      .returning();
    const read = await body(await retailer.json('GET', `/api/partner/orders/${old!.id}`), 200);
    expect(read).toMatchObject({ dutyMinor: 0, taxRateBp: 888, taxMinor: 888, totalMinor: 10_888, tax: null });
    const page = await (await retailer.get(`/partner/dashboard/orders/${old!.id}`)).text();
    expect(page).toContain('Tax (8.88%)');
    expect(page).not.toContain('VAT (');
  });
});

describe('a rule missing', () => {
  it('refuses the order with its code and what to do, writing nothing', async () => {
    const count = async () => (await db().select({ id: orders.id }).from(orders)).length;
    const n = await count();
    await withoutRules(and(eq(taxRules.jurisdiction, 'GB'), eq(taxRules.kind, 'vat')));
    const refused = await body(await place(retailer, [{ productId: p.gin, cases: 1 }]), 409);
    expect(refused.error).toMatchObject({ code: 'no_vat_rule', hint: expect.stringContaining('Tax rules') });
    expect(refused.error.message).toContain('No VAT rule for GB');
    expect(await count()).toBe(n);
  });

  it('refuses a leg that releases the goods when no duty rule is in force', async () => {
    const terms = await body(await staff.json('GET', `/api/admin/partners/${distributorOrg.id}`), 200);
    await body(
      await staff.json('PUT', `/api/admin/partners/${distributorOrg.id}/terms`, {
        paymentTermsDays: terms.terms.paymentTermsDays,
        creditLimitMinor: terms.terms.creditLimitMinor,
        dutyTreatment: 'releases',
        version: terms.terms.version,
      }),
      200,
    );
    await withoutRules(and(eq(taxRules.jurisdiction, 'GB'), eq(taxRules.kind, 'excise')));
    const refused = await body(await place(distributor, [{ productId: p.gin, cases: 1 }]), 409);
    expect(refused.error).toMatchObject({ code: 'no_excise_rule', hint: expect.stringContaining('in bond or duty paid') });
    // The retailer's leg charges no duty: it orders as before.
    await body(await place(retailer, [{ productId: p.gin, cases: 1 }]), 201);
  });
});
