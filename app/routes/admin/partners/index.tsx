// Partners (staff, User Management): every organisation of the trade network — search by name,
// licence number or town; filters by type, status, market and expiring licences; sortable columns
// and pages in the URL, all applied on the server.
import { href, Link } from 'react-router';
import { MARKETS } from '@shared/markets';
import { ORGANISATION_STATUS_LABELS, ORGANISATION_TYPE_LABELS, type OrganisationRow, organisationListQuery } from '@shared/schemas/partners-admin';
import type { Route } from './+types/index';
import { buttonClass, type Column, DataTable, FilterSelect, PageHeader, Pagination, SearchBox } from '~/components/admin-ui/list';
import { LicenceCell, OrganisationStatusBadge } from '~/features/organisations/badges';
import { requireScreen } from '~/lib/guards.server';

export const meta: Route.MetaFunction = () => [{ title: 'Partners · Frolic' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireScreen(request, context, 'partners');
  // A hand-edited URL with a bad value shows the plain list rather than an error page.
  const parsed = organisationListQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  const query = parsed.success ? parsed.data : organisationListQuery.parse({});
  return { page: await context.services.partners.list(query) };
}

const columns: Column<OrganisationRow>[] = [
  {
    key: 'tradingName',
    label: 'Organisation',
    sortable: true,
    render: (o) => (
      <span className="flex flex-col">
        <Link
          to={href('/admin/dashboard/partners/:id', { id: o.id })}
          className="font-medium text-ink underline decoration-stone-300 underline-offset-4 hover:text-brass"
        >
          {o.tradingName}
        </Link>
        <span className="text-xs text-stone-600">{o.legalName}</span>
      </span>
    ),
  },
  { key: 'type', label: 'Type', sortable: true, render: (o) => ORGANISATION_TYPE_LABELS[o.type] },
  { key: 'status', label: 'Status', sortable: true, render: (o) => <OrganisationStatusBadge status={o.status} /> },
  { key: 'supplier', label: 'Supplier', render: (o) => o.supplierName ?? (o.type === 'importer' ? 'Frolic' : '—') },
  { key: 'place', label: 'Town and market', render: (o) => `${o.city}, ${o.country} · ${o.market}` },
  { key: 'licenceNumber', label: 'Licence', render: (o) => o.licenceNumber },
  { key: 'licenceExpiresOn', label: 'Licence expiry', sortable: true, render: (o) => <LicenceCell expiresOn={o.licenceExpiresOn} licence={o.licence} /> },
  { key: 'members', label: 'People', className: 'text-right', render: (o) => o.members },
];

const MARKET_OPTIONS = Object.fromEntries(MARKETS.map((m) => [m.code, `${m.name} (${m.currency})`]));

export default function PartnersList({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  return (
    <main id="main">
      <PageHeader title="Partners" description="Importers, distributors and retailers: their licences, their place in the tree, their terms and their people.">
        <Link to={href('/admin/dashboard/partners/new')} className={buttonClass.primary}>
          New organisation
        </Link>
        <Link to={href('/admin/dashboard/partners/tree')} className={buttonClass.secondary}>
          Trade tree
        </Link>
      </PageHeader>
      <SearchBox label="Search organisations" placeholder="Name, licence number or town" owns={['type', 'status', 'market', 'expiring']}>
        <FilterSelect label="Type" name="type" options={ORGANISATION_TYPE_LABELS} />
        <FilterSelect label="Status" name="status" options={ORGANISATION_STATUS_LABELS} />
        <FilterSelect label="Market" name="market" options={MARKET_OPTIONS} />
        <FilterSelect label="Licence" name="expiring" options={{ 1: 'Expiring within 30 days or expired' }} all="Any" />
      </SearchBox>
      <DataTable columns={columns} rows={page.items} rowKey={(o) => o.id} caption="Partner organisations" empty="No organisations match." />
      <Pagination page={page.page} pageSize={page.pageSize} total={page.total} />
    </main>
  );
}
