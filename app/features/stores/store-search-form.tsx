// The locator's search: place, postcode or name; radius; product. A plain GET form, so it works
// without scripts and the search lives in the URL; with scripts React Router submits it in place.
import { Form, Link, href } from 'react-router';
import type { DistanceUnit } from '@shared/schemas/stores';
import { convertRadius, radiusChoices, UNIT_NAMES } from './format';
import { UseMyLocation } from './use-my-location';

export interface StoreSearchValues {
  q: string;
  lat: number | null;
  lng: number | null;
  radius: number;
  unit: DistanceUnit;
  product: string;
}

const controlClass =
  'mt-1 block w-full rounded-md border border-stone-400 bg-white px-3 py-2 text-ink focus:border-brass focus:ring-2 focus:ring-brass-light focus:outline-none';

/** The current search's URL with another unit (and the radius that reaches about as far). */
function unitHref(values: StoreSearchValues, unit: DistanceUnit): string {
  const params = new URLSearchParams();
  if (values.q) params.set('q', values.q);
  else if (values.lat !== null && values.lng !== null) {
    params.set('lat', String(values.lat));
    params.set('lng', String(values.lng));
  }
  params.set('radius', String(convertRadius(values.radius, values.unit, unit)));
  params.set('unit', unit);
  if (values.product) params.set('product', values.product);
  return `?${params}`;
}

export function StoreSearchForm({ values, products }: { values: StoreSearchValues; products: { slug: string; name: string }[] }) {
  const nearMe = !values.q && values.lat !== null && values.lng !== null;
  return (
    <section aria-labelledby="search-heading" className="mt-8 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id="search-heading" className="sr-only">
        Search for a store
      </h2>
      {/* key: a new search in the URL resets the fields to it (back and forward included). */}
      <Form method="get" action={href('/store-locator')} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" key={JSON.stringify(values)}>
        <div className="sm:col-span-2">
          <label htmlFor="store-q" className="block text-sm font-medium">
            Town, city, postcode or store name
          </label>
          <input
            id="store-q"
            name="q"
            type="search"
            defaultValue={values.q}
            placeholder={nearMe ? 'Your location' : 'e.g. London or EC2A 3EJ'}
            autoComplete="address-level2"
            maxLength={100}
            className={controlClass}
          />
          {nearMe ? (
            <>
              {/* Kept until a place is typed: the server prefers the words when both are sent. */}
              <input type="hidden" name="lat" value={values.lat ?? ''} />
              <input type="hidden" name="lng" value={values.lng ?? ''} />
            </>
          ) : null}
        </div>
        <div>
          <label htmlFor="store-radius" className="block text-sm font-medium">
            Within
          </label>
          <select id="store-radius" name="radius" defaultValue={String(values.radius)} className={controlClass}>
            {radiusChoices(values.unit, values.radius).map((r) => (
              <option key={r} value={r}>
                {r} {values.unit === 'mi' ? (r === 1 ? 'mile' : 'miles') : 'km'}
              </option>
            ))}
          </select>
          <input type="hidden" name="unit" value={values.unit} />
        </div>
        <div>
          <label htmlFor="store-product" className="block text-sm font-medium">
            Spirit
          </label>
          <select id="store-product" name="product" defaultValue={values.product} className={controlClass}>
            <option value="">Any Frolic spirit</option>
            {products.map((p) => (
              <option key={p.slug} value={p.slug}>
                {p.name}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-3 sm:col-span-2 lg:col-span-4">
          <button
            type="submit"
            className="rounded-full bg-forest px-6 py-2.5 font-semibold text-white hover:bg-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brass"
          >
            Search
          </button>
          <UseMyLocation />
          <p className="text-sm text-stone-700 sm:ml-auto">
            <span id="unit-label">Distances in</span>{' '}
            <span role="group" aria-labelledby="unit-label" className="inline-flex overflow-hidden rounded-full border border-stone-300 align-middle">
              {(['mi', 'km'] as const).map((u) => (
                <Link
                  key={u}
                  to={unitHref(values, u)}
                  preventScrollReset
                  aria-current={values.unit === u ? 'true' : undefined}
                  className={`px-3 py-1 ${values.unit === u ? 'bg-forest text-white' : 'hover:bg-cream'}`}
                >
                  {UNIT_NAMES[u]}
                </Link>
              ))}
            </span>
          </p>
        </div>
      </Form>
    </section>
  );
}
