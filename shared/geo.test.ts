import { describe, expect, it } from 'vitest';
import { boundingBox, formatDistance, fromKm, haversineKm, kmToMiles, milesToKm, toKm } from './geo';

const LONDON = { lat: 51.5074, lng: -0.1278 };
const PARIS = { lat: 48.8566, lng: 2.3522 };
const NEW_YORK = { lat: 40.7128, lng: -74.006 };
const SYDNEY = { lat: -33.8688, lng: 151.2093 };
const LOS_ANGELES = { lat: 34.0522, lng: -118.2437 };

describe('haversineKm', () => {
  it('measures known city pairs', () => {
    expect(haversineKm(LONDON, PARIS)).toBeCloseTo(343.5, 0);
    expect(haversineKm(LONDON, NEW_YORK)).toBeCloseTo(5570, -1);
    expect(haversineKm(NEW_YORK, LOS_ANGELES)).toBeCloseTo(3936, -1);
    expect(haversineKm(SYDNEY, LOS_ANGELES)).toBeCloseTo(12_060, -2);
  });

  it('is zero for the same point and symmetric', () => {
    expect(haversineKm(PARIS, PARIS)).toBe(0);
    expect(haversineKm(PARIS, LONDON)).toBeCloseTo(haversineKm(LONDON, PARIS), 9);
  });

  it('crosses the antimeridian the short way', () => {
    expect(haversineKm({ lat: 0, lng: 179.5 }, { lat: 0, lng: -179.5 })).toBeCloseTo(111.2, 0);
  });
});

describe('km and miles', () => {
  it('converts both ways', () => {
    expect(milesToKm(1)).toBeCloseTo(1.609344, 6);
    expect(kmToMiles(1.609344)).toBeCloseTo(1, 9);
    expect(toKm(25, 'mi')).toBeCloseTo(40.2336, 4);
    expect(toKm(25, 'km')).toBe(25);
    expect(fromKm(100, 'mi')).toBeCloseTo(62.137, 3);
  });

  it('formats a distance in the chosen unit', () => {
    expect(formatDistance(0.42, 'km')).toBe('0.4 km');
    expect(formatDistance(12, 'mi')).toBe('7.5 mi');
    expect(formatDistance(1234.4, 'km')).toBe('1,234 km');
  });
});

describe('boundingBox', () => {
  it('contains every point within the radius', () => {
    const box = boundingBox(LONDON, 50);
    const [[west, east]] = box.lngRanges as [[number, number]];
    for (let bearing = 0; bearing < 360; bearing += 15) {
      // A point 49.9 km away in each direction (small-distance approximation is fine here).
      const b = (bearing * Math.PI) / 180;
      const dLat = (49.9 / 111.195) * Math.cos(b);
      const dLng = ((49.9 / 111.195) * Math.sin(b)) / Math.cos((LONDON.lat * Math.PI) / 180);
      const p = { lat: LONDON.lat + dLat, lng: LONDON.lng + dLng };
      expect(haversineKm(LONDON, p)).toBeLessThan(50);
      expect(p.lat).toBeGreaterThanOrEqual(box.minLat);
      expect(p.lat).toBeLessThanOrEqual(box.maxLat);
      expect(p.lng).toBeGreaterThanOrEqual(west);
      expect(p.lng).toBeLessThanOrEqual(east);
    }
  });

  it('splits at the antimeridian and opens up near the poles', () => {
    expect(boundingBox({ lat: -17.7, lng: 179.9 }, 100).lngRanges).toHaveLength(2);
    expect(boundingBox({ lat: 89.5, lng: 10 }, 100).lngRanges).toEqual([[-180, 180]]);
    expect(boundingBox(LONDON, 20_000).lngRanges).toEqual([[-180, 180]]);
  });
});
