// Store locations: where a search starts (coordinates, a postcode, a place from the offline
// gazetteer), the stores near it ordered by distance — from an in-memory spatial index of the active
// stores (spatial.ts), rebuilt after any content change, or in SQL — and the name search when the
// words are not a place. Reads are cached per content version. The staff side is in admin.ts.
import { and, asc, between, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { boundingBox, EARTH_RADIUS_KM, type LatLng } from '../../../shared/geo';
import type { StoreOrigin, StoreResult, StoreSearchResult } from '../../../shared/schemas/stores';
import { type ContentVersion, createContentCache } from '../../cache/content-version';
import type { Db } from '../../db/client';
import { products, storeLocations, storeProducts } from '../../db/schema';
import { createStoreAdmin, type StoreAdmin } from './admin';
import { gazetteer, parseUkPostcode } from './gazetteer';
import { containsPattern } from '../../db/like';
import { buildStoreIndex, type IndexedStore, type StoreIndex } from './spatial';

export interface StoreSearchParams {
  /** A town, city, postcode or store name. */
  q?: string;
  lat?: number;
  lng?: number;
  /** Only stores within this distance of the origin; without it, every store, nearest first. */
  radiusKm?: number;
  /** Only stores that carry this product (slug). */
  product?: string;
  limit?: number;
  /** Without an origin, this country's stores come first. */
  preferCountry?: string;
}

export interface StoreService extends StoreAdmin {
  /** Active stores; ordered by distance from (lat, lng) or the place `q` names, else by country, city and name. */
  search(query: StoreSearchParams): Promise<StoreResult[]>;
  /** The same search with how it was understood: the origin, the match, the total, the nearest store outside the radius. */
  find(query: StoreSearchParams): Promise<StoreSearchResult>;
  /** Active products that at least one active store carries (the locator's product filter). */
  carriedProducts(): Promise<{ slug: string; name: string }[]>;
  /** Towns with stores, the busiest first (quick links on the locator). */
  towns(limit?: number): Promise<{ city: string; country: string; stores: number }[]>;
}

const DEFAULT_LIMIT = 25;
type StoreRow = typeof storeLocations.$inferSelect;

/** Haversine in SQL: the same formula and earth radius as shared/geo.ts. */
function distanceSql(o: LatLng): SQL<number> {
  const lat = sql`${o.lat}::double precision`;
  const lng = sql`${o.lng}::double precision`;
  return sql<number>`(2 * ${EARTH_RADIUS_KM}::double precision * asin(least(1::double precision, sqrt(
    power(sin(radians(${storeLocations.latitude} - ${lat}) / 2), 2)
    + cos(radians(${lat})) * cos(radians(${storeLocations.latitude}))
    * power(sin(radians(${storeLocations.longitude} - ${lng}) / 2), 2)))))`;
}

/** The box around the circle: a range on the indexed (latitude, longitude) before any trigonometry. */
function withinBox(o: LatLng, radiusKm: number): SQL | undefined {
  const box = boundingBox(o, radiusKm);
  const lngs = box.lngRanges.map(([w, e]) => between(storeLocations.longitude, w, e));
  return and(between(storeLocations.latitude, box.minLat, box.maxLat), lngs.length === 1 ? lngs[0] : or(...lngs));
}

function carries(slug: string): SQL {
  return sql`exists (select 1 from ${storeProducts} inner join ${products} on ${products.id} = ${storeProducts.productId}
    where ${storeProducts.storeId} = ${storeLocations.id} and ${products.slug} = ${slug} and ${products.status} = 'active')`;
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;

function toResult(row: StoreRow, distanceKm: number | null, carried: { slug: string; name: string }[]): StoreResult {
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    city: row.city,
    region: row.region,
    postcode: row.postcode,
    country: row.country,
    latitude: row.latitude,
    longitude: row.longitude,
    phone: row.phone,
    openingHours: [...row.openingHours].sort((a, b) => a.day - b.day),
    distanceKm: distanceKm === null ? null : round3(distanceKm),
    products: carried,
  };
}

export interface StoreServiceOptions {
  /**
   * Nearest stores from an in-memory index of the active stores (the default), or from SQL (the
   * index's reference in tests and benchmarks).
   */
  spatialIndex?: boolean;
}

export function createStoreService(db: Db, content: ContentVersion, options: StoreServiceOptions = {}): StoreService {
  const cached = createContentCache(content);
  const useIndex = options.spatialIndex ?? true;

  /**
   * The index of the stores as of the current content version: built on first use after a change
   * (every instance's content version moves on any content change, through the change feed), one
   * load shared by the requests that wait for it.
   */
  let index: { version: number; built: Promise<StoreIndex> } | null = null;
  content.onChange(() => {
    index = null;
  });
  function storeIndex(): Promise<StoreIndex> {
    const version = content.current;
    if (index?.version === version) return index.built;
    const built = loadIndex();
    const mine = { version, built };
    index = mine;
    built.catch(() => {
      if (index === mine) index = null;
    });
    return built;
  }
  async function loadIndex(): Promise<StoreIndex> {
    const rows = await db.select().from(storeLocations).where(eq(storeLocations.active, true)).orderBy(asc(storeLocations.id));
    const carried = await db
      .select({ storeId: storeProducts.storeId, slug: products.slug, name: products.name })
      .from(storeProducts)
      .innerJoin(products, eq(products.id, storeProducts.productId))
      .innerJoin(storeLocations, eq(storeLocations.id, storeProducts.storeId))
      .where(and(eq(storeLocations.active, true), eq(products.status, 'active')))
      .orderBy(asc(products.name), asc(products.slug));
    const byId = new Map<number, IndexedStore>(rows.map((row) => [row.id, { row, products: [] }]));
    for (const c of carried) byId.get(c.storeId)?.products.push({ slug: c.slug, name: c.name });
    return buildStoreIndex([...byId.values()]);
  }

  /** Stores nearest to `origin` (within `radiusKm`), from the index or from SQL. */
  async function nearTo(origin: LatLng, radiusKm: number | null, limit: number, product: string | undefined) {
    if (useIndex) {
      const found = (await storeIndex()).nearest({ origin, radiusKm, limit, product });
      return { items: found.items.map((h) => toResult(h.store.row, h.distanceKm, h.store.products)), total: found.total };
    }
    const productFilter = product ? carries(product) : undefined;
    const near =
      radiusKm === null ? and(productFilter) : and(withinBox(origin, radiusKm), sql`${distanceSql(origin)} <= ${radiusKm}::double precision`, productFilter);
    return select(near, origin, limit);
  }

  async function productsOf(storeIds: number[]): Promise<Map<number, { slug: string; name: string }[]>> {
    const out = new Map<number, { slug: string; name: string }[]>();
    if (storeIds.length === 0) return out;
    const rows = await db
      .select({ storeId: storeProducts.storeId, slug: products.slug, name: products.name })
      .from(storeProducts)
      .innerJoin(products, eq(products.id, storeProducts.productId))
      .where(and(inArray(storeProducts.storeId, storeIds), eq(products.status, 'active')))
      .orderBy(asc(products.name), asc(products.slug));
    for (const r of rows) {
      const list = out.get(r.storeId) ?? [];
      list.push({ slug: r.slug, name: r.name });
      out.set(r.storeId, list);
    }
    return out;
  }

  /** Stores matching `where`, nearest to `origin` first (or by country, city, name), with the total before the limit. */
  async function select(where: SQL | undefined, origin: LatLng | null, limit: number, preferCountry?: string) {
    const distance = origin ? distanceSql(origin) : sql<null>`null::double precision`;
    const order = origin
      ? [asc(distance), asc(storeLocations.id)]
      : [
          ...(preferCountry ? [desc(sql`${storeLocations.country} = ${preferCountry}`)] : []),
          asc(storeLocations.country),
          asc(storeLocations.city),
          asc(storeLocations.name),
          asc(storeLocations.id),
        ];
    const rows = await db
      .select({ store: storeLocations, distanceKm: distance, total: sql<number>`(count(*) over ())::int` })
      .from(storeLocations)
      .where(and(eq(storeLocations.active, true), where))
      .orderBy(...order)
      .limit(limit);
    const carried = await productsOf(rows.map((r) => r.store.id));
    const items = rows.map((r) => toResult(r.store, r.distanceKm === null ? null : Number(r.distanceKm), carried.get(r.store.id) ?? []));
    return { items, total: rows[0]?.total ?? 0 };
  }

  /** A postcode (or its outward code, ZIP prefix, routing key) of one of our stores: the middle of those stores. */
  async function storePostcode(q: string): Promise<StoreOrigin | null> {
    const compact = q.toUpperCase().replace(/\s+/g, '');
    if (!/^[A-Z0-9]{2,10}$/.test(compact) || !/\d/.test(compact)) return null;
    const uk = parseUkPostcode(q);
    const stored = sql`upper(replace(${storeLocations.postcode}, ' ', ''))`;
    const rows = await db
      .select({ lat: storeLocations.latitude, lng: storeLocations.longitude, city: storeLocations.city })
      .from(storeLocations)
      .where(
        and(
          eq(storeLocations.active, true),
          or(
            sql`${stored} = ${compact}`,
            // UK: the outward code ("EC2A" of "EC2A 3EJ"), never a prefix ("E1" is not "E16").
            uk ? sql`(${storeLocations.country} = 'GB' and upper(split_part(trim(${storeLocations.postcode}), ' ', 1)) = ${uk.outward})` : undefined,
            // Elsewhere a prefix: a ZIP's first digits, a Canadian FSA, an Irish routing key.
            compact.length >= 3 ? sql`(${storeLocations.country} <> 'GB' and ${stored} like ${`${compact}%`})` : undefined,
          ),
        ),
      )
      .orderBy(asc(storeLocations.id))
      .limit(50);
    if (rows.length === 0) return null;
    const lat = rows.reduce((s, r) => s + r.lat, 0) / rows.length;
    const lng = rows.reduce((s, r) => s + r.lng, 0) / rows.length;
    return { label: `${uk?.postcode ?? q.trim().toUpperCase()}, ${rows[0]?.city}`, lat, lng };
  }

  async function resolve(q: string): Promise<{ origin: StoreOrigin; match: 'postcode' | 'place' } | null> {
    const byStore = await storePostcode(q);
    if (byStore) return { origin: byStore, match: 'postcode' };
    const area = gazetteer().ukPostcodeArea(q);
    if (area) return { origin: { label: area.label, lat: area.lat, lng: area.lng }, match: 'postcode' };
    const place = gazetteer().findPlace(q);
    if (place) return { origin: { label: place.label, lat: place.lat, lng: place.lng }, match: 'place' };
    return null;
  }

  async function find(query: StoreSearchParams): Promise<StoreSearchResult> {
    const limit = query.limit ?? DEFAULT_LIMIT;
    const q = query.q?.trim() || undefined;
    const productFilter = query.product ? carries(query.product) : undefined;
    const key = JSON.stringify([q, query.lat, query.lng, query.radiusKm, query.product, limit, query.preferCountry]);
    return cached(key, async (): Promise<StoreSearchResult> => {
      let origin: StoreOrigin | null = null;
      let match: StoreSearchResult['match'] = 'all';
      if (query.lat !== undefined && query.lng !== undefined) {
        origin = { label: 'your location', lat: query.lat, lng: query.lng };
        match = 'coordinates';
      } else if (q) {
        const resolved = await resolve(q);
        if (resolved) {
          ({ origin, match } = resolved);
        } else {
          const pattern = containsPattern(q);
          const byName = await select(
            and(or(ilike(storeLocations.name, pattern), ilike(storeLocations.city, pattern)), productFilter),
            null,
            limit,
            query.preferCountry,
          );
          const found = byName.items.length > 0;
          return { match: found ? 'name' : 'not_found', origin: null, radiusKm: null, total: byName.total, items: byName.items, nearest: null };
        }
      }
      if (!origin) {
        const all = await select(productFilter, null, limit, query.preferCountry);
        return { match, origin: null, radiusKm: null, total: all.total, items: all.items, nearest: null };
      }
      const radiusKm = query.radiusKm ?? null;
      const found = await nearTo(origin, radiusKm, limit, query.product);
      // Nothing in reach: say where the nearest one is rather than leave the visitor with nothing.
      const nearest = found.items.length === 0 && radiusKm !== null ? ((await nearTo(origin, null, 1, query.product)).items[0] ?? null) : null;
      return { match, origin, radiusKm, total: found.total, items: found.items, nearest };
    });
  }

  return {
    ...createStoreAdmin(db, content),
    find,
    async search(query) {
      return (await find(query)).items;
    },
    carriedProducts() {
      return cached('carried-products', () =>
        db
          .selectDistinct({ slug: products.slug, name: products.name })
          .from(products)
          .innerJoin(storeProducts, eq(storeProducts.productId, products.id))
          .innerJoin(storeLocations, eq(storeLocations.id, storeProducts.storeId))
          .where(and(eq(products.status, 'active'), eq(storeLocations.active, true)))
          .orderBy(asc(products.name), asc(products.slug)),
      );
    },
    towns(limit = 12) {
      return cached(`towns:${limit}`, () =>
        db
          .select({ city: storeLocations.city, country: storeLocations.country, stores: sql<number>`count(*)::int` })
          .from(storeLocations)
          .where(eq(storeLocations.active, true))
          .groupBy(storeLocations.city, storeLocations.country)
          .orderBy(desc(sql`count(*)`), asc(storeLocations.city))
          .limit(limit),
      );
    },
  };
}
