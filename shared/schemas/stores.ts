// Store locator and online retailer shapes shared by the API and the pages.
import { z } from 'zod';

export const STORE_RADII_KM = [5, 10, 25, 50, 100, 250] as const;
export const STORE_RADII_MI = [3, 5, 10, 25, 50, 150] as const;
export const KM_PER_MILE = 1.609344;

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

export const storeSearchQuery = z.object({
  q: z.string().trim().max(100).optional(),
  lat: z.coerce.number().min(-90).max(90).optional(),
  lng: z.coerce.number().min(-180).max(180).optional(),
  radius: z.coerce.number().positive().max(20_000).optional(),
  unit: z.enum(['km', 'mi']).optional(),
  product: z.string().max(120).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type StoreSearchQuery = z.infer<typeof storeSearchQuery>;

export interface RetailerListing {
  retailer: { id: number; name: string; url: string };
  url: string;
  price: { amountMinor: number; currency: string } | null;
}
