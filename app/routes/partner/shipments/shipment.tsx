// One shipment, for the supplier that sends it (anyone else: a 404): where it stands, the
// tracking link, the lines, the buyer's receipt with its photo or PDF, and what it may do now —
// the moves the transition table allows, calling it off while it is prepared, answering a discrepancy.
import { Link } from 'react-router';
import { shipmentId } from '@shared/schemas/shipments';
import { pagesAsSupplier, tradeTypeOf } from '@shared/trade-pages';
import type { Route } from './+types/shipment';
import { buttonClass, PageHeader } from '~/components/admin-ui/list';
import { SenderActions } from '~/features/shipments/sender-actions';
import { ShipmentView } from '~/features/shipments/shipment-view';
import { requireShipmentsPage, senderShipmentAction } from '~/features/shipments/shipments.server';
import { notFound, orNotFound, requireFound } from '~/lib/params.server';

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.shipment ? `Shipment ${data.shipment.number}` : 'Shipment'} · Frolic` }];

const NOT_FOUND = 'We could not find that shipment.';
const idOf = (params: Route.LoaderArgs['params']) => requireFound(shipmentId.safeParse(params.id).data, NOT_FOUND);

async function load(request: Request, context: Route.LoaderArgs['context'], params: Route.LoaderArgs['params']) {
  const user = await requireShipmentsPage(request, context);
  const id = idOf(params);
  const shipment = await orNotFound(context.services.shipments.get(user, id), NOT_FOUND);
  // This is the sender's page; a recipient has its own (Upload Receipts).
  if (shipment.side !== 'sender') throw notFound(NOT_FOUND);
  return { user, id, shipment };
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { user, shipment } = await load(request, context, params);
  return { shipment, type: tradeTypeOf(user.roles) };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { user, id } = await load(request, context, params);
  return senderShipmentAction(request, context, user, id);
}

export default function SenderShipment({ loaderData, actionData }: Route.ComponentProps) {
  const { shipment, type } = loaderData;
  const pages = pagesAsSupplier(type);
  return (
    <main id="main">
      <PageHeader title={`Shipment ${shipment.number}`} description={`To ${shipment.recipient.name}`}>
        <Link to={pages.shipments} className={buttonClass.secondary}>
          Shipments
        </Link>
      </PageHeader>
      <ShipmentView shipment={shipment} shipmentLink={pages.shipment}>
        <SenderActions shipment={shipment} result={actionData} />
      </ShipmentView>
    </main>
  );
}
