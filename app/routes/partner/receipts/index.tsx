// Upload Receipts (retailer): the shipments its distributor sent it, those waiting for its receipt
// first, each with its tracking link and to its page, where the retailer confirms what arrived.
import { href } from 'react-router';
import type { ShipmentSummaryView } from '@shared/shipments';
import type { Route } from './+types/index';
import { FilterSelect, PageHeader, SearchBox } from '~/components/admin-ui/list';
import { SHIPMENT_STATUS_LABELS } from '@shared/shipments';
import { ShipmentList } from '~/features/shipments/shipment-list';
import { requireShipmentsPage, shipmentQuery } from '~/features/shipments/shipments.server';

export const meta: Route.MetaFunction = () => [{ title: 'Upload Receipts · Frolic' }];

const AWAITING = new Set<ShipmentSummaryView['status']>(['shipped', 'in_transit', 'exception']);

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireShipmentsPage(request, context);
  const query = shipmentQuery(request, 'receiving');
  const { items } = await context.services.shipments.list(user, query);
  return {
    awaiting: items.filter((s) => AWAITING.has(s.status) && !s.receiptStatus),
    others: items.filter((s) => !(AWAITING.has(s.status) && !s.receiptStatus)),
    filtered: !!(query.q || query.status),
  };
}

const link = (id: number) => href('/partner/dashboard/retailer/receipts/:id', { id: String(id) });

export default function Receipts({ loaderData }: Route.ComponentProps) {
  const { awaiting, others, filtered } = loaderData;
  return (
    <main id="main" className="space-y-8">
      <PageHeader title="Upload Receipts" description="Confirm each delivery from your distributor: what arrived, with a photo or PDF." />
      <SearchBox label="Search shipments" placeholder="Number or tracking number" owns={['status']}>
        <FilterSelect label="Status" name="status" options={SHIPMENT_STATUS_LABELS} />
      </SearchBox>
      <section aria-labelledby="awaiting-heading" className="space-y-3">
        <h2 id="awaiting-heading" className="font-serif text-2xl">
          Waiting for your receipt
        </h2>
        <ShipmentList shipments={awaiting} party="sender" label="Shipments waiting for your receipt" linkTo={link} empty="Nothing is on its way to you." />
      </section>
      <section aria-labelledby="others-heading" className="space-y-3">
        <h2 id="others-heading" className="font-serif text-2xl">
          {filtered ? 'Other matching shipments' : 'All shipments'}
        </h2>
        <ShipmentList shipments={others} party="sender" label="Your shipments" linkTo={link} empty="No other shipments." />
      </section>
    </main>
  );
}
