// The partner dashboards' order figures and the order history as CSV (issue 15) on the real server:
// counts by state on each side, what waits for the seller's decision, the newest orders — never
// another organisation's — and the CSV (Report Access): its content, quoting and formula escape,
// only the organisation's own orders, refused without the permission.
import { and, eq } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderStatus } from '../../shared/orders';
import { orders, rolePermissions } from '../../server/db/schema';
import { USER_CHANGED_TOPIC } from '../../server/modules/auth/sessions';
import type { Organisation } from '../../server/modules/partners/service';
import type { Client } from '../support/client';
import { createOrganisation, signedInMember } from '../support/partners';
import { startTestServer, type TestServer } from '../support/test-server';
import { brandId } from '../../server/db/brand';

let t: TestServer;
let importerOrg: Organisation;
let distributorOrg: Organisation;
let retailerOrg: Organisation;
let strangerOrg: Organisation;
let distributor: Client;
let retailer: Client;
let stranger: Client;
const db = () => t.db.database.db;
let seq = 0;

/** An order straight into the table, in the given state (the figures read the table as it is). */
async function order(buyer: Organisation, seller: Organisation | null, status: OrderStatus, at: Date, totalMinor = 12_000) {
  const [row] = await db()
    .insert(orders)
    .values({
      number: `T-${process.pid}-${++seq}`,
      buyerId: buyer.id,
      sellerId: seller?.id ?? (await brandId(db())),
      status,
      currency: 'GBP',
      subtotalMinor: totalMinor - 2000,
      taxMinor: 2000,
      totalMinor,
      createdAt: at,
      updatedAt: at,
    })
    .returning();
  return row!;
}

const grant = async (role: string, permission: string) => {
  await db().insert(rolePermissions).values({ role, permission }).onConflictDoNothing();
  await t.app.feed.publish(USER_CHANGED_TOPIC, {});
};
const revoke = async (role: string, permission: string) => {
  await db()
    .delete(rolePermissions)
    .where(and(eq(rolePermissions.role, role), eq(rolePermissions.permission, permission)));
  await t.app.feed.publish(USER_CHANGED_TOPIC, {});
};

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

