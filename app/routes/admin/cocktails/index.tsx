// Manage Recipes: every cocktail, published or draft — search, filters by status and base spirit,
// sortable columns and pages, all in the URL so the server does the work.
import { href, Link } from 'react-router';
import { formatUtcDate } from '@shared/staff-time';
import { DIFFICULTY_LABELS } from '@shared/cocktail-constants';
import { CATEGORY_LABELS, type ProductCategory } from '@shared/limits-catalog';
import { cocktailAdminQuery, type CocktailAdminRow } from '@shared/schemas/cocktails';
import type { Route } from './+types/index';
import { buttonClass, type Column, DataTable, FilterSelect, PageHeader, Pagination, SearchBox, StatusBadge } from '~/components/admin-ui/list';
import { requireScreen } from '~/lib/guards.server';

export const meta: Route.MetaFunction = () => [{ title: 'Manage Recipes · Frolic' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireScreen(request, context, 'cocktails');
  const params = Object.fromEntries(new URL(request.url).searchParams);
  // A hand-edited URL with a bad value shows the plain list rather than an error page.
  const parsed = cocktailAdminQuery.safeParse(params);
  const query = parsed.success ? parsed.data : cocktailAdminQuery.parse({});
  return { page: await context.services.cocktails.adminList(query) };
}

const spirit = (s: string) => CATEGORY_LABELS[s as ProductCategory] ?? s;

const columns: Column<CocktailAdminRow>[] = [
  {
    key: 'name',
    label: 'Name',
    sortable: true,
    render: (c) => (
      <>
        <Link
          to={href('/admin/dashboard/cocktails/:id', { id: String(c.id) })}
          className="font-medium text-ink underline decoration-stone-300 underline-offset-4 hover:text-brass"
        >
          {c.name}
        </Link>
        <span className="block text-xs text-stone-600">/cocktails/{c.slug}</span>
      </>
    ),
  },
  { key: 'baseSpirit', label: 'Base spirit', sortable: true, render: (c) => spirit(c.baseSpirit) },
  { key: 'difficulty', label: 'Difficulty', sortable: true, render: (c) => DIFFICULTY_LABELS[c.difficulty] },
  { key: 'glass', label: 'Glass', render: (c) => c.glass },
  { key: 'ingredients', label: 'Ingredients', className: 'text-right', render: (c) => c.ingredientCount },
  {
    key: 'status',
    label: 'Status',
    render: (c) => (
      <span className="inline-flex gap-1">
        <StatusBadge status={c.published ? 'published' : 'draft'} />
        {c.featured ? <StatusBadge status="featured" label="featured" /> : null}
      </span>
    ),
  },
  { key: 'updatedAt', label: 'Updated', sortable: true, render: (c) => formatUtcDate(c.updatedAt) },
];

/** Search and both filters in one GET form; the sort survives, the page starts again at 1. */
function Filters() {
  return (
    <SearchBox label="Search recipes" placeholder="Name, slug or glass" owns={['published', 'baseSpirit']}>
      <FilterSelect label="Status" name="published" options={{ true: 'Published', false: 'Draft' }} />
      <FilterSelect label="Base spirit" name="baseSpirit" options={CATEGORY_LABELS} />
    </SearchBox>
  );
}

export default function ManageRecipes({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  return (
    <main id="main">
      <PageHeader title="Manage Recipes" description="Cocktail recipes on the public site: ingredients, method, image and whether they are published.">
        <Link to={href('/admin/dashboard/cocktails/new')} className={buttonClass.primary}>
          New recipe
        </Link>
      </PageHeader>
      <Filters />
      <DataTable columns={columns} rows={page.items} rowKey={(c) => c.id} caption="Cocktail recipes" empty="No recipes match." />
      <Pagination page={page.page} pageSize={page.pageSize} total={page.total} />
    </main>
  );
}
