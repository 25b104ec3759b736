// Order History (a buyer with a supplier above it: the importer's orders to the brand, the
// distributor's to its importer), newest first, each to its page.
import { href, Link } from 'react-router';
import { ORDER_STATUS_LABELS } from '@shared/orders';
import { pagesAsBuyer, supplierOf, tradeTypeOf } from '@shared/trade-pages';
import type { Route } from './+types/history';
import { buttonClass, FilterSelect, PageHeader } from '~/components/admin-ui/list';
import { listQuery } from '~/features/orders/list-query.server';
import { OrderList } from '~/features/orders/order-list';
import { requireOrdersPage } from '~/features/orders/orders.server';

export const meta: Route.MetaFunction = () => [{ title: 'Order History · Frolic' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireOrdersPage(request, context);
  const query = listQuery(request, 'buying');
  const type = tradeTypeOf(user.roles);
  return { ...(await context.services.orders.list(user, query, 'partner')), status: query.status ?? '', type, supplier: supplierOf(type) };
}

export default function OrderHistory({ loaderData }: Route.ComponentProps) {
  const { items, next, status, type, supplier } = loaderData;
  return (
    <main id="main" className="space-y-5">
      <PageHeader title="Order History" description={`Your orders to ${supplier}, newest first.`}>
        <Link to={pagesAsBuyer(type).placeOrder} className={buttonClass.primary}>
          Place Order
        </Link>
      </PageHeader>
      <form method="get" className="flex items-end gap-3" key={status}>
        <FilterSelect label="Status" name="status" options={ORDER_STATUS_LABELS} />
        <button type="submit" className={buttonClass.secondary}>
          Filter
        </button>
      </form>
      <OrderList
        orders={items}
        party="seller"
        label="Your orders"
        linkTo={(id) => href('/partner/dashboard/orders/:id', { id: String(id) })}
        empty="No orders yet."
      />
      {next ? (
        <Link to={`?${new URLSearchParams({ ...(status ? { status } : {}), after: next })}`} className={buttonClass.secondary}>
          Older orders
        </Link>
      ) : null}
    </main>
  );
}
