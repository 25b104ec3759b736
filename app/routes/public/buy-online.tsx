// Buy online: for each of our spirits, the online retailers that deliver to the visitor's market,
// with the price where known; `?product=` narrows it to one spirit.
import { Form, href } from 'react-router';
import { retailerQuery } from '@shared/schemas/stores';
import type { Route } from './+types/buy-online';
import { RetailerListings } from '~/features/retailers/retailer-listings';

export const meta: Route.MetaFunction = ({ data }) => {
  const one = data?.entries.length === 1 && data.product ? data.entries[0]?.product.name : null;
  const title = one ? `Buy ${one} online · Frolic` : 'Buy online · Frolic';
  const description = one
    ? `Online retailers that sell ${one} and deliver to you, with prices where they share them.`
    : 'Buy Frolic gin, vodka, whisky, rum and liqueur from trusted online retailers that deliver in your market.';
  return [
    { title },
    { name: 'description', content: description },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
  ];
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const { market, services } = context;
  const url = new URL(request.url);
  const parsed = retailerQuery.pick({ product: true }).safeParse({ product: url.searchParams.get('product') ?? undefined });
  const product = parsed.success ? (parsed.data.product ?? null) : null;
  const catalogue = await services.retailers.catalogue(market.code);
  const entries = product ? catalogue.filter((e) => e.product.slug === product) : catalogue;
  return {
    market: { name: market.name, currency: market.currency },
    products: catalogue.map((e) => ({ slug: e.product.slug, name: e.product.name })),
    product,
    entries,
  };
}

export default function BuyOnline({ loaderData }: Route.ComponentProps) {
  const { market, products, product, entries } = loaderData;
  return (
    <main id="main" className="mx-auto max-w-4xl px-4 py-12">
      <h1 className="font-serif text-4xl">Buy Frolic online</h1>
      <p className="mt-2 text-stone-700">
        Retailers that deliver in {market.name}, with their price in {market.currency} where they share it with us.
      </p>
      <p role="note" className="mt-4 flex gap-3 rounded-xl border border-brass-light bg-white p-4 text-sm" data-testid="external-notice">
        <span aria-hidden="true" className="text-brass">↗</span>
        <span>
          <strong>You’ll leave the Frolic site.</strong> The retailer links open the retailers’ own websites in a new tab; their
          prices, terms and privacy policies apply there.
        </span>
      </p>
      <Form method="get" action={href('/buy-online')} className="mt-6 flex flex-wrap items-end gap-3" key={product ?? ''}>
        <div>
          <label htmlFor="buy-product" className="block text-sm font-medium">Spirit</label>
          <select
            id="buy-product"
            name="product"
            defaultValue={product ?? ''}
            className="mt-1 block rounded-md border border-stone-400 bg-white px-3 py-2 text-ink focus:border-brass focus:ring-2 focus:ring-brass-light focus:outline-none"
          >
            <option value="">All Frolic spirits</option>
            {products.map((p) => (
              <option key={p.slug} value={p.slug}>{p.name}</option>
            ))}
          </select>
        </div>
        <button
          type="submit"
          className="rounded-full bg-forest px-6 py-2.5 font-semibold text-white hover:bg-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brass"
        >
          Show
        </button>
      </Form>
      {entries.length === 0 ? (
        <p role="status" className="mt-8 rounded-xl bg-white p-8 text-center">We don’t know that spirit. Choose one from the list.</p>
      ) : (
        <div className="mt-8 flex flex-col gap-6">
          {entries.map((e) => (
            <RetailerListings key={e.product.slug} entry={e} marketName={market.name} />
          ))}
        </div>
      )}
    </main>
  );
}
