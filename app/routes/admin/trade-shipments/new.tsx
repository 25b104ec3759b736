// A new shipment from the brand (staff with Order Management): choose one of its importers, then what
// to ship of that importer's approved, invoiced or paid orders (all that is left, or part of it), the
// carrier and the tracking number — the partners' new-shipment form, for the brand.
import { Form, href, Link } from 'react-router';
import type { Route } from './+types/new';
import { buttonClass, PageHeader } from '~/components/admin-ui/list';
import { inputClass } from '~/components/forms/fields';
import { NewShipmentForm } from '~/features/shipments/new-shipment-form';
import { createShipmentAction } from '~/features/shipments/shipments.server';
import { orNotFound } from '~/lib/params.server';
import { requireTradeScreen } from '../trade-screens.server';
import { STAFF_SENDER_PAGES } from './pages';

export const meta: Route.MetaFunction = () => [{ title: 'New shipment · Trade shipments · Frolic' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireTradeScreen(request, context, 'tradeShipments');
  const importers = await context.services.shipments.buyers(user);
  const chosen = new URL(request.url).searchParams.get('importer');
  const recipient = importers.find((r) => r.id === chosen) ?? null;
  const orders = recipient ? await orNotFound(context.services.shipments.remaining(user, recipient.id), 'We could not find that importer.') : [];
  return { importers, recipient, orders };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireTradeScreen(request, context, 'tradeShipments');
  return createShipmentAction(request, context, user, STAFF_SENDER_PAGES);
}

export default function NewTradeShipment({ loaderData, actionData }: Route.ComponentProps) {
  const { importers, recipient, orders } = loaderData;
  return (
    <main id="main" className="space-y-6">
      <PageHeader title="New shipment" description="Ship lines of one importer's approved orders; what you leave out can go in a later shipment.">
        <Link to={href('/admin/dashboard/trade-shipments')} className={buttonClass.secondary}>
          Trade shipments
        </Link>
      </PageHeader>
      <Form method="get" className="flex flex-wrap items-end gap-3 rounded-xl bg-white p-5 shadow-sm">
        <label className="flex flex-col text-sm font-medium">
          Importer
          <select name="importer" defaultValue={recipient?.id ?? ''} className={`${inputClass} font-normal`}>
            <option value="">Choose an importer…</option>
            {importers.map((r) => (
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
      {importers.length === 0 ? <p className="rounded-xl bg-white p-6 text-stone-600 shadow-sm">Frolic supplies no importer yet.</p> : null}
      {recipient ? <NewShipmentForm key={recipient.id} recipient={recipient} orders={orders} result={actionData} /> : null}
    </main>
  );
}
