// Brand events on the public site: the upcoming published events of the visitor's market (API and
// /events page, through the page cache), one event's page with schema.org Event data, redirects to
// its one address, 404s for drafts and unknown ids, a past event's page, and the sitemap.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicEvent } from '../../shared/events';
import type { Client } from '../support/client';
import { signedIn } from '../support/staff';
import { passGate, startTestServer, type TestServer } from '../support/test-server';

let t: TestServer;
let admin: Client;
const cookies: Record<string, string> = {};

/** `YYYY-MM-DD` `days` from today (UTC), for wall-clock times the editor sends. */
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const event = (over: Record<string, unknown> = {}) => ({
  title: 'Autumn Gin Social',
  description: 'Three gins, three bartenders and a room full of juniper.',
  startsLocal: `${day(10)}T19:00`,
  endsLocal: `${day(10)}T22:30`,
  timezone: 'Europe/London',
  venue: 'The Copper Hall',
  city: 'Manchester',
  country: 'GB',
  capacity: 80,
  imageMediaId: null,
  published: true,
  ...over,
});

async function create(over: Record<string, unknown> = {}): Promise<{ id: number; title: string }> {
  const res = await admin.json('POST', '/api/admin/events', event(over));
  expect(res.status, JSON.stringify(await res.clone().json())).toBe(201);
  return res.json();
}

const get = (path: string, cookie = cookies.GB as string) => fetch(t.url + path, { headers: { cookie }, redirect: 'manual' });
const upcoming = async (query = '', cookie?: string) => (await (await get(`/api/events${query}`, cookie)).json()) as { market: string; items: PublicEvent[] };
const titles = (items: { title: string }[]) => items.map((e) => e.title);

let social: { id: number; title: string };
let berlin: { id: number; title: string };
let online: { id: number; title: string };
let draft: { id: number; title: string };
let past: { id: number; title: string };

beforeAll(async () => {
  t = await startTestServer();
  admin = await signedIn(t, 'admin', 'events');
  for (const country of ['GB', 'US', 'DE']) cookies[country] = await passGate(t.url, country);
  social = await create();
  berlin = await create({
    title: 'Berlin Bar Week',
    timezone: 'Europe/Berlin',
    venue: 'Kesselhaus',
    city: 'Berlin',
    country: 'DE',
    startsLocal: `${day(12)}T20:00`,
    endsLocal: null,
  });
  // No country: every market's visitors see it.
  online = await create({
    title: 'Distillery Live Tasting',
    venue: 'Frolic Distillery',
    city: '',
    country: '',
    startsLocal: `${day(14)}T18:00`,
    endsLocal: `${day(14)}T19:00`,
  });
  draft = await create({ title: 'Secret Supper Club', published: false });
  past = await create({ title: 'Summer Garden Party', startsLocal: `${day(-3)}T14:00`, endsLocal: `${day(-3)}T18:00` });
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/events', () => {
  it("lists the visitor's market's upcoming published events, soonest first", async () => {
    const gb = await upcoming();
    expect(gb.market).toBe('GB');
    // The seeded London masterclass too; New York, Sydney and Berlin are other markets' events.
    expect(titles(gb.items)).toEqual(['Autumn Gin Social', 'Distillery Live Tasting', 'Frolic Gin Masterclass']);
    expect(titles(gb.items)).not.toContain('Secret Supper Club');
    expect(titles(gb.items)).not.toContain('Summer Garden Party');
    const first = gb.items[0] as PublicEvent;
    expect(first).toMatchObject({
      id: social.id,
      path: `/events/${social.id}-autumn-gin-social`,
      startsLocal: `${day(10)}T19:00`,
      endsLocal: `${day(10)}T22:30`,
      timezone: 'Europe/London',
      country: 'GB',
      countryName: 'United Kingdom',
      market: 'GB',
      past: false,
    });
    expect(first.startDate).toMatch(new RegExp(`^${day(10)}T19:00:00\\+0[01]:00$`));
  });

  it('follows the gate country, or the market asked for', async () => {
    expect(titles((await upcoming('', cookies.US)).items)).toEqual(['Distillery Live Tasting', 'Negroni Night']);
    const eu = await upcoming('', cookies.DE);
    expect(eu.market).toBe('EU');
    expect(titles(eu.items)).toEqual(['Berlin Bar Week', 'Distillery Live Tasting']);
    expect(titles((await upcoming('?market=au')).items)).toEqual(['Distillery Live Tasting', 'Trade Tasting: New Releases']);
    const bad = await get('/api/events?market=XX');
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.code).toBe('validation_failed');
  });

  it('answers one published event, past or not; a draft or unknown id is a 404', async () => {
    const one = await (await get(`/api/events/${berlin.id}`)).json();
    expect(one.event).toMatchObject({ title: 'Berlin Bar Week', market: 'EU', endDate: null, startDate: `${day(12)}T20:00:00+01:00` });
    expect((await (await get(`/api/events/${past.id}`)).json()).event.past).toBe(true);
    for (const path of [`/api/events/${draft.id}`, '/api/events/999999', '/api/events/nope']) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect((await res.json()).error.code).toBe('not_found');
    }
  });

  it('refuses a country that is not an ISO code in the editor', async () => {
    const res = await admin.json('POST', '/api/admin/events', event({ country: 'Narnia' }));
    expect(res.status).toBe(400);
    expect((await res.json()).error.details).toEqual([
      { path: 'country', message: 'Enter the country as a two-letter ISO code, e.g. GB, or leave it empty for an event every market sees.' },
    ]);
    const lower = await create({ title: 'Lowercase Country', country: 'ie', published: false });
    expect((await (await admin.json('GET', `/api/admin/events/${lower.id}`)).json()).country).toBe('IE');
  });
});

