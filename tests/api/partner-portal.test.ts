// The partner portal's shell, catalogue and live channel (issue 14, part 1): each partner sees the
// trade price of its organisation's type in its organisation's market, stock only with Inventory
// Viewing, its own dashboard, and — live, over /ws/live — its own organisation's notifications and
// signals, never another organisation's.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { productTradePrices, products, rolePermissions } from '../../server/db/schema';
import { USER_CHANGED_TOPIC } from '../../server/modules/auth/sessions';
import type { NotificationInput } from '../../server/modules/notifications/service';
import type { Organisation } from '../../server/modules/partners/service';
import { Client } from '../support/client';
import { createOrganisation, signedInMember } from '../support/partners';
import { signedIn } from '../support/staff';
import { startTestServer, type TestServer } from '../support/test-server';
import { openLive } from '../support/live-socket';
import { balanceOf, moveStock } from '../../server/modules/stock/ledger';
import { brandId } from '../../server/db/brand';

const GIN = 'frolic-london-dry-gin';
let t: TestServer;
let ginId: number;

/** Exact trade prices for the gin (minor units), so the tests read them back, not the seed's shares. */
const PRICES = [
  { tier: 'importer', market: 'GB', currency: 'GBP', amountMinor: 1000 },
  { tier: 'distributor', market: 'GB', currency: 'GBP', amountMinor: 1500 },
  { tier: 'retailer', market: 'GB', currency: 'GBP', amountMinor: 2000 },
  { tier: 'retailer', market: 'EU', currency: 'EUR', amountMinor: 2500 },
] as const;

beforeAll(async () => {
  t = await startTestServer();
  const db = t.db.database.db;
  const [gin] = await db.select().from(products).where(eq(products.slug, GIN));
  ginId = (gin as { id: number }).id;
  await db.delete(productTradePrices).where(eq(productTradePrices.productId, ginId));
  await db.insert(productTradePrices).values(PRICES.map((p) => ({ ...p, productId: ginId })));
  // Cases of 6, low at or below 60 bottles available.
  await db.update(products).set({ caseSize: 6, lowStockThreshold: 60 }).where(eq(products.id, ginId));
});
afterAll(async () => {
  await t?.close();
});
// Many members sign in from one address: the per-IP sign-in limit is not what this file is about.
beforeEach(() => t.app.services.authLimiter.reset());

type Member = Awaited<ReturnType<typeof signedInMember>>;

async function catalogue(c: Client, query = '') {
  const res = await c.json('GET', `/api/partner/catalog${query}`);
  expect(res.status, `GET /api/partner/catalog${query}`).toBe(200);
  return res.json();
}

async function gin(c: Client) {
  const res = await c.json('GET', `/api/partner/catalog/${GIN}`);
  expect(res.status).toBe(200);
  return (await res.json()).product;
}

