// Store locator and online retailer shapes shared by the API and the pages.
import { z } from './zod';
import { decimalNumber, pageNumber } from './numbers';
import { requiredText } from './text';
import { type DistanceUnit, KM_PER_MILE } from '../geo';
import { legalAgeFor } from '../legal-age';
import { isMarketCode, type MarketPrice } from '../markets';
import { STORE_SORT_COLUMNS } from '../store-constants';
import { adminListQuery, recordId, versionField, withoutNul } from './admin';

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
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lowercase letters, digits and hyphens.');

const coordinateRule = (name: string, limit: number) => ({
  min: -limit,
  max: limit,
  required: `Give ${name} as a number.`,
  tooSmall: `${name} must be between -${limit} and ${limit}.`,
  tooBig: `${name} must be between -${limit} and ${limit}.`,
});
const latitude = decimalNumber(coordinateRule('lat', 90));
const longitude = decimalNumber(coordinateRule('lng', 180));

// An empty field of a GET form arrives as "": the same as leaving it out.
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

export const storeSearchQuery = z
  .object({
    // A NUL (which PostgreSQL text cannot hold) is noise in a search: dropped.
    q: z.preprocess((v) => blankToUndefined(typeof v === 'string' ? withoutNul(v) : v), z.string().trim().max(100).optional()),
    lat: z.preprocess(blankToUndefined, latitude.optional()),
    lng: z.preprocess(blankToUndefined, longitude.optional()),
    radius: z.preprocess(
      blankToUndefined,
      decimalNumber({
        min: Number.MIN_VALUE,
        max: 20_000,
        required: 'Give the radius as a number.',
        tooSmall: 'The radius must be more than 0.',
        tooBig: 'The radius must be at most 20,000.',
      }).optional(),
    ),
    unit: z.preprocess(blankToUndefined, z.enum(['km', 'mi']).optional()),
    product: z.preprocess(blankToUndefined, slug.optional()),
    limit: pageNumber('the limit', 100, 25),
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
  price: MarketPrice | null;
}

export interface RetailerCatalogueEntry {
  product: { slug: string; name: string; imageUrl: string };
  listings: RetailerListing[];
}

export const retailerQuery = z.object({
  product: z.preprocess(blankToUndefined, slug.optional()),
  market: z.preprocess(blankToUndefined, z.string().refine(isMarketCode, 'Choose a market we sell in, e.g. GB or US.').optional()),
});
export type RetailerQuery = z.infer<typeof retailerQuery>;

// ---- Staff: the store editor, the list and the CSV import -------------------------------------

const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
/** ISO 3166-1 alpha-2, not a user-assigned or grouping code (AA, QM–QZ, XA–XZ but XK, ZZ, EU, UN). */
export function isCountryCode(code: string): boolean {
  if (!/^[A-Z]{2}$/.test(code) || /^(AA|Q[M-Z]|X[A-JL-Z]|ZZ|EU|EZ|UN)$/.test(code)) return false;
  return regionNames.of(code) !== undefined;
}

const text = (label: string, max: number) => requiredText(`Enter the ${label}.`).max(max, `Keep the ${label} to ${max} characters.`);
/** Optional text: blank or missing is stored as null. */
const optionalText = (label: string, max: number) =>
  z.preprocess(
    (v) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? null : v),
    z.string().trim().max(max, `Keep the ${label} to ${max} characters.`).nullable(),
  );
/** A number typed into a text field arrives as a string; a blank one must not become 0. */
const coordinate = (label: string, limit: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : v.trim()) : v),
    decimalNumber({
      min: -limit,
      max: limit,
      required: `Enter the ${label} as a number, e.g. ${limit === 90 ? '51.5074' : '-0.1278'}.`,
      tooSmall: `The ${label} must be between -${limit} and ${limit}.`,
      tooBig: `The ${label} must be between -${limit} and ${limit}.`,
    }),
  );

const time = z.string().regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/, 'Use 24-hour time, e.g. 09:00.');

export const openingHoursEntry = z
  .object({ day: z.number().int().min(0).max(6), opens: time, closes: time })
  .refine((h) => h.closes > h.opens, { message: 'Closing time must be after opening time.', path: ['closes'] });

export const storeInput = z.object({
  name: text('store name', 120),
  address: text('street address', 200),
  city: text('town or city', 100),
  region: optionalText('region', 100),
  postcode: optionalText('postcode', 20),
  country: z
    .string({ error: 'Enter the country as a two-letter code, e.g. GB.' })
    .trim()
    .toUpperCase()
    .refine(isCountryCode, 'Enter the country as a two-letter ISO code, e.g. GB.')
    .refine((c) => legalAgeFor(c) !== null, 'We do not sell where the sale of alcohol is prohibited.'),
  latitude: coordinate('latitude', 90),
  longitude: coordinate('longitude', 180),
  phone: optionalText('phone number', 30).refine(
    (p) => p === null || (/^\+?[\d\s().-]+$/.test(p) && (p.match(/\d/g) ?? []).length >= 5),
    'Enter a phone number with digits, spaces and + ( ) - only, e.g. +44 20 7946 0112.',
  ),
  openingHours: z
    .array(openingHoursEntry)
    .max(7)
    .default([])
    .superRefine((hours, ctx) => {
      const seen = new Set<number>();
      hours.forEach((h, i) => {
        if (seen.has(h.day)) ctx.addIssue({ code: 'custom', message: 'Give each day once.', path: [i, 'day'] });
        seen.add(h.day);
      });
    })
    .transform((hours) => [...hours].sort((a, b) => a.day - b.day)),
  /** Our products this store carries (ids; the service checks they exist). */
  productIds: z
    .array(recordId('Choose products from the catalogue.'))
    .max(500)
    .default([])
    .transform((ids) => [...new Set(ids)].sort((a, b) => a - b)),
  active: z.boolean().default(true),
});
export type StoreInput = z.infer<typeof storeInput>;