describe('the /events page', () => {
  it('shows the market’s upcoming events and follows edits through the page cache', async () => {
    const first = await get('/events');
    expect(first.status).toBe(200);
    const html = await first.text();
    expect(html).toContain('Autumn Gin Social');
    expect(html).toContain(`href="/events/${social.id}-autumn-gin-social"`);
    expect(html).toContain('Distillery Live Tasting');
    expect(html).not.toContain('Secret Supper Club');
    expect(html).not.toContain('Summer Garden Party');
    expect(html).not.toContain('Berlin Bar Week');
    expect(html).toContain('<title>Events · Frolic</title>');
    expect(html).toMatch(/<meta name="description" content="Tastings, masterclasses and launches from Frolic in United Kingdom/);
    // Times in the event's own zone, 24-hour, with the zone said.
    expect(html).toMatch(/19:00–22:30/);
    expect(html).toContain('London time (UTC+');
    expect((await get('/events')).headers.get('x-page-cache')).toBe('hit');

    // Publishing the draft moves the content version on: the cached page is not served again.
    const current = await (await admin.json('GET', `/api/admin/events/${draft.id}`)).json();
    const published = await admin.json('PUT', `/api/admin/events/${draft.id}`, { ...event({ title: 'Secret Supper Club' }), version: current.version });
    expect(published.status).toBe(200);
    const after = await get('/events');
    expect(after.headers.get('x-page-cache')).not.toBe('hit');
    expect(await after.text()).toContain('Secret Supper Club');
    await admin.json('PUT', `/api/admin/events/${draft.id}`, { ...event({ title: 'Secret Supper Club', published: false }), version: current.version + 1 });
    expect(await (await get('/events')).text()).not.toContain('Secret Supper Club');
  });

  it('is listed in the header navigation', async () => {
    const html = await (await get('/')).text();
    expect(html).toMatch(/<a[^>]*href="\/events"[^>]*>Events<\/a>/);
  });
});

describe('an event page', () => {
  it('carries schema.org Event data, title, description and Open Graph tags', async () => {
    const res = await get(`/events/${social.id}-autumn-gin-social`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<title>Autumn Gin Social · Events · Frolic</title>');
    expect(html).toContain('<meta name="description" content="Three gins, three bartenders and a room full of juniper."/>');
    expect(html).toContain('<meta property="og:title" content="Autumn Gin Social"/>');
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1] as string));
    const ld = blocks.find((b) => b['@type'] === 'Event');
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      name: 'Autumn Gin Social',
      description: 'Three gins, three bartenders and a room full of juniper.',
      eventStatus: 'https://schema.org/EventScheduled',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      location: { '@type': 'Place', name: 'The Copper Hall', address: { '@type': 'PostalAddress', addressLocality: 'Manchester', addressCountry: 'GB' } },
      organizer: { '@type': 'Organization', name: 'Frolic' },
      maximumAttendeeCapacity: 80,
      url: `/events/${social.id}-autumn-gin-social`,
    });
    // Dates with the zone's offset (London is on UTC+0 or +1 depending on the season).
    expect(ld.startDate).toMatch(new RegExp(`^${day(10)}T19:00:00\\+0[01]:00$`));
    expect(ld.endDate).toMatch(new RegExp(`^${day(10)}T22:30:00\\+0[01]:00$`));
    expect(html).toContain('The Copper Hall, Manchester, United Kingdom');
  });

  it('has one address: the id alone or old words redirect to it', async () => {
    for (const path of [`/events/${social.id}`, `/events/${social.id}-old-title`]) {
      const res = await get(path);
      expect(res.status, path).toBe(301);
      expect(res.headers.get('location')).toBe(`/events/${social.id}-autumn-gin-social`);
    }
  });

  it('is a 404 for a draft, an unknown id or a malformed one', async () => {
    for (const path of [`/events/${draft.id}-secret-supper-club`, '/events/999999', '/events/abc', '/events/0', '/events/99999999999']) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).not.toContain('Secret Supper Club');
    }
  });

  it('still answers for a past event, saying it has taken place', async () => {
    const res = await get(`/events/${past.id}-summer-garden-party`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('This event has taken place.');
  });
});

describe('sitemap.xml', () => {
  it('lists /events and every market’s upcoming published events, not drafts or past ones', async () => {
    const xml = await (await fetch(`${t.url}/sitemap.xml`)).text();
    const origin = t.url;
    expect(xml).toContain(`<loc>${origin}/events</loc>`);
    expect(xml).toContain(`<loc>${origin}/events/${social.id}-autumn-gin-social</loc>`);
    expect(xml).toContain(`<loc>${origin}/events/${berlin.id}-berlin-bar-week</loc>`);
    expect(xml).toContain(`<loc>${origin}/events/${online.id}-distillery-live-tasting</loc>`);
    expect(xml).toMatch(/\/events\/\d+-negroni-night<\/loc>/);
    expect(xml).not.toContain('secret-supper-club');
    expect(xml).not.toContain('summer-garden-party');
    expect(xml).not.toContain('whisky-vinyl');
  });
});
