import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLogs } from '../../server/db/schema';
import { SYSTEM_ACTOR } from '../../server/core/actor';
import { startTestServer, type TestServer } from '../support/test-server';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${t.url}${path}`, { headers });

describe('GET /api/products', () => {
  it('lists the active products with paging metadata', async () => {
    const res = await get('/api/products');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.total).toBe(8);
    expect(body.items).toHaveLength(8);
    expect(body.page).toBe(1);
    expect(body.items.map((p: { name: string }) => p.name)).toContain('Frolic London Dry Gin');
  });

  it('pages and filters by category', async () => {
    const page2 = await (await get('/api/products?pageSize=3&page=2')).json();
    expect(page2.items).toHaveLength(3);
    expect(page2.total).toBe(8);
    const gins = await (await get('/api/products?category=gin')).json();
    expect(gins.total).toBe(3);
    expect(gins.items.every((p: { category: string }) => p.category === 'gin')).toBe(true);
  });

  it('prices in the market asked for, or the market of the gate country', async () => {
    const gb = await (await get('/api/products?market=GB&category=whisky')).json();
    // The label is formatted by the server in the market's locale: pages never format a price.
    expect(gb.items[0].price).toEqual({ amountMinor: 5495, currency: 'GBP', label: '£54.95' });
    const byGate = await (await get('/api/products?category=whisky', { cookie: await gatePass('DE') })).json();
    expect(byGate.market).toBe('EU');
    expect(byGate.items[0].price).toMatchObject({ currency: 'EUR', label: `€${(byGate.items[0].price.amountMinor / 100).toFixed(2)}` });
  });

  it('answers bad input with 400 and the error shape', async () => {
    const res = await get('/api/products?pageSize=1000&category=beer');
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error.code).toBe('validation_failed');
    expect(body.error.details.map((d: { path: string }) => d.path).sort()).toEqual(['category', 'pageSize']);
    expect(body.error.hint).toBeTruthy();
    expect(JSON.stringify(body)).not.toMatch(/at .*\.ts/);
  });

  it('answers 304 to a client that has the current version', async () => {
    const first = await get('/api/products?category=rum');
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    const second = await get('/api/products?category=rum', { 'if-none-match': etag as string });
    expect(second.status).toBe(304);
  });

  it('reflects a staff edit at once: new ETag, archived product gone from list and page', async () => {
    const before = await get('/api/products?category=liqueur');
    const etag = before.headers.get('etag') as string;
    expect((await before.json()).total).toBe(1);
    const cookie = await gatePass('GB');
    expect((await get('/products/frolic-coffee-liqueur', { cookie })).status).toBe(200);

    await t.app.services.catalog.updateProduct('frolic-coffee-liqueur', { version: 1, status: 'archived' }, SYSTEM_ACTOR);

    const after = await get('/api/products?category=liqueur', { 'if-none-match': etag });
    expect(after.status).toBe(200);
    expect((await after.json()).total).toBe(0);
    expect((await get('/api/products/frolic-coffee-liqueur')).status).toBe(404);
    const page = await get('/products?category=liqueur', { cookie });
    expect(await page.text()).not.toContain('Frolic Coffee Liqueur');
  });

  it('refuses an update over a newer version and audits the one that landed', async () => {
    const svc = t.app.services.catalog;
    const updated = await svc.updateProduct('frolic-white-rum', { version: 1, featured: true }, { userId: 'u1', ip: '127.0.0.1' });
    expect(updated.version).toBe(2);
    await expect(svc.updateProduct('frolic-white-rum', { version: 1, featured: false }, SYSTEM_ACTOR)).rejects.toMatchObject({
      code: 'version_conflict',
      kind: 'conflict',
    });
    const rows = await t.db.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.recordId, String(updated.id)), eq(auditLogs.source, 'service')));
    // The seed's rows (written by the bypass triggers, source 'trigger') are not the service's.
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'UPDATE', tableName: 'products', userId: 'u1', ipAddress: '127.0.0.1' });
    expect(rows[0]?.oldValues).toEqual({ featured: false });
    expect(rows[0]?.newValues).toEqual({ featured: true });
  });
});

describe('GET /api/products/:slug', () => {
  it('returns one product, 404 for an unknown one, 400 for a malformed slug', async () => {
    const ok = await get('/api/products/frolic-wheat-vodka?market=US');
    expect((await ok.json()).product).toMatchObject({ name: 'Frolic Wheat Vodka', abv: 40, price: { currency: 'USD' } });
    const missing = await get('/api/products/no-such-spirit');
    expect(missing.status).toBe(404);
    expect((await missing.json()).error.code).toBe('not_found');
    expect((await get('/api/products/Bad_Slug!')).status).toBe(400);
  });
});

async function gatePass(country: string): Promise<string> {
  const { passGate } = await import('../support/test-server');
  return passGate(t.url, country);
}
