// Wall-clock times in an IANA zone to UTC and back, with Intl only (no time-zone library).
import { isoString } from '../../core/iso-time';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, f);
  }
  return f;
}

/** The zone's wall clock at a whole second, read as if it were UTC (milliseconds), from Intl. */
function wallClockOfSecond(second: number, zone: string): number {
  const parts = Object.fromEntries(
    formatter(zone)
      .formatToParts(new Date(second))
      .map((p) => [p.type, p.value]),
  );
  return Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
}

// Offsets change at most once in a quarter of an hour, and since 1970 only on quarter-hour instants,
// so a quarter hour whose first and last seconds share an offset has it throughout. Lists format
// the same instants on every request (a page of events: 50 of them), and Intl takes microseconds a
// call; a quarter hour with a change inside (older history) is never kept and asks Intl each time.
const QUARTER_HOUR = 900_000;
const MAX_REMEMBERED = 20_000;
const offsets = new Map<string, number | null>();

function offsetOfQuarter(zone: string, quarter: number): number | null {
  const key = `${zone} ${quarter}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    const start = quarter * QUARTER_HOUR;
    const last = start + QUARTER_HOUR - 1000;
    const first = wallClockOfSecond(start, zone) - start;
    offset = wallClockOfSecond(last, zone) - last === first ? first : null;
    if (offsets.size >= MAX_REMEMBERED) offsets.clear();
    offsets.set(key, offset);
  }
  return offset;
}

/** The zone's wall clock at `instant`, read as if it were UTC (milliseconds, whole seconds). */
function wallClockAsUtc(instant: number, zone: string): number {
  const second = Math.floor(instant / 1000) * 1000;
  const offset = offsetOfQuarter(zone, Math.floor(second / QUARTER_HOUR));
  return offset === null ? wallClockOfSecond(second, zone) : second + offset;
}

/** `2026-12-01T19:00` in `America/New_York` → 2026-12-02T00:00:00Z. */
export function zonedToUtc(local: string, zone: string): Date {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!m) throw new RangeError(`Not a local date and time: ${local}`);
  const wall = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]));
  // The zone's offsets half a day either side cover any DST change around this time. An ambiguous
  // wall time (autumn) takes the earlier instant; one skipped by a spring change comes out an hour
  // later, as clocks do.
  const offsetAt = (t: number) => wallClockAsUtc(t, zone) - t;
  const before = wall - offsetAt(wall - 12 * 3_600_000);
  const after = wall - offsetAt(wall + 12 * 3_600_000);
  const valid = [before, after].filter((t) => wallClockAsUtc(t, zone) === wall);
  return new Date(valid.length ? Math.min(...valid) : before);
}

/** The instant as a wall-clock time in `zone`, in the form's format (`2026-12-01T19:00`). */
export function utcToZoned(instant: Date, zone: string): string {
  return isoString(new Date(wallClockAsUtc(instant.getTime(), zone))).slice(0, 16);
}

/** The instant as ISO 8601 with the zone's offset then: `2026-12-01T19:00:00-05:00` (schema.org's dates). */
export function isoWithOffset(instant: Date, zone: string): string {
  const t = Math.floor(instant.getTime() / 1000) * 1000;
  const wall = wallClockAsUtc(t, zone);
  const minutes = Math.round((wall - t) / 60_000);
  const abs = Math.abs(minutes);
  const offset = `${minutes < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  return `${new Date(wall).toISOString().slice(0, 19)}${offset}`;
}
