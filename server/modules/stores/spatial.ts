// Nearest stores from memory: the active stores with the products they carry, held in a k-d tree
// (kdbush) searched by great-circle distance (geokdbush). The tree only picks candidates; distances,
// the radius and the order (distance, then id) come from shared/geo.ts's haversine, the formula and
// earth radius of the SQL it stands in for, so both answer the same.
import KDBush from 'kdbush';
import { around } from 'geokdbush';
import { haversineKm, type LatLng } from '../../../shared/geo';
import type { storeLocations } from '../../db/schema';

type StoreRow = typeof storeLocations.$inferSelect;

export interface IndexedStore {
  row: StoreRow;
  /** Active products it carries, by product name (the SQL's order). */
  products: { slug: string; name: string }[];
}

export interface NearestQuery {
  origin: LatLng;
  /** Only stores within this distance; null: every store, nearest first. */
  radiusKm: number | null;
  limit: number;
  /** Only stores carrying this product (slug). */
  product?: string;
}

export interface StoreIndex {
  readonly size: number;
  /** The stores nearest first (ties by id), at most `limit`, with how many matched before the limit. */
  nearest(query: NearestQuery): { items: { store: IndexedStore; distanceKm: number }[]; total: number };
}

/**
 * geokdbush measures with an earth radius of 6,371 km, a little under shared/geo.ts's, so its
 * distances are a little shorter than ours: asked for everything within d of ours (with a margin for
 * rounding), it returns a superset, which the exact distance then trims.
 */
const superset = (km: number) => km * (1 + 1e-9) + 1e-9;

export function buildStoreIndex(stores: IndexedStore[]): StoreIndex {
  const slugs = stores.map((s) => new Set(s.products.map((p) => p.slug)));
  const counts = new Map<string, number>();
  const countCarrying = (slug: string) => {
    let n = counts.get(slug);
    if (n === undefined) counts.set(slug, (n = slugs.filter((set) => set.has(slug)).length));
    return n;
  };
  const tree = stores.length ? new KDBush(stores.length) : null;
  if (tree) {
    for (const s of stores) tree.add(s.row.longitude, s.row.latitude);
    tree.finish();
  }

  return {
    size: stores.length,
    nearest({ origin, radiusKm, limit, product }) {
      if (!tree) return { items: [], total: 0 };
      const predicate = product === undefined ? undefined : (i: number) => (slugs[i] as Set<string>).has(product);
      const store = (i: number) => stores[i] as IndexedStore;
      const measured = (ids: number[]) => ids.map((i) => ({ i, d: haversineKm(origin, { lat: store(i).row.latitude, lng: store(i).row.longitude }) }));
      let hits: { i: number; d: number }[];
      let total: number;
      if (radiusKm !== null) {
        hits = measured(around(tree, origin.lng, origin.lat, Infinity, superset(radiusKm), predicate)).filter((h) => h.d <= radiusKm);
        total = hits.length;
      } else {
        total = product === undefined ? stores.length : countCarrying(product);
        hits = measured(around(tree, origin.lng, origin.lat, limit, Infinity, predicate));
        if (hits.length === limit) {
          // The tree's k nearest, by its own arithmetic; every store as near as the farthest of them
          // (ties included) is fetched again, so the cut at `limit` falls where the SQL's does.
          const reach = Math.max(...hits.map((h) => h.d));
          hits = measured(around(tree, origin.lng, origin.lat, Infinity, superset(reach), predicate)).filter((h) => h.d <= reach);
        }
      }
      hits.sort((a, b) => a.d - b.d || store(a.i).row.id - store(b.i).row.id);
      return { items: hits.slice(0, limit).map((h) => ({ store: store(h.i), distanceKm: h.d })), total };
    },
  };
}
