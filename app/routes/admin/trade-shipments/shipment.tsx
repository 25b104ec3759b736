// One of the brand's shipments (staff with Order Management): where it stands, the tracking link, the
// lines, the importer's receipt with its photo or PDF, and what staff may do now — the moves the
// transition table allows, calling it off while it is prepared, answering a discrepancy — the
// partners' sender page, for the brand. Any other shipment (a partner's, or one the brand receives:
// none) is a 404 here.
import { href, Link } from 'react-router';
import { shipmentId } from '@shared/schemas/shipments';
import type { Route } from './+types/shipment';
import { buttonClass, PageHeader } from '~/components/admin-ui/list';
import { SenderActions } from '~/features/shipments/sender-actions';
import { ShipmentView } from '~/features/shipments/shipment-view';
import { senderShipmentAction } from '~/features/shipments/shipments.server';
import { notFound, orNotFound, requireFound } from '~/lib/params.server';
import { requireTradeScreen } from '../trade-screens.server';
import { shipmentPage, STAFF_SENDER_PAGES } from './pages';

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.shipment ? `Shipment ${data.shipment.number}` : 'Shipment'} · Trade shipments · Frolic` },
];

const NOT_FOUND = 'We could not find that shipment.';
const idOf = (params: Route.LoaderArgs['params']) => requireFound(shipmentId.safeParse(params.id).data, NOT_FOUND);

async function load(request: Request, context: Route.LoaderArgs['context'], params: Route.LoaderArgs['params']) {
  const user = await requireTradeScreen(request, context, 'tradeShipments');
  const id = idOf(params);
  const shipment = await orNotFound(context.services.shipments.get(user, id), NOT_FOUND);
  // The brand's sender page only.
  if (shipment.side !== 'sender') throw notFound(NOT_FOUND);
  return { user, id, shipment };
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { shipment } = await load(request, context, params);
  return { shipment };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { user, id } = await load(request, context, params);
  return senderShipmentAction(request, context, user, id, STAFF_SENDER_PAGES);
}

export default function TradeShipment({ loaderData, actionData }: Route.ComponentProps) {
  const { shipment } = loaderData;
  return (
    <main id="main">
      <PageHeader title={`Shipment ${shipment.number}`} description={`To ${shipment.recipient.name}`}>
        <Link to={href('/admin/dashboard/trade-shipments')} className={buttonClass.secondary}>
          Trade shipments
        </Link>
      </PageHeader>
      <ShipmentView shipment={shipment} shipmentLink={shipmentPage} orderLink={(id) => href('/admin/dashboard/trade-orders/:id', { id: String(id) })}>
        <SenderActions shipment={shipment} result={actionData} />
      </ShipmentView>
    </main>
  );
}
