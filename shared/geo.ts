// Great-circle distances and the km/mile conversions of the store locator (pure, both sides).
export const EARTH_RADIUS_KM = 6371.0088;
export const KM_PER_MILE = 1.609344;

export type DistanceUnit = 'km' | 'mi';

export interface LatLng {
  lat: number;
  lng: number;
}

const rad = (deg: number) => (deg * Math.PI) / 180;

/** Haversine distance in km; the SQL in the stores service uses the same formula and radius. */
export function haversineKm(a: LatLng, b: LatLng): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

export const kmToMiles = (km: number) => km / KM_PER_MILE;
export const milesToKm = (mi: number) => mi * KM_PER_MILE;

/** A distance given in `unit`, in km. */
export const toKm = (value: number, unit: DistanceUnit) => (unit === 'mi' ? milesToKm(value) : value);
/** A distance in km, expressed in `unit`. */
export const fromKm = (km: number, unit: DistanceUnit) => (unit === 'mi' ? kmToMiles(km) : km);

/** "0.4 km", "7.5 mi", "214 km": one decimal below 10, whole numbers above. */
export function formatDistance(km: number, unit: DistanceUnit): string {
  const value = fromKm(km, unit);
  return `${value < 10 ? value.toFixed(1) : Math.round(value).toLocaleString('en')} ${unit}`;
}

export interface BoundingBox {
  minLat: number;
  maxLat: number;
  /** One or two longitude ranges: two when the box crosses the antimeridian. */
  lngRanges: [number, number][];
}

/**
 * The latitude/longitude box that contains every point within `radiusKm` of `origin` — a cheap,
 * index-friendly prefilter before the exact haversine distance.
 */
export function boundingBox(origin: LatLng, radiusKm: number): BoundingBox {
  const dLat = (radiusKm / EARTH_RADIUS_KM) * (180 / Math.PI);
  const minLat = Math.max(-90, origin.lat - dLat);
  const maxLat = Math.min(90, origin.lat + dLat);
  // Near a pole (or for a huge radius) every longitude is in reach.
  if (minLat <= -90 || maxLat >= 90 || radiusKm >= (Math.PI * EARTH_RADIUS_KM) / 2) {
    return { minLat, maxLat, lngRanges: [[-180, 180]] };
  }
  const ratio = Math.sin(radiusKm / EARTH_RADIUS_KM) / Math.cos(rad(origin.lat));
  if (ratio >= 1) return { minLat, maxLat, lngRanges: [[-180, 180]] };
  const dLng = Math.asin(ratio) * (180 / Math.PI);
  const west = origin.lng - dLng;
  const east = origin.lng + dLng;
  if (west < -180)
    return {
      minLat,
      maxLat,
      lngRanges: [
        [west + 360, 180],
        [-180, east],
      ],
    };
  if (east > 180)
    return {
      minLat,
      maxLat,
      lngRanges: [
        [west, 180],
        [-180, east - 360],
      ],
    };
  return { minLat, maxLat, lngRanges: [[west, east]] };
}
