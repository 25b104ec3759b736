// One importer's order to the brand, for staff with Order Management: approve (with line changes,
// reserving the brand's stock; the importer's credit hold shown first), reject, cancel, mark shipped
// and delivered; its shipments (each to Trade shipments); the thread with the importer and the
// timeline. Another channel's order (between partners) is a 404 here.
import { href, Link } from 'react-router';
import { orderId } from '@shared/schemas/orders';
import type { Route } from './+types/order';
import { buttonClass, PageHeader } from '~/components/admin-ui/list';
import { OrderView } from '~/features/orders/order-view';
import { OrderShipping } from '~/features/shipments/order-shipping';
import { orderPageAction, requireTradeOrders, threadOf } from '~/features/orders/orders.server';
import { orNotFound, requireFound } from '~/lib/params.server';

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.order ? `Order ${data.order.number}` : 'Order'} · Trade orders · Frolic` }];

const NOT_FOUND = 'We could not find that order.';
const idOf = (params: Route.LoaderArgs['params']) => requireFound(orderId.safeParse(params.id).data, NOT_FOUND);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireTradeOrders(request, context);
  const id = idOf(params);
  const order = await orNotFound(context.services.orders.get(user, id, context.auth.actor(user.id), 'staff'), NOT_FOUND);
  // Staff see the importer's credit hold with the brand before pressing Approve (the approval checks it again).
  const creditHold = order.actions.includes('approve')
    ? await context.services.payments.creditHold(user, { sellerId: order.seller.id, buyerId: order.buyer.id!, totalMinor: order.totalMinor }, 'staff')
    : null;
  // How far it has shipped, each shipment to its page in Trade shipments.
  const shipping = await context.services.shipments.forOrder(user, id);
  return {
    order,
    messages: await threadOf(context, user, id, 'staff'),
    shipping: shipping && {
      ...shipping,
      shipments: shipping.shipments.map((s) => ({ ...s, link: href('/admin/dashboard/trade-shipments/:id', { id: String(s.id) }) })),
    },
    creditHold: creditHold?.reasons.length ? { reasons: creditHold.reasons.map((r) => ({ code: r.code, message: r.message })) } : null,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireTradeOrders(request, context);
  const id = idOf(params);
  await orNotFound(context.services.orders.get(user, id, context.auth.actor(user.id), 'staff'), NOT_FOUND);
  return orderPageAction(request, context, user, id, 'staff', href('/admin/dashboard/trade-orders/:id', { id: String(id) }));
}

export default function TradeOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { order, messages, creditHold, shipping } = loaderData;
  return (
    <main id="main">
      <PageHeader title={`Order ${order.number}`} description={`From ${order.buyer.name}`}>
        <Link to={href('/admin/dashboard/trade-orders')} className={buttonClass.secondary}>
          Trade orders
        </Link>
      </PageHeader>
      {shipping?.shipments.length ? (
        <div className="mb-6">
          <OrderShipping shipping={shipping} />
        </div>
      ) : null}
      <OrderView order={order} messages={messages} result={actionData} creditHold={creditHold} />
    </main>
  );
}
