// One shipment addressed to the buyer (anyone else: a 404): where it stands with its tracking
// link, the lines, and — once it is on its way — the receipt form (cases received and damaged per
// line, a note, a photo or PDF); afterwards the receipt and how the supplier answered a shortfall.
import { Link } from 'react-router';
import { shipmentId } from '@shared/schemas/shipments';
import { buyerPageLabels, pagesAsBuyer, tradeTypeOf } from '@shared/trade-pages';
import type { Route } from './+types/receipt';
import { buttonClass, PageHeader } from '~/components/admin-ui/list';
import { ReceiptForm } from '~/features/shipments/receipt-form';
import { ShipmentView } from '~/features/shipments/shipment-view';
import { receiptAction, requireShipmentsPage } from '~/features/shipments/shipments.server';
import { notFound, orNotFound, requireFound } from '~/lib/params.server';

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.shipment ? `Shipment ${data.shipment.number}` : 'Shipment'} · Frolic` }];

const NOT_FOUND = 'We could not find that shipment.';
const idOf = (params: Route.LoaderArgs['params']) => requireFound(shipmentId.safeParse(params.id).data, NOT_FOUND);

async function load(request: Request, context: Route.LoaderArgs['context'], params: Route.LoaderArgs['params']) {
  const user = await requireShipmentsPage(request, context);
  const id = idOf(params);
  const shipment = await orNotFound(context.services.shipments.get(user, id), NOT_FOUND);
  if (shipment.side !== 'recipient') throw notFound(NOT_FOUND);
  return { user, id, shipment };
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { user, shipment } = await load(request, context, params);
  return { shipment, type: tradeTypeOf(user.roles) };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { user, id } = await load(request, context, params);
  return receiptAction(request, context, user, id);
}

export default function RetailerShipment({ loaderData, actionData }: Route.ComponentProps) {
  const { shipment, type } = loaderData;
  const pages = pagesAsBuyer(type);
  return (
    <main id="main">
      <PageHeader title={`Shipment ${shipment.number}`} description={`From ${shipment.sender.name}`}>
        <Link to={pages.receipts} className={buttonClass.secondary}>
          {buyerPageLabels(type).receipts}
        </Link>
      </PageHeader>
      <ShipmentView shipment={shipment} shipmentLink={pages.receipt}>
        {shipment.actions.includes('receive') ? <ReceiptForm shipment={shipment} result={actionData} /> : null}
        {shipment.status === 'preparing' ? (
          <p className="rounded-xl bg-white p-6 text-stone-700 shadow-sm">Being prepared: you can confirm it once it has been shipped.</p>
        ) : null}
      </ShipmentView>
    </main>
  );
}
