// Collateral & Events: the brand's collateral (files partners may request) and its events, one tab
// each — search, sortable columns and pages in the URL so the server does the work. Event times are
// shown in the event's own time zone.
import { href, Link } from 'react-router';
import { formatUtcDate } from '@shared/staff-time';
import { COLLATERAL_KIND_LABELS, formatEventTime } from '@shared/marketing-constants';
import { collateralListQuery, eventListQuery } from '@shared/schemas/marketing';
import type { Route } from './+types/index';
import { buttonClass, type Column, DataTable, PageHeader, Pagination, SearchBox, StatusBadge } from '~/components/admin-ui/list';
import { requirePermission } from '~/lib/guards.server';

export const meta: Route.MetaFunction = () => [{ title: 'Collateral & Events · Frolic' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, 'cms:access');
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const marketing = context.services.marketing;
  // A hand-edited URL with a bad value shows the plain list rather than an error page.
  if (params.tab === 'events') {
    const parsed = eventListQuery.safeParse(params);
    return { tab: 'events' as const, events: await marketing.listEvents(parsed.success ? parsed.data : eventListQuery.parse({})), collateral: null };
  }
  const parsed = collateralListQuery.safeParse(params);
  return { tab: 'collateral' as const, collateral: await marketing.listCollateral(parsed.success ? parsed.data : collateralListQuery.parse({})), events: null };
}

type Data = Awaited<ReturnType<typeof loader>>;
type CollateralRow = NonNullable<Data['collateral']>['items'][number];
type EventRow = NonNullable<Data['events']>['items'][number];

const linkClass = 'font-medium text-ink underline decoration-stone-300 underline-offset-4 hover:text-brass';

const collateralColumns: Column<CollateralRow>[] = [
  {
    key: 'title',
    label: 'Title',
    sortable: true,
    render: (c) => (
      <Link to={href('/admin/dashboard/marketing/collateral/:id', { id: String(c.id) })} className={linkClass}>
        {c.title}
      </Link>
    ),
  },
  { key: 'kind', label: 'Kind', sortable: true, render: (c) => COLLATERAL_KIND_LABELS[c.kind] },
  {
    key: 'file',
    label: 'File',
    render: (c) =>
      c.media ? (
        <a href={c.media.url} className="underline">
          {c.media.originalName}
        </a>
      ) : (
        '—'
      ),
  },
  { key: 'audience', label: 'Audience', render: (c) => c.audience.map((a) => `${a[0]?.toUpperCase()}${a.slice(1)}s`).join(', ') },
  { key: 'status', label: 'Status', render: (c) => <StatusBadge status={c.published ? 'published' : 'draft'} /> },
  { key: 'updatedAt', label: 'Updated', sortable: true, render: (c) => formatUtcDate(c.updatedAt) },
];

const eventColumns: Column<EventRow>[] = [
  {
    key: 'title',
    label: 'Title',
    sortable: true,
    render: (e) => (
      <Link to={href('/admin/dashboard/marketing/events/:id', { id: String(e.id) })} className={linkClass}>
        {e.title}
      </Link>
    ),
  },
  {
    key: 'startsAt',
    label: 'Starts',
    sortable: true,
    render: (e) => (
      <time dateTime={new Date(e.startsAt).toISOString()} title={e.timezone}>
        {formatEventTime(e.startsLocal, e.timezone)}
      </time>
    ),
  },
  { key: 'venue', label: 'Venue', render: (e) => e.venue },
  { key: 'city', label: 'City', sortable: true, render: (e) => [e.city, e.country].filter(Boolean).join(', ') || '—' },
  { key: 'capacity', label: 'Capacity', className: 'text-right', render: (e) => e.capacity ?? '—' },
  { key: 'status', label: 'Status', render: (e) => <StatusBadge status={e.published ? 'published' : 'draft'} /> },
];

function Tabs({ tab }: { tab: 'collateral' | 'events' }) {
  const tabs = [
    { key: 'collateral', label: 'Collateral', to: '?tab=collateral' },
    { key: 'events', label: 'Events', to: '?tab=events' },
  ] as const;
  return (
    <nav aria-label="Collateral or events" className="mb-4 flex gap-2 border-b border-stone-200">
      {tabs.map((t) => (
        <Link
          key={t.key}
          to={t.to}
          aria-current={tab === t.key ? 'page' : undefined}
          className={`-mb-px border-b-2 px-4 py-2 text-sm font-medium ${tab === t.key ? 'border-forest text-ink' : 'border-transparent text-stone-600 hover:text-ink'}`}
        >
          {t.label}
        </Link>
      ))}
    </nav>
  );
}

export default function Marketing({ loaderData }: Route.ComponentProps) {
  const { tab, collateral, events } = loaderData;
  return (
    <main id="main">
      <PageHeader title="Collateral & Events" description="Brochures, shelf talkers and POS kits partners may request, and the brand's events.">
        <Link to={href('/admin/dashboard/marketing/collateral/new')} className={buttonClass.secondary}>
          New collateral item
        </Link>
        <Link to={href('/admin/dashboard/marketing/events/new')} className={buttonClass.primary}>
          New event
        </Link>
      </PageHeader>
      <Tabs tab={tab} />
      {/* Keyed by tab: the other tab's search text does not carry over. The tab itself is kept as a URL parameter. */}
      <SearchBox
        key={tab}
        label={tab === 'events' ? 'Search events' : 'Search collateral'}
        placeholder={tab === 'events' ? 'Title, venue or city' : 'Title or description'}
      />
      {collateral ? (
        <>
          <DataTable columns={collateralColumns} rows={collateral.items} rowKey={(c) => c.id} caption="Collateral items" empty="No collateral items match." />
          <Pagination page={collateral.page} pageSize={collateral.pageSize} total={collateral.total} />
        </>
      ) : null}
      {events ? (
        <>
          <DataTable columns={eventColumns} rows={events.items} rowKey={(e) => e.id} caption="Events" empty="No events match." />
          <Pagination page={events.page} pageSize={events.pageSize} total={events.total} />
        </>
      ) : null}
    </main>
  );
}
