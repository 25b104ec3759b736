import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { haversineKm } from '../../../shared/geo';
import type { ContentVersion } from '../../cache/content-version';
import { storeLocations, storeProducts, products } from '../../db/schema';
import { seedDemoContent } from '../../seed/demo-content';
import { freshDatabase, type TestDatabase } from '../../../tests/support/test-db';
import { createStoreService, type StoreService } from './service';
import { DEMO_STORES, P } from '../../seed/demo-stores';

function fakeContent(): ContentVersion & { bump(): void } {
  let version = 1;
  const listeners = new Set<() => void>();
  return {
    get current() {
      return version;
    },
    async changed() {
      this.bump();
    },
    onChange(l) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    bump() {
      version += 1;
      for (const l of listeners) l();
    },
  };
}

const LONDON = { lat: 51.5085, lng: -0.1257 };
let t: TestDatabase;
let content: ReturnType<typeof fakeContent>;
let stores: StoreService;

beforeAll(async () => {
  t = await freshDatabase();
  await seedDemoContent(t.database.db);
  content = fakeContent();
  stores = createStoreService(t.database.db, content);
});
afterAll(async () => {
  await t?.dispose();
});

describe('store search by distance', () => {
  it('orders every store by the haversine distance computed in SQL', async () => {
    const result = await stores.find({ lat: LONDON.lat, lng: LONDON.lng, limit: 100 });
    expect(result.match).toBe('coordinates');
    expect(result.items).toHaveLength(DEMO_STORES.length);
    for (const s of result.items) {
      expect(s.distanceKm).toBeCloseTo(haversineKm(LONDON, { lat: s.latitude, lng: s.longitude }), 2);
    }
    const distances = result.items.map((s) => s.distanceKm as number);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(result.items.slice(0, 4).every((s) => s.city === 'London')).toBe(true);
  });

  it('keeps to the radius and says which store is nearest when none is in reach', async () => {
    const within = await stores.find({ ...LONDON, radiusKm: 100 });
    expect(within.items.map((s) => s.city).sort()).toEqual(['Brighton', 'London', 'London', 'London', 'London', 'Oxford']);
    expect(within.total).toBe(6);
    expect(within.nearest).toBeNull();
    const tokyo = await stores.find({ lat: 35.6895, lng: 139.6917, radiusKm: 50 });
    expect(tokyo.items).toEqual([]);
    expect(tokyo.nearest?.city).toBe('Brisbane');
  });

  it('lists each store with its address, hours, phone and the products it carries', async () => {
    const [first] = await stores.search({ ...LONDON, radiusKm: 5, product: P.navy });
    expect(first).toMatchObject({ name: 'The Juniper Cellar', postcode: 'WC2H 9HB', phone: '+44 20 7946 0348' });
    expect(first?.openingHours[0]).toEqual({ day: 0, opens: '11:00', closes: '21:00' });
    expect(first?.products.map((p) => p.slug)).toContain(P.navy);
  });

  it('filters by the product carried', async () => {
    const navy = await stores.find({ ...LONDON, product: P.navy, limit: 100 });
    const expected = DEMO_STORES.filter((s) => s.products.includes(P.navy)).length;
    expect(navy.items).toHaveLength(expected);
    expect(navy.items.every((s) => s.products.some((p) => p.slug === P.navy))).toBe(true);
    expect((await stores.find({ ...LONDON, product: 'no-such-spirit' })).items).toEqual([]);
  });
});

