import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoreSearchResponse } from '../../shared/schemas/stores';
import { passGate, startTestServer, type TestServer } from '../support/test-server';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${t.url}${path}`, { headers });
const stores = async (query: string, headers: Record<string, string> = {}) => {
  const res = await get(`/api/stores?${query}`, headers);
  expect(res.status).toBe(200);
  return (await res.json()) as StoreSearchResponse;
};
const ascending = (xs: number[]) => xs.every((x, i) => i === 0 || (xs[i - 1] as number) <= x);

describe('GET /api/stores', () => {
  it('orders stores by distance from the coordinates given, London stores first from London', async () => {
    const body = await stores('lat=51.5074&lng=-0.1278&radius=1000&unit=km&limit=100');
    expect(body.match).toBe('coordinates');
    expect(body.origin).toMatchObject({ lat: 51.5074, lng: -0.1278 });
    expect(body.items.slice(0, 4).map((s) => s.city)).toEqual(['London', 'London', 'London', 'London']);
    expect(ascending(body.items.map((s) => s.distanceKm as number))).toBe(true);
    expect(body.items[0]).toMatchObject({ name: 'The Juniper Cellar', phone: expect.any(String), address: '14 Monmouth Street' });
    expect(body.items[0]?.distanceKm).toBeLessThan(1);
    expect(body.items[0]?.openingHours).toHaveLength(7);
    expect(body.items[0]?.products.length).toBeGreaterThan(0);
    // Paris is about 344 km away: in, but behind every UK store within reach.
    const paris = body.items.find((s) => s.city === 'Paris');
    expect(paris?.distanceKm).toBeGreaterThan(330);
    expect(paris?.distanceKm).toBeLessThan(350);
  });

  it('honours the radius in km and in miles', async () => {
    const km = await stores('q=London&radius=100&unit=km');
    expect(km).toMatchObject({ unit: 'km', radius: 100, total: 6 });
    expect(km.items.every((s) => (s.distanceKm as number) <= 100)).toBe(true);
    expect(km.items.map((s) => s.city)).toContain('Oxford');

    // 50 miles is 80.5 km: Oxford (about 83 km from central London) drops out, Brighton stays.
    const mi = await stores('q=London&radius=50&unit=mi');
    expect(mi).toMatchObject({ unit: 'mi', radius: 50 });
    expect(mi.items.map((s) => s.city)).not.toContain('Oxford');
    expect(mi.items.map((s) => s.city)).toContain('Brighton');
    for (const s of mi.items) {
      expect(s.distance as number).toBeLessThanOrEqual(50);
      expect(s.distance).toBeCloseTo((s.distanceKm as number) / 1.609344, 1);
    }

    const tight = await stores('q=London&radius=3&unit=mi');
    expect(tight.items.every((s) => s.city === 'London')).toBe(true);
  });

  it('uses the visitor’s distance unit when none is asked for', async () => {
    expect((await stores('q=Boston', { cookie: await passGate(t.url, 'US') })).unit).toBe('mi');
    expect((await stores('q=Berlin', { cookie: await passGate(t.url, 'DE') })).unit).toBe('km');
  });

  it('filters by the product carried', async () => {
    const all = await stores('q=London&radius=10&unit=km');
    const navy = await stores('q=London&radius=10&unit=km&product=frolic-navy-strength-gin');
    expect(navy.items.length).toBeGreaterThan(0);
    expect(navy.items.length).toBeLessThan(all.items.length);
    expect(navy.items.every((s) => s.products.some((p) => p.slug === 'frolic-navy-strength-gin'))).toBe(true);
  });

  it('finds a place by city name, offline', async () => {
    const body = await stores('q=edinburgh&radius=25&unit=km');
    expect(body.match).toBe('place');
    expect(body.origin?.label).toBe('Edinburgh, Scotland, United Kingdom');
    expect(body.items[0]?.name).toBe('Stockbridge Whisky House');
    const postcode = await stores('q=EC2A%203EJ&radius=5&unit=km');
    expect(postcode.match).toBe('postcode');
    expect(postcode.items[0]?.name).toBe('Frolic Distillery Shop');
  });

  it('says where the nearest store is when none is within the radius', async () => {
    const body = await stores('q=Leeds&radius=25&unit=mi');
    expect(body.items).toEqual([]);
    expect(body.nearest?.city).toBe('Manchester');
    expect(body.nearest?.distance).toBeGreaterThan(25);
  });

  it('answers a place it cannot find clearly, with 200 and a message', async () => {
    const body = await stores('q=Xyzzyville');
    expect(body).toMatchObject({ match: 'not_found', origin: null, items: [] });
    expect(body.message).toContain('Xyzzyville');
  });

  it('finds stores by name', async () => {
    const body = await stores('q=whisky%20house');
    expect(body.match).toBe('name');
    expect(body.items.map((s) => s.name)).toEqual(['Stockbridge Whisky House']);
    expect(body.items[0]?.distanceKm).toBeNull();
  });

  it('answers bad input with 400 validation_failed', async () => {
    for (const query of ['lat=999&lng=0', 'lat=51.5', 'radius=-5', 'unit=furlong', 'limit=1000', 'product=Not%20A%20Slug']) {
      const res = await get(`/api/stores?${query}`);
      expect(res.status, query).toBe(400);
      expect((await res.json()).error.code).toBe('validation_failed');
    }
  });
});

describe('GET /api/retailers', () => {
  it('lists the retailers of a market with prices in its currency', async () => {
    const res = await get('/api/retailers?product=frolic-london-dry-gin&market=GB');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ market: 'GB', currency: 'GBP', product: { slug: 'frolic-london-dry-gin' } });
    expect(body.items.map((l: { retailer: { name: string } }) => l.retailer.name)).toEqual(['The Whisky Vault', 'Juniper & Co.']);
    for (const l of body.items) {
      expect(l.url).toMatch(/^https:\/\/www\.[a-z]+\.example\//);
      if (l.price) expect(l.price.currency).toBe('GBP');
    }
  });

  it('follows the visitor’s market and lists every product without a filter', async () => {
    const res = await get('/api/retailers', { cookie: await passGate(t.url, 'AU') });
    const body = await res.json();
    expect(body).toMatchObject({ market: 'AU', currency: 'AUD' });
    expect(body.items).toHaveLength(8);
    const prices = body.items.flatMap((e: { listings: { price: { currency: string } | null }[] }) => e.listings.map((l) => l.price)).filter(Boolean);
    expect(prices.length).toBeGreaterThan(0);
    expect(prices.every((p: { currency: string }) => p.currency === 'AUD')).toBe(true);
    const us = await (await get('/api/retailers?market=US&product=frolic-single-malt-12')).json();
    expect(us.items[0].price.currency).toBe('USD');
  });

  it('refuses an unknown market or product', async () => {
    expect((await get('/api/retailers?market=XX')).status).toBe(400);
    expect((await get('/api/retailers?product=no-such-spirit')).status).toBe(404);
  });
});

describe('the store locator page', () => {
  it('renders the results on the server, with schema.org Store data', async () => {
    const cookie = await passGate(t.url, 'GB');
    const html = await (await get('/store-locator?q=Manchester&radius=25&unit=mi', { cookie })).text();
    expect(html).toContain('Northern Quarter Spirits');
    expect(html).toContain('application/ld+json');
    expect(html).toContain('"@type":"Store"');
    expect(html).toContain('<title>Stores near Manchester, England, United Kingdom · Frolic</title>');
  });
});