describe('the trade catalogue', () => {
  it("prices each product at the trade price of the organisation's type, in its market: per bottle and per case", async () => {
    const importer = await createOrganisation(t, 'importer');
    const distributor = await createOrganisation(t, 'distributor', { supplierId: importer.id });
    const retailer = await createOrganisation(t, 'retailer', { supplierId: distributor.id });
    const euRetailer = await createOrganisation(t, 'retailer', { market: 'EU', country: 'IE' });
    const seen: Record<string, unknown> = {};
    for (const [name, org, role] of [
      ['importer', importer, undefined],
      ['distributor', distributor, undefined],
      ['retailer', retailer, undefined],
      ['EU retailer', euRetailer, undefined],
      // The generic role reads its organisation's prices.
      ['partner of the distributor', distributor, 'partner'],
    ] as const) {
      const member = await signedInMember(t, org as Organisation, role ? { role } : {});
      const product = await gin(member);
      seen[name] = product.price;
      const list = await catalogue(member, `?q=${encodeURIComponent('London Dry')}`);
      expect(list.items.find((p: { slug: string }) => p.slug === GIN)?.price, name).toEqual(product.price);
      expect(list).toMatchObject({ tier: (org as Organisation).type, market: (org as Organisation).market });
    }
    expect(seen).toEqual({
      importer: { bottleMinor: 1000, caseMinor: 6000, currency: 'GBP' },
      distributor: { bottleMinor: 1500, caseMinor: 9000, currency: 'GBP' },
      retailer: { bottleMinor: 2000, caseMinor: 12000, currency: 'GBP' },
      'EU retailer': { bottleMinor: 2500, caseMinor: 15000, currency: 'EUR' },
      'partner of the distributor': { bottleMinor: 1500, caseMinor: 9000, currency: 'GBP' },
    });
  });

  it('shows "Price on request" where the tier has no trade price in the market, and no prices without an organisation', async () => {
    const usImporter = await createOrganisation(t, 'importer', { market: 'US', country: 'US' });
    const euDistributor = await createOrganisation(t, 'distributor', { market: 'EU', country: 'IE' });
    for (const org of [usImporter, euDistributor]) {
      const member = await signedInMember(t, org);
      expect((await gin(member)).price).toBeNull();
      const page = await member.get(`/partner/dashboard/products/${GIN}`);
      expect(await page.text()).toContain('Price on request');
    }
    // Another product still has the seed's EU distributor price.
    const member = await signedInMember(t, euDistributor);
    const list = await catalogue(member, '?category=vodka');
    expect(list.items.length).toBeGreaterThan(0);
    for (const p of list.items) expect(p.price).toMatchObject({ currency: 'EUR', caseMinor: p.price.bottleMinor * p.caseSize });

    const loose = await signedIn(t, 'retailer', 'no-org');
    const page = await catalogue(loose);
    expect(page).toMatchObject({ tier: null, market: null });
    expect(page.items.every((p: { price: unknown }) => p.price === null)).toBe(true);
  });

  it("shows availability only to roles holding Inventory Viewing: the supplier's ledger, in cases and bottles, low stock flagged", async () => {
    const db = t.db.database.db;
    const distributor = await createOrganisation(t, 'distributor');
    const org = await createOrganisation(t, 'retailer', { supplierId: distributor.id });
    const member = await signedInMember(t, org);
    // Nothing at the distributor yet: the retailer sees its supplier's stock, not the brand's 1,440.
    expect((await gin(member)).availability).toEqual({ bottles: 0, cases: 0, lowStock: true });
    expect((await gin(member)).own).toBeNull();
    await moveStock(db, { organisationId: distributor.id, productId: ginId, onHand: 1441, reserved: 0, cause: 'opening' });
    expect((await gin(member)).availability).toEqual({ bottles: 1441, cases: 240, lowStock: false });
    await moveStock(db, { organisationId: distributor.id, productId: ginId, onHand: 0, reserved: 1411, cause: 'reservation' });
    expect((await gin(member)).availability).toEqual({ bottles: 30, cases: 5, lowStock: true });
    // The distributor sees its importer's figure (none) and its own.
    const seller = await signedInMember(t, distributor);
    expect(await gin(seller)).toMatchObject({ availability: { bottles: 0, cases: 0 }, own: { bottles: 30, cases: 5, lowStock: true } });
    // An importer sees the brand warehouse's and its own.
    const brand = await balanceOf(db, await brandId(db), ginId);
    const importer = await signedInMember(t, await createOrganisation(t, 'importer'));
    expect(await gin(importer)).toMatchObject({ availability: { bottles: brand.available }, own: { bottles: 0 } });

    await db.delete(rolePermissions).where(and(eq(rolePermissions.role, 'retailer'), eq(rolePermissions.permission, 'inventory:view')));
    await t.app.feed.publish(USER_CHANGED_TOPIC, {});
    try {
      const product = await gin(member);
      expect(product.availability).toBeNull();
      expect(product.price).toMatchObject({ bottleMinor: 2000 });
      const list = await catalogue(member);
      expect(list.inventory).toBe(false);
      expect(list.items.every((p: { availability: unknown }) => p.availability === null)).toBe(true);
      expect(await (await member.get(href('products'))).text()).not.toContain('Availability');
      // The distributor's role keeps it.
      expect((await gin(await signedInMember(t, await createOrganisation(t, 'distributor')))).availability).not.toBeNull();
    } finally {
      await db.insert(rolePermissions).values({ role: 'retailer', permission: 'inventory:view' }).onConflictDoNothing();
      await t.app.feed.publish(USER_CHANGED_TOPIC, {});
    }
  });

  it('searches active products by name, category and description; filters by category; a draft or unknown product is a 404', async () => {
    const member = await signedInMember(t, await createOrganisation(t, 'retailer'));
    const found = await catalogue(member, '?q=grapefruit');
    expect(found.items.map((p: { slug: string }) => p.slug)).toEqual(['frolic-pink-grapefruit-gin']);
    // `_` and `%` are characters, not wildcards.
    expect((await catalogue(member, '?q=gr_pefruit')).total).toBe(0);
    const gins = await catalogue(member, '?category=gin&pageSize=2');
    expect(gins.items).toHaveLength(2);
    expect(gins.items.every((p: { category: string }) => p.category === 'gin')).toBe(true);
    expect((await member.json('GET', '/api/partner/catalog?category=absinthe')).status).toBe(400);
    expect((await member.json('GET', `/api/partner/catalog?q=${'x'.repeat(121)}`)).status).toBe(400);

    const detail = await gin(member);
    expect(detail).toMatchObject({ caseSize: 6, tastingNotes: { nose: expect.stringContaining('juniper') }, images: expect.any(Array) });
    const db = t.db.database.db;
    await db.update(products).set({ status: 'draft' }).where(eq(products.id, ginId));
    try {
      expect((await member.json('GET', `/api/partner/catalog/${GIN}`)).status).toBe(404);
      expect((await catalogue(member, '?q=London')).items.map((p: { slug: string }) => p.slug)).not.toContain(GIN);
      expect((await member.get(`/partner/dashboard/products/${GIN}`)).status).toBe(404);
    } finally {
      await db.update(products).set({ status: 'active' }).where(eq(products.id, ginId));
    }
    expect((await member.json('GET', '/api/partner/catalog/no-such-bottle')).status).toBe(404);
    expect((await member.json('GET', '/api/partner/catalog/Not%20A%20Slug')).status).toBe(404);
  });

  it('is the partner area’s: 401 signed out, 403 for staff', async () => {
    expect((await new Client(t.url).json('GET', '/api/partner/catalog')).status).toBe(401);
    const staff = await signedIn(t, 'admin', 'catalogue');
    expect((await staff.json('GET', '/api/partner/catalog')).status).toBe(403);
    expect((await staff.json('GET', `/api/partner/catalog/${GIN}`)).status).toBe(403);
  });
});

