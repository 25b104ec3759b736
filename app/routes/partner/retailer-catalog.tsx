// Browse Catalog (spec §2, retailers): the same trade catalogue as View Products, as the retailer's
// shelf — cards with the retailer price per bottle and per case, where Place Orders will start.
import { href, Link } from 'react-router';
import type { Route } from './+types/retailer-catalog';
import { Pagination } from '~/components/admin-ui/list';
import { CatalogueFilters } from '~/features/partner-catalog/catalogue-filters';
import { CatalogueGrid } from '~/features/partner-catalog/catalogue-views';
import { PricingNote } from '~/features/partner-catalog/trade-price';
import { requirePartnerPage } from '~/lib/guards.server';
import { catalogueQuery } from './catalog-query.server';

export const meta: Route.MetaFunction = () => [{ title: 'Browse Catalog · Frolic' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requirePartnerPage(request, context);
  const query = catalogueQuery(request);
  const page = await context.services.partnerCatalog.list(user, query);
  return {
    page,
    q: query.q ?? '',
    category: query.category ?? '',
    supplier: (await context.services.dashboard.partnerOverview(user))?.organisation.supplierName ?? null,
  };
}

export default function RetailerCatalog({ loaderData }: Route.ComponentProps) {
  const { page, q, category, supplier } = loaderData;
  return (
    <main id="main" className="space-y-5">
      <div>
        <h1 className="font-serif text-3xl">Browse Catalog</h1>
        <p className="mt-2 text-stone-700">
          {supplier ? `What ${supplier} can supply you, at your prices.` : 'What your distributor can supply you, at your prices.'} Ordering opens with{' '}
          <Link to={href('/partner/dashboard/retailer/orders')} className="text-brass underline">
            Place Orders
          </Link>
          .
        </p>
        <div className="mt-2">
          <PricingNote pricing={page} />
        </div>
      </div>
      <CatalogueFilters q={q} category={category} />
      {page.items.length === 0 ? (
        <p className="rounded-xl bg-white p-6 text-stone-600 shadow-sm">{q || category ? 'No products match your search.' : 'The catalogue is empty.'}</p>
      ) : (
        <CatalogueGrid items={page.items} />
      )}
      <Pagination page={page.page} pageSize={page.pageSize} total={page.total} />
    </main>
  );
}
