// Brand events as the public site shows them: their URL, which market's visitors see them, and their
// dates as text. Pure (no Intl zone arithmetic): the server computes each event's wall-clock times
// and UTC offsets once, so the server's render and the browser's hydration always agree.
import { href } from 'react-router';
import { COUNTRIES } from './legal-age';
import { MAX_RECORD_ID } from './limits';
import { marketForCountry } from './markets';

/** An event as the public pages and `GET /api/events` show it. */
export interface PublicEvent {
  id: number;
  /** `/events/12-frolic-gin-masterclass`: the id finds it, the words are for people and search engines. */
  path: string;
  title: string;
  description: string;
  /** Wall-clock times in `timezone` (`2026-12-01T19:00`). */
  startsLocal: string;
  endsLocal: string | null;
  timezone: string;
  /** ISO 8601 with the zone's offset at that moment (`2026-12-01T19:00:00-05:00`), as schema.org wants. */
  startDate: string;
  endDate: string | null;
  venue: string;
  city: string;
  /** ISO 3166 code when the event names a country we recognise, else the text staff typed (or ''). */
  country: string;
  countryName: string;
  /** The market whose visitors see it; null: every market (no country given). */
  market: string | null;
  image: { url: string; alt: string } | null;
  capacity: number | null;
  /** It has ended (or, without an end time, started): its page still answers, lists leave it out. */
  past: boolean;
  updatedAt: string;
}

/** Lowercase ASCII words joined by hyphens: "Whisky & Vinyl!" → "whisky-vinyl". */
export function slugWords(title: string): string {
  return title
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
}

export function eventPath(event: { id: number; title: string }): string {
  const words = slugWords(event.title);
  return href('/events/:id', { id: `${event.id}${words ? `-${words}` : ''}` });
}

/** The id in `/events/:id` ("12" or "12-any-words"), or null when the segment is not one of ours. */
export function eventIdFromParam(param: string | undefined): number | null {
  const m = /^([1-9]\d{0,9})(?:-[a-z0-9-]*)?$/.exec(param ?? '');
  if (!m) return null;
  const id = Number(m[1]);
  return id <= MAX_RECORD_ID ? id : null;
}

const NAMES = new Map(COUNTRIES.map((c) => [c.name.toLowerCase(), c.code]));
const ALIASES: Record<string, string> = {
  uk: 'GB',
  'great britain': 'GB',
  england: 'GB',
  scotland: 'GB',
  wales: 'GB',
  usa: 'US',
  'united states of america': 'US',
  america: 'US',
};

/**
 * The ISO code of an event's country. The editor asks for a code; events saved before it did hold
 * free text, so an English name ("United Kingdom", "USA") is recognised too. Null: none or unknown.
 */
export function eventCountryCode(country: string): string | null {
  const t = country.trim();
  if (!t) return null;
  if (/^[A-Za-z]{2}$/.test(t)) return t.toUpperCase();
  const lower = t.toLowerCase();
  return NAMES.get(lower) ?? ALIASES[lower] ?? null;
}

/**
 * The market whose visitors see an event: the one its country belongs to (as at the gate: DE → EU,
 * JP → International). An event without a country we recognise (online, or not yet placed) is
 * shown in every market rather than hidden from all.
 */
export function eventMarket(country: string): string | null {
  const code = eventCountryCode(country);
  return code ? marketForCountry(code).code : null;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** "Tuesday 1 December 2026" from `2026-12-01T…` (the calendar only; no zone involved). */
export function eventDay(local: string): string {
  const [y, m, d] = local.slice(0, 10).split('-').map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return `${DAYS[weekday]} ${d} ${MONTHS[m - 1]} ${y}`;
}

/** "London time" for `Europe/London`, "UTC" for UTC. */
export function zoneName(zone: string): string {
  if (zone === 'UTC' || zone === 'Etc/UTC') return 'UTC';
  return `${(zone.split('/').pop() ?? zone).replace(/_/g, ' ')} time`;
}

/** "UTC+1", "UTC−5", "UTC+5:30" from the offset at the end of an ISO date (`…-05:00`). */
export function offsetLabel(iso: string): string {
  const m = /([+-])(\d{2}):(\d{2})$/.exec(iso);
  if (!m) return 'UTC';
  const hours = Number(m[2]);
  const minutes = m[3] === '00' ? '' : `:${m[3]}`;
  if (hours === 0 && !minutes) return 'UTC+0';
  return `UTC${m[1] === '-' ? '−' : '+'}${hours}${minutes}`;
}

/**
 * When an event is, in its own zone: "Tuesday 1 December 2026, 19:00–22:00" or, across days,
 * "Tuesday 1 December 2026, 22:00 – Wednesday 2 December 2026, 02:00". 24-hour times.
 */
export function eventWhen(e: Pick<PublicEvent, 'startsLocal' | 'endsLocal'>): string {
  const start = `${eventDay(e.startsLocal)}, ${e.startsLocal.slice(11, 16)}`;
  if (!e.endsLocal) return start;
  if (e.endsLocal.slice(0, 10) === e.startsLocal.slice(0, 10)) return `${start}–${e.endsLocal.slice(11, 16)}`;
  return `${start} – ${eventDay(e.endsLocal)}, ${e.endsLocal.slice(11, 16)}`;
}

/** "London time (UTC+0)": said beside every time, so nobody reads it as their own. */
export function eventZoneText(e: Pick<PublicEvent, 'timezone' | 'startDate'>): string {
  return `${zoneName(e.timezone)} (${offsetLabel(e.startDate)})`;
}

/** Where: "The Still Room, 12 Shoreditch High Street, London, United Kingdom". */
export function eventWhere(e: Pick<PublicEvent, 'venue' | 'city' | 'countryName'>): string {
  return [e.venue, e.city, e.countryName].filter(Boolean).join(', ');
}