/** A partner page's path, written as the route table has it. */
const href = (rest: string) => `/partner/dashboard/${rest}`;

describe('the shell and the dashboards', () => {
  it('sends a distributor or retailer asking for the importer’s dashboard to its own; shows the organisation and its terms', async () => {
    const importer = await createOrganisation(t, 'importer');
    const distributor = await createOrganisation(t, 'distributor', { supplierId: importer.id });
    const retailer = await createOrganisation(t, 'retailer', { supplierId: distributor.id });
    const shop = await signedInMember(t, retailer);
    const index = await shop.get('/partner/dashboard');
    expect(index.status).toBe(302);
    expect(index.headers.get('location')).toBe('/partner/dashboard/retailer');
    const wholesaler = await signedInMember(t, distributor);
    expect((await wholesaler.get('/partner/dashboard')).headers.get('location')).toBe('/partner/dashboard/distributor');

    const own = await (await shop.get(href('retailer'))).text();
    expect(own).toContain(retailer.tradingName);
    expect(own).toContain(`Supplier</dt><dd>${distributor.tradingName}`);
    expect(own).toContain('30 days');
    expect(own).toContain('£40,000.00');
    // The terms show how the leg treats duty (VAT comes from the tax rules, not a rate of the terms).
    expect(own).toContain('Duty paid upstream: included in the price');
    expect(own).not.toContain('Tax rate');
    // The importer's and the generic partner's dashboard stays theirs.
    const imp = await signedInMember(t, importer);
    const impPage = await imp.get('/partner/dashboard');
    expect(impPage.status).toBe(200);
    expect(await impPage.text()).toContain('Frolic (the brand)');
    const reader = await signedInMember(t, retailer, { role: 'partner' });
    const readerPage = await reader.get('/partner/dashboard');
    expect(readerPage.status).toBe(200);
    expect(await readerPage.text()).toContain('read-only access');
    // A retailer opening a distributor's page: 'Access Denied', back to /dashboard (its own dashboard from there).
    const denied = await shop.get(href('distributor/shipments'));
    expect(denied.headers.get('location')).toBe('/dashboard');
    expect(shop.flashedToast()).toMatchObject({ title: 'Access Denied' });
    expect((await shop.get('/dashboard')).headers.get('location')).toBe('/partner/dashboard/retailer');
  });

  it('says on every page when the organisation cannot trade', async () => {
    const pending = await signedInMember(t, await createOrganisation(t, 'retailer', { status: 'pending' }));
    const html = await (await pending.get(href('products'))).text();
    expect(html).toContain('Awaiting approval');
    expect(html).toContain('you cannot place or approve anything until it is activated');
    const active = await signedInMember(t, await createOrganisation(t, 'retailer'));
    expect(await (await active.get(href('products'))).text()).not.toContain('data-testid="standing-banner"');
  });

  it('searches from the header: the products page lists what matches', async () => {
    const member = await signedInMember(t, await createOrganisation(t, 'retailer'));
    const html = await (await member.get(`${href('products')}?q=grapefruit`)).text();
    expect(html).toContain('Frolic Pink Grapefruit Gin');
    expect(html).not.toContain('Frolic London Dry Gin');
    // The retailer's shelf is the same catalogue.
    expect(await (await member.get(`${href('retailer/catalog')}?q=london%20dry`)).text()).toContain('£20.00');
  });
});

