import { describe, expect, it } from 'vitest';
import { currentZoneClocks, nextDayChange, offsetAt, storeTimeZone, weekdayByClock, zoneClocks } from './store-clock';

const WEEKDAY: Record<string, number> = { Mon: 0, Tue: 1, Wed: 2, Thu: 3, Fri: 4, Sat: 5, Sun: 6 };
const weekdayIn = new Map<string, Intl.DateTimeFormat>();
/** What the browser asked ICU before: the day of the week in the zone. */
function icuWeekday(zone: string, at: number): number | undefined {
  if (!weekdayIn.has(zone)) weekdayIn.set(zone, new Intl.DateTimeFormat('en-GB', { weekday: 'short', timeZone: zone }));
  return WEEKDAY[weekdayIn.get(zone)!.format(at)];
}

const ZONES = [
  'Europe/London',
  'Europe/Dublin',
  'Europe/Paris',
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Los_Angeles',
  'America/Toronto',
  'America/Winnipeg',
  'America/Edmonton',
  'America/Vancouver',
  'Australia/Sydney',
  'Australia/Adelaide',
  'Australia/Perth',
];

describe('offsetAt', () => {
  it('reads the offset in minutes, east positive, half hours and summer time included', () => {
    expect(offsetAt('Europe/London', Date.UTC(2026, 0, 15))).toBe(0);
    expect(offsetAt('Europe/London', Date.UTC(2026, 6, 15))).toBe(60);
    expect(offsetAt('America/New_York', Date.UTC(2026, 0, 15))).toBe(-300);
    expect(offsetAt('Australia/Adelaide', Date.UTC(2026, 0, 15))).toBe(630);
    expect(offsetAt('Australia/Perth', Date.UTC(2026, 6, 15))).toBe(480);
  });
});

describe('zoneClocks', () => {
  it('finds a change of offset to the minute', () => {
    // British Summer Time began on 29 March 2026 at 01:00 UTC.
    const clock = zoneClocks(['Europe/London'], Date.UTC(2026, 2, 20, 12, 34, 56), 30)['Europe/London']!;
    expect(clock.offsets).toEqual([
      { from: Date.UTC(2026, 2, 20, 12, 34), minutes: 0 },
      { from: Date.UTC(2026, 2, 29, 1, 0), minutes: 60 },
    ]);
    expect(clock.until).toBe(Date.UTC(2026, 2, 20, 12, 34) + 30 * 86_400_000);
  });

  it('gives the day ICU gives, in every zone a store can have, across the changes of the year', () => {
    for (const start of [Date.UTC(2026, 2, 1), Date.UTC(2026, 8, 20), Date.UTC(2026, 9, 20)]) {
      const clocks = zoneClocks(ZONES, start, 60);
      for (const zone of ZONES) {
        // Every 37 minutes for 60 days: each day's midnight in each zone is passed within the step.
        for (let t = start; t < start + 60 * 86_400_000; t += 37 * 60_000) {
          if (weekdayByClock(clocks[zone], t) !== icuWeekday(zone, t)) {
            throw new Error(`${zone} at ${new Date(t).toISOString()}: ${weekdayByClock(clocks[zone], t)} by the clock, ${icuWeekday(zone, t)} by ICU`);
          }
        }
      }
    }
  });

  it('knows nothing past its horizon or of a zone it was not given', () => {
    const start = Date.UTC(2026, 10, 27);
    const clocks = zoneClocks(['Europe/Paris'], start, 2);
    expect(weekdayByClock(clocks['Europe/Paris'], start + 2 * 86_400_000 - 1)).not.toBeNull();
    expect(weekdayByClock(clocks['Europe/Paris'], start + 2 * 86_400_000)).toBeNull();
    expect(weekdayByClock(clocks['Europe/London'], start)).toBeNull();
  });
});

describe('currentZoneClocks', () => {
  it("reuses a zone's clock for a day, then works it out again", () => {
    const start = Date.UTC(2026, 10, 27, 9);
    const first = currentZoneClocks(['America/Denver'], start)['America/Denver'];
    expect(first).toEqual(zoneClocks(['America/Denver'], start)['America/Denver']);
    expect(currentZoneClocks(['America/Denver'], start + 86_400_000 - 1)['America/Denver']).toBe(first);
    const next = currentZoneClocks(['America/Denver'], start + 86_400_000)['America/Denver'];
    expect(next).not.toBe(first);
    expect(next!.offsets[0]!.from).toBe(start + 86_400_000);
  });
});

describe('storeTimeZone', () => {
  it('splits the wide countries by longitude', () => {
    expect(storeTimeZone('US', -73.99)).toBe('America/New_York');
    expect(storeTimeZone('US', -118.24)).toBe('America/Los_Angeles');
    expect(storeTimeZone('AU', 115.86)).toBe('Australia/Perth');
    expect(storeTimeZone('DE', 13.4)).toBe('Europe/Paris');
  });
});

describe('nextDayChange', () => {
  it('is the next instant the day may change: the day holds until then by ICU, and at a midnight it moves', () => {
    const MINUTE = 60_000;
    // Three starts, a summer-time change inside the window of some zones.
    for (const start of [Date.UTC(2026, 2, 20, 13, 7), Date.UTC(2026, 9, 24, 22, 41), Date.UTC(2026, 11, 31, 23, 59)]) {
      const clocks = zoneClocks(ZONES, start);
      for (const zone of ZONES)
        for (let t = start; t < start + 20 * 24 * 60 * MINUTE; t += 613 * MINUTE) {
          const change = nextDayChange(clocks[zone], t)!;
          expect(change, `${zone} ${new Date(t).toISOString()}`).toBeGreaterThan(t);
          expect(change - t).toBeLessThanOrEqual(24 * 60 * MINUTE);
          expect(icuWeekday(zone, change - 1), `${zone} ${new Date(t).toISOString()}`).toBe(icuWeekday(zone, t));
          const offsetChanged = offsetAt(zone, change) !== offsetAt(zone, change - 1);
          if (!offsetChanged) expect(icuWeekday(zone, change), `${zone} ${new Date(change).toISOString()}`).toBe(((icuWeekday(zone, t) ?? 0) + 1) % 7);
        }
    }
  });

  it('knows nothing past its clock', () => {
    const clock = zoneClocks(['Europe/London'], Date.UTC(2026, 0, 1))['Europe/London']!;
    expect(nextDayChange(clock, clock.until)).toBeNull();
    expect(nextDayChange(undefined, Date.UTC(2026, 0, 1))).toBeNull();
  });
});
