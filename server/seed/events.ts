// Demo brand events, dated from the day of seeding so the dashboard and the events list always have
// something ahead: three published, one draft.
import type { DbOrTx } from '../db/client';
import { brandEvents } from '../db/schema';
import { zonedToUtc } from '../modules/marketing';

const SEED_EVENTS = [
  {
    inDays: 21,
    at: '19:00',
    hours: 2,
    timezone: 'Europe/London',
    title: 'Frolic Gin Masterclass',
    venue: 'The Still Room, 12 Shoreditch High Street',
    city: 'London',
    country: 'GB',
    capacity: 40,
    published: true,
    description: 'Our head distiller walks through the twelve botanicals of London Dry, with three cocktails to finish.',
  },
  {
    inDays: 35,
    at: '18:30',
    hours: 3,
    timezone: 'America/New_York',
    title: 'Negroni Night',
    venue: 'Frolic Tasting Room, 88 Bowery',
    city: 'New York',
    country: 'US',
    capacity: 120,
    published: true,
    description: 'Classic and twisted Negronis from four New York bartenders, made with Frolic gin.',
  },
  {
    inDays: 60,
    at: '17:00',
    hours: 2,
    timezone: 'Australia/Sydney',
    title: 'Trade Tasting: New Releases',
    venue: 'Harbour Hall, 5 Hickson Road',
    city: 'Sydney',
    country: 'AU',
    capacity: 60,
    published: true,
    description: 'For importers, distributors and retailers: the year’s new releases, with the export team.',
  },
  {
    inDays: 90,
    at: '20:00',
    hours: 2,
    timezone: 'Europe/Berlin',
    title: 'Whisky & Vinyl (draft)',
    venue: 'Plattenbar, Weserstraße 7',
    city: 'Berlin',
    country: 'DE',
    capacity: null,
    published: false,
    description: 'A listening evening with the 12 Year Old. Details to be confirmed.',
  },
];

export async function seedEvents(tx: DbOrTx, now = new Date()): Promise<void> {
  await tx.insert(brandEvents).values(
    SEED_EVENTS.map((e) => {
      const day = new Date(now.getTime() + e.inDays * 86_400_000).toISOString().slice(0, 10);
      const startsAt = zonedToUtc(`${day}T${e.at}`, e.timezone);
      return {
        title: e.title,
        description: e.description,
        startsAt,
        endsAt: new Date(startsAt.getTime() + e.hours * 3_600_000),
        timezone: e.timezone,
        venue: e.venue,
        city: e.city,
        country: e.country,
        capacity: e.capacity,
        published: e.published,
      };
    }),
  );
}
