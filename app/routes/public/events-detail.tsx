// One brand event: when (in its own time zone, 24-hour), where, what, and schema.org Event data.
// The URL is `/events/<id>-<title words>`; another spelling of the words redirects there. A draft,
// a deleted or an unknown event is a 404. An event that is over keeps its page (links to it stay
// good) and says so; the list and the sitemap leave it out.
import { Link, redirect, href } from 'react-router';
import { eventIdFromParam, eventWhen, eventWhere, eventZoneText, type PublicEvent } from '@shared/events';
import type { Route } from './+types/events-detail';
import { PageError } from '~/features/layout/not-found';
import { orNotFound, requireFound } from '~/lib/params.server';
import { plural } from '@shared/plural';

const NOT_FOUND = 'We could not find that event.';

/** A description for search results: the event's own first sentences, else what and where. */
function summary(event: PublicEvent): string {
  const text = event.description.replace(/\s+/g, ' ').trim();
  if (!text) return `${event.title}: ${eventWhen(event)} (${eventZoneText(event)}) at ${eventWhere(event)}.`;
  return text.length <= 160 ? text : `${text.slice(0, 157).replace(/\s+\S*$/, '')}…`;
}

function eventJsonLd(event: PublicEvent, absolute: (path: string) => string): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: event.title,
    ...(event.description ? { description: event.description } : {}),
    startDate: event.startDate,
    ...(event.endDate ? { endDate: event.endDate } : {}),
    // Events carry no status field (cancelled, moved): a published one is held as scheduled.
    eventStatus: 'https://schema.org/EventScheduled',
    // Every event has a venue (the editor requires one); none carries a streaming link.
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    location: {
      '@type': 'Place',
      name: event.venue,
      address: {
        '@type': 'PostalAddress',
        streetAddress: event.venue,
        ...(event.city ? { addressLocality: event.city } : {}),
        ...(event.country ? { addressCountry: event.country } : {}),
      },
    },
    ...(event.image ? { image: [absolute(event.image.url)] } : {}),
    ...(event.capacity ? { maximumAttendeeCapacity: event.capacity } : {}),
    organizer: { '@type': 'Organization', name: 'Frolic', url: absolute('/') },
    url: absolute(event.path),
  };
}

export const meta: Route.MetaFunction = ({ data }) => {
  if (!data?.event) return [{ title: 'Event not found · Frolic' }, { name: 'robots', content: 'noindex' }];
  const { event, publicOrigin } = data;
  // schema.org and Open Graph want absolute URLs: given when the site's public origin is configured.
  const absolute = (path: string) => (publicOrigin ? new URL(path, publicOrigin).href : path);
  const description = summary(event);
  return [
    { title: `${event.title} · Events · Frolic` },
    { name: 'description', content: description },
    { property: 'og:title', content: event.title },
    { property: 'og:description', content: description },
    { property: 'og:type', content: 'website' },
    ...(event.image ? [{ property: 'og:image', content: absolute(event.image.url) }] : []),
    ...(publicOrigin ? [{ tagName: 'link', rel: 'canonical', href: absolute(event.path) } as const, { property: 'og:url', content: absolute(event.path) }] : []),
    { 'script:ld+json': eventJsonLd(event, absolute) },
  ];
};

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = requireFound(eventIdFromParam(params.id), NOT_FOUND);
  const event = await orNotFound(context.services.marketing.getPublicEvent(id), NOT_FOUND);
  // One address per event: `/events/12` or old title words lead to the current one.
  if (href('/events/:id', { id: params.id }) !== event.path) throw redirect(event.path, 301);
  // "1,200" from the server: a number formatted in the browser would load ICU while hydrating.
  return { event, places: event.capacity ? plural(event.capacity, 'guest') : null, publicOrigin: context.publicOrigin };
}

/** A missing event is the friendly 404, inside the header and footer. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PageError error={error} dev={import.meta.env.DEV} />;
}

export default function EventPage({ loaderData }: Route.ComponentProps) {
  const { event, places } = loaderData;
  return (
    <main id="main" className="mx-auto max-w-4xl px-4 py-12">
      <nav aria-label="Breadcrumb" className="text-sm text-stone-600">
        <ol className="flex flex-wrap items-center gap-2">
          <li>
            <Link to={href('/events')} className="underline decoration-stone-300 underline-offset-4 hover:text-brass">Events</Link>
            <span aria-hidden="true" className="ml-2">/</span>
          </li>
          <li aria-current="page" className="text-ink">{event.title}</li>
        </ol>
      </nav>
      {event.past ? (
        <p role="status" className="mt-6 rounded-xl border border-stone-300 bg-stone-100 p-4 text-stone-800">
          This event has taken place. <Link to={href('/events')} className="font-semibold underline">See upcoming events</Link>.
        </p>
      ) : null}
      <h1 className="mt-6 font-serif text-4xl md:text-5xl">{event.title}</h1>
      <dl className="mt-6 grid gap-4 rounded-2xl bg-white p-6 shadow-sm sm:grid-cols-2">
        <div>
          <dt className="text-sm font-semibold tracking-wider text-brass uppercase">When</dt>
          <dd className="mt-1">
            <time dateTime={event.startDate} data-testid="event-when">{eventWhen(event)}</time>
            <span className="block text-sm text-stone-600">{eventZoneText(event)}</span>
          </dd>
        </div>
        <div>
          <dt className="text-sm font-semibold tracking-wider text-brass uppercase">Where</dt>
          <dd className="mt-1" data-testid="event-where">{eventWhere(event)}</dd>
        </div>
        {places ? (
          <div>
            <dt className="text-sm font-semibold tracking-wider text-brass uppercase">Places</dt>
            <dd className="mt-1">{places}</dd>
          </div>
        ) : null}
      </dl>
      {event.image ? (
        <img src={event.image.url} alt={event.image.alt} width={800} height={600} fetchPriority="high" className="mt-8 aspect-[4/3] w-full rounded-2xl bg-stone-100 object-cover shadow-sm" />
      ) : null}
      {event.description ? <p className="mt-8 text-lg leading-relaxed whitespace-pre-line text-stone-800">{event.description}</p> : null}
      <p className="mt-10 text-sm text-stone-600">Our events are for people of legal drinking age. Please drink responsibly.</p>
    </main>
  );
}
