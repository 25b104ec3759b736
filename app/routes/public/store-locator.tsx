// Store locator: stores near a place, a postcode or the visitor's location, or by name; radius in
// the visitor's unit, a product filter; the whole search in the URL (works without scripts).
import { data, Link, href } from 'react-router';
import { formatDistance, toKm } from '@shared/geo';
import { DEFAULT_RADIUS } from '@shared/store-constants';
import { type StoreSearchQuery, storeSearchQuery } from '@shared/schemas/stores';
import { PAGE_CACHE_UNTIL } from '@shared/page-cache';
import { currentZoneClocks, nextDayChange, storeTimeZone, type ZoneClocks } from '@shared/store-clock';
import type { Route } from './+types/store-locator';
import { countryName } from '~/features/stores/format';
import { StoreCard } from '~/features/stores/store-card';
import { storeListJsonLd } from '~/features/stores/store-json-ld';
import { StoreSearchForm, type StoreSearchValues } from '~/features/stores/store-search-form';
import { plural } from '@shared/plural';

const PAGE_LIMIT = 50;

export const meta: Route.MetaFunction = ({ data }) => {
  const origin = data?.result?.origin;
  const title = origin && data.result?.match !== 'coordinates' ? `Stores near ${origin.label} · Frolic` : 'Store locator · Frolic';
  const description = 'Find a shop near you that stocks Frolic gin, vodka, whisky, rum and liqueur: opening hours, phone numbers and directions.';
  const items = data?.result?.items ?? [];
  return [
    { title },
    { name: 'description', content: description },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    ...(items.length > 0 ? [{ 'script:ld+json': storeListJsonLd(items) }] : []),
  ];
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, market, gate } = context;
  const url = new URL(request.url);
  const parsed = storeSearchQuery.safeParse(Object.fromEntries(url.searchParams));
  // A broken shared link shows the empty search and says so, rather than an error page.
  const query: Partial<StoreSearchQuery> = parsed.success ? parsed.data : {};
  const unit = query.unit ?? market.distanceUnit;
  const radius = query.radius ?? DEFAULT_RADIUS[unit];
  // Words typed over "your location" win: the hidden coordinates came along with them.
  const coords = !query.q && query.lat !== undefined && query.lng !== undefined ? { lat: query.lat, lng: query.lng } : null;
  const searching = Boolean(query.q) || coords !== null || Boolean(query.product);
  const [result, products, towns] = await Promise.all([
    searching
      ? services.stores.find({
          q: query.q,
          ...coords,
          radiusKm: toKm(radius, unit),
          product: query.product,
          limit: PAGE_LIMIT,
          preferCountry: gate.status === 'pass' ? gate.country : undefined,
        })
      : null,
    services.stores.carriedProducts(),
    services.stores.towns(),
  ]);
  const values: StoreSearchValues = {
    q: query.q ?? '',
    lat: coords?.lat ?? null,
    lng: coords?.lng ?? null,
    radius,
    unit,
    product: query.product ?? '',
  };
  // The clocks of the shown stores' zones: the cards mark today without the browser loading ICU's
  // time-zone data (shared/store-clock.ts).
  const shown = result ? [...result.items, ...(result.nearest ? [result.nearest] : [])] : [];
  const renderedAt = Date.now();
  const clocks = currentZoneClocks(new Set(shown.map((s) => storeTimeZone(s.country, s.longitude))), renderedAt);
  // The page marks each store's today as rendered (it may hydrate only on the visitor's first press),
  // so a cached copy lives until the first of the shown zones' next midnights.
  const until = Math.min(...Object.values(clocks).map((c) => nextDayChange(c, renderedAt) ?? renderedAt));
  return data(
    { values, result, products, towns, clocks, renderedAt, invalid: !parsed.success },
    Number.isFinite(until) ? { headers: { [PAGE_CACHE_UNTIL]: String(until) } } : undefined,
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => {
  const until = loaderHeaders.get(PAGE_CACHE_UNTIL);
  return until ? { [PAGE_CACHE_UNTIL]: until } : new Headers();
};

export default function StoreLocator({ loaderData }: Route.ComponentProps) {
  const { values, result, products, towns, clocks, renderedAt, invalid } = loaderData;
  const productName = products.find((p) => p.slug === values.product)?.name;
  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-12">
      <h1 className="font-serif text-4xl">Find a store</h1>
      <p className="mt-2 max-w-2xl text-stone-700">
        Shops and bars that stock Frolic, nearest first. Search by town, city, postcode or shop name, or let us use your location.
      </p>
      <StoreSearchForm values={values} products={products} />
      {invalid ? (
        <p role="alert" className="mt-6 rounded-md border border-red-700 bg-red-50 p-3 font-medium text-red-900">
          That search link isn’t valid. Search again below.
        </p>
      ) : null}
      {result ? (
        <Results result={result} values={values} productName={productName} clocks={clocks} renderedAt={renderedAt} />
      ) : (
        <Towns towns={towns} />
      )}
    </main>
  );
}