export const storeUpdate = storeInput.extend({ version: versionField });
export type StoreUpdate = z.infer<typeof storeUpdate>;

const activeFilter = z.preprocess((v) => (v === 'true' || v === 'yes' ? true : v === 'false' || v === 'no' ? false : undefined), z.boolean().optional());
export const storeAdminQuery = adminListQuery(STORE_SORT_COLUMNS).extend({
  country: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/)
      .optional(),
  ),
  active: activeFilter,
});
export type StoreAdminQuery = z.infer<typeof storeAdminQuery>;

export interface StoreAdminRow {
  id: number;
  name: string;
  city: string;
  postcode: string | null;
  country: string;
  active: boolean;
  products: number;
  updatedAt: string;
}

/** A store as the editor reads it. */
export interface StoreEdit extends StoreInput {
  id: number;
  version: number;
  updatedAt: string;
}

export const storeImportMode = z.enum(['all', 'valid_only'], { error: 'Choose whether to import all rows or only the valid ones.' });
export type StoreImportMode = z.infer<typeof storeImportMode>;
export const storeImportPreviewBody = z.object({ csv: z.string({ error: 'Send the CSV text as `csv`.' }) });
export const storeImportBody = storeImportPreviewBody.extend({ mode: storeImportMode });

export interface ImportRowError {
  /** The CSV column (`name`, `hours`, `products` …), or `row` for the row as a whole. */
  field: string;
  message: string;
}

export interface ImportPreviewRow {
  /** Line of the file where the row starts (the header is line 1). */
  line: number;
  /** The row's cells by column, as read (formula escapes removed). */
  values: Record<string, string>;
  /** Creates a store, or updates the one with this id. */
  action: 'create' | 'update';
  errors: ImportRowError[];
}

export interface ImportPreview {
  /** Problems with the file as a whole (header, size, CSV syntax): nothing can be imported. */
  fileErrors: string[];
  rows: ImportPreviewRow[];
  valid: number;
  invalid: number;
}

export interface ImportResult {
  created: number;
  updated: number;
  /** Rows with an id whose store already matched the row: nothing to write. */
  unchanged: number;
  /** Rows left out in `valid_only` mode. */
  skipped: number;
}

/** The editor's delete button: a plain form post. */
export const storeDeleteForm = z.object({ intent: z.literal('delete') });

/** A store id in a URL. */
export const storeAdminId = recordId('Choose a store.');

// ---- Staff: the position of a store from its address (the shipped gazetteer) ---------------------

/** `GET /api/admin/stores/geocode`: the address fields the gazetteer can use (town, postcode, country). */
export const storeGeocodeQuery = z
  .object({
    city: z.preprocess(blankToUndefined, z.string().trim().max(100, 'Keep the town or city to 100 characters.').optional()),
    region: z.preprocess(blankToUndefined, z.string().trim().max(100, 'Keep the region to 100 characters.').optional()),
    postcode: z.preprocess(blankToUndefined, z.string().trim().max(20, 'Keep the postcode to 20 characters.').optional()),
    country: z.preprocess(
      blankToUndefined,
      z.string().trim().toUpperCase().refine(isCountryCode, 'Enter the country as a two-letter ISO code, e.g. GB.').optional(),
    ),
  })
  .refine((q) => q.city !== undefined || q.postcode !== undefined, { path: ['city'], message: 'Enter a town or a postcode to look up.' });
export type StoreGeocodeQuery = z.infer<typeof storeGeocodeQuery>;

/** What the gazetteer matched: a town's centre, or the post town of a UK postcode area. */
export interface StoreGeocodeResult {
  match: 'town' | 'postcode';
  /** "Manchester, England, United Kingdom", "M1 1AE (Manchester area)". */
  label: string;
  country: string;
  latitude: number;
  longitude: number;
  /** What was matched and how precise it is, in a sentence for the editor. */
  message: string;
}

/** `GET /api/admin/stores/nearby`: where a pair of coordinates lands. */
export const storeNearbyQuery = z.object({
  lat: z.preprocess(blankToUndefined, latitude),
  lng: z.preprocess(blankToUndefined, longitude),
});

export interface NearbyPlace {
  label: string;
  country: string;
  latitude: number;
  longitude: number;
  distanceKm: number;
}

/** How far around typed coordinates the editor looks for towns. */
export const NEARBY_RADIUS_KM = 100;
