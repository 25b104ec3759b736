// A Date as JSON writes it (`toISOString`: 2026-11-29T03:47:11.123Z), without V8's formatter.
// A staff list's page holds 50–200 timestamps, each read from the database and written back to
// its answer on the server's one thread, where V8's formatter (and JSON.stringify calling `toJSON`)
// is a visible cost (docs/decisions/034-staff-lists-prepared-once-per-shape.md). Here the day's part is remembered and the time of
// day is arithmetic. Dates outside the years 0–9999 (which toISOString writes with six digits and
// a sign) and invalid ones (RangeError) go to V8's formatter.

const DAY_MS = 86_400_000;
const MIN_MS = -62_167_219_200_000; // 0000-01-01T00:00:00.000Z (Date.UTC reads year 0 as 1900)
const MAX_MS = Date.UTC(10_000, 0, 1); // 10000-01-01T00:00:00.000Z, the first instant written otherwise
const TWO = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0'));
const THREE = Array.from({ length: 1000 }, (_, i) => String(i).padStart(3, '0'));
/** 'YYYY-MM-DDT' by day number since 1970; bounded, since a server meets a few thousand days. */
const days = new Map<number, string>();
const DAYS_KEPT = 10_000;

/** `date.toISOString()`, byte for byte. */
export function isoString(date: Date): string {
  const ms = date.getTime();
  if (!(ms >= MIN_MS && ms < MAX_MS)) return date.toISOString();
  const day = Math.floor(ms / DAY_MS);
  let prefix = days.get(day);
  if (prefix === undefined) {
    prefix = date.toISOString().slice(0, 11);
    if (days.size >= DAYS_KEPT) days.clear();
    days.set(day, prefix);
  }
  let rest = ms - day * DAY_MS;
  const hours = Math.floor(rest / 3_600_000);
  rest -= hours * 3_600_000;
  const minutes = Math.floor(rest / 60_000);
  rest -= minutes * 60_000;
  const seconds = Math.floor(rest / 1000);
  return `${prefix}${TWO[hours]}:${TWO[minutes]}:${TWO[seconds]}.${THREE[rest - seconds * 1000]}Z`;
}

/** `date?.toISOString() ?? null`. */
export function isoStringOrNull(date: Date | null | undefined): string | null {
  return date ? isoString(date) : null;
}

/** A row whose Date fields K are written as ISO strings, as its JSON holds them. */
export type WithIsoDates<T, K extends keyof T> = Omit<T, K> & { [P in K]: null extends T[P] ? string | null : string };
