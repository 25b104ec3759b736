// A product's page: tasting notes, strength, volume, the price in the visitor's market, the cocktails
// that use it, where to buy it online and stores that carry it; schema.org Product data.
import { Link, href } from 'react-router';
import type { Route } from './+types/product';
import { PageError } from '~/features/layout/not-found';
import { ProductGallery } from '~/features/catalog/product-gallery';
import { orNotFound } from '~/lib/params.server';

export const meta: Route.MetaFunction = ({ data, location }) => {
  if (!data?.product) return [{ title: 'Product not found · Frolic' }, { name: 'robots', content: 'noindex' }];
  const { product } = data;
  // schema.org wants absolute URLs: given when the site's public origin is configured.
  const absolute = (path: string) => (data.publicOrigin ? new URL(path, data.publicOrigin).href : path);
  const images = product.images.length > 0 ? product.images.map((i) => i.url) : [product.imageUrl];
  const jsonLd: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: product.description,
    image: images.map(absolute),
    category: product.category,
    brand: { '@type': 'Brand', name: 'Frolic' },
    url: absolute(location.pathname),
  };
  if (product.price) {
    jsonLd.offers = { '@type': 'Offer', price: (product.price.amountMinor / 100).toFixed(2), priceCurrency: product.price.currency, availability: 'https://schema.org/InStock' };
  }
  return [
    { title: `${product.name} · Frolic` },
    { name: 'description', content: product.description },
    { property: 'og:title', content: product.name },
    { property: 'og:description', content: product.description },
    { property: 'og:type', content: 'product' },
    { property: 'og:image', content: product.imageUrl },
    { 'script:ld+json': jsonLd },
  ];
};

export async function loader({ params, context }: Route.LoaderArgs) {
  const { market, services } = context;
  const product = await orNotFound(services.catalog.getProduct(params.slug, market.code), 'We could not find that product.');
  const [cocktails, listings, stores] = await Promise.all([
    services.cocktails.listPublished({ productSlug: product.slug, limit: 6 }),
    services.retailers.forProduct(product.slug, market.code),
    services.stores.search({ product: product.slug, limit: 5, preferCountry: context.gate.status === 'pass' ? context.gate.country : undefined }),
  ]);
  return { product, cocktails, listings, stores, publicOrigin: context.publicOrigin };
}

/** A missing product (or a broken id) is the friendly 404, inside the header and footer. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PageError error={error} dev={import.meta.env.DEV} />;
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product, cocktails, listings, stores } = loaderData;
  // Tasting notes are optional in the editor: an empty one is left out, and so is the section.
  const notes = (
    [
      ['Nose', product.tastingNotes.nose],
      ['Palate', product.tastingNotes.palate],
      ['Finish', product.tastingNotes.finish],
    ] as const
  ).filter(([, text]) => text.trim() !== '');
  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-12">
      <div className="grid gap-12 md:grid-cols-2">
        <ProductGallery key={product.slug} images={product.images} fallback={{ url: product.imageUrl, alt: `${product.name} bottle` }} />
        <div>
          <Link to={`${href('/products')}?category=${product.category}`} className="text-sm font-semibold tracking-wider text-brass uppercase">
            {product.category}
          </Link>
          <h1 className="mt-2 font-serif text-4xl">{product.name}</h1>
          <p className="mt-2 text-stone-700">
            {product.abv.toFixed(1)}% ABV · {product.volumeMl / 10} cl
          </p>
          {product.price ? <p className="mt-4 text-2xl font-semibold">{product.price.label}</p> : null}
          <p className="mt-6 text-lg leading-relaxed">{product.description}</p>
          {notes.length > 0 ? (
            <>
              <h2 className="mt-10 font-serif text-2xl">Tasting notes</h2>
              <dl className="mt-4 space-y-3">
                {notes.map(([label, text]) => (
                  <div key={label}>
                    <dt className="font-semibold">{label}</dt>
                    <dd className="text-stone-700">{text}</dd>
                  </div>
                ))}
              </dl>
            </>
          ) : null}
          <p className="mt-8 text-sm text-stone-600">Share only with people of legal drinking age.</p>
        </div>
      </div>

      {cocktails.length > 0 ? (
        <section className="mt-16" aria-labelledby="cocktails-heading">
          <h2 id="cocktails-heading" className="font-serif text-3xl">Cocktails with {product.name}</h2>
          <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {cocktails.map((c) => (
              <li key={c.id} className="rounded-xl bg-white p-5 shadow-sm">
                <Link to={href('/cocktails/:id', { id: c.slug })} className="font-serif text-xl hover:text-brass">
                  {c.name}
                </Link>
                <p className="mt-1 text-sm text-stone-700">{c.description}</p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <div className="mt-16 grid gap-10 md:grid-cols-2">
        <section aria-labelledby="buy-heading">
          <h2 id="buy-heading" className="font-serif text-3xl">Buy online</h2>
          {listings.length === 0 ? (
            <p className="mt-4 text-stone-700">No online retailer sells it in your market yet.</p>
          ) : (
            <>
              <p className="mt-2 text-sm text-stone-600">These links take you to retailers’ own websites.</p>
              <ul className="mt-4 space-y-3">
                {listings.map((l) => (
                  <li key={l.retailer.id} className="flex items-center justify-between gap-4 rounded-xl bg-white p-4 shadow-sm">
                    <a href={l.url} rel="noopener noreferrer" target="_blank" className="font-medium text-brass underline">
                      {l.retailer.name}
                      <span className="sr-only"> (opens an external site)</span>
                    </a>
                    {l.price ? <span className="font-semibold">{l.price.label}</span> : null}
                  </li>
                ))}
              </ul>
            </>
          )}
        </section>
        <section aria-labelledby="stores-heading">
          <h2 id="stores-heading" className="font-serif text-3xl">Stores that carry it</h2>
          {stores.length === 0 ? (
            <p className="mt-4 text-stone-700">No store lists it yet.</p>
          ) : (
            <ul className="mt-4 space-y-3">
              {stores.map((s) => (
                <li key={s.id} className="rounded-xl bg-white p-4 shadow-sm">
                  <p className="font-medium">{s.name}</p>
                  <p className="text-sm text-stone-700">
                    {s.address}, {s.city}
                  </p>
                </li>
              ))}
            </ul>
          )}
          <Link to={`${href('/store-locator')}?product=${product.slug}`} className="mt-4 inline-block font-medium text-brass underline">
            Find a store near you
          </Link>
        </section>
      </div>
    </main>
  );
}
