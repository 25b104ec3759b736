// Events: the published brand events still to come in the visitor's market (the market follows the
// gate's country or the footer's choice), soonest first, each linking to its own page. Drafts and
// events that are over are not listed. One HTML per market, so the page cache serves it.
import { Link, href } from 'react-router';
import { eventWhen, eventWhere, eventZoneText, type PublicEvent } from '@shared/events';
import type { Route } from './+types/events';

export const meta: Route.MetaFunction = ({ data }) => {
  const title = 'Events · Frolic';
  const description = data
    ? `Tastings, masterclasses and launches from Frolic in ${data.marketName}: dates, venues and details of what is coming up.`
    : 'Tastings, masterclasses and launches from Frolic.';
  return [
    { title },
    { name: 'description', content: description },
    { property: 'og:title', content: 'Frolic events' },
    { property: 'og:description', content: description },
    { property: 'og:type', content: 'website' },
    // A canonical link must be absolute: given only when the site's public origin is configured.
    ...(data?.publicOrigin ? [{ tagName: 'link', rel: 'canonical', href: `${data.publicOrigin}${href('/events')}` } as const] : []),
  ];
};

export async function loader({ context }: Route.LoaderArgs) {
  const { market, services } = context;
  const items = await services.marketing.listUpcomingEvents(market.code);
  return { items, marketName: market.name, publicOrigin: context.publicOrigin };
}

function EventCard({ event, eager }: { event: PublicEvent; eager: boolean }) {
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm focus-within:ring-2 focus-within:ring-brass hover:shadow-md sm:flex-row" data-testid="event-card">
      {event.image ? (
        <img src={event.image.url} alt="" width={400} height={300} loading={eager ? 'eager' : 'lazy'} className="aspect-[4/3] w-full bg-stone-100 object-cover sm:w-64" />
      ) : null}
      <div className="flex flex-1 flex-col gap-2 p-5">
        <p className="text-sm font-semibold text-brass">
          <time dateTime={event.startDate}>{eventWhen(event)}</time>
          <span className="font-normal text-stone-600"> · {eventZoneText(event)}</span>
        </p>
        <h2 className="font-serif text-2xl">
          <Link to={event.path} className="after:absolute after:inset-0 focus-visible:outline-none">
            <span className="relative">{event.title}</span>
          </Link>
        </h2>
        <p className="text-sm text-stone-700">{eventWhere(event)}</p>
        {event.description ? <p className="line-clamp-3 text-stone-800">{event.description}</p> : null}
      </div>
    </article>
  );
}

export default function Events({ loaderData }: Route.ComponentProps) {
  const { items, marketName } = loaderData;
  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-12">
      <p className="text-sm font-semibold tracking-[0.3em] text-brass uppercase">Come and taste</p>
      <h1 className="mt-2 font-serif text-4xl md:text-5xl">Events</h1>
      <p className="mt-3 max-w-2xl text-lg text-stone-700">
        Tastings, masterclasses and launches in {marketName}. Times are given in each event’s local time.
      </p>
      {items.length === 0 ? (
        <div className="mt-8 rounded-2xl border border-dashed border-brass-light bg-white p-10 text-center">
          <p className="font-serif text-2xl">No upcoming events in {marketName} right now.</p>
          <p className="mt-2 text-stone-700">Check back soon, or find a store near you that stocks Frolic.</p>
          <Link to={href('/store-locator')} className="mt-6 inline-block rounded-full bg-forest px-6 py-3 font-semibold text-white hover:bg-ink">
            Find a store
          </Link>
        </div>
      ) : (
        <ul className="mt-8 space-y-6" aria-label="Upcoming events" data-testid="event-list">
          {items.map((e, i) => (
            <li key={e.id}>
              <EventCard event={e} eager={i < 2} />
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
