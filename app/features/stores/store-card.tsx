// One store in the results: distance, address, phone, opening hours, what it carries, directions.
import { Link, href } from 'react-router';
import { formatDistance } from '@shared/geo';
import type { DistanceUnit, StoreResult } from '@shared/schemas/stores';
import type { ZoneClocks } from '@shared/store-clock';
import { countryName, directionsUrl, telHref } from './format';
import { OpeningHours } from './opening-hours';

/** `clocks`: the stores' zones' clocks, to mark today's opening hours without ICU; `renderedAt`: when the server rendered the page. */
export function StoreCard({ store, unit, clocks, renderedAt }: { store: StoreResult; unit: DistanceUnit; clocks?: ZoneClocks; renderedAt?: number }) {
  const hoursId = `store-${store.id}-hours`;
  const place = [store.city, store.region, store.postcode].filter(Boolean).join(' ');
  return (
    <article
      className="flex h-full flex-col gap-4 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm"
      data-testid="store-card"
      data-distance-km={store.distanceKm ?? undefined}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="font-serif text-xl">{store.name}</h3>
        {store.distanceKm !== null ? (
          <p className="rounded-full bg-forest px-3 py-1 text-sm font-semibold text-white" data-testid="store-distance">
            {formatDistance(store.distanceKm, unit)}
            <span className="sr-only"> away</span>
          </p>
        ) : null}
      </div>
      <address className="not-italic text-stone-800">
        {store.address}
        <br />
        {place}
        <br />
        {countryName(store.country)}
      </address>
      {store.phone ? (
        <p>
          <span className="sr-only">Phone: </span>
          <a href={telHref(store.phone)} className="font-medium text-forest underline underline-offset-2 hover:text-brass">
            {store.phone}
          </a>
        </p>
      ) : null}
      <div>
        <p id={hoursId} className="text-sm font-semibold">
          Opening hours
        </p>
        <OpeningHours
          hours={store.openingHours}
          country={store.country}
          longitude={store.longitude}
          labelId={hoursId}
          clocks={clocks}
          renderedAt={renderedAt}
        />
      </div>
      {store.products.length > 0 ? (
        <div>
          <p className="text-sm font-semibold">Carries</p>
          <ul className="mt-1 flex flex-wrap gap-1.5 text-sm">
            {store.products.map((p) => (
              <li key={p.slug}>
                <Link
                  to={href('/products/:slug', { slug: p.slug })}
                  className="inline-block rounded-full border border-stone-300 px-2.5 py-0.5 hover:border-forest"
                >
                  {p.name.replace(/^Frolic /, '')}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <p className="mt-auto">
        <a
          href={directionsUrl(store.latitude, store.longitude)}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1 font-medium text-brass underline underline-offset-2 hover:text-forest"
        >
          Directions<span className="sr-only"> to {store.name} (opens Google Maps, an external site, in a new tab)</span>
          <span aria-hidden="true">↗</span>
        </a>
      </p>
    </article>
  );
}
