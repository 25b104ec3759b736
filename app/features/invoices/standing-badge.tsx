// An invoice's standing (or "Credit note") as a coloured badge, the same words for both sides.
import { INVOICE_STANDING_LABELS, type InvoiceStanding } from '@shared/invoicing';

const STYLES: Record<InvoiceStanding, string> = {
  draft: 'bg-stone-200 text-stone-800',
  issued: 'bg-sky-100 text-sky-900',
  partially_paid: 'bg-amber-100 text-amber-900',
  paid: 'bg-green-100 text-green-900',
  overdue: 'bg-red-100 text-red-900',
  credited: 'bg-indigo-100 text-indigo-900',
};

export function StandingBadge({ standing, kind = 'invoice', testId = 'invoice-standing' }: { standing: InvoiceStanding; kind?: string; testId?: string }) {
  if (kind === 'credit_note')
    return (
      <span className="inline-block rounded-full bg-violet-100 px-2 py-0.5 text-xs font-medium text-violet-900" data-testid={testId}>
        Credit note
      </span>
    );
  return (
    <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium ${STYLES[standing]}`} data-testid={testId}>
      {INVOICE_STANDING_LABELS[standing]}
    </span>
  );
}
