// A list of orders: number (to the order's page), the other party, status, total, when placed.
import { Link } from 'react-router';
import { formatPrice } from '@shared/markets';
import { formatUtc } from '@shared/staff-time';
import { OrderStatusBadge } from './status-badge';
import type { OrderSummaryView } from '@shared/order-views';
import { type Column, DataTable } from '~/components/admin-ui/list';

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
  const columns: Column<OrderSummaryView>[] = [
    {
      key: 'number',
      label: 'Order',
      cellClassName: 'font-medium',
      render: (o) => (
        <Link to={linkTo(o.id)} className="underline">
          {o.number}
        </Link>
      ),
    },
    { key: 'party', label: party === 'buyer' ? 'Buyer' : 'Supplier', render: (o) => o[party].name },
    { key: 'status', label: 'Status', render: (o) => <OrderStatusBadge status={o.status} testId="order-row-status" /> },
    { key: 'total', label: 'Total', className: 'text-right', render: (o) => formatPrice(o.totalMinor, o.currency) },
    { key: 'placed', label: 'Placed', render: (o) => formatUtc(o.submittedAt ?? o.createdAt) },
  ];
  return (
    <DataTable
      look="trade"
      columns={columns}
      rows={orders}
      rowKey={(o) => o.id}
      rowAttributes={() => ({ 'data-testid': 'order-row' })}
      caption={label}
      empty={empty}
      emptyClassName="rounded-xl bg-white p-6 text-stone-600 shadow-sm"
    />
  );
}