describe('the bell and the live channel', () => {
  let acme: Organisation;
  let brew: Organisation;
  let acmeShop: Member;
  let acmeColleague: Member;
  let brewShop: Member;

  beforeAll(async () => {
    acme = await createOrganisation(t, 'retailer');
    brew = await createOrganisation(t, 'retailer');
    acmeShop = await signedInMember(t, acme, { tag: 'shop' });
    acmeColleague = await signedInMember(t, acme, { tag: 'colleague' });
    brewShop = await signedInMember(t, brew, { tag: 'shop' });
  });

  async function post(input: NotificationInput) {
    const stored = await t.app.services.notifications.notify(t.db.database.db, input);
    await t.app.services.notifications.announce(stored);
    return stored;
  }

  const live = (c: Client) => openLive(t, c);

  it("pushes a partner its own organisation's notifications and its own, never another organisation's nor staff-wide ones", async () => {
    const sockets = await Promise.all([live(acmeShop), live(acmeColleague), live(brewShop)]);
    const [shop, colleague, brewSocket] = sockets as [Awaited<ReturnType<typeof live>>, Awaited<ReturnType<typeof live>>, Awaited<ReturnType<typeof live>>];
    try {
      const acmeEntry = await post({ kind: 'test', title: 'Acme: your request was approved', permission: 'marketing:request', organisationId: acme.id });
      const forShop = await post({
        kind: 'test',
        title: 'Only for the Acme shop',
        permission: 'marketing:request',
        organisationId: acme.id,
        userId: acmeShop.userId,
      });
      const brewEntry = await post({ kind: 'test', title: 'Brew: your request was declined', permission: 'marketing:request', organisationId: brew.id });
      await post({ kind: 'test', title: 'Staff: a new inquiry', permission: 'inquiries:manage' });
      await post({ kind: 'test', title: 'Acme, but for staff handling requests', permission: 'marketing:requests', organisationId: acme.id });
      for (const s of sockets) await s.settle();
      const ids = (s: typeof shop) => s.events.filter((e) => e.type === 'notification').map((e) => e.id);
      expect(ids(shop)).toEqual([acmeEntry.id, forShop.id]);
      expect(ids(colleague)).toEqual([acmeEntry.id]);
      expect(ids(brewSocket)).toEqual([brewEntry.id]);

      // The feed agrees with the push, and marking read is the reader's own.
      const feed = await (await acmeShop.json('GET', '/api/partner/notifications')).json();
      expect(feed.items.map((i: { title: string }) => i.title)).toEqual(['Only for the Acme shop', 'Acme: your request was approved']);
      expect(feed.unreadCount).toBe(2);
      expect((await brewShop.json('POST', `/api/partner/notifications/${acmeEntry.id}/read`)).status).toBe(404);
      expect((await acmeShop.json('POST', `/api/partner/notifications/${acmeEntry.id}/read`)).status).toBe(204);
      expect((await (await acmeShop.json('GET', '/api/partner/notifications')).json()).unreadCount).toBe(1);
      const page = await (await brewShop.get(href('notifications'))).text();
      expect(page).toContain('Brew: your request was declined');
      expect(page).not.toContain('Acme');
      // The bell's dot in the shell.
      expect(await (await brewShop.get(href('products'))).text()).toContain('Notifications: 1 unread');
    } finally {
      for (const s of sockets) s.ws.close();
    }
  });

  it('pushes `changed` signals to whom their audiences admit: the organisation and staff, never another organisation', async () => {
    const staff = await signedIn(t, 'employee', 'live');
    const [shop, brewSocket, staffSocket] = await Promise.all([live(acmeShop), live(brewShop), live(staff)]);
    try {
      await t.app.services.live.changed({
        topic: 'marketing_request',
        id: 41,
        audiences: [{ permission: 'marketing:request', organisationId: acme.id }, { permission: 'marketing:requests' }],
      });
      await t.app.services.live.changed({ topic: 'marketing_request', id: 42, audiences: [{ permission: 'marketing:request', organisationId: brew.id }] });
      for (const s of [shop, brewSocket, staffSocket]) await s.settle();
      const changed = (s: typeof shop) => s.events.filter((e) => e.type === 'changed').map((e) => `${e.topic}#${e.id}`);
      expect(changed(shop)).toEqual(['marketing_request#41']);
      expect(changed(brewSocket)).toEqual(['marketing_request#42']);
      expect(changed(staffSocket)).toEqual(['marketing_request#41']);
    } finally {
      for (const s of [shop, brewSocket, staffSocket]) s.ws.close();
    }
  });

  it('never brings a partner chat events', async () => {
    const shop = await live(acmeShop);
    try {
      const visitor = await (await new Client(t.url).json('POST', '/api/chat/sessions', {})).json();
      const sent = await fetch(`${t.url}/api/chat/sessions/${visitor.sessionId}/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-chat-secret': visitor.secret },
        body: JSON.stringify({ clientId: 'partner-live-1', content: 'Hello support' }),
      });
      expect(sent.status).toBeLessThan(300);
      await shop.settle();
      expect(shop.events.filter((e) => e.type === 'message' || e.type === 'conversation')).toEqual([]);
    } finally {
      shop.ws.close();
    }
  });

  it('refuses the socket without a session (401), admits any signed-in user, and closes it (4401) when the session ends', async () => {
    await expect(live(new Client(t.url))).rejects.toThrow(/401/);
    const customer = await signedIn(t, 'customer', 'live');
    const socket = await live(customer);
    await post({ kind: 'test', title: 'For Acme', permission: 'marketing:request', organisationId: acme.id });
    await socket.settle();
    expect(socket.events).toEqual([]);
    const closed = new Promise<number>((resolve) => socket.ws.once('close', (code) => resolve(code)));
    await customer.post('/auth/logout', {});
    expect(await closed).toBe(4401);
  });
});
