// Trade orders (staff with Order Management): the importers' orders to the brand, newest first,
// filtered by status, each to its page where staff approve, reject, cancel, ship and deliver.
import { href, Link } from 'react-router';
import { ORDER_STATUS_LABELS } from '@shared/orders';
import type { Route } from './+types/index';
import { buttonClass, FilterSelect, PageHeader } from '~/components/admin-ui/list';
import { listQuery } from '~/features/orders/list-query.server';
import { OrderList } from '~/features/orders/order-list';
import { requireTradeOrders } from '~/features/orders/orders.server';

export const meta: Route.MetaFunction = () => [{ title: 'Trade orders · Frolic' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireTradeOrders(request, context);
  const query = listQuery(request, 'selling');
  return { ...(await context.services.orders.list(user, query, 'staff')), status: query.status ?? '' };
}

export default function TradeOrders({ loaderData }: Route.ComponentProps) {
  const { items, next, status } = loaderData;
  return (
    <main id="main" className="space-y-5">
      <PageHeader title="Trade orders" description="Importers' orders to Frolic: approve them (reserving the brand's stock), then ship and deliver." />
      <form method="get" className="flex items-end gap-3" key={status}>
        <FilterSelect label="Status" name="status" options={ORDER_STATUS_LABELS} />
        <button type="submit" className={buttonClass.secondary}>
          Filter
        </button>
      </form>
      <OrderList
        orders={items}
        party="buyer"
        label="Trade orders"
        linkTo={(id) => href('/admin/dashboard/trade-orders/:id', { id: String(id) })}
        empty={status ? 'No orders in this status.' : 'No trade orders yet.'}
      />
      {next ? (
        <Link to={`?${new URLSearchParams({ ...(status ? { status } : {}), after: next })}`} className={buttonClass.secondary}>
          Older orders
        </Link>
      ) : null}
    </main>
  );
}
