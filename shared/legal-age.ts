// The legal purchase/drinking age for spirits per country (ISO 3166-1 alpha-2), in one place.
// null = sale of alcohol is prohibited there; the gate refuses visitors from those countries.
// Countries not listed fall back to DEFAULT_LEGAL_AGE.

export const DEFAULT_LEGAL_AGE = 18;

export const LEGAL_AGE: Record<string, number | null> = {
  US: 21, CA: 19, MX: 18, BR: 18, AR: 18, CL: 18, CO: 18, PE: 18,
  GB: 18, IE: 18, FR: 18, DE: 18, AT: 18, CH: 18, BE: 18, NL: 18, LU: 18,
  ES: 18, PT: 18, IT: 18, GR: 18, PL: 18, CZ: 18, SK: 18, HU: 18, RO: 18,
  BG: 18, HR: 18, SI: 18, DK: 18, EE: 18, LV: 18, LT: 18, MT: 18, CY: 18,
  NO: 20, SE: 20, FI: 20, IS: 20,
  AU: 18, NZ: 18, ZA: 18, NG: 18, KE: 18,
  JP: 20, KR: 19, TH: 20, SG: 18, HK: 18, TW: 18, PH: 18, MY: 21, IN: 21,
  CN: 18, AE: 21, IL: 18, TR: 18, EG: 21,
  // Sale of alcohol prohibited nationwide.
  SA: null, KW: null, LY: null, SD: null, YE: null, IR: null, AF: null, SO: null, MR: null, BN: null,
};

export interface Country {
  code: string;
  name: string;
}

// The countries offered in the gate's select, alphabetical by name.
export const COUNTRIES: Country[] = [
  ['AF', 'Afghanistan'], ['AR', 'Argentina'], ['AU', 'Australia'], ['AT', 'Austria'],
  ['BE', 'Belgium'], ['BR', 'Brazil'], ['BN', 'Brunei'], ['BG', 'Bulgaria'], ['CA', 'Canada'],
  ['CL', 'Chile'], ['CN', 'China'], ['CO', 'Colombia'], ['HR', 'Croatia'], ['CY', 'Cyprus'],
  ['CZ', 'Czechia'], ['DK', 'Denmark'], ['EG', 'Egypt'], ['EE', 'Estonia'], ['FI', 'Finland'],
  ['FR', 'France'], ['DE', 'Germany'], ['GR', 'Greece'], ['HK', 'Hong Kong'], ['HU', 'Hungary'],
  ['IS', 'Iceland'], ['IN', 'India'], ['IR', 'Iran'], ['IE', 'Ireland'], ['IL', 'Israel'],
  ['IT', 'Italy'], ['JP', 'Japan'], ['KE', 'Kenya'], ['KW', 'Kuwait'], ['LV', 'Latvia'],
  ['LY', 'Libya'], ['LT', 'Lithuania'], ['LU', 'Luxembourg'], ['MY', 'Malaysia'], ['MT', 'Malta'],
  ['MR', 'Mauritania'], ['MX', 'Mexico'], ['NL', 'Netherlands'], ['NZ', 'New Zealand'],
  ['NG', 'Nigeria'], ['NO', 'Norway'], ['PE', 'Peru'], ['PH', 'Philippines'], ['PL', 'Poland'],
  ['PT', 'Portugal'], ['RO', 'Romania'], ['SA', 'Saudi Arabia'], ['SG', 'Singapore'],
  ['SK', 'Slovakia'], ['SI', 'Slovenia'], ['SO', 'Somalia'], ['ZA', 'South Africa'],
  ['KR', 'South Korea'], ['ES', 'Spain'], ['SD', 'Sudan'], ['SE', 'Sweden'], ['CH', 'Switzerland'],
  ['TW', 'Taiwan'], ['TH', 'Thailand'], ['TR', 'Türkiye'], ['AE', 'United Arab Emirates'],
  ['GB', 'United Kingdom'], ['US', 'United States'], ['YE', 'Yemen'],
].map(([code, name]) => ({ code: code as string, name: name as string }));

export function isKnownCountry(code: string): boolean {
  return COUNTRIES.some((c) => c.code === code);
}

export function legalAgeFor(country: string): number | null {
  const age = LEGAL_AGE[country];
  return age === undefined ? DEFAULT_LEGAL_AGE : age;
}
