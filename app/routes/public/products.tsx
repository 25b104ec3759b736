// Products: the catalogue with a category filter kept in the URL.
import { Link, href } from 'react-router';
import { CATEGORY_LABELS, PRODUCT_CATEGORIES } from '@shared/limits-catalog';
import { productListQuery } from '@shared/schemas/catalog';
import type { Route } from './+types/products';
import { ProductCard } from '~/features/catalog/product-card';

export const meta: Route.MetaFunction = ({ data }) => {
  const category = data?.category ? CATEGORY_LABELS[data.category] : null;
  const title = category ? `${category} · Our spirits · Frolic` : 'Our spirits · Frolic';
  return [
    { title },
    { name: 'description', content: 'The full Frolic range: London Dry and flavoured gins, wheat vodka, single malt whisky, rums and liqueurs.' },
    { property: 'og:title', content: title },
  ];
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const parsed = productListQuery.safeParse(Object.fromEntries(url.searchParams));
  // A bad filter in a shared link shows the whole range rather than an error.
  const query = parsed.success ? parsed.data : productListQuery.parse({});
  const market = context.market;
  const page = await context.services.catalog.listProducts({ ...query, market: market.code });
  return { ...page, category: query.category ?? null };
}

export default function Products({ loaderData }: Route.ComponentProps) {
  const { items, category, total, page, pageSize } = loaderData;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const chip = (active: boolean) =>
    `rounded-full border px-4 py-2 text-sm font-medium ${active ? 'border-forest bg-forest text-white' : 'border-stone-300 bg-white hover:border-forest'}`;
  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-12">
      <h1 className="font-serif text-4xl">Our spirits</h1>
      <p className="mt-2 text-stone-700">Every bottle is distilled, rested and bottled at our distillery.</p>
      <nav aria-label="Filter by category" className="mt-8">
        <ul className="flex flex-wrap gap-2">
          <li>
            <Link to={href('/products')} preventScrollReset className={chip(!category)} aria-current={!category ? 'page' : undefined}>All</Link>
          </li>
          {PRODUCT_CATEGORIES.map((c) => (
            <li key={c}>
              <Link to={`${href('/products')}?category=${c}`} preventScrollReset className={chip(category === c)} aria-current={category === c ? 'page' : undefined}>
                {CATEGORY_LABELS[c]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <p className="mt-6 text-sm text-stone-700" aria-live="polite">
        {total === 1 ? '1 spirit' : `${total} spirits`}
      </p>
      {items.length === 0 ? (
        <p className="mt-8 rounded-xl bg-white p-8 text-center">No spirits in this category yet.</p>
      ) : (
        <div className="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-4" data-testid="product-grid">
          {items.map((p, i) => (
            <ProductCard key={p.id} product={p} eager={i < 2} heading="h2" />
          ))}
        </div>
      )}
      {pages > 1 ? (
        <nav aria-label="Pages" className="mt-10 flex justify-center gap-4">
          {page > 1 ? <Link to={`?${new URLSearchParams({ ...(category ? { category } : {}), page: String(page - 1) })}`}>Previous</Link> : null}
          <span>Page {page} of {pages}</span>
          {page < pages ? <Link to={`?${new URLSearchParams({ ...(category ? { category } : {}), page: String(page + 1) })}`}>Next</Link> : null}
        </nav>
      ) : null}
    </main>
  );
}
