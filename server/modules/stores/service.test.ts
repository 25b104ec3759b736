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

describe('the spatial index against the SQL', () => {
  it('answers every nearest-store search exactly as the SQL does: ties, limits, radii, products, the nearest outside the radius', async () => {
    const db = t.database.db;
    const sqlStores = createStoreService(db, content, { spatialIndex: false });
    let seed = 7;
    const rand = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)] as T;
    // On top of the 5,000 above: stores sharing a point (distance ties, broken by id), clusters at
    // the antimeridian and near the poles, and inactive stores (never found).
    const point = (lat: number, lng: number, i: number) => ({
      name: `Index store ${i}`,
      address: `${i} Index Road`,
      city: 'Indexton',
      country: 'ZZ',
      latitude: lat,
      longitude: lng,
      active: i % 10 !== 9,
    });
    const special = [
      ...Array.from({ length: 30 }, (_, i) => point(48.8566, 2.3522, i)), // one point, 30 stores
      ...Array.from({ length: 60 }, (_, i) => point(48.85 + (i % 6) * 0.01, 2.35, 100 + i)), // ten stores on each of six points
      ...Array.from({ length: 80 }, (_, i) => point(-16 - rand() * 4, i % 2 ? 179 + rand() : -179 - rand(), 200 + i)),
      ...Array.from({ length: 40 }, (_, i) => point(85 + rand() * 4.9, rand() * 360 - 180, 300 + i)),
    ];
    const inserted = await db.insert(storeLocations).values(special).returning({ id: storeLocations.id });
    const slugs = Object.values(P);
    const catalogue = await db.select({ id: products.id, slug: products.slug }).from(products);
    const idOf = new Map(catalogue.map((p) => [p.slug, p.id]));
    await db
      .insert(storeProducts)
      .values(inserted.flatMap((r, i) => slugs.filter((_, j) => (i + j) % 4 === 0).map((slug) => ({ storeId: r.id, productId: idOf.get(slug) as number }))));
    content.bump();

    const origins = () => {
      const kind = rand();
      if (kind < 0.2) return { lat: 48.8566, lng: 2.3522 }; // on the shared point: 27 stores at 0 km
      if (kind < 0.35) return { lat: -18 + rand() * 4, lng: rand() < 0.5 ? 179.5 + rand() * 0.5 : -179.5 - rand() * 0.5 };
      if (kind < 0.45) return { lat: 84 + rand() * 6, lng: rand() * 360 - 180 };
      if (kind < 0.65) return { lat: 48 + rand() * 2, lng: 1.5 + rand() * 2 };
      return { lat: rand() * 180 - 90, lng: rand() * 360 - 180 };
    };
    let compared = 0;
    let empty = 0;
    let cut = 0;
    for (let n = 0; n < 400; n++) {
      const origin = origins();
      const radiusKm = pick([null, null, 0.5, 1, 2, 5, 25, 100, 500, 2000, 20_000, Math.round(rand() * 3000 * 1000) / 1000]);
      const query = {
        lat: Math.round(origin.lat * 1e6) / 1e6,
        lng: Math.round(origin.lng * 1e6) / 1e6,
        ...(radiusKm === null ? {} : { radiusKm }),
        limit: pick([1, 3, 10, 25, 27, 30, 100]),
        ...(rand() < 0.3 ? { product: pick([...slugs, 'no-such-spirit']) } : {}),
      };
      const [indexed, reference] = await Promise.all([stores.find(query), sqlStores.find(query)]);
      expect([query, indexed]).toEqual([query, reference]);
      compared++;
      if (reference.items.length === 0) empty++;
      if (reference.total > reference.items.length) cut++;
    }
    // The comparisons covered both empty answers (with the nearest outside) and limits that cut.
    expect([compared, empty > 10, cut > 50]).toEqual([400, true, true]);

    // After a change the index is rebuilt: a store moved, one closed, one opened.
    const paris = { lat: 48.8566, lng: 2.3522 };
    const [moved, closed] = inserted;
    await db.update(storeLocations).set({ latitude: 48.857, longitude: 2.353, active: true }).where(eq(storeLocations.id, moved!.id));
    await db.update(storeLocations).set({ active: false }).where(eq(storeLocations.id, closed!.id));
    await db.insert(storeLocations).values(point(paris.lat, paris.lng, 1000));
    content.bump();
    for (const limit of [5, 30, 100]) {
      const [indexed, reference] = await Promise.all([stores.find({ ...paris, limit, radiusKm: 1 }), sqlStores.find({ ...paris, limit, radiusKm: 1 })]);
      expect(indexed).toEqual(reference);
      expect(indexed.items.some((s) => s.id === closed!.id)).toBe(false);
    }
    const all = await stores.find({ ...paris, limit: 100, radiusKm: 1 });
    expect(all.items.map((s) => s.name)).toContain('Index store 1000');
    expect(all.items.find((s) => s.id === moved!.id)?.distanceKm).toBeCloseTo(haversineKm(paris, { lat: 48.857, lng: 2.353 }), 3);
  });
});
