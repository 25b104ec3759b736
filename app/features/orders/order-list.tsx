// A list of orders: number (to the order's page), the other party, status, total, when placed.
import { Link } from 'react-router';
import { formatPrice } from '@shared/markets';
import { formatUtc } from '@shared/staff-time';
import { OrderStatusBadge } from './status-badge';
import type { OrderSummaryView } from '@shared/order-views';
import { TableScroll } from '~/components/ui/table-scroll';

export function OrderList({
  orders,
  party,
  linkTo,
  empty,
  label,
}: {
  orders: OrderSummaryView[];
  /** Which party to name: the seller (the buyer's lists) or the buyer (the seller's). */
  party: 'buyer' | 'seller';
  linkTo: (id: number) => string;
  empty: string;
  label: string;
}) {
  if (orders.length === 0) return <p className="rounded-xl bg-white p-6 text-stone-600 shadow-sm">{empty}</p>;
  return (
    <TableScroll label={label} className="rounded-xl shadow-sm">
      <table className="w-full text-left text-sm" aria-label={label}>
        <thead className="border-b border-stone-200 text-stone-700">
          <tr>
            <th scope="col" className="px-4 py-3">
              Order
            </th>
            <th scope="col" className="px-4 py-3">
              {party === 'buyer' ? 'Buyer' : 'Supplier'}
            </th>
            <th scope="col" className="px-4 py-3">
              Status
            </th>
            <th scope="col" className="px-4 py-3 text-right">
              Total
            </th>
            <th scope="col" className="px-4 py-3">
              Placed
            </th>
          </tr>
        </thead>
        <tbody>
          {orders.map((o) => (
            <tr key={o.id} className="border-b border-stone-100 last:border-0" data-testid="order-row">
              <td className="px-4 py-3 font-medium">
                <Link to={linkTo(o.id)} className="underline">
                  {o.number}
                </Link>
              </td>
              <td className="px-4 py-3">{o[party].name}</td>
              <td className="px-4 py-3">
                <OrderStatusBadge status={o.status} testId="order-row-status" />
              </td>
              <td className="px-4 py-3 text-right">{formatPrice(o.totalMinor, o.currency)}</td>
              <td className="px-4 py-3">{formatUtc(o.submittedAt ?? o.createdAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
