// Approve Orders (a supplier: the distributor's at its spec §2 path, the importer's under supplier/):
// the orders its buyers placed with it, those waiting for it (submitted, seen) first, each to its
// page where it approves, changes lines or rejects.
import { href } from 'react-router';
import { buyersOf, tradeTypeOf } from '@shared/trade-pages';
import type { Route } from './+types/approve';
import { PageHeader } from '~/components/admin-ui/list';
import { listQuery } from '~/features/orders/list-query.server';
import { OrderList } from '~/features/orders/order-list';
import { requireOrdersPage } from '~/features/orders/orders.server';

export const meta: Route.MetaFunction = () => [{ title: 'Approve Orders · Frolic' }];

const WAITING = new Set(['submitted', 'seen']);

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireOrdersPage(request, context);
  const { items } = await context.services.orders.list(user, listQuery(request, 'selling'), 'partner');
  return {
    buyers: buyersOf(tradeTypeOf(user.roles)).many,
    waiting: items.filter((o) => WAITING.has(o.status)),
    others: items.filter((o) => !WAITING.has(o.status)),
  };
}

export default function ApproveOrders({ loaderData }: Route.ComponentProps) {
  const link = (id: number) => href('/partner/dashboard/orders/:id', { id: String(id) });
  return (
    <main id="main" className="space-y-8">
      <PageHeader title="Approve Orders" description={`Your ${loaderData.buyers}' orders: approve them (changing lines where you must) or reject them.`} />
      <section aria-labelledby="waiting-heading" className="space-y-3">
        <h2 id="waiting-heading" className="font-serif text-2xl">
          Waiting for you
        </h2>
        <OrderList orders={loaderData.waiting} party="buyer" label="Orders waiting for you" linkTo={link} empty="No orders are waiting for you." />
      </section>
      <section aria-labelledby="others-heading" className="space-y-3">
        <h2 id="others-heading" className="font-serif text-2xl">
          Recent orders
        </h2>
        <OrderList orders={loaderData.others} party="buyer" label="Recent orders" linkTo={link} empty="No other orders yet." />
      </section>
    </main>
  );
}
