// Shipments (a supplier: the distributor's at its spec §2 path, the importer's under supplier/): what
// it has shipped to its buyers, newest first, with a status filter and a search (number, tracking
// number, buyer); each to its page. A new shipment starts here.
import { Link } from 'react-router';
import { buyersOf, pagesAsSupplier, tradeTypeOf } from '@shared/trade-pages';
import { SHIPMENT_STATUS_LABELS } from '@shared/shipments';
import type { Route } from './+types/index';
import { buttonClass, FilterSelect, PageHeader, SearchBox } from '~/components/admin-ui/list';
import { ShipmentList } from '~/features/shipments/shipment-list';
import { requireShipmentsPage, shipmentQuery } from '~/features/shipments/shipments.server';

export const meta: Route.MetaFunction = () => [{ title: 'Shipments · Frolic' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireShipmentsPage(request, context);
  const query = shipmentQuery(request, 'sending');
  const list = await context.services.shipments.list(user, query);
  const type = tradeTypeOf(user.roles);
  return { ...list, status: query.status ?? '', q: query.q ?? '', type, buyers: buyersOf(type) };
}

export default function Shipments({ loaderData }: Route.ComponentProps) {
  const { items, next, status, q, type, buyers } = loaderData;
  const pages = pagesAsSupplier(type);
  const older = new URLSearchParams({ ...(status ? { status } : {}), ...(q ? { q } : {}), ...(next ? { after: next } : {}) });
  return (
    <main id="main" className="space-y-5">
      <PageHeader title="Shipments" description={`Ship your ${buyers.many}' approved orders, all at once or in parts, and follow them to their receipt.`}>
        <Link to={pages.newShipment} className={buttonClass.primary}>
          New shipment
        </Link>
      </PageHeader>
      <SearchBox label="Search shipments" placeholder={`Number, tracking number or ${buyers.one}`} owns={['status', 'after']}>
        <FilterSelect label="Status" name="status" options={SHIPMENT_STATUS_LABELS} />
      </SearchBox>
      <ShipmentList
        shipments={items}
        party="recipient"
        label="Your shipments"
        linkTo={pages.shipment}
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
