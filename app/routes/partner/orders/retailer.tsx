// Place Orders (retailer → its distributor): the order form at the retailer's prices, and the
// retailer's orders below it, each to its page.
import { href } from 'react-router';
import type { Route } from './+types/retailer';
import { PageHeader } from '~/components/admin-ui/list';
import { orderForm } from '~/features/orders/catalogue.server';
import { listQuery } from '~/features/orders/list-query.server';
import { OrderList } from '~/features/orders/order-list';
import { placeOrderAction, requireOrdersPage } from '~/features/orders/orders.server';
import { PlaceOrderForm } from '~/features/orders/place-order-form';

export const meta: Route.MetaFunction = () => [{ title: 'Place Orders · Frolic' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireOrdersPage(request, context);
  const [form, list] = await Promise.all([orderForm(context, user, request), context.services.orders.list(user, listQuery(request, 'buying'), 'partner')]);
  return { ...form, orders: list.items };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireOrdersPage(request, context);
  return placeOrderAction(request, context, user);
}

export default function RetailerOrders({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <main id="main" className="space-y-8">
      <PageHeader title="Place Orders" description="Order from your distributor at your trade prices, in whole cases." />
      <PlaceOrderForm
        products={loaderData.products}
        idempotencyKey={loaderData.idempotencyKey}
        supplier={loaderData.supplier}
        result={actionData}
        disabledReason={loaderData.notice}
        reorder={loaderData.reorder}
      />
      <section aria-labelledby="my-orders" className="space-y-3">
        <h2 id="my-orders" className="font-serif text-2xl">
          Your orders
        </h2>
        <OrderList
          orders={loaderData.orders}
          party="seller"
          label="Your orders"
          linkTo={(id) => href('/partner/dashboard/orders/:id', { id: String(id) })}
          empty="No orders yet."
        />
      </section>
    </main>
  );
}
