// Staff-wide search (the top bar's box): the first few matches of each kind the user may open, each
// group linking to its own list with the same `q`. Every group is that list's own query with a small
// page, so a group's count is what "See all" shows and no search SQL lives twice.
import { href, Link } from 'react-router';
import { COLLATERAL_KIND_LABELS } from '@shared/marketing-constants';
import type { Permission } from '@shared/policy';
import { adminListQuery, type AdminPage } from '@shared/schemas/admin';
import { adminProductListQuery } from '@shared/schemas/catalog';
import { cocktailAdminQuery } from '@shared/schemas/cocktails';
import { inquiryListQuery } from '@shared/schemas/inquiries';
import { collateralListQuery, eventListQuery } from '@shared/schemas/marketing';
import { mediaListQuery } from '@shared/schemas/media';
import { storeAdminQuery } from '@shared/schemas/stores';
import type { Route } from './+types/search';
import { PageHeader } from '~/components/admin-ui/list';
import { can, requireAdminArea } from '~/lib/guards.server';

export const meta: Route.MetaFunction = () => [{ title: 'Search · Frolic' }];

/** Matches shown per kind; the rest are one "See all" away. */
const PER_GROUP = 8;
/** The lists' own rule for `q` (trimmed, length-limited); the sort column is unused here. */
const searchTerm = adminListQuery(['name'] as const).pick({ q: true });

interface Hit {
  key: string;
  title: string;
  detail: string;
  to: string;
}

interface Group {
  kind: string;
  label: string;
  /** Plural noun for "See all N …". */
  noun: string;
  total: number;
  seeAll: string;
  hits: Hit[];
}

const withQ = (path: string, q: string, extra: Record<string, string> = {}) => `${path}?${new URLSearchParams({ ...extra, q })}`;
const joined = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(' · ');

function toGroup<T>(head: Omit<Group, 'total' | 'hits'>, page: AdminPage<T>, hit: (row: T) => Hit): Group {
  return { ...head, total: page.total, hits: page.items.map(hit) };
}

type Services = Route.LoaderArgs['context']['services'];