beforeAll(async () => {
  t = await startTestServer();
  importerOrg = await createOrganisation(t, 'importer');
  distributorOrg = await createOrganisation(t, 'distributor', { supplierId: importerOrg.id });
  // A name a spreadsheet would run as a formula, with a comma and quotes to be quoted.
  retailerOrg = await createOrganisation(t, 'retailer', { supplierId: distributorOrg.id, tradingName: '=HYPERLINK("http://x", "Bar, Ltd")' });
  strangerOrg = await createOrganisation(t, 'retailer');
  distributor = await signedInMember(t, distributorOrg);
  retailer = await signedInMember(t, retailerOrg);
  stranger = await signedInMember(t, strangerOrg);
  // The distributor buys from its importer (2 orders) and sells to its retailer (5 orders).
  await order(distributorOrg, importerOrg, 'approved', minutesAgo(50));
  await order(distributorOrg, importerOrg, 'delivered', minutesAgo(40));
  await order(retailerOrg, distributorOrg, 'submitted', minutesAgo(30), 123_456);
  await order(retailerOrg, distributorOrg, 'seen', minutesAgo(20));
  await order(retailerOrg, distributorOrg, 'submitted', minutesAgo(10));
  await order(retailerOrg, distributorOrg, 'shipped', minutesAgo(5));
  await order(retailerOrg, distributorOrg, 'cancelled', minutesAgo(1));
  // Another channel's orders: never counted for anyone above.
  for (let i = 0; i < 3; i++) await order(strangerOrg, { id: strangerOrg.supplierId } as Organisation, 'submitted', minutesAgo(2 + i));
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('dashboard figures', () => {
  it("count the distributor's orders by state on each side and what waits for its decision", async () => {
    const res = await distributor.json('GET', '/api/partner/orders/figures');
    expect(res.status).toBe(200);
    const f = await res.json();
    expect(f.buying).toMatchObject({ approved: 1, delivered: 1, submitted: 0 });
    expect(Object.values(f.buying as Record<string, number>).reduce((s, n) => s + n, 0)).toBe(2);
    expect(f.selling).toMatchObject({ submitted: 2, seen: 1, shipped: 1, cancelled: 1, approved: 0 });
    expect(Object.values(f.selling as Record<string, number>).reduce((s, n) => s + n, 0)).toBe(5);
    // Waiting for my decision: submitted or seen as seller; on the way to me: approved as buyer.
    expect(f.toDecide).toBe(3);
    expect(f.toReceive).toBe(1);
    // The newest five of either side, newest first, with the other party named.
    expect(f.recent).toHaveLength(5);
    expect(f.recent.map((o: { status: string }) => o.status)).toEqual(['cancelled', 'shipped', 'submitted', 'seen', 'submitted']);
    expect(f.recent[0]).toMatchObject({ side: 'seller', counterparty: retailerOrg.tradingName });
  });

  it("give the retailer its own side only, and never another organisation's orders", async () => {
    const mine = await (await retailer.json('GET', '/api/partner/orders/figures')).json();
    expect(mine.buying).toMatchObject({ submitted: 2, seen: 1, shipped: 1, cancelled: 1 });
    expect(Object.values(mine.selling as Record<string, number>).every((n) => n === 0)).toBe(true);
    expect(mine.toDecide).toBe(0);
    expect(mine.toReceive).toBe(1);
    expect(mine.recent.every((o: { counterparty: string }) => o.counterparty === distributorOrg.tradingName)).toBe(true);
    const theirs = await (await stranger.json('GET', '/api/partner/orders/figures')).json();
    expect(theirs.buying.submitted).toBe(3);
    expect(theirs.recent).toHaveLength(3);
    expect(theirs.recent.some((o: { counterparty: string }) => o.counterparty === distributorOrg.tradingName)).toBe(false);
  });

  it('show on the role dashboards as a card linking to the role page, with Export CSV only with Report Access', async () => {
    const page = await (await distributor.get('/partner/dashboard/distributor')).text();
    expect(page).toContain('data-testid="orders-card"');
    expect(page).toMatch(/data-testid="orders-to-decide"[^>]*>3</);
    expect(page).toContain('href="/partner/dashboard/distributor/orders/approve"');
    expect(page).not.toContain('data-testid="orders-export"');
    const retailerPage = await (await retailer.get('/partner/dashboard/retailer')).text();
    expect(retailerPage).toContain('href="/partner/dashboard/retailer/orders"');
    // The retailer's name is text on the page, never markup.
    expect(retailerPage).not.toContain('<a href="http://x"');
    await grant('distributor', 'reports:view');
    try {
      const withReports = await (await distributor.get('/partner/dashboard/distributor')).text();
      expect(withReports).toContain('data-testid="orders-export"');
    } finally {
      await revoke('distributor', 'reports:view');
    }
  });
});

describe('order history CSV', () => {
  it('is refused without Report Access (403) and without a session (401)', async () => {
    expect((await distributor.get('/api/partner/orders/export.csv')).status).toBe(403);
    expect((await fetch(`${t.url}/api/partner/orders/export.csv`)).status).toBe(401);
  });

  it("lists the organisation's own orders on both sides, newest first, quoted and formula-safe", async () => {
    await grant('distributor', 'reports:view');
    await grant('retailer', 'reports:view');
    try {
      const res = await distributor.get('/api/partner/orders/export.csv');
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/csv');
      expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"/);
      const text = await res.text();
      // The raw line: the formula gets its ', the quotes are doubled and the cell quoted for its comma.
      expect(text).toContain(`"'=HYPERLINK(""http://x"", ""Bar, Ltd"")"`);
      const rows = parse(text.replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];
      expect(Object.keys(rows[0]!)).toEqual(['Number', 'Date', 'Side', 'Counterparty', 'Status', 'Currency', 'Subtotal', 'Duty', 'Tax', 'Total']);
      expect(rows).toHaveLength(7);
      expect(rows.map((r) => r.Status)).toEqual(['Cancelled', 'Shipped', 'Submitted', 'Seen', 'Submitted', 'Delivered', 'Approved']);
      expect(rows.filter((r) => r.Side === 'Sold')).toHaveLength(5);
      expect(rows.filter((r) => r.Side === 'Bought').every((r) => r.Counterparty === importerOrg.tradingName)).toBe(true);
      const big = rows.find((r) => r.Total === '1234.56')!;
      expect(big).toMatchObject({ Subtotal: '1214.56', Duty: '0.00', Tax: '20.00', Currency: 'GBP', Counterparty: `'=HYPERLINK("http://x", "Bar, Ltd")` });
      expect(big.Date).toBe(new Date(Date.now() - 30 * 60_000).toISOString().slice(0, 10));
      // The retailer's export holds its five orders and none of the stranger's.
      const mine = parse((await (await retailer.get('/api/partner/orders/export.csv')).text()).replace(/^\uFEFF/, ''), { columns: true }) as Record<
        string,
        string
      >[];
      expect(mine).toHaveLength(5);
      expect(mine.every((r) => r.Side === 'Bought' && r.Counterparty === distributorOrg.tradingName)).toBe(true);
    } finally {
      await revoke('distributor', 'reports:view');
      await revoke('retailer', 'reports:view');
    }
  });

  it('merges both sides in date order across many keyset batches', async () => {
    // 1,200 sales and 700 purchases interleaved in time: more than two batches of each side.
    const base = Date.now() - 86_400_000;
    const brand = await brandId(db());
    const values = [];
    for (let i = 0; i < 1900; i++) {
      const selling = i % 19 < 12;
      values.push({
        number: `B-${process.pid}-${i}`,
        buyerId: selling ? retailerOrg.id : importerOrg.id,
        sellerId: selling ? importerOrg.id : brand,
        status: 'delivered' as const,
        currency: 'GBP',
        createdAt: new Date(base - i * 1000),
        updatedAt: new Date(base - i * 1000),
      });
    }
    for (let i = 0; i < values.length; i += 500)
      await db()
        .insert(orders)
        .values(values.slice(i, i + 500));
    const importer = await signedInMember(t, importerOrg);
    await grant('importer', 'reports:view');
    try {
      const text = await (await importer.get('/api/partner/orders/export.csv')).text();
      const rows = parse(text.replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];
      const bench = rows.filter((r) => r.Number!.startsWith(`B-${process.pid}-`));
      expect(bench).toHaveLength(1900);
      expect(bench.map((r) => r.Number)).toEqual(values.map((v) => v.number));
      expect(bench.filter((r) => r.Side === 'Sold')).toHaveLength(values.filter((v) => v.sellerId === importerOrg.id).length);
      // Plus the distributor's two purchases from it (the other sale side), nothing else.
      expect(rows).toHaveLength(1902);
    } finally {
      await revoke('importer', 'reports:view');
    }
  });
});
