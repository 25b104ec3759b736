// Collateral & Events: the brand's collateral (files partners may request), its events, and the
// partners' requests for either — one tab each, with search, filters, sortable columns and pages in
// the URL so the server does the work. Event times are shown in the event's own time zone. The
// content tabs need CMS Access; the requests tab `marketing:requests` (open requests first).
import { href, Link } from 'react-router';
import { formatUtc, formatUtcDate } from '@shared/staff-time';
import { COLLATERAL_KIND_LABELS, formatEventTime } from '@shared/marketing-constants';
import { MARKETING_REQUEST_KIND_LABELS, MARKETING_REQUEST_STATUS_LABELS } from '@shared/marketing-request-constants';
import { collateralListQuery, eventListQuery } from '@shared/schemas/marketing';
import { staffRequestListQuery } from '@shared/schemas/marketing-requests';
import type { Route } from './+types/index';
import { buttonClass, type Column, DataTable, FilterSelect, PageHeader, Pagination, SearchBox, StatusBadge } from '~/components/admin-ui/list';
import { RequestStatusBadge } from '~/features/marketing-requests/status-badge';
import { can, requireAdminArea, requireScreen } from '~/lib/guards.server';

export const meta: Route.MetaFunction = () => [{ title: 'Collateral & Events · Frolic' }];

type Tab = 'collateral' | 'events' | 'requests';

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireAdminArea(request, context);
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const [content, requests] = await Promise.all([can(context, user, { permission: 'cms:access' }), can(context, user, { permission: 'marketing:requests' })]);
  // Without a tab asked for, staff who only handle requests start on theirs.
  const tab: Tab = params.tab === 'requests' || (!params.tab && !content && requests) ? 'requests' : params.tab === 'events' ? 'events' : 'collateral';
  await requireScreen(request, context, tab === 'requests' ? 'marketingRequests' : 'marketing');
  const allowed = { content, requests };
  const none = { collateral: null, events: null, requests: null };
  const marketing = context.services.marketing;
  // A hand-edited URL with a bad value shows the plain list rather than an error page.
  if (tab === 'requests') {
    const parsed = staffRequestListQuery.safeParse(params);
    const query = parsed.success ? parsed.data : staffRequestListQuery.parse({});
    return { tab, allowed, ...none, requests: await context.services.marketingRequests.list(user, query) };
  }
  if (tab === 'events') {
    const parsed = eventListQuery.safeParse(params);
    return { tab, allowed, ...none, events: await marketing.listEvents(parsed.success ? parsed.data : eventListQuery.parse({})) };
  }
  const parsed = collateralListQuery.safeParse(params);
  return { tab, allowed, ...none, collateral: await marketing.listCollateral(parsed.success ? parsed.data : collateralListQuery.parse({})) };
}

type Data = Awaited<ReturnType<typeof loader>>;
type CollateralRow = NonNullable<Data['collateral']>['items'][number];
type EventRow = NonNullable<Data['events']>['items'][number];
type RequestRow = NonNullable<Data['requests']>['items'][number];

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

const requestColumns: Column<RequestRow>[] = [
  {
    key: 'title',
    label: 'Request',
    render: (r) => (
      <Link to={href('/admin/dashboard/marketing/requests/:id', { id: String(r.id) })} className={linkClass}>
        {r.title}
      </Link>
    ),
  },
  { key: 'organisation', label: 'Organisation', sortable: true, render: (r) => r.organisationName },
  { key: 'kind', label: 'Kind', render: (r) => MARKETING_REQUEST_KIND_LABELS[r.kind] },
  {
    key: 'for',
    label: 'Needed by / date',
    render: (r) => (r.neededBy ? formatUtcDate(r.neededBy) : r.eventDate ? formatUtcDate(r.eventDate) : '—'),
  },
  { key: 'createdAt', label: 'Received', sortable: true, render: (r) => <time dateTime={new Date(r.createdAt).toISOString()}>{formatUtc(r.createdAt)}</time> },
  { key: 'status', label: 'Status', sortable: true, render: (r) => <RequestStatusBadge status={r.status} /> },
];

function Tabs({ tab, allowed }: { tab: Tab; allowed: { content: boolean; requests: boolean } }) {
  const tabs = [
    ...(allowed.content
      ? ([
          { key: 'collateral', label: 'Collateral', to: '?tab=collateral' },
          { key: 'events', label: 'Events', to: '?tab=events' },
        ] as const)
      : []),
    ...(allowed.requests ? ([{ key: 'requests', label: 'Requests', to: '?tab=requests' }] as const) : []),
  ];
  return (
    <nav aria-label="Collateral, events or requests" className="mb-4 flex gap-2 border-b border-stone-200">
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

const SEARCH: Record<Tab, { label: string; placeholder: string }> = {
  collateral: { label: 'Search collateral', placeholder: 'Title or description' },
  events: { label: 'Search events', placeholder: 'Title, venue or city' },
  requests: { label: 'Search requests', placeholder: 'Title, details or organisation' },
};

export default function Marketing({ loaderData }: Route.ComponentProps) {
  const { tab, allowed, collateral, events, requests } = loaderData;
  return (
    <main id="main">
      <PageHeader
        title="Collateral & Events"
        description="Brochures, shelf talkers and POS kits partners may request, the brand's events, and partners' requests for either."
      >
        {allowed.content ? (
          <>
            <Link to={href('/admin/dashboard/marketing/collateral/new')} className={buttonClass.secondary}>
              New collateral item
            </Link>
            <Link to={href('/admin/dashboard/marketing/events/new')} className={buttonClass.primary}>
              New event
            </Link>
          </>
        ) : null}
      </PageHeader>
      <Tabs tab={tab} allowed={allowed} />
      {/* Keyed by tab: the other tab's search text does not carry over. The tab itself is kept as a URL parameter. */}
      <SearchBox key={tab} label={SEARCH[tab].label} placeholder={SEARCH[tab].placeholder} owns={tab === 'requests' ? ['kind', 'status'] : []}>
        {tab === 'requests' ? (
          <>
            <FilterSelect label="Kind" name="kind" options={MARKETING_REQUEST_KIND_LABELS} />
            <FilterSelect label="Status" name="status" options={MARKETING_REQUEST_STATUS_LABELS} />
          </>
        ) : null}
      </SearchBox>
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
      {requests ? (
        <>
          <DataTable columns={requestColumns} rows={requests.items} rowKey={(r) => r.id} caption="Partners' requests" empty="No requests match." />
          <Pagination page={requests.page} pageSize={requests.pageSize} total={requests.total} />
        </>
      ) : null}
    </main>
  );
}
