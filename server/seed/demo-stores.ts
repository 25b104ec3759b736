// Demo stockists: real streets near the centre of each city, coordinates of the address, fictional
// shops and numbers from the ranges reserved for drama (UK 020 7946 0xxx, North America 555-01xx,
// Australia 5550 xxxx) where a country has one.
import type { OpeningHours } from '../db/schema';

export const P = {
  dry: 'frolic-london-dry-gin',
  pink: 'frolic-pink-grapefruit-gin',
  navy: 'frolic-navy-strength-gin',
  vodka: 'frolic-wheat-vodka',
  malt: 'frolic-single-malt-12',
  spiced: 'frolic-spiced-rum',
  white: 'frolic-white-rum',
  coffee: 'frolic-coffee-liqueur',
} as const;

const ALL = Object.values(P);
const GINS = [P.dry, P.pink, P.navy];

/** Days 0 (Monday) … 6 (Sunday); a day left out is a closed day. */
function hours(spec: Record<string, [string, string]>): OpeningHours[] {
  const out: OpeningHours[] = [];
  for (const [days, [opens, closes]] of Object.entries(spec)) {
    const [from, to = from] = days.split('-').map(Number) as [number, number?];
    for (let d = from; d <= to; d++) out.push({ day: d, opens, closes });
  }
  return out.sort((a, b) => a.day - b.day);
}

const H = {
  uk: hours({ '0-2': ['10:00', '19:00'], 3: ['10:00', '20:00'], '4-5': ['10:00', '19:00'], 6: ['11:00', '17:00'] }),
  ukLate: hours({ '0-5': ['11:00', '21:00'], 6: ['12:00', '18:00'] }),
  us: hours({ '0-5': ['10:00', '21:00'], 6: ['12:00', '18:00'] }),
  usLate: hours({ '0-3': ['11:00', '22:00'], '4-5': ['11:00', '23:00'], 6: ['12:00', '20:00'] }),
  ca: hours({ '0-5': ['10:00', '20:00'], 6: ['11:00', '18:00'] }),
  au: hours({ '0-5': ['10:00', '21:00'], 6: ['10:00', '20:00'] }),
  de: hours({ '0-4': ['10:00', '19:00'], 5: ['10:00', '18:00'] }),
  fr: hours({ '1-5': ['10:00', '19:30'], 6: ['10:00', '13:00'] }),
  ie: hours({ '0-5': ['10:30', '22:00'], 6: ['12:30', '22:00'] }),
  nl: hours({ 0: ['13:00', '18:00'], '1-5': ['10:00', '18:00'], 6: ['12:00', '17:00'] }),
  es: hours({ '0-5': ['10:00', '21:00'] }),
};

export interface DemoStore {
  name: string;
  address: string;
  city: string;
  region: string | null;
  postcode: string;
  country: string;
  latitude: number;
  longitude: number;
  phone: string;
  openingHours: OpeningHours[];
  products: string[];
}

