// Trade shipments (staff with Order Management, acting for the brand): what the brand has shipped to
// its importers, newest first, with a status filter and a search (number, tracking number, importer);
// each to its page — the partners' Shipments list, for the brand. A new shipment starts here.
import { href, Link } from 'react-router';
import { SHIPMENT_STATUS_LABELS } from '@shared/shipments';
import type { Route } from './+types/index';
import { buttonClass, FilterSelect, PageHeader, SearchBox } from '~/components/admin-ui/list';
import { ShipmentList } from '~/features/shipments/shipment-list';
import { shipmentQuery } from '~/features/shipments/shipments.server';
import { requireTradeScreen } from '../trade-screens.server';
import { shipmentPage } from './pages';

export const meta: Route.MetaFunction = () => [{ title: 'Trade shipments · Frolic' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireTradeScreen(request, context, 'tradeShipments');
  const query = shipmentQuery(request, 'sending');
  const list = await context.services.shipments.list(user, query);
  return { ...list, status: query.status ?? '', q: query.q ?? '' };
}

export default function TradeShipments({ loaderData }: Route.ComponentProps) {
  const { items, next, status, q } = loaderData;
  const older = new URLSearchParams({ ...(status ? { status } : {}), ...(q ? { q } : {}), ...(next ? { after: next } : {}) });
  return (
    <main id="main" className="space-y-5">
      <PageHeader title="Trade shipments" description="Ship the importers' approved orders, all at once or in parts, and follow them to their receipt.">
        <Link to={href('/admin/dashboard/trade-shipments/new')} className={buttonClass.primary}>
          New shipment
        </Link>
      </PageHeader>
      <SearchBox label="Search shipments" placeholder="Number, tracking number or importer" owns={['status', 'after']}>
        <FilterSelect label="Status" name="status" options={SHIPMENT_STATUS_LABELS} />
      </SearchBox>
      <ShipmentList
        shipments={items}
        party="recipient"
        label="Trade shipments"
        linkTo={shipmentPage}
        empty={q || status ? 'No shipment matches.' : 'No shipments yet.'}
      />
      {next ? (
        <Link to={`?${older}`} className={buttonClass.secondary}>
          Older shipments
        </Link>
      ) : null}
    </main>
  );
}
