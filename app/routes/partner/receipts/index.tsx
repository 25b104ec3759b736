// Upload Receipts (the retailer's, spec §2) or Receipts (an importer's or a distributor's, under
// buyer/): the shipments its supplier sent it, those waiting for its receipt first, each with its
// tracking link and to its page, where the buyer confirms what arrived.
import { buyerPageLabels, pagesAsBuyer, supplierOf, tradeTypeOf } from '@shared/trade-pages';
import type { ShipmentSummaryView } from '@shared/shipments';
import type { Route } from './+types/index';
import { FilterSelect, PageHeader, SearchBox } from '~/components/admin-ui/list';
import { SHIPMENT_STATUS_LABELS } from '@shared/shipments';
import { ShipmentList } from '~/features/shipments/shipment-list';
import { requireShipmentsPage, shipmentQuery } from '~/features/shipments/shipments.server';

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.title ?? 'Upload Receipts'} · Frolic` }];

const AWAITING = new Set<ShipmentSummaryView['status']>(['shipped', 'in_transit', 'exception']);

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireShipmentsPage(request, context);
  const query = shipmentQuery(request, 'receiving');
  const { items } = await context.services.shipments.list(user, query);
  const type = tradeTypeOf(user.roles);
  return {
    type,
    title: buyerPageLabels(type).receipts,
    supplier: supplierOf(type),
    awaiting: items.filter((s) => AWAITING.has(s.status) && !s.receiptStatus),
    others: items.filter((s) => !(AWAITING.has(s.status) && !s.receiptStatus)),
    filtered: !!(query.q || query.status),
  };
}

export default function Receipts({ loaderData }: Route.ComponentProps) {
  const { awaiting, others, filtered, type, title, supplier } = loaderData;
  const link = pagesAsBuyer(type).receipt;
  return (
    <main id="main" className="space-y-8">
      <PageHeader title={title} description={`Confirm each delivery from ${supplier}: what arrived, with a photo or PDF.`} />
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