export const DEMO_STORES: DemoStore[] = [
  // United Kingdom
  { name: 'Frolic Distillery Shop', address: '21 Great Eastern Street', city: 'London', region: null, postcode: 'EC2A 3EJ', country: 'GB', latitude: 51.5252, longitude: -0.0815, phone: '+44 20 7946 0112', openingHours: H.uk, products: ALL },
  { name: 'The Juniper Cellar', address: '14 Monmouth Street', city: 'London', region: null, postcode: 'WC2H 9HB', country: 'GB', latitude: 51.5136, longitude: -0.127, phone: '+44 20 7946 0348', openingHours: H.ukLate, products: [...GINS, P.vodka, P.coffee] },
  { name: 'Marylebone Wine & Spirits', address: '62 Marylebone High Street', city: 'London', region: null, postcode: 'W1U 5HZ', country: 'GB', latitude: 51.5203, longitude: -0.1516, phone: '+44 20 7946 0571', openingHours: H.uk, products: [P.dry, P.pink, P.malt, P.spiced] },
  { name: 'Borough Bottle Shop', address: '9 Stoney Street', city: 'London', region: null, postcode: 'SE1 9AA', country: 'GB', latitude: 51.5052, longitude: -0.0913, phone: '+44 20 7946 0826', openingHours: H.ukLate, products: [P.dry, P.vodka, P.spiced, P.white, P.coffee] },
  { name: 'Lanes Spirits Co.', address: '31 Gardner Street', city: 'Brighton', region: 'East Sussex', postcode: 'BN1 1UP', country: 'GB', latitude: 50.8243, longitude: -0.1389, phone: '+44 1632 960214', openingHours: H.uk, products: [P.dry, P.pink, P.white, P.spiced] },
  { name: 'The Turl Street Vintner', address: '7 Turl Street', city: 'Oxford', region: 'Oxfordshire', postcode: 'OX1 3DQ', country: 'GB', latitude: 51.7535, longitude: -1.2565, phone: '+44 1632 960587', openingHours: H.uk, products: [P.dry, P.navy, P.malt] },
  { name: 'Northern Quarter Spirits', address: '40 Oldham Street', city: 'Manchester', region: null, postcode: 'M1 1JN', country: 'GB', latitude: 53.483, longitude: -2.2348, phone: '+44 161 496 0733', openingHours: H.ukLate, products: [P.dry, P.pink, P.vodka, P.spiced, P.white] },
  { name: 'Stockbridge Whisky House', address: '88 Raeburn Place', city: 'Edinburgh', region: null, postcode: 'EH4 1HH', country: 'GB', latitude: 55.9593, longitude: -3.2117, phone: '+44 131 496 0459', openingHours: H.uk, products: [P.malt, P.dry, P.navy] },
  { name: 'Merchant City Drinks', address: '52 Candleriggs', city: 'Glasgow', region: null, postcode: 'G1 1NP', country: 'GB', latitude: 55.8583, longitude: -4.244, phone: '+44 141 496 0618', openingHours: H.ukLate, products: [P.malt, P.dry, P.vodka, P.spiced] },
  { name: 'Harbourside Wines', address: '15 Park Street', city: 'Bristol', region: null, postcode: 'BS1 5NH', country: 'GB', latitude: 51.4543, longitude: -2.6017, phone: '+44 117 496 0372', openingHours: H.uk, products: [P.dry, P.pink, P.coffee] },

  // United States
  { name: 'Hudson & Rye', address: '212 W 14th St', city: 'New York', region: 'NY', postcode: '10011', country: 'US', latitude: 40.7387, longitude: -74.0016, phone: '+1 212-555-0143', openingHours: H.usLate, products: ALL },
  { name: 'Orchard Street Liquors', address: '145 Orchard St', city: 'New York', region: 'NY', postcode: '10002', country: 'US', latitude: 40.7201, longitude: -73.9886, phone: '+1 212-555-0178', openingHours: H.us, products: [P.dry, P.vodka, P.white, P.spiced] },
  { name: 'Bedford Avenue Spirits', address: '180 Bedford Ave', city: 'Brooklyn', region: 'NY', postcode: '11211', country: 'US', latitude: 40.718, longitude: -73.9573, phone: '+1 718-555-0126', openingHours: H.usLate, products: [P.dry, P.pink, P.navy, P.coffee] },
  { name: 'Beacon Hill Wine & Spirits', address: '84 Charles St', city: 'Boston', region: 'MA', postcode: '02114', country: 'US', latitude: 42.3577, longitude: -71.0703, phone: '+1 617-555-0165', openingHours: H.us, products: [P.dry, P.malt, P.spiced] },
  { name: 'Wicker Park Bottle Shop', address: '1542 N Milwaukee Ave', city: 'Chicago', region: 'IL', postcode: '60622', country: 'US', latitude: 41.9094, longitude: -87.676, phone: '+1 312-555-0191', openingHours: H.usLate, products: [P.dry, P.vodka, P.malt, P.white] },
  { name: 'Mission Street Spirits', address: '2201 Mission St', city: 'San Francisco', region: 'CA', postcode: '94110', country: 'US', latitude: 37.7615, longitude: -122.4192, phone: '+1 415-555-0137', openingHours: H.us, products: [P.dry, P.pink, P.white, P.coffee] },
  { name: 'Arts District Spirits', address: '800 E 3rd St', city: 'Los Angeles', region: 'CA', postcode: '90013', country: 'US', latitude: 34.046, longitude: -118.237, phone: '+1 213-555-0152', openingHours: H.usLate, products: [P.dry, P.vodka, P.spiced, P.white] },
  { name: 'Pike Street Bottle Co.', address: '1520 E Pike St', city: 'Seattle', region: 'WA', postcode: '98122', country: 'US', latitude: 47.614, longitude: -122.317, phone: '+1 206-555-0184', openingHours: H.us, products: [P.dry, P.navy, P.malt] },
  { name: 'South Congress Spirits', address: '1400 S Congress Ave', city: 'Austin', region: 'TX', postcode: '78704', country: 'US', latitude: 30.25, longitude: -97.7494, phone: '+1 512-555-0119', openingHours: H.us, products: [P.vodka, P.spiced, P.white, P.coffee] },

  // Canada
  { name: 'Queen West Spirits', address: '720 Queen St W', city: 'Toronto', region: 'ON', postcode: 'M6J 1E8', country: 'CA', latitude: 43.6465, longitude: -79.408, phone: '+1 416-555-0162', openingHours: H.ca, products: [P.dry, P.pink, P.vodka, P.malt] },
  { name: 'Gastown Spirits', address: '12 Water St', city: 'Vancouver', region: 'BC', postcode: 'V6B 1A4', country: 'CA', latitude: 49.2843, longitude: -123.1086, phone: '+1 604-555-0148', openingHours: H.ca, products: [P.dry, P.navy, P.white] },
  { name: 'Mile End Spiritueux', address: '5250 Boulevard Saint-Laurent', city: 'Montréal', region: 'QC', postcode: 'H2T 1S1', country: 'CA', latitude: 45.5236, longitude: -73.5958, phone: '+1 514-555-0173', openingHours: H.ca, products: [P.dry, P.pink, P.coffee] },

  // Australia
  { name: 'Surry Hills Cellars', address: '410 Crown St', city: 'Sydney', region: 'NSW', postcode: '2010', country: 'AU', latitude: -33.885, longitude: 151.213, phone: '+61 2 5550 4127', openingHours: H.au, products: [P.dry, P.pink, P.navy, P.spiced] },
  { name: 'Brunswick Street Bottle Shop', address: '250 Brunswick St, Fitzroy', city: 'Melbourne', region: 'VIC', postcode: '3065', country: 'AU', latitude: -37.7996, longitude: 144.9783, phone: '+61 3 5550 2281', openingHours: H.au, products: [P.dry, P.vodka, P.malt, P.white] },
  { name: 'James Street Liquor', address: '20 James St, Fortitude Valley', city: 'Brisbane', region: 'QLD', postcode: '4006', country: 'AU', latitude: -27.456, longitude: 153.041, phone: '+61 7 5550 3364', openingHours: H.au, products: [P.dry, P.spiced, P.white] },

  // Germany
  { name: 'Kreuzberg Spirituosen', address: 'Oranienstraße 25', city: 'Berlin', region: null, postcode: '10999', country: 'DE', latitude: 52.5017, longitude: 13.419, phone: '+49 30 5550 1834', openingHours: H.de, products: [P.dry, P.vodka, P.navy, P.coffee] },
  { name: 'Hanseatische Weinhandlung', address: 'Lange Reihe 50', city: 'Hamburg', region: null, postcode: '20099', country: 'DE', latitude: 53.5557, longitude: 10.013, phone: '+49 40 5550 2719', openingHours: H.de, products: [P.dry, P.malt, P.spiced] },
  { name: 'Viktualien Spirituosen', address: 'Westenriederstraße 8', city: 'Munich', region: 'Bavaria', postcode: '80331', country: 'DE', latitude: 48.1343, longitude: 11.577, phone: '+49 89 5550 3461', openingHours: H.de, products: [P.dry, P.pink, P.malt] },

  // France
  { name: 'Cave du Marais', address: '18 Rue Vieille du Temple', city: 'Paris', region: null, postcode: '75004', country: 'FR', latitude: 48.8568, longitude: 2.3583, phone: '+33 1 55 50 12 34', openingHours: H.fr, products: [P.dry, P.pink, P.navy, P.coffee] },
  { name: 'Spiritueux Saint-Germain', address: '42 Rue de Seine', city: 'Paris', region: null, postcode: '75006', country: 'FR', latitude: 48.855, longitude: 2.3365, phone: '+33 1 55 50 47 81', openingHours: H.fr, products: [P.dry, P.malt, P.white] },
  { name: 'La Cave Mercière', address: '12 Rue Mercière', city: 'Lyon', region: null, postcode: '69002', country: 'FR', latitude: 45.7618, longitude: 4.8316, phone: '+33 4 55 50 36 92', openingHours: H.fr, products: [P.dry, P.vodka, P.spiced] },
  { name: 'Chartrons Vins & Spiritueux', address: '35 Rue Notre-Dame', city: 'Bordeaux', region: null, postcode: '33000', country: 'FR', latitude: 44.856, longitude: -0.57, phone: '+33 5 55 50 28 14', openingHours: H.fr, products: [P.dry, P.malt, P.coffee] },

  // Ireland
  { name: 'Fleet Street Spirits', address: '14 Fleet Street, Dublin 2', city: 'Dublin', region: null, postcode: 'D02 YX88', country: 'IE', latitude: 53.3458, longitude: -6.2597, phone: '+353 1 555 0148', openingHours: H.ie, products: [P.dry, P.pink, P.malt, P.vodka, P.coffee] },
  { name: 'Princes Street Cellar', address: '21 Princes Street', city: 'Cork', region: null, postcode: 'T12 RX40', country: 'IE', latitude: 51.8979, longitude: -8.4733, phone: '+353 21 555 0192', openingHours: H.ie, products: [P.dry, P.malt] },

  // Netherlands
  { name: 'Jordaan Slijterij', address: 'Westerstraat 98', city: 'Amsterdam', region: null, postcode: '1015 MN', country: 'NL', latitude: 52.3785, longitude: 4.8828, phone: '+31 20 555 0172', openingHours: H.nl, products: [P.dry, P.pink, P.vodka, P.white] },
  { name: 'Witte de With Dranken', address: 'Witte de Withstraat 40', city: 'Rotterdam', region: null, postcode: '3012 BR', country: 'NL', latitude: 51.9163, longitude: 4.4765, phone: '+31 10 555 0136', openingHours: H.nl, products: [P.dry, P.spiced] },

  // Spain
  { name: 'Bodega Malasaña', address: 'Calle del Espíritu Santo 22', city: 'Madrid', region: null, postcode: '28004', country: 'ES', latitude: 40.4253, longitude: -3.704, phone: '+34 915 550 143', openingHours: H.es, products: [P.dry, P.pink, P.navy, P.white] },
  { name: 'Licors del Born', address: 'Carrer del Rec 45', city: 'Barcelona', region: null, postcode: '08003', country: 'ES', latitude: 41.3848, longitude: 2.1834, phone: '+34 935 550 187', openingHours: H.es, products: [P.dry, P.vodka, P.spiced, P.coffee] },
];
