import { describe, expect, it } from 'vitest';
import { isoWithOffset, utcToZoned, zonedToUtc } from './zoned-time';

describe('zonedToUtc', () => {
  it('converts an evening in New York (winter, UTC−5) to the next day in UTC', () => {
    expect(zonedToUtc('2026-12-01T19:00', 'America/New_York').toISOString()).toBe('2026-12-02T00:00:00.000Z');
  });

  it('uses summer time when it applies', () => {
    expect(zonedToUtc('2026-07-01T19:00', 'America/New_York').toISOString()).toBe('2026-07-01T23:00:00.000Z');
    expect(zonedToUtc('2026-07-01T19:00', 'Europe/London').toISOString()).toBe('2026-07-01T18:00:00.000Z');
  });

  it('handles zones east of UTC and half-hour offsets', () => {
    expect(zonedToUtc('2026-03-10T09:30', 'Asia/Tokyo').toISOString()).toBe('2026-03-10T00:30:00.000Z');
    expect(zonedToUtc('2026-03-10T09:30', 'Asia/Kolkata').toISOString()).toBe('2026-03-10T04:00:00.000Z');
    expect(zonedToUtc('2026-03-10T09:30', 'UTC').toISOString()).toBe('2026-03-10T09:30:00.000Z');
  });

  it('moves a time skipped by the spring change forward, and takes the first of a repeated one', () => {
    // 2026-03-29 01:30 does not exist in London (01:00 → 02:00).
    expect(zonedToUtc('2026-03-29T01:30', 'Europe/London').toISOString()).toBe('2026-03-29T01:30:00.000Z');
    // 2026-10-25 01:30 happens twice in London: BST first.
    expect(zonedToUtc('2026-10-25T01:30', 'Europe/London').toISOString()).toBe('2026-10-25T00:30:00.000Z');
  });

  it('round-trips through utcToZoned', () => {
    for (const zone of ['America/Los_Angeles', 'Australia/Sydney', 'Europe/Berlin']) {
      expect(utcToZoned(zonedToUtc('2026-11-15T20:45', zone), zone)).toBe('2026-11-15T20:45');
    }
  });

  it('refuses text that is not a local date and time', () => {
    expect(() => zonedToUtc('2026-12-01 19:00', 'UTC')).toThrow(RangeError);
  });
});

describe('isoWithOffset', () => {
  it('writes the wall-clock time with the offset in force at that instant', () => {
    expect(isoWithOffset(zonedToUtc('2026-12-01T19:00', 'America/New_York'), 'America/New_York')).toBe('2026-12-01T19:00:00-05:00');
    expect(isoWithOffset(zonedToUtc('2026-07-01T19:00', 'Europe/London'), 'Europe/London')).toBe('2026-07-01T19:00:00+01:00');
    expect(isoWithOffset(zonedToUtc('2026-12-01T19:00', 'Europe/London'), 'Europe/London')).toBe('2026-12-01T19:00:00+00:00');
    expect(isoWithOffset(zonedToUtc('2026-03-10T09:30', 'Asia/Kolkata'), 'Asia/Kolkata')).toBe('2026-03-10T09:30:00+05:30');
    expect(isoWithOffset(new Date('2026-03-10T09:30:00Z'), 'UTC')).toBe('2026-03-10T09:30:00+00:00');
  });
});

describe('utcToZoned', () => {
  it('changes offset on the second the clocks change, before and after it was first asked', () => {
    // London springs forward at 01:00 UTC on 2026-03-29 and falls back at 01:00 UTC on 2026-10-25.
    for (let round = 0; round < 2; round++) {
      expect(utcToZoned(new Date('2026-03-29T00:59:59.999Z'), 'Europe/London')).toBe('2026-03-29T00:59');
      expect(utcToZoned(new Date('2026-03-29T01:00:00Z'), 'Europe/London')).toBe('2026-03-29T02:00');
      expect(utcToZoned(new Date('2026-10-25T00:59:59Z'), 'Europe/London')).toBe('2026-10-25T01:59');
      expect(utcToZoned(new Date('2026-10-25T01:00:00Z'), 'Europe/London')).toBe('2026-10-25T01:00');
    }
  });

  it('is right inside a quarter hour that holds a change (Abidjan, 1912: −00:16:08 to GMT at 00:16:08 UTC)', () => {
    for (let round = 0; round < 2; round++) {
      expect(utcToZoned(new Date('1912-01-01T00:14:00Z'), 'Africa/Abidjan')).toBe('1911-12-31T23:57');
      expect(utcToZoned(new Date('1912-01-01T00:16:07Z'), 'Africa/Abidjan')).toBe('1911-12-31T23:59');
      expect(utcToZoned(new Date('1912-01-01T00:16:08Z'), 'Africa/Abidjan')).toBe('1912-01-01T00:16');
    }
  });

  it('reads half-hour and 45-minute zones to the minute', () => {
    expect(utcToZoned(new Date('2026-03-10T04:00:00Z'), 'Asia/Kolkata')).toBe('2026-03-10T09:30');
    expect(utcToZoned(new Date('2026-03-10T04:14:59Z'), 'Asia/Kathmandu')).toBe('2026-03-10T09:59');
  });
});
