// Store-locator constants the pages need without the validation library (kept out of page bundles).
import type { DistanceUnit } from './geo';

export const STORE_RADII_KM = [5, 10, 25, 50, 100, 250] as const;
export const STORE_RADII_MI = [3, 5, 10, 25, 50, 150] as const;

export const DEFAULT_RADIUS = { km: 50, mi: 25 } as const satisfies Record<DistanceUnit, number>;

export const radiusOptions = (unit: DistanceUnit): readonly number[] => (unit === 'mi' ? STORE_RADII_MI : STORE_RADII_KM);

/** Days of opening hours, 0 = Monday … 6 = Sunday (as stored). */
export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
export const WEEKDAY_ABBR = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

/**
 * The one column layout of the store CSV, for import and export. The export writes
 * `STORE_CSV_KEY_COLUMNS` first, then these.
 */
export const STORE_CSV_COLUMNS = [
  'name',
  'address',
  'city',
  'region',
  'postcode',
  'country',
  'latitude',
  'longitude',
  'phone',
  'hours',
  'products',
  'active',
] as const;
/**
 * The columns that name a stored store, both optional on import: a row with an `id` updates that
 * store, one without adds a store. `version` is the store's version when the file was exported: the
 * row is refused if the store has changed since. A row with an id but no version (a file made by
 * hand) updates the store unchecked.
 */
export const STORE_CSV_KEY_COLUMNS = ['id', 'version'] as const;
export const STORE_CSV_EXPORT_COLUMNS = [...STORE_CSV_KEY_COLUMNS, ...STORE_CSV_COLUMNS] as const;
/** Columns a file must have; the others may be left out (blank, or active = yes). */
export const STORE_CSV_REQUIRED = ['name', 'address', 'city', 'country', 'latitude', 'longitude'] as const;
/** Separates product slugs in the `products` column. */
export const STORE_CSV_PRODUCT_SEPARATOR = '|';

/** An import holds at most this many rows and bytes (one transaction, one request). */
export const STORE_IMPORT_MAX_ROWS = 5000;
export const STORE_IMPORT_MAX_BYTES = 2 * 1024 * 1024;

export const STORE_SORT_COLUMNS = ['name', 'city', 'country', 'updatedAt'] as const;