describe('where a search starts', () => {
  it('resolves a town from the gazetteer', async () => {
    const r = await stores.find({ q: 'Manchester', radiusKm: 50 });
    expect(r.match).toBe('place');
    expect(r.origin?.label).toBe('Manchester, England, United Kingdom');
    expect(r.items[0]?.name).toBe('Northern Quarter Spirits');
  });

  it("resolves our stores' postcodes, outward codes and prefixes, and UK postcode areas", async () => {
    expect((await stores.find({ q: 'ec2a 4ne', radiusKm: 2 })).items[0]?.name).toBe('Frolic Distillery Shop');
    expect((await stores.find({ q: 'M6J', radiusKm: 10 })).items[0]?.city).toBe('Toronto');
    expect((await stores.find({ q: '10011', radiusKm: 5 })).items[0]?.name).toBe('Hudson & Rye');
    expect((await stores.find({ q: 'D02 YX88', radiusKm: 5 })).items[0]?.city).toBe('Dublin');
    const area = await stores.find({ q: 'SW1A 1AA', radiusKm: 10 });
    expect(area).toMatchObject({ match: 'postcode', origin: { label: 'SW1A 1AA (London area)' } });
    expect(area.items.every((s) => s.city === 'London')).toBe(true);
  });

  it('matches store names and towns when the words are not a place', async () => {
    const r = await stores.find({ q: 'juniper' });
    expect(r).toMatchObject({ match: 'name', origin: null });
    expect(r.items.map((s) => s.name)).toEqual(['The Juniper Cellar']);
    expect((await stores.find({ q: '100%_' })).match).toBe('not_found');
  });

  it('answers a place it cannot find with not_found, not an error', async () => {
    const r = await stores.find({ q: 'Xyzzyville' });
    expect(r).toMatchObject({ match: 'not_found', origin: null, items: [], total: 0 });
  });

  it('lists every store by country without a search, the preferred country first', async () => {
    const r = await stores.find({ limit: 100, preferCountry: 'IE' });
    expect(r.match).toBe('all');
    expect(r.items.slice(0, 2).map((s) => s.country)).toEqual(['IE', 'IE']);
    expect(await stores.carriedProducts()).toHaveLength(8);
    expect((await stores.towns())[0]).toEqual({ city: 'London', country: 'GB', stores: 4 });
  });
});

describe('the cache', () => {
  it('drops its answers when content changes', async () => {
    const before = await stores.search({ q: 'juniper' });
    expect(before).toHaveLength(1);
    await t.database.db.update(storeLocations).set({ active: false }).where(eq(storeLocations.name, 'The Juniper Cellar'));
    expect(await stores.search({ q: 'juniper' })).toHaveLength(1);
    content.bump();
    expect(await stores.search({ q: 'juniper' })).toHaveLength(0);
    await t.database.db.update(storeLocations).set({ active: true }).where(eq(storeLocations.name, 'The Juniper Cellar'));
    content.bump();
  });
});

describe('with 5,000 stores', () => {
  it('returns exactly the stores a brute-force haversine finds, across the antimeridian too', async () => {
    // A fixed pseudo-random spread, so a failure can be replayed.
    let seed = 42;
    const rand = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const extra = Array.from({ length: 5000 }, (_, i) => ({
      name: `Bulk store ${i}`,
      address: `${i} Test Road`,
      city: 'Testville',
      country: 'ZZ',
      latitude: Math.round((rand() * 160 - 80) * 1e4) / 1e4,
      longitude: Math.round((rand() * 360 - 180) * 1e4) / 1e4,
    }));
    const db = t.database.db;
    const inserted = [];
    for (let i = 0; i < extra.length; i += 1000) {
      inserted.push(
        ...(await db
          .insert(storeLocations)
          .values(extra.slice(i, i + 1000))
          .returning({ id: storeLocations.id })),
      );
    }
    const [gin] = await db.select({ id: products.id }).from(products).where(eq(products.slug, P.dry));
    await db.insert(storeProducts).values(inserted.filter((_, i) => i % 3 === 0).map((r) => ({ storeId: r.id, productId: gin?.id as number })));
    content.bump();
    const all = await db.select().from(storeLocations).where(eq(storeLocations.active, true));

    for (const [origin, radiusKm] of [
      [LONDON, 500],
      [{ lat: -17.7, lng: 179.6 }, 1500],
      [{ lat: 0, lng: 0 }, 2000],
    ] as const) {
      const expected = all
        .map((s) => ({ id: s.id, d: haversineKm(origin, { lat: s.latitude, lng: s.longitude }) }))
        .filter((s) => s.d <= radiusKm)
        .sort((a, b) => a.d - b.d || a.id - b.id);
      const got = await stores.find({ ...origin, radiusKm, limit: 100 });
      expect(got.total).toBe(expected.length);
      expect(got.items.map((s) => s.id)).toEqual(expected.slice(0, 100).map((s) => s.id));
    }
    const gins = await stores.find({ ...LONDON, radiusKm: 3000, product: P.dry, limit: 100 });
    expect(gins.items.every((s) => s.products.some((p) => p.slug === P.dry))).toBe(true);
  });
});
