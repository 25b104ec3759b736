// Place Order (importer → the brand, distributor → its importer): the catalogue at the buyer's
// prices with what its supplier can sell now (catalogue.server.ts reads the supplier's ledger), cases
// per product, a note; placing goes to the order's page with 'Order placed'.
import { Link } from 'react-router';
import { pagesAsBuyer, supplierOf, tradeTypeOf } from '@shared/trade-pages';
import type { Route } from './+types/place';
import { buttonClass, PageHeader } from '~/components/admin-ui/list';
import { orderForm } from '~/features/orders/catalogue.server';
import { placeOrderAction, requireOrdersPage } from '~/features/orders/orders.server';
import { PlaceOrderForm } from '~/features/orders/place-order-form';

export const meta: Route.MetaFunction = () => [{ title: 'Place Order · Frolic' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireOrdersPage(request, context);
  const type = tradeTypeOf(user.roles);
  return { ...(await orderForm(context, user, request)), type, from: supplierOf(type) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireOrdersPage(request, context);
  return placeOrderAction(request, context, user);
}

export default function PlaceOrder({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <main id="main">
      <PageHeader title="Place Order" description={`Order from ${loaderData.from} at your trade prices, in whole cases.`}>
        <Link to={pagesAsBuyer(loaderData.type).orderHistory} className={buttonClass.secondary}>
          Order History
        </Link>
      </PageHeader>
      <PlaceOrderForm
        products={loaderData.products}
        idempotencyKey={loaderData.idempotencyKey}
        supplier={loaderData.supplier}
        result={actionData}
        disabledReason={loaderData.notice}
        reorder={loaderData.reorder}
      />
    </main>
  );
}