type Result = NonNullable<Route.ComponentProps['loaderData']['result']>;

function Results({
  result,
  values,
  productName,
  clocks,
  renderedAt,
}: {
  result: Result;
  values: StoreSearchValues;
  productName?: string;
  clocks: ZoneClocks;
  renderedAt: number;
}) {
  const { unit } = values;
  const reach = `${values.radius} ${unit === 'mi' ? 'miles' : 'km'}`;
  const count = (n: number) => plural(n, 'store');
  const carrying = (n: number) => (productName ? ` that ${n === 1 ? 'carries' : 'carry'} ${productName}` : '');
  let summary: string;
  let heading = 'Stores';
  if (result.match === 'not_found') {
    summary = `We couldn’t find a place, postcode or store called “${values.q}”. Check the spelling, or try a town, a city or a postcode — for example London, M1 or 10011.`;
  } else if (result.origin) {
    const near = result.match === 'coordinates' ? 'you' : result.origin.label;
    heading = `Stores near ${near}`;
    summary =
      result.total === 0
        ? `No store${carrying(1)} within ${reach} of ${near}.`
        : `${count(result.total)}${carrying(result.total)} within ${reach} of ${near}, nearest first.`;
  } else if (result.match === 'name') {
    heading = `Stores matching “${values.q}”`;
    summary = `${count(result.total)}${carrying(result.total)} ${result.total === 1 ? 'matches' : 'match'} “${values.q}”.`;
  } else {
    heading = productName ? `Stores that carry ${productName}` : 'All stores';
    summary = `${count(result.total)}${carrying(result.total)}. Search for a place to see the nearest first.`;
  }
  const shown = result.items.length < result.total ? ` Showing the first ${result.items.length}.` : '';
  return (
    <section aria-labelledby="results-heading" className="mt-10">
      <h2 id="results-heading" className="font-serif text-3xl">{heading}</h2>
      <p role="status" className="mt-2 text-stone-700" data-testid="results-summary">
        {summary}
        {shown}
      </p>
      {result.items.length > 0 ? (
        <ol className="mt-6 grid gap-6 md:grid-cols-2 lg:grid-cols-3" data-testid="store-results">
          {result.items.map((s) => (
            <li key={s.id}>
              <StoreCard store={s} unit={unit} clocks={clocks} renderedAt={renderedAt} />
            </li>
          ))}
        </ol>
      ) : null}
      {result.nearest ? (
        <div className="mt-6">
          <h3 className="font-serif text-2xl">The nearest store</h3>
          <p className="mt-1 text-stone-700">
            {result.nearest.name} in {result.nearest.city}, {countryName(result.nearest.country)}
            {result.nearest.distanceKm !== null ? `, ${formatDistance(result.nearest.distanceKm, unit)} away` : ''}.
          </p>
          <div className="mt-4 max-w-md">
            <StoreCard store={result.nearest} unit={unit} clocks={clocks} renderedAt={renderedAt} />
          </div>
        </div>
      ) : null}
    </section>
  );
}

function Towns({ towns }: { towns: { city: string; country: string; stores: number }[] }) {
  if (towns.length === 0) return null;
  return (
    <section aria-labelledby="towns-heading" className="mt-10">
      <h2 id="towns-heading" className="font-serif text-2xl">Where you’ll find us</h2>
      <ul className="mt-4 flex flex-wrap gap-2">
        {towns.map((t) => (
          <li key={`${t.city}-${t.country}`}>
            <Link
              to={`${href('/store-locator')}?q=${encodeURIComponent(t.city)}`}
              className="inline-block rounded-full border border-stone-300 bg-white px-4 py-2 text-sm font-medium hover:border-forest"
            >
              {t.city} <span className="text-stone-600">({plural(t.stores, 'store')})</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
