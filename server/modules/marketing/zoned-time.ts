// Wall-clock times in an IANA zone to UTC and back, with Intl only (no time-zone library).

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

/** The zone's wall clock at `instant`, read as if it were UTC (milliseconds). */
function wallClockAsUtc(instant: number, zone: string): number {
  const parts = Object.fromEntries(
    formatter(zone)
      .formatToParts(new Date(instant))
      .map((p) => [p.type, p.value]),
  );
  return Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
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
  return new Date(wallClockAsUtc(instant.getTime(), zone)).toISOString().slice(0, 16);
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
