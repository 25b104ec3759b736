// An order's status as a coloured badge (the same words for buyer, seller and staff).
import { ORDER_STATUS_LABELS, type OrderStatus } from '@shared/orders';

const STYLES: Record<OrderStatus, string> = {
  draft: 'bg-stone-200 text-stone-800',
  offered: 'bg-violet-100 text-violet-900',
  submitted: 'bg-amber-100 text-amber-900',
  seen: 'bg-sky-100 text-sky-900',
  approved: 'bg-green-100 text-green-900',
  rejected: 'bg-red-100 text-red-900',
  declined: 'bg-red-50 text-red-900',
  cancelled: 'bg-stone-300 text-stone-800',
  invoiced: 'bg-indigo-100 text-indigo-900',
  shipped: 'bg-teal-100 text-teal-900',
  delivered: 'bg-green-200 text-green-950',
  paid: 'bg-emerald-100 text-emerald-900',
};

export function OrderStatusBadge({ status, testId = 'order-status' }: { status: OrderStatus; testId?: string }) {
  return (
    <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium ${STYLES[status]}`} data-testid={testId}>
      {ORDER_STATUS_LABELS[status]}
    </span>
  );
}
