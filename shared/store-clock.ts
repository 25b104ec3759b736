// The day of the week at a store, for marking "today" in its opening hours. The store's time zone is
// near enough from its country and longitude. The server (full ICU) sends the page each zone's UTC
// offsets for the weeks ahead, so the browser reads the day from the clock: its first
// `Intl.DateTimeFormat` with a `timeZone` loads ICU's time-zone data, a long task on a phone
// (docs/decisions/033-hydrate-on-intent.md). A page older than its offsets falls back to asking ICU.

const MINUTE = 60_000;
const DAY = 86_400_000;

/** The store's own time zone, near enough for the day of the week. */
export function storeTimeZone(country: string, lng: number): string {
  switch (country) {
    case 'GB':
      return 'Europe/London';
    case 'IE':
      return 'Europe/Dublin';
    case 'US':
      return lng > -87.5 ? 'America/New_York' : lng > -101 ? 'America/Chicago' : lng > -115 ? 'America/Denver' : 'America/Los_Angeles';
    case 'CA':
      return lng > -90 ? 'America/Toronto' : lng > -102 ? 'America/Winnipeg' : lng > -120 ? 'America/Edmonton' : 'America/Vancouver';
    case 'AU':
      return lng > 141 ? 'Australia/Sydney' : lng > 129 ? 'Australia/Adelaide' : 'Australia/Perth';
    default:
      return 'Europe/Paris';
  }
}

/** A zone's UTC offset (minutes) from each instant `from` on, in order, until `until`. */
export interface ZoneClock {
  until: number;
  offsets: { from: number; minutes: number }[];
}

export type ZoneClocks = Record<string, ZoneClock>;

const longOffsets = new Map<string, Intl.DateTimeFormat>();

/** The zone's UTC offset at `instant`, in minutes (east positive), from ICU ("GMT+05:30"). */
export function offsetAt(zone: string, instant: number): number {
  let format = longOffsets.get(zone);
  if (!format) longOffsets.set(zone, (format = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })));
  const name = format.formatToParts(instant).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const m = /^GMT([+-])(\d{2}):(\d{2})$/.exec(name);
  return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
}

/**
 * Server side: each zone's offsets from `now` for `days` days. Offsets change at most a couple of
 * times a year, so a day's step finds each change and a search narrows it to the minute.
 */
export function zoneClocks(zones: Iterable<string>, now: number, days = 60): ZoneClocks {
  const clocks: ZoneClocks = {};
  const start = Math.floor(now / MINUTE) * MINUTE;
  for (const zone of zones) {
    let before = offsetAt(zone, start);
    const offsets = [{ from: start, minutes: before }];
    // One question a day; the day's offset at its end is the next day's at its start.
    for (let t = start; t < start + days * DAY; t += DAY) {
      const after = offsetAt(zone, t + DAY);
      if (before !== after) {
        // The first minute of the new offset, in (t, t + DAY].
        let lo = t;
        let hi = t + DAY;
        while (hi - lo > MINUTE) {
          const mid = lo + Math.floor((hi - lo) / 2 / MINUTE) * MINUTE;
          if (offsetAt(zone, mid) === before) lo = mid;
          else hi = mid;
        }
        offsets.push({ from: hi, minutes: offsetAt(zone, hi) });
      }
      before = after;
    }
    clocks[zone] = { until: start + days * DAY, offsets };
  }
  return clocks;
}

// A zone's clock takes some 60 questions to ICU to work out: the store locator's loader takes it
// from here, worked out at most once a day per zone and process.
const recent = new Map<string, ZoneClock>();

/** `zoneClocks` for the loader: each zone's clock reused for a day after it was worked out. */
export function currentZoneClocks(zones: Iterable<string>, now: number): ZoneClocks {
  const clocks: ZoneClocks = {};
  for (const zone of zones) {
    let clock = recent.get(zone);
    const from = clock?.offsets[0]?.from ?? Infinity;
    if (!clock || now < from || now >= from + DAY) recent.set(zone, (clock = zoneClocks([zone], now)[zone]!));
    clocks[zone] = clock;
  }
  return clocks;
}

/** The day of the week at `now` by the clock (Monday 0 … Sunday 6), or null past what it knows. */
export function weekdayByClock(clock: ZoneClock | undefined, now: number): number | null {
  if (!clock || now >= clock.until || clock.offsets.length === 0) return null;
  let minutes = clock.offsets[0]!.minutes;
  for (const o of clock.offsets) if (o.from <= now) minutes = o.minutes;
  return (new Date(now + minutes * MINUTE).getUTCDay() + 6) % 7;
}

/**
 * The first instant after `now` at which `weekdayByClock` may answer another day: the zone's next
 * midnight, or an offset change before it (then asked again). Null past what the clock knows.
 */
export function nextDayChange(clock: ZoneClock | undefined, now: number): number | null {
  if (!clock || now >= clock.until || clock.offsets.length === 0) return null;
  let minutes = clock.offsets[0]!.minutes;
  let change = clock.until;
  for (const o of clock.offsets)
    if (o.from <= now) minutes = o.minutes;
    else change = Math.min(change, o.from);
  const local = now + minutes * MINUTE;
  const midnight = (Math.floor(local / DAY) + 1) * DAY - minutes * MINUTE;
  return Math.min(midnight, change);
}
