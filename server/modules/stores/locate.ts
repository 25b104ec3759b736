// The store editor's "Use address position": a store's town (or UK postcode area) resolved by the
// shipped gazetteer, and the towns around typed coordinates, to show where they land. Offline by
// design: the gazetteer knows town centres and postcode areas, not streets, and says so.
import { haversineKm } from '../../../shared/geo';
import { NEARBY_RADIUS_KM, type NearbyPlace, type StoreGeocodeQuery, type StoreGeocodeResult } from '../../../shared/schemas/stores';
import { AppError } from '../../core/errors';
import type { Gazetteer, Place } from './gazetteer';

/** A town more than this far from the postcode's post town is a namesake elsewhere: the postcode wins. */
const NAMESAKE_KM = 50;

const round4 = (n: number) => Math.round(n * 10_000) / 10_000;

function townOf(g: Gazetteer, q: StoreGeocodeQuery): Place | null {
  if (!q.city) return null;
  const city = q.city.replace(/,/g, ' ');
  if (!q.country) return g.findPlace(city);
  // With the region when it is one the gazetteer knows (a state, a province, England…), else the country alone.
  return (q.region ? g.findPlace(`${city}, ${q.region.replace(/,/g, ' ')}, ${q.country}`) : null) ?? g.findPlace(`${city}, ${q.country}`);
}

function postcodeOf(g: Gazetteer, q: StoreGeocodeQuery): (Place & { postcode: string }) | null {
  if (!q.postcode || (q.country && q.country !== 'GB')) return null;
  return g.ukPostcodeArea(q.postcode);
}

export function geocodeAddress(g: Gazetteer, q: StoreGeocodeQuery): StoreGeocodeResult {
  const town = townOf(g, q);
  const area = postcodeOf(g, q);
  const useArea = area && (!town || haversineKm(town, area) > NAMESAKE_KM);
  if (useArea) {
    return {
      match: 'postcode',
      label: area.label,
      country: area.country,
      latitude: round4(area.lat),
      longitude: round4(area.lng),
      message: town
        ? `Matched the postcode ${area.postcode}: the centre of ${area.name}. The ${town.label} the gazetteer knows is ${Math.round(haversineKm(town, area))} km away, so the postcode was used.`
        : `Matched the postcode ${area.postcode}: the centre of ${area.name}, its post town, not the street. Adjust the coordinates to the shop’s entrance for exact distances.`,
    };
  }
  if (town) {
    return {
      match: 'town',
      label: town.label,
      country: town.country,
      latitude: round4(town.lat),
      longitude: round4(town.lng),
      message: `Matched the town ${town.label}: its centre, not the street. Adjust the coordinates to the shop’s entrance for exact distances.`,
    };
  }
  const asked = [q.city, q.postcode].filter(Boolean).join(', ');
  throw new AppError('place_not_found', 'not_found', `Nothing in the gazetteer matches “${asked}”${q.country ? ` in ${q.country}` : ''}.`, {
    hint: 'Check the town and the postcode (the gazetteer knows towns and UK postcode areas), or type the coordinates.',
  });
}

/** The towns nearest to a point, within the editor's radius, nearest first. */
export function placesNear(g: Gazetteer, lat: number, lng: number, limit = 5): NearbyPlace[] {
  return g.nearest(lat, lng, limit, NEARBY_RADIUS_KM).map((p) => ({
    label: p.label,
    country: p.country,
    latitude: round4(p.lat),
    longitude: round4(p.lng),
    distanceKm: Math.round(p.distanceKm * 10) / 10,
  }));
}
