// Store Locator (staff): every store, active or hidden — search by name, town or postcode, filters
// by country and status, sortable columns and pages in the URL; the CSV import and export start here.
import { href, Link, useSearchParams } from 'react-router';
import { type StoreAdminRow, storeAdminQuery } from '@shared/schemas/stores';
import type { Route } from './+types/index';
import { buttonClass, type Column, DataTable, FilterSelect, PageHeader, Pagination, SearchBox, StatusBadge } from '~/components/admin-ui/list';
import { can, requireScreen } from '~/lib/guards.server';

export const meta: Route.MetaFunction = () => [{ title: 'Store Locator · Frolic' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireScreen(request, context, 'storeLocator');
  const { stores } = context.services;
  // A hand-edited URL with a bad value shows the plain list rather than an error page.
  const parsed = storeAdminQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  const query = parsed.success ? parsed.data : storeAdminQuery.parse({});
  const names = new Intl.DisplayNames(['en'], { type: 'region' });
  const [page, countries] = await Promise.all([stores.adminList(query), stores.countries()]);
  // The CSV import and export are bulk data: offered to those who hold Database Management too.
  const bulk = await can(context, user, { permission: ['cms:access', 'database:manage'] });
  return { page, bulk, countries: countries.map((code) => ({ code, name: names.of(code) ?? code })) };
}

const columns: Column<StoreAdminRow>[] = [
  {
    key: 'name',
    label: 'Name',
    sortable: true,
    render: (s) => (
      <Link
        to={href('/admin/dashboard/store-locator/:id', { id: String(s.id) })}
        className="font-medium text-ink underline decoration-stone-300 underline-offset-4 hover:text-brass"
      >
        {s.name}
      </Link>
    ),
  },
  { key: 'city', label: 'Town or city', sortable: true, render: (s) => s.city },
  { key: 'postcode', label: 'Postcode', render: (s) => s.postcode ?? '—' },
  { key: 'country', label: 'Country', sortable: true, render: (s) => s.country },
  { key: 'products', label: 'Products', className: 'text-right', render: (s) => s.products },
  { key: 'active', label: 'Status', render: (s) => <StatusBadge status={s.active ? 'active' : 'inactive'} label={s.active ? 'active' : 'hidden'} /> },
  {
    key: 'updatedAt',
    label: 'Updated',
    sortable: true,
    render: (s) => new Date(s.updatedAt).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' }),
  },
];

/** Search and both filters in one GET form; the sort survives, the page starts again at 1. */
function Filters({ countries }: { countries: { code: string; name: string }[] }) {
  const countryOptions = Object.fromEntries(countries.map((c) => [c.code, `${c.name} (${c.code})`]));
  return (
    <SearchBox label="Search stores" placeholder="Name, town or postcode" owns={['country', 'active']}>
      <FilterSelect label="Country" name="country" options={countryOptions} />
      <FilterSelect label="Status" name="active" options={{ true: 'Active', false: 'Hidden' }} />
    </SearchBox>
  );
}

export default function StoreLocatorAdmin({ loaderData }: Route.ComponentProps) {
  const { page, bulk, countries } = loaderData;
  const [params] = useSearchParams();
  // The export follows the filters on screen (not the page or the sort).
  const exportQuery = new URLSearchParams([...params].filter(([k]) => ['q', 'country', 'active'].includes(k))).toString();
  return (
    <main id="main">
      <PageHeader
        title="Store Locator"
        description="Stockists on the public store locator: address, coordinates, opening hours and the products each carries. Hidden stores are not shown to visitors."
      >
        <Link to={href('/admin/dashboard/store-locator/new')} className={buttonClass.primary}>
          New store
        </Link>
        {bulk ? (
          <>
            <Link to={href('/admin/dashboard/store-locator/import')} className={buttonClass.secondary}>
              Import CSV
            </Link>
            {/* A plain link: the browser downloads the file the route's loader streams. */}
            <a href={`${href('/admin/dashboard/store-locator/export.csv')}${exportQuery ? `?${exportQuery}` : ''}`} className={buttonClass.secondary} download>
              Export CSV
            </a>
          </>
        ) : null}
      </PageHeader>
      <Filters countries={countries} />
      <DataTable columns={columns} rows={page.items} rowKey={(s) => s.id} caption="Store locations" empty="No stores match." />
      <Pagination page={page.page} pageSize={page.pageSize} total={page.total} />
    </main>
  );
}
