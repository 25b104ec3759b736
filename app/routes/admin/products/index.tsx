// Manage Products: the staff list of every product (any status) — search by name, SKU or slug, filter by
// status, category and low stock, sort by column, page; each row opens its editor.
import { href, Link, useSearchParams } from 'react-router';
import { formatUtcDate } from '@shared/staff-time';
import { CATEGORY_LABELS, PRODUCT_STATUS_LABELS, type ProductCategory } from '@shared/limits-catalog';
import { adminProductListQuery, type AdminProductRow } from '@shared/schemas/catalog';
import type { Route } from './+types/index';
import { buttonClass, type Column, DataTable, FilterSelect, PageHeader, Pagination, SearchBox, StatusBadge } from '~/components/admin-ui/list';
import { requireScreen } from '~/lib/guards.server';

const EDIT = (id: number) => href('/admin/dashboard/products/:id', { id: String(id) });

export const meta: Route.MetaFunction = () => [{ title: 'Manage Products · Frolic' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireScreen(request, context, 'products');
  const parsed = adminProductListQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  // A hand-edited address with a bad filter shows the whole list rather than an error.
  const query = parsed.success ? parsed.data : adminProductListQuery.parse({});
  return context.services.catalog.adminList(query);
}

const COLUMNS: Column<AdminProductRow>[] = [
  {
    key: 'name',
    label: 'Name',
    sortable: true,
    render: (p) => (
      <div className="flex items-center gap-3">
        {p.imageUrl ? <img src={p.imageUrl} alt="" width={32} height={40} className="h-10 w-8 object-contain" /> : <span className="h-10 w-8" />}
        <div>
          <Link to={EDIT(p.id)} className="font-medium text-ink underline decoration-stone-300 hover:decoration-ink">
            {p.name}
          </Link>
          <p className="text-xs text-stone-600">
            <span className="font-mono">{p.sku}</span> · {p.slug}
          </p>
        </div>
      </div>
    ),
  },
  { key: 'category', label: 'Category', sortable: true, render: (p) => CATEGORY_LABELS[p.category as ProductCategory] ?? p.category },
  { key: 'status', label: 'Status', sortable: true, render: (p) => <StatusBadge status={p.status} label={PRODUCT_STATUS_LABELS[p.status]} /> },
  {
    key: 'stock',
    label: 'Stock',
    sortable: true,
    className: 'text-right',
    render: (p) => (
      <span className="inline-flex flex-col items-end">
        <span className="inline-flex items-center gap-2">
          {p.lowStock ? <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">Low</span> : null}
          {p.stock.available.toLocaleString('en-GB')}
        </span>
        {p.stock.reserved ? (
          <span className="text-xs text-stone-600">
            {p.stock.onHand.toLocaleString('en-GB')} on hand, {p.stock.reserved.toLocaleString('en-GB')} reserved
          </span>
        ) : null}
      </span>
    ),
  },
  { key: 'updatedAt', label: 'Updated', sortable: true, render: (p) => formatUtcDate(p.updatedAt) },
];

/** Search and filters in one GET form; the sort stays, a new search starts at page 1. */
function Filters() {
  const [params] = useSearchParams();
  return (
    <SearchBox label="Search products" placeholder="Name, SKU or slug" owns={['status', 'category', 'lowStock']}>
      <FilterSelect label="Status" name="status" options={PRODUCT_STATUS_LABELS} all="All statuses" />
      <FilterSelect label="Category" name="category" options={CATEGORY_LABELS} all="All categories" />
      <label className="flex items-center gap-2 pb-2 text-sm font-medium">
        <input type="checkbox" name="lowStock" value="1" defaultChecked={params.get('lowStock') === '1'} className="h-4 w-4" />
        Low on stock
      </label>
    </SearchBox>
  );
}

export default function ManageProducts({ loaderData }: Route.ComponentProps) {
  const { items, page, pageSize, total } = loaderData;
  const [params] = useSearchParams();
  return (
    <main id="main">
      <PageHeader title="Manage Products" description="Everything in the catalogue: drafts, active and archived products.">
        <Link to={href('/admin/dashboard/products/new')} className={buttonClass.primary}>
          New product
        </Link>
      </PageHeader>
      {/* A new address (search, filter) gets fresh defaults in the uncontrolled fields. */}
      <Filters key={params.toString()} />
      <DataTable columns={COLUMNS} rows={items} rowKey={(p) => p.id} caption="Products" empty="No products match. Try another search or filter." />
      <Pagination page={page} pageSize={pageSize} total={total} />
    </main>
  );
}
