// isoString against V8's toISOString: any instant, the edges of the years it writes itself, and
// the day cache's turnover.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isoString, isoStringOrNull } from './iso-time';

const MAX_DATE_MS = 8.64e15; // the ECMAScript time range

describe('isoString', () => {
  it('writes every instant exactly as toISOString does', () => {
    fc.assert(
      fc.property(fc.integer({ min: -MAX_DATE_MS, max: MAX_DATE_MS }), (ms) => {
        const date = new Date(ms);
        expect(isoString(date)).toBe(date.toISOString());
      }),
      { numRuns: 20_000 },
    );
  });

  it('writes the instants of these decades, to the millisecond, as toISOString does', () => {
    const from = Date.UTC(1990, 0, 1);
    const to = Date.UTC(2060, 0, 1);
    fc.assert(
      fc.property(fc.integer({ min: from, max: to }), (ms) => {
        const date = new Date(ms);
        expect(isoString(date)).toBe(date.toISOString());
        expect(isoString(date)).toBe(date.toISOString()); // and again, from the remembered day
      }),
      { numRuns: 20_000 },
    );
  });

  it('agrees at the edges: midnight, the last millisecond of a day, years 0, 1969/1970 and 9999/10000', () => {
    const edges = [
      -62_167_219_200_001,
      -62_167_219_200_000,
      -1,
      0,
      1,
      86_399_999,
      86_400_000,
      Date.UTC(2024, 1, 29, 23, 59, 59, 999),
      Date.UTC(9999, 11, 31, 23, 59, 59, 999),
      Date.UTC(10_000, 0, 1),
      -MAX_DATE_MS,
      MAX_DATE_MS,
    ];
    for (const ms of edges) expect(isoString(new Date(ms))).toBe(new Date(ms).toISOString());
  });

  it('throws as toISOString does on an invalid date', () => {
    expect(() => isoString(new Date(Number.NaN))).toThrow(RangeError);
  });

  it('keeps answering right after its day cache has been emptied', () => {
    const start = Date.UTC(2000, 0, 1, 12, 34, 56, 789);
    for (let day = 0; day < 10_050; day++) {
      const date = new Date(start + day * 86_400_000);
      expect(isoString(date)).toBe(date.toISOString());
    }
  });

  it('isoStringOrNull passes null and undefined through as null', () => {
    expect(isoStringOrNull(null)).toBeNull();
    expect(isoStringOrNull(undefined)).toBeNull();
    expect(isoStringOrNull(new Date(0))).toBe('1970-01-01T00:00:00.000Z');
  });
});
