import { describe, expect, it } from 'vitest';
import { gazetteer, normalizePlace, parseUkPostcode } from './gazetteer';
import postcodeAreas from './uk-postcode-areas.json';

const g = gazetteer();

describe('the gazetteer', () => {
  it('ships thousands of places and loads them once', () => {
    expect(g.size).toBeGreaterThan(10_000);
    expect(gazetteer()).toBe(g);
  });

  it('finds a town by name, the most populous first, whatever the case and accents', () => {
    expect(g.findPlace('london')).toMatchObject({ country: 'GB', label: 'London, England, United Kingdom' });
    expect(g.findPlace('  MONTREAL ')).toMatchObject({ name: 'Montréal', country: 'CA' });
    expect(g.findPlace('Perth')).toMatchObject({ country: 'AU', label: 'Perth, WA, Australia' });
  });

  it('narrows down by country or region after the name', () => {
    expect(g.findPlace('Perth, Scotland')).toMatchObject({ country: 'GB' });
    expect(g.findPlace('London ON')).toMatchObject({ country: 'CA' });
    expect(g.findPlace('Portland, OR')).toMatchObject({ country: 'US', admin: 'OR' });
    expect(g.findPlace('Portland Maine')).toMatchObject({ country: 'US', admin: 'ME' });
    expect(g.findPlace('Dublin, USA')).toMatchObject({ country: 'US' });
    expect(g.findPlace('Paris, France')).toMatchObject({ country: 'FR' });
  });

  it('knows the English and local names of big cities', () => {
    expect(g.findPlace('Cologne')).toMatchObject({ name: 'Köln', country: 'DE' });
    expect(g.findPlace('München')).toMatchObject({ name: 'Munich' });
    expect(g.findPlace('Den Haag')).toMatchObject({ name: 'The Hague' });
    expect(g.findPlace('New York')).toMatchObject({ name: 'New York City' });
  });

  it('places cities far from our stores too', () => {
    const tokyo = g.findPlace('Tokyo');
    expect(tokyo?.country).toBe('JP');
  });

  it('answers null for what is not a place', () => {
    expect(g.findPlace('Xyzzyville')).toBeNull();
    expect(g.findPlace('a')).toBeNull();
    expect(g.findPlace('!!!')).toBeNull();
  });
});

describe('UK postcodes', () => {
  it('parses full postcodes and outward codes', () => {
    expect(parseUkPostcode('sw1a1aa')).toEqual({ outward: 'SW1A', postcode: 'SW1A 1AA', area: 'SW' });
    expect(parseUkPostcode('M1')).toEqual({ outward: 'M1', postcode: 'M1', area: 'M' });
    expect(parseUkPostcode('EC2A 3EJ')?.outward).toBe('EC2A');
    expect(parseUkPostcode('10011')).toBeNull();
    expect(parseUkPostcode('London')).toBeNull();
  });

  it('resolves every postcode area to its post town', () => {
    for (const [area, town] of Object.entries(postcodeAreas)) {
      const hit = g.ukPostcodeArea(`${area}1 1AA`);
      expect(hit, `${area} → ${town}`).not.toBeNull();
      expect(hit?.country).toBe('GB');
    }
    expect(g.ukPostcodeArea('EH4 1HH')).toMatchObject({ name: 'Edinburgh', label: 'EH4 1HH (Edinburgh area)' });
  });

  it('ignores what only looks like a postcode', () => {
    expect(g.ukPostcodeArea('Q1 1AA')).toBeNull();
  });
});

describe('normalizePlace', () => {
  it('drops accents, case and punctuation', () => {
    expect(normalizePlace('Saint-Étienne')).toBe('saint etienne');
    expect(normalizePlace('St. Albans')).toBe('st albans');
  });
});
