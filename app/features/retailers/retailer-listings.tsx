// One product on the Buy online page: the retailers that deliver to the visitor's market, cheapest
// known price first, each a link out.
import { Link, href } from 'react-router';
import type { RetailerCatalogueEntry } from '@shared/schemas/stores';
import { ExternalLink } from './external-link';

export function RetailerListings({ entry, marketName }: { entry: RetailerCatalogueEntry; marketName: string }) {
  const { product, listings } = entry;
  const headingId = `buy-${product.slug}`;
  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:flex-row"
      data-testid="retailer-product"
    >
      <img
        src={product.imageUrl}
        alt=""
        width={96}
        height={168}
        loading="lazy"
        className="h-40 w-24 shrink-0 self-center rounded-lg bg-stone-100 object-contain"
      />
      <div className="flex-1">
        <h2 id={headingId} className="font-serif text-2xl">
          <Link to={href('/products/:slug', { slug: product.slug })} className="hover:text-brass">
            {product.name}
          </Link>
        </h2>
        {listings.length === 0 ? (
          <p className="mt-3 text-stone-700">
            No online retailer delivers it in {marketName} yet.{' '}
            <Link to={`${href('/store-locator')}?product=${product.slug}`} className="font-medium text-brass underline underline-offset-2">
              Find it in a store
            </Link>
          </p>
        ) : (
          <ul className="mt-3 divide-y divide-stone-200">
            {listings.map((l) => (
              <li key={l.retailer.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-3" data-testid="retailer-listing">
                <span className="font-medium">{l.retailer.name}</span>
                <span className="flex items-center gap-4">
                  <span className={l.price ? 'text-lg font-semibold' : 'text-sm text-stone-600'}>{l.price ? l.price.label : 'Price on their site'}</span>
                  <ExternalLink
                    href={l.url}
                    className="rounded-full bg-forest px-4 py-2 text-sm font-semibold text-white hover:bg-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brass"
                  >
                    Buy<span className="sr-only"> {product.name}</span> at {l.retailer.name}
                  </ExternalLink>
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </article>
  );
}
