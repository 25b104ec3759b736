// Store locator and online retailer shapes shared by the API and the pages.
import { z } from 'zod';
import { type DistanceUnit, KM_PER_MILE } from '../geo';
import { isMarketCode } from '../markets';

export { KM_PER_MILE };
export type { DistanceUnit };

export { DEFAULT_RADIUS, radiusOptions, STORE_RADII_KM, STORE_RADII_MI } from '../store-constants';
/** The radius of a search that names none, per unit. */

export interface OpeningHoursEntry {
  day: number; // 0 = Monday
  opens: string;
  closes: string;
}

export interface StoreResult {
  id: number;
  name: string;
  address: string;
  city: string;
  region: string | null;
  postcode: string | null;
  country: string;
  latitude: number;
  longitude: number;
  phone: string | null;
  openingHours: OpeningHoursEntry[];
  /** Distance from the search origin in km, when there is an origin. */
  distanceKm: number | null;
  products: { slug: string; name: string }[];
}

const slug = z
  .string()
  .min(1)
  .max(120)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lowercase letters, digits and hyphens');

// An empty field of a GET form arrives as "": the same as leaving it out.
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

export const storeSearchQuery = z
  .object({
    q: z.preprocess(blankToUndefined, z.string().trim().max(100).optional()),
    lat: z.preprocess(blankToUndefined, z.coerce.number().min(-90).max(90).optional()),
    lng: z.preprocess(blankToUndefined, z.coerce.number().min(-180).max(180).optional()),
    radius: z.preprocess(blankToUndefined, z.coerce.number().positive().max(20_000).optional()),
    unit: z.preprocess(blankToUndefined, z.enum(['km', 'mi']).optional()),
    product: z.preprocess(blankToUndefined, slug.optional()),
    limit: z.coerce.number().int().min(1).max(100).default(25),
  })
  .refine((v) => (v.lat === undefined) === (v.lng === undefined), {
    message: 'Give both lat and lng, or neither.',
    path: ['lng'],
  });
export type StoreSearchQuery = z.infer<typeof storeSearchQuery>;

export interface StoreOrigin {
  /** What the origin is, in words: "London, England, United Kingdom", "EC2A (London)", "your location". */
  label: string;
  lat: number;
  lng: number;
}

/**
 * How the search was understood: near coordinates, a postcode or a place; stores whose name or
 * town matches the words; every store (no search); or nothing matched the words at all.
 */
export type StoreMatch = 'coordinates' | 'postcode' | 'place' | 'name' | 'all' | 'not_found';

/** What the stores service answers (`StoreService.find`). */
export interface StoreSearchResult {
  match: StoreMatch;
  origin: StoreOrigin | null;
  /** The radius applied, in km; null without an origin. */
  radiusKm: number | null;
  /** Stores matching before the limit was applied. */
  total: number;
  items: StoreResult[];
  /** With an origin and nothing within the radius: the nearest store that matches otherwise. */
  nearest: StoreResult | null;
}

/** `GET /api/stores`: distances and the radius in `unit`. */
export interface StoreSearchResponse {
  match: StoreMatch;
  origin: StoreOrigin | null;
  unit: DistanceUnit;
  radius: number | null;
  total: number;
  items: (StoreResult & { distance: number | null })[];
  nearest: (StoreResult & { distance: number | null }) | null;
  /** Said when nothing matched the words searched for. */
  message?: string;
}

export interface RetailerListing {
  retailer: { id: number; name: string; url: string };
  url: string;
  /** In the market's currency; null when the retailer's price there is not known. */
  price: { amountMinor: number; currency: string } | null;
}

export interface RetailerCatalogueEntry {
  product: { slug: string; name: string; imageUrl: string };
  listings: RetailerListing[];
}

export const retailerQuery = z.object({
  product: z.preprocess(blankToUndefined, slug.optional()),
  market: z.preprocess(blankToUndefined, z.string().refine(isMarketCode, 'Unknown market').optional()),
});
export type RetailerQuery = z.infer<typeof retailerQuery>;