/** One search per kind, with the permission its pages need. */
function searches(s: Services, q: string): { permission: Permission; run: () => Promise<Group> }[] {
  const first = { q, pageSize: PER_GROUP };
  return [
    {
      permission: 'cms:access',
      run: async () =>
        toGroup(
          { kind: 'products', label: 'Products', noun: 'products', seeAll: withQ(href('/admin/dashboard/products'), q) },
          await s.catalog.adminList(adminProductListQuery.parse(first)),
          (p) => ({
            key: `product-${p.id}`,
            title: p.name,
            detail: joined(p.slug, p.status),
            to: href('/admin/dashboard/products/:id', { id: String(p.id) }),
          }),
        ),
    },
    {
      permission: 'cms:access',
      run: async () =>
        toGroup(
          { kind: 'stores', label: 'Stores', noun: 'stores', seeAll: withQ(href('/admin/dashboard/store-locator'), q) },
          await s.stores.adminList(storeAdminQuery.parse(first)),
          (r) => ({
            key: `store-${r.id}`,
            title: r.name,
            detail: joined(r.city, r.postcode, r.country),
            to: href('/admin/dashboard/store-locator/:id', { id: String(r.id) }),
          }),
        ),
    },
    {
      permission: 'cms:access',
      run: async () =>
        toGroup(
          { kind: 'cocktails', label: 'Cocktails', noun: 'recipes', seeAll: withQ(href('/admin/dashboard/cocktails'), q) },
          await s.cocktails.adminList(cocktailAdminQuery.parse(first)),
          (c) => ({
            key: `cocktail-${c.id}`,
            title: c.name,
            detail: joined(c.slug, c.published ? 'published' : 'draft'),
            to: href('/admin/dashboard/cocktails/:id', { id: String(c.id) }),
          }),
        ),
    },
    {
      permission: 'cms:access',
      run: async () =>
        toGroup(
          { kind: 'collateral', label: 'Collateral', noun: 'collateral items', seeAll: withQ(href('/admin/dashboard/marketing'), q) },
          await s.marketing.listCollateral(collateralListQuery.parse(first)),
          (c) => ({
            key: `collateral-${c.id}`,
            title: c.title,
            detail: COLLATERAL_KIND_LABELS[c.kind],
            to: href('/admin/dashboard/marketing/collateral/:id', { id: String(c.id) }),
          }),
        ),
    },
    {
      permission: 'cms:access',
      run: async () =>
        toGroup(
          { kind: 'events', label: 'Events', noun: 'events', seeAll: withQ(href('/admin/dashboard/marketing'), q, { tab: 'events' }) },
          await s.marketing.listEvents(eventListQuery.parse(first)),
          (e) => ({
            key: `event-${e.id}`,
            title: e.title,
            detail: joined(e.venue, e.city, e.country),
            to: href('/admin/dashboard/marketing/events/:id', { id: String(e.id) }),
          }),
        ),
    },
    {
      permission: 'inquiries:manage',
      run: async () =>
        toGroup(
          { kind: 'inquiries', label: 'Inquiries', noun: 'inquiries', seeAll: withQ(href('/admin/dashboard/inquiries'), q) },
          await s.inquiries.list(inquiryListQuery.parse(first)),
          (r) => ({
            key: `inquiry-${r.kind}-${r.id}`,
            title: `${r.from} — ${r.subject}`,
            detail: joined(r.email, r.kind),
            to: href('/admin/dashboard/inquiries/:kind/:id', { kind: r.kind, id: String(r.id) }),
          }),
        ),
    },
    {
      permission: 'cms:access',
      run: async () =>
        // The library has no page per file: its row (alt text, delete) is found by the file's name.
        toGroup(
          { kind: 'media', label: 'Media', noun: 'media files', seeAll: withQ(href('/admin/dashboard/media'), q) },
          await s.media.list(mediaListQuery.parse(first)),
          (m) => ({
            key: `media-${m.id}`,
            title: m.originalName,
            detail: joined(m.kind, m.altText),
            to: withQ(href('/admin/dashboard/media'), m.originalName),
          }),
        ),
    },
  ];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireAdminArea(request, context);
  const parsed = searchTerm.safeParse({ q: new URL(request.url).searchParams.get('q') ?? undefined });
  if (!parsed.success) return { q: '', tooLong: true, groups: [] };
  const q = parsed.data.q;
  if (!q) return { q: '', tooLong: false, groups: [] };
  const all = searches(context.services, q);
  const allowed = await Promise.all(all.map((s) => can(context, user, { permission: s.permission })));
  const groups = await Promise.all(all.filter((_, i) => allowed[i]).map((s) => s.run()));
  return { q, tooLong: false, groups: groups.filter((g) => g.total > 0) };
}

function ResultGroup({ group: g }: { group: Group }) {
  const headingId = `search-${g.kind}`;
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-stone-200 bg-white p-4" data-testid={`search-group-${g.kind}`}>
      <div className="mb-2 flex items-baseline justify-between gap-4">
        <h2 id={headingId} className="font-serif text-xl">
          {g.label} <span className="text-sm text-stone-600">({g.total})</span>
        </h2>
        <Link to={g.seeAll} className="text-sm font-medium underline decoration-stone-300 underline-offset-4 hover:text-brass">
          {`See all ${g.total} ${g.noun}`}
        </Link>
      </div>
      <ul className="divide-y divide-stone-100">
        {g.hits.map((h) => (
          <li key={h.key} className="py-2">
            <Link to={h.to} className="font-medium text-ink underline decoration-stone-300 underline-offset-4 hover:text-brass">
              {h.title}
            </Link>
            {h.detail ? <span className="block text-xs text-stone-600">{h.detail}</span> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function AdminSearch({ loaderData }: Route.ComponentProps) {
  const { q, tooLong, groups } = loaderData;
  let body: React.ReactNode;
  if (tooLong) body = <p className="text-stone-700">That search is too long: try a shorter one.</p>;
  else if (!q) body = <p className="text-stone-700">Type a name, city, email or file name in the search box at the top to find it across the dashboard.</p>;
  else if (groups.length === 0) body = <p className="text-stone-700">{`Nothing matches “${q}”.`}</p>;
  else
    body = (
      <div className="grid gap-4 lg:grid-cols-2">
        {groups.map((g) => (
          <ResultGroup key={g.kind} group={g} />
        ))}
      </div>
    );
  return (
    <>
      <PageHeader title="Search" description={q && !tooLong ? `Results for “${q}”` : undefined} />
      {body}
    </>
  );
}
