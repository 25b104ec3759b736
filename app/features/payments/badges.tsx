// A payment's status and an invoice's standing as coloured badges (the same words for both sides).
import { INVOICE_STANDING_LABELS, type InvoiceStanding, type PaymentStatus } from '@shared/invoicing';
import { PAYMENT_STATUS_LABELS } from '@shared/status-labels';

export { PAYMENT_STATUS_LABELS };

const PAYMENT_STYLES: Record<PaymentStatus, string> = {
  pending: 'bg-amber-100 text-amber-900',
  settled: 'bg-emerald-100 text-emerald-900',
  failed: 'bg-red-100 text-red-900',
};

const STANDING_STYLES: Record<InvoiceStanding, string> = {
  draft: 'bg-stone-200 text-stone-800',
  issued: 'bg-sky-100 text-sky-900',
  partially_paid: 'bg-indigo-100 text-indigo-900',
  paid: 'bg-emerald-100 text-emerald-900',
  overdue: 'bg-red-100 text-red-900',
  credited: 'bg-stone-300 text-stone-800',
};

const badge = 'inline-block rounded-full px-2 py-0.5 text-xs font-medium';

export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  return (
    <span className={`${badge} ${PAYMENT_STYLES[status]}`} data-testid="payment-status">
      {PAYMENT_STATUS_LABELS[status]}
    </span>
  );
}

export function StandingBadge({ standing }: { standing: InvoiceStanding }) {
  return (
    <span className={`${badge} ${STANDING_STYLES[standing]}`} data-testid="invoice-standing">
      {INVOICE_STANDING_LABELS[standing]}
    </span>
  );
}
