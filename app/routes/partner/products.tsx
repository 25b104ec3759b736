// View Products (spec §2, every partner): the trade catalogue with the prices of the partner's tier
// in its organisation's market, searchable (the header's 'Search products...' lands here) and
// filtered by category.
import type { Route } from './+types/products';
import { Pagination } from '~/components/admin-ui/list';
import { CatalogueFilters } from '~/features/partner-catalog/catalogue-filters';
import { CatalogueTable } from '~/features/partner-catalog/catalogue-views';
import { PricingNote } from '~/features/partner-catalog/trade-price';
import { requirePartnerPage } from '~/lib/guards.server';
import { catalogueQuery } from './catalog-query.server';

export const meta: Route.MetaFunction = () => [{ title: 'View Products · Frolic' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requirePartnerPage(request, context);
  const query = catalogueQuery(request);
  const page = await context.services.partnerCatalog.list(user, query);
  return { page, q: query.q ?? '', category: query.category ?? '' };
}

export default function PartnerProducts({ loaderData }: Route.ComponentProps) {
  const { page, q, category } = loaderData;
  return (
    <main id="main" className="space-y-5">
      <div>
        <h1 className="font-serif text-3xl">View Products</h1>
        <div className="mt-2">
          <PricingNote pricing={page} />
        </div>
      </div>
      <CatalogueFilters q={q} category={category} />
      {q ? (
        <p aria-live="polite" className="text-sm text-stone-700" data-testid="search-summary">
          {page.total} {page.total === 1 ? 'product matches' : 'products match'} “{q}”
        </p>
      ) : null}
      {page.items.length === 0 ? (
        <p className="rounded-xl bg-white p-6 text-stone-600 shadow-sm">{q || category ? 'No products match your search.' : 'The catalogue is empty.'}</p>
      ) : (
        <CatalogueTable items={page.items} inventory={page.inventory} />
      )}
      <Pagination page={page.page} pageSize={page.pageSize} total={page.total} />
    </main>
  );
}
