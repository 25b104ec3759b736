// Constants of the collateral and events screens, without the validation library (kept out of page
// bundles), and the one time-zone check shared by the form and the server.
export const COLLATERAL_KINDS = ['brochure', 'shelf_talker', 'pos_kit', 'price_list', 'other'] as const;
export type CollateralKind = (typeof COLLATERAL_KINDS)[number];
export const COLLATERAL_KIND_LABELS: Record<CollateralKind, string> = {
  brochure: 'Brochure',
  shelf_talker: 'Shelf talker',
  pos_kit: 'POS kit',
  price_list: 'Price list',
  other: 'Other',
};

/** Partner types that may request an item (the partner portal reads this). */
export const COLLATERAL_AUDIENCES = ['importer', 'distributor', 'retailer'] as const;
export type CollateralAudience = (typeof COLLATERAL_AUDIENCES)[number];

/** The zones offered in the event form; any IANA zone is accepted by the API. */
export const COMMON_TIME_ZONES = [
  'Europe/London',
  'Europe/Dublin',
  'Europe/Paris',
  'Europe/Berlin',
  'Europe/Madrid',
  'Europe/Rome',
  'Europe/Amsterdam',
  'Europe/Stockholm',
  'Europe/Athens',
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Los_Angeles',
  'America/Toronto',
  'America/Vancouver',
  'America/Mexico_City',
  'America/Sao_Paulo',
  'Asia/Dubai',
  'Asia/Singapore',
  'Asia/Hong_Kong',
  'Asia/Tokyo',
  'Australia/Sydney',
  'Australia/Melbourne',
  'Australia/Perth',
  'Pacific/Auckland',
  'Africa/Johannesburg',
  'UTC',
] as const;

let zones: Set<string> | null = null;

/** An IANA zone this runtime knows (`UTC` is valid though not listed by `supportedValuesOf`). */
export function isKnownTimeZone(zone: string): boolean {
  zones ??= new Set(Intl.supportedValuesOf('timeZone'));
  return zone === 'UTC' || zones.has(zone);
}

const eventDay = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/**
 * An event's wall-clock time (`2026-12-01T19:00`, as the server computed it) with its zone: "1 Dec
 * 2026, 19:00 (America/New York)". No zone arithmetic here, so the server's render and the
 * browser's hydration agree whatever zone or time-zone data either has.
 */
export function formatEventTime(local: string, zone: string): string {
  const [date, time] = local.split('T');
  return `${eventDay.format(new Date(`${date}T00:00:00Z`))}, ${time} (${zone.replace(/_/g, ' ')})`;
}

/** A wall-clock time as the event form sends it: `2026-12-01T19:00`. */
export const LOCAL_DATE_TIME = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d$/;
