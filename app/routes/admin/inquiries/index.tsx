// Inquiries: contact messages and business inquiries from the public forms in one table — filters
// by kind and status, search, sortable columns and pages, all in the URL so the server does the work.
import { href, Link } from 'react-router';
import { INQUIRY_STATUS_LABELS } from '@shared/inquiry-constants';
import { inquiryListQuery } from '@shared/schemas/inquiries';
import { formatUtc } from '@shared/staff-time';
import type { Route } from './+types/index';
import { type Column, DataTable, FilterSelect, PageHeader, Pagination, SearchBox, StatusBadge } from '~/components/admin-ui/list';
import { requireScreen } from '~/lib/guards.server';

export const meta: Route.MetaFunction = () => [{ title: 'Inquiries · Frolic' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireScreen(request, context, 'inquiries');
  const params = Object.fromEntries(new URL(request.url).searchParams);
  // A hand-edited URL with a bad value shows the plain list rather than an error page.
  const parsed = inquiryListQuery.safeParse(params);
  const query = parsed.success ? parsed.data : inquiryListQuery.parse({});
  return { page: await context.services.inquiries.list(query) };
}

type Row = Awaited<ReturnType<typeof loader>>['page']['items'][number];

const KIND_LABELS = { contact: 'Contact', business: 'Business' } as const;

const columns: Column<Row>[] = [
  { key: 'kind', label: 'Kind', render: (r) => KIND_LABELS[r.kind] },
  {
    key: 'from',
    label: 'From',
    sortable: true,
    render: (r) => (
      <>
        <Link
          to={href('/admin/dashboard/inquiries/:kind/:id', { kind: r.kind, id: String(r.id) })}
          className="font-medium text-ink underline decoration-stone-300 underline-offset-4 hover:text-brass"
        >
          {r.from}
        </Link>
        <span className="block text-xs text-stone-600">{r.email}</span>
      </>
    ),
  },
  { key: 'subject', label: 'Subject / company', render: (r) => r.subject },
  { key: 'status', label: 'Status', sortable: true, render: (r) => <StatusBadge status={r.status} label={INQUIRY_STATUS_LABELS[r.status]} /> },
  { key: 'assignee', label: 'Assignee', render: (r) => r.assigneeName ?? <span className="text-stone-500">Unassigned</span> },
  { key: 'receivedAt', label: 'Received', sortable: true, render: (r) => <time dateTime={new Date(r.createdAt).toISOString()}>{formatUtc(r.createdAt)}</time> },
];

/** Search and both filters in one GET form; the sort survives, the page starts again at 1. */
function Filters() {
  return (
    <SearchBox label="Search inquiries" placeholder="Name, company, email or message" owns={['kind', 'status']}>
      <FilterSelect label="Kind" name="kind" options={{ contact: 'Contact messages', business: 'Business inquiries' }} />
      <FilterSelect label="Status" name="status" options={INQUIRY_STATUS_LABELS} />
    </SearchBox>
  );
}

export default function Inquiries({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  return (
    <main id="main">
      <PageHeader title="Inquiries" description="Contact messages and business inquiries from the public forms: who handles them, and how far they got." />
      <Filters />
      <DataTable columns={columns} rows={page.items} rowKey={(r) => `${r.kind}-${r.id}`} caption="Inquiries" empty="No inquiries match." />
      <Pagination page={page.page} pageSize={page.pageSize} total={page.total} />
    </main>
  );
}
