// Home: hero, featured products from the database, a store finder prompt and the responsibility line.
import { Link, href } from 'react-router';
import type { Route } from './+types/home';
import { ProductCard } from '~/features/catalog/product-card';

export const meta: Route.MetaFunction = () => [
  { title: 'Frolic · Small-batch gin, vodka, whisky and rum' },
  { name: 'description', content: 'Frolic makes small-batch spirits in copper pot stills. Discover our gins, vodka, single malt and rums, cocktail recipes and where to buy.' },
  { property: 'og:title', content: 'Frolic Spirits' },
  { property: 'og:description', content: 'Small-batch spirits, distilled with care.' },
  { property: 'og:type', content: 'website' },
];

export async function loader({ context }: Route.LoaderArgs) {
  const [featured, cocktails] = await Promise.all([
    context.services.catalog.featuredProducts(context.market.code, 4),
    context.services.cocktails.listPublished({ featured: true, limit: 3 }),
  ]);
  return { featured, cocktails };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { featured, cocktails } = loaderData;
  return (
    <main id="main">
      <section className="bg-forest text-cream">
        <div className="mx-auto flex max-w-6xl flex-col items-start gap-6 px-4 py-24 md:py-32">
          <p className="text-sm font-semibold tracking-[0.3em] text-brass-light uppercase">Distilled with care since 1998</p>
          <h1 className="max-w-3xl font-serif text-5xl leading-tight md:text-6xl">Spirits made slowly, for moments worth savouring.</h1>
          <p className="max-w-xl text-lg text-stone-200">Small-batch gin, vodka, whisky and rum from our copper pot stills, made with botanicals we choose by hand.</p>
          <div className="flex flex-wrap gap-4">
            <Link to={href('/products')} className="rounded-full bg-brass-light px-6 py-3 font-semibold text-ink hover:bg-white">Explore our spirits</Link>
            <Link to={href('/cocktails')} className="rounded-full border border-cream px-6 py-3 font-semibold hover:bg-cream hover:text-ink">Cocktail recipes</Link>
          </div>
        </div>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-16" aria-labelledby="featured-heading">
        <div className="flex items-end justify-between gap-4">
          <h2 id="featured-heading" className="font-serif text-3xl">Featured spirits</h2>
          <Link to={href('/products')} className="font-medium text-brass underline">View all</Link>
        </div>
        <div className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {/* Below the hero (the page's largest paint): lazy, so they never compete with it. */}
          {featured.map((p) => (
            <ProductCard key={p.id} product={p} />
          ))}
        </div>
      </section>

      {cocktails.length > 0 ? (
        <section className="mx-auto max-w-6xl px-4 pb-16" aria-labelledby="cocktails-heading">
          <div className="flex items-end justify-between gap-4">
            <h2 id="cocktails-heading" className="font-serif text-3xl">Featured cocktails</h2>
            <Link to={href('/cocktails')} className="font-medium text-brass underline">All recipes</Link>
          </div>
          <div className="mt-8 grid gap-6 md:grid-cols-3">
            {cocktails.map((c) => (
              <article key={c.id} className="relative overflow-hidden rounded-2xl bg-white shadow-sm">
                <img src={c.imageUrl} alt="" width={400} height={300} loading="lazy" className="aspect-[4/3] w-full bg-stone-100 object-cover" />
                <div className="p-5">
                  <h3 className="font-serif text-xl">
                    <Link to={href('/cocktails/:id', { id: c.slug })} className="after:absolute after:inset-0">
                      {c.name}
                    </Link>
                  </h3>
                  <p className="mt-1 text-sm text-stone-700">{c.description}</p>
                </div>
              </article>
            ))}
          </div>
        </section>
      ) : null}

      <section className="mx-auto grid max-w-6xl gap-6 px-4 md:grid-cols-2">
        <div className="rounded-2xl bg-white p-8 shadow-sm">
          <h2 className="font-serif text-2xl">Find a store near you</h2>
          <p className="mt-2 text-stone-700">Our spirits are stocked by independent shops and bars in many countries.</p>
          <Link to={href('/store-locator')} className="mt-4 inline-block font-medium text-brass underline">Open the store locator</Link>
        </div>
        <div className="rounded-2xl bg-white p-8 shadow-sm">
          <h2 className="font-serif text-2xl">Enjoy responsibly</h2>
          <p className="mt-2 text-stone-700">Savour every sip, know your limits, and never drink and drive.</p>
          <Link to={href('/drink-responsibly')} className="mt-4 inline-block font-medium text-brass underline">Drink responsibly</Link>
        </div>
      </section>
    </main>
  );
}
