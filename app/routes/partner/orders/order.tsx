// One order, for its buyer or its seller of any role (another organisation's order is a 404): where
// it stands, the lines asked for and approved side by side, the timeline, the thread, and what this
// side may do now. The seller's first opening marks it 'Seen'; either side's move reaches the other live.
import { href, Link } from 'react-router';
import { tradesFor } from '@shared/partners';
import { buyerPageLabels, buyerPages, supplierPages, tradeDocumentPath, tradeTypeOf } from '@shared/trade-pages';
import { orderId } from '@shared/schemas/orders';
import type { Route } from './+types/order';
import { buttonClass, PageHeader } from '~/components/admin-ui/list';
import { OrderView } from '~/features/orders/order-view';
import { OrderShipping } from '~/features/shipments/order-shipping';
import { orderPageAction, requireOrdersPage, threadOf } from '~/features/orders/orders.server';
import { orNotFound, requireFound } from '~/lib/params.server';

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.order ? `Order ${data.order.number}` : 'Order'} · Frolic` }];

const NOT_FOUND = 'We could not find that order.';
const idOf = (params: Route.LoaderArgs['params']) => requireFound(orderId.safeParse(params.id).data, NOT_FOUND);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireOrdersPage(request, context);
  const id = idOf(params);
  const order = await orNotFound(context.services.orders.get(user, id, context.auth.actor(user.id), 'partner'), NOT_FOUND);
  // The seller sees the credit hold before pressing Approve (the approval checks it again).
  const creditHold =
    order.side === 'seller' && order.actions.includes('approve')
      ? await context.services.payments.creditHold(user, { sellerId: order.seller.id, buyerId: order.buyer.id!, totalMinor: order.totalMinor })
      : null;
  return {
    order,
    messages: await threadOf(context, user, id, 'partner'),
    type: tradeTypeOf(user.roles),
    readOnly: !tradesFor(user.roles),
    // How far a partner's sale has shipped (derived from its lines) and the shipments carrying it.
    shipping: await context.services.shipments.forOrder(user, id),
    creditHold: creditHold?.reasons.length ? { reasons: creditHold.reasons.map((r) => ({ code: r.code, message: r.message })) } : null,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireOrdersPage(request, context);
  const id = idOf(params);
  await orNotFound(context.services.orders.get(user, id, context.auth.actor(user.id), 'partner'), NOT_FOUND);
  return orderPageAction(request, context, user, id, 'partner', href('/partner/dashboard/orders/:id', { id: String(id) }));
}

/** Back to where this side works on its orders: a seller's Approve Orders, a buyer's Order History (a retailer's Place Orders). */
function backLink(side: 'buyer' | 'seller', type: ReturnType<typeof tradeTypeOf>) {
  if (side === 'seller') {
    const pages = supplierPages(type);
    return pages ? { to: pages.approve, label: 'Approve Orders' } : null;
  }
  const pages = buyerPages(type);
  if (!pages) return null;
  return { to: pages.orderHistory, label: type === 'retailer' ? buyerPageLabels(type).placeOrder : 'Order History' };
}

export default function PartnerOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { order, messages, type, shipping, creditHold, readOnly } = loaderData;
  const back = backLink(order.side, type);
  // A buyer who trades starts a new order from this one's lines at today's prices (catalogue.server.ts).
  const placeOrder = order.side === 'buyer' && !readOnly ? buyerPages(type)?.placeOrder : undefined;
  const reorderTo = placeOrder ? `${placeOrder}?reorder=${order.id}` : null;
  return (
    <main id="main">
      <PageHeader title={`Order ${order.number}`} description={order.side === 'buyer' ? `To ${order.seller.name}` : `From ${order.buyer.name}`}>
        {reorderTo ? (
          <Link to={reorderTo} className={buttonClass.secondary}>
            Reorder
          </Link>
        ) : null}
        {back ? (
          <Link to={back.to} className={buttonClass.secondary}>
            {back.label}
          </Link>
        ) : null}
      </PageHeader>
      {shipping?.shipments.length ? (
        <div className="mb-6">
          <OrderShipping shipping={shipping} linkTo={(id) => tradeDocumentPath(type, order.side === 'seller' ? 'shipment' : 'receipt', id)} />
        </div>
      ) : null}
      <OrderView order={order} messages={messages} result={actionData} creditHold={creditHold} readOnly={readOnly} />
    </main>
  );
}
