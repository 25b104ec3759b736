// The offline gazetteer of the store locator: place names and UK postcode areas resolved to
// coordinates from data shipped with the app (gazetteer-cities.tsv, derived by build-gazetteer.ts).
// Loaded once, on first use.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { haversineKm } from '../../../shared/geo';
import { PROJECT_ROOT } from '../../root';
import postcodeAreas from './uk-postcode-areas.json';

export interface Place {
  name: string;
  country: string;
  admin: string;
  lat: number;
  lng: number;
  population: number;
  /** "Portland, OR, United States" */
  label: string;
}

export interface Gazetteer {
  readonly size: number;
  /** The most populous place called `query`; "Perth, Scotland" or "London ON" narrow it down. */
  findPlace(query: string): Place | null;
  /** The post town of a UK postcode or outward code ("SW1A 1AA", "M1"), when the format fits. */
  ukPostcodeArea(query: string): (Place & { postcode: string }) | null;
  /** The `limit` places nearest to a point, nearest first, within `maxKm`: where typed coordinates land. */
  nearest(lat: number, lng: number, limit: number, maxKm: number): (Place & { distanceKm: number })[];
}

export const GAZETTEER_FILE = path.join(PROJECT_ROOT, 'server', 'modules', 'stores', 'gazetteer-cities.tsv');

/** Lower case, no accents or punctuation: "Saint-Étienne" → "saint etienne". */
export function normalizePlace(s: string): string {
  return s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

// GeoNames admin1 codes of the countries whose region names people type after a town.
const REGIONS: Record<string, Record<string, [abbr: string, name: string]>> = {
  GB: { ENG: ['', 'England'], SCT: ['', 'Scotland'], WLS: ['', 'Wales'], NIR: ['', 'Northern Ireland'] },
  CA: {
    '01': ['AB', 'Alberta'],
    '02': ['BC', 'British Columbia'],
    '03': ['MB', 'Manitoba'],
    '04': ['NB', 'New Brunswick'],
    '05': ['NL', 'Newfoundland and Labrador'],
    '07': ['NS', 'Nova Scotia'],
    '08': ['ON', 'Ontario'],
    '09': ['PE', 'Prince Edward Island'],
    '10': ['QC', 'Quebec'],
    '11': ['SK', 'Saskatchewan'],
    '12': ['YT', 'Yukon'],
    '13': ['NT', 'Northwest Territories'],
    '14': ['NU', 'Nunavut'],
  },
  AU: {
    '01': ['ACT', 'Australian Capital Territory'],
    '02': ['NSW', 'New South Wales'],
    '03': ['NT', 'Northern Territory'],
    '04': ['QLD', 'Queensland'],
    '05': ['SA', 'South Australia'],
    '06': ['TAS', 'Tasmania'],
    '07': ['VIC', 'Victoria'],
    '08': ['WA', 'Western Australia'],
  },
};

const COUNTRY_ALIASES: Record<string, string[]> = {
  GB: ['uk', 'great britain', 'britain'],
  US: ['usa', 'united states of america', 'america'],
  NL: ['holland', 'the netherlands'],
};

/** English and local names people use that GeoNames spells otherwise: alias → [name, country]. */
const ALIASES: Record<string, [string, string]> = {
  cologne: ['Köln', 'DE'],
  munchen: ['Munich', 'DE'],
  nuremberg: ['Nürnberg', 'DE'],
  hanover: ['Hannover', 'DE'],
  frankfurt: ['Frankfurt am Main', 'DE'],
  'den haag': ['The Hague', 'NL'],
  's gravenhage': ['The Hague', 'NL'],
  seville: ['Sevilla', 'ES'],
  'new york': ['New York City', 'US'],
  nyc: ['New York City', 'US'],
  'washington dc': ['Washington, D.C.', 'US'],
  enfield: ['Enfield Town', 'GB'],
  hull: ['Kingston upon Hull', 'GB'],
  newcastle: ['Newcastle upon Tyne', 'GB'],
};

const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });
const countryNameCache = new Map<string, string>();
function countryName(code: string): string {
  let name = countryNameCache.get(code);
  if (name === undefined) {
    try {
      name = countryNames.of(code) ?? code;
    } catch {
      name = code;
    }
    countryNameCache.set(code, name);
  }
  return name;
}

const US_STATES: Record<string, string> = {
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  DC: 'District of Columbia',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
};

function regionOf(country: string, admin: string): { abbr: string; name: string } | null {
  const r = REGIONS[country]?.[admin];
  if (r) return { abbr: r[0], name: r[1] };
  const state = country === 'US' ? US_STATES[admin] : undefined;
  return state ? { abbr: admin, name: state } : null;
}

