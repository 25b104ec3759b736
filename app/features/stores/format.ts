// Browser-safe helpers of the store locator: country names, links out, the radius choices.
import { fromKm, toKm } from '@shared/geo';
import type { DistanceUnit } from '@shared/geo';
import { radiusOptions } from '@shared/store-constants';

// A fixed list, so the server and the browser render the same text (no ICU differences).
const COUNTRY_NAMES: Record<string, string> = {
  GB: 'United Kingdom',
  US: 'United States',
  CA: 'Canada',
  AU: 'Australia',
  IE: 'Ireland',
  FR: 'France',
  DE: 'Germany',
  NL: 'Netherlands',
  ES: 'Spain',
  BE: 'Belgium',
  IT: 'Italy',
  PT: 'Portugal',
  AT: 'Austria',
  NZ: 'New Zealand',
};
export const countryName = (code: string) => COUNTRY_NAMES[code] ?? code;

export const UNIT_NAMES: Record<DistanceUnit, string> = { km: 'kilometres', mi: 'miles' };

export const directionsUrl = (lat: number, lng: number) => `https://www.google.com/maps/dir/?api=1&destination=${lat.toFixed(5)},${lng.toFixed(5)}`;

/** "+44 20 7946 0112" → "tel:+442079460112" */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** The radius choices of `unit`, with `current` added when a shared link carries another value. */
export function radiusChoices(unit: DistanceUnit, current: number): number[] {
  const base = [...radiusOptions(unit)];
  return base.includes(current) ? base : [...base, current].sort((a, b) => a - b);
}

/** The same reach in the other unit, snapped to the closest of its choices. */
export function convertRadius(radius: number, from: DistanceUnit, to: DistanceUnit): number {
  if (from === to) return radius;
  const target = fromKm(toKm(radius, from), to);
  return [...radiusOptions(to)].reduce((best, r) => (Math.abs(r - target) < Math.abs(best - target) ? r : best));
}
