// New shipment (a supplier: the distributor's at its spec §2 path, the importer's under supplier/):
// choose one of its buyers, then what to ship of that buyer's approved or invoiced orders (all that
// is left, or part of it), the carrier and the tracking number.
import { Form, Link } from 'react-router';
import { STANDING_REFUSAL } from '@shared/partners';
import { buyersOf, pagesAsSupplier, tradeTypeOf } from '@shared/trade-pages';
import type { Route } from './+types/new';
import { buttonClass, PageHeader } from '~/components/admin-ui/list';
import { inputClass } from '~/components/forms/fields';
import { NewShipmentForm } from '~/features/shipments/new-shipment-form';
import { createShipmentAction, requireShipmentsPage } from '~/features/shipments/shipments.server';
import { orNotFound } from '~/lib/params.server';

export const meta: Route.MetaFunction = () => [{ title: 'New shipment · Frolic' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireShipmentsPage(request, context);
  const type = tradeTypeOf(user.roles);
  const buyer = buyersOf(type).one;
  const retailers = await context.services.shipments.buyers(user);
  const chosen = new URL(request.url).searchParams.get('retailer');
  const recipient = retailers.find((r) => r.id === chosen) ?? null;
  const orders = recipient ? await orNotFound(context.services.shipments.remaining(user, recipient.id), `We could not find that ${buyer}.`) : [];
  const notice = user.standing && user.standing !== 'active' ? STANDING_REFUSAL[user.standing].message : null;
  return { retailers, recipient, orders, notice, type, buyer };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireShipmentsPage(request, context);
  return createShipmentAction(request, context, user);
}

export default function NewShipment({ loaderData, actionData }: Route.ComponentProps) {
  const { retailers, recipient, orders, notice, type, buyer } = loaderData;
  const Buyer = buyer.charAt(0).toUpperCase() + buyer.slice(1);
  return (
    <main id="main" className="space-y-6">
      <PageHeader title="New shipment" description={`Ship lines of one ${buyer}'s approved orders; what you leave out can go in a later shipment.`}>
        <Link to={pagesAsSupplier(type).shipments} className={buttonClass.secondary}>
          Shipments
        </Link>
      </PageHeader>
      <Form method="get" className="flex flex-wrap items-end gap-3 rounded-xl bg-white p-5 shadow-sm">
        <label className="flex flex-col text-sm font-medium">
          {Buyer}
          <select name="retailer" defaultValue={recipient?.id ?? ''} className={`${inputClass} font-normal`}>
            <option value="">Choose a {buyer}…</option>
            {retailers.map((r) => (
              <option key={r.id} value={r.id}>
                {r.name}
                {r.openOrders ? ` (${r.openOrders} ${r.openOrders === 1 ? 'order' : 'orders'} to ship)` : ''}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={buttonClass.secondary}>
          Show what is left to ship
        </button>
      </Form>
      {retailers.length === 0 ? <p className="rounded-xl bg-white p-6 text-stone-600 shadow-sm">You do not supply any {buyer} yet.</p> : null}
      {recipient ? <NewShipmentForm key={recipient.id} recipient={recipient} orders={orders} result={actionData} disabledReason={notice} /> : null}
    </main>
  );
}
