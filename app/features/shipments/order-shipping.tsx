// On an order's page: how far it has shipped (derived from its lines: not yet, partially, fully) and
// the shipments carrying it, each to this side's page of it (`linkTo`: the viewer's page by its
// organisation's type, shared/trade-pages.ts; the view's own link where that gives none).
import { Link } from 'react-router';
import { type OrderShippingView, SHIPPING_PROGRESS_LABELS } from '@shared/shipments';
import { ShipmentStatusBadge } from './status-badge';

export function OrderShipping({ shipping, linkTo }: { shipping: OrderShippingView; linkTo?: (id: number) => string | null }) {
  if (shipping.shipments.length === 0) return null;
  return (
    <section aria-labelledby="shipping-heading" className="rounded-xl bg-white p-6 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="shipping-heading" className="font-serif text-xl">
          Shipments
        </h2>
        <span className="rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-950" data-testid="order-shipping-progress">
          {SHIPPING_PROGRESS_LABELS[shipping.progress]}
        </span>
      </div>
      <ul className="mt-3 space-y-2 text-sm">
        {shipping.shipments.map((s) => (
          <li key={s.id} className="flex flex-wrap items-center gap-2" data-testid="order-shipment">
            <Link to={linkTo?.(s.id) ?? s.link} className="font-medium underline">
              {s.number}
            </Link>
            <ShipmentStatusBadge status={s.status} testId="order-shipment-status" />
            <span className="text-stone-600">
              {s.cases} {s.cases === 1 ? 'case' : 'cases'}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