function labelOf(p: Omit<Place, 'label'>): string {
  const region = regionOf(p.country, p.admin);
  return [p.name, region?.abbr || region?.name, countryName(p.country)].filter(Boolean).join(', ');
}

/** What may follow a town's name to say which one: country code or name, region code or name. */
function qualifiers(p: Omit<Place, 'label'>): Set<string> {
  const region = regionOf(p.country, p.admin);
  return new Set(
    [p.country, countryName(p.country), ...(COUNTRY_ALIASES[p.country] ?? []), region?.abbr, region?.name]
      .filter((s): s is string => Boolean(s))
      .map(normalizePlace),
  );
}

const UK_FULL = /^([A-Z]{1,2}\d[A-Z\d]?)(\d[A-Z]{2})$/;
const UK_OUTWARD = /^[A-Z]{1,2}\d[A-Z\d]?$/;

/** "sw1a1aa" → { outward: "SW1A", postcode: "SW1A 1AA" }; null when it is not shaped like one. */
export function parseUkPostcode(query: string): { outward: string; postcode: string; area: string } | null {
  const compact = query.toUpperCase().replace(/\s+/g, '');
  const full = UK_FULL.exec(compact);
  const outward = full ? (full[1] as string) : UK_OUTWARD.test(compact) ? compact : null;
  if (!outward) return null;
  return { outward, postcode: full ? `${full[1]} ${full[2]}` : outward, area: outward.replace(/\d.*$/, '') };
}

export function loadGazetteer(file = GAZETTEER_FILE): Gazetteer {
  const byName = new Map<string, Place[]>();
  const all: Place[] = [];
  let size = 0;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const [name, country, admin, lat, lng, population] = line.split('\t') as [string, string, string, string, string, string];
    const base = { name, country, admin, lat: Number(lat), lng: Number(lng), population: Number(population) };
    const place = { ...base, label: labelOf(base) };
    const key = normalizePlace(name);
    const list = byName.get(key);
    if (list) list.push(place);
    else byName.set(key, [place]);
    all.push(place);
    size += 1;
  }
  // Most populous first: the town people most likely mean.
  for (const list of byName.values()) list.sort((a, b) => b.population - a.population);

  const candidates = (key: string): Place[] => {
    // Own keys only: a search for "constructor" must not find Object.prototype's (it would be a 500).
    const alias = Object.hasOwn(ALIASES, key) ? ALIASES[key] : undefined;
    const own = byName.get(key) ?? [];
    if (!alias) return own;
    const target = (byName.get(normalizePlace(alias[0])) ?? []).filter((p) => p.country === alias[1]);
    return [...target, ...own].sort((a, b) => b.population - a.population);
  };
  const qualified = (key: string, quals: string[]): Place | null =>
    candidates(key).find((p) => {
      const q = qualifiers(p);
      return quals.every((x) => q.has(x));
    }) ?? null;

  function findPlace(query: string): Place | null {
    const whole = normalizePlace(query);
    if (whole.length < 2) return null;
    const direct = candidates(whole)[0];
    if (direct) return direct;
    const parts = query.split(',').map(normalizePlace).filter(Boolean);
    if (parts.length > 1) return qualified(parts[0] as string, parts.slice(1));
    // "London ON", "Perth Scotland", "Portland Oregon USA": the last words may say which one.
    const words = whole.split(' ');
    for (let k = 1; k <= Math.min(3, words.length - 1); k++) {
      const hit = qualified(words.slice(0, -k).join(' '), [words.slice(-k).join(' ')]);
      if (hit) return hit;
    }
    return null;
  }

  function ukPostcodeArea(query: string) {
    const parsed = parseUkPostcode(query);
    if (!parsed) return null;
    const town = (postcodeAreas as Record<string, string>)[parsed.area];
    const place = town ? candidates(normalizePlace(town)).find((p) => p.country === 'GB') : undefined;
    return place ? { ...place, postcode: parsed.postcode, label: `${parsed.postcode} (${place.name} area)` } : null;
  }

  function nearest(lat: number, lng: number, limit: number, maxKm: number) {
    // A latitude band first (1° is about 111 km): the haversine only for places that can be near.
    const band = maxKm / 110 + 0.01;
    const found: (Place & { distanceKm: number })[] = [];
    for (const p of all) {
      if (Math.abs(p.lat - lat) > band) continue;
      const distanceKm = haversineKm({ lat, lng }, p);
      if (distanceKm <= maxKm) found.push({ ...p, distanceKm });
    }
    return found.sort((a, b) => a.distanceKm - b.distanceKm).slice(0, limit);
  }

  return { size, findPlace, ukPostcodeArea, nearest };
}

let shared: Gazetteer | null = null;
/** The process's gazetteer, read on first use. */
export function gazetteer(): Gazetteer {
  shared ??= loadGazetteer();
  return shared;
}
