// A marketing request's status as a coloured badge (the same words on both sides).
import { MARKETING_REQUEST_STATUS_LABELS, type MarketingRequestStatus } from '@shared/marketing-request-constants';

const STYLES: Record<MarketingRequestStatus, string> = {
  open: 'bg-amber-100 text-amber-900',
  approved: 'bg-green-100 text-green-900',
  declined: 'bg-red-100 text-red-900',
  fulfilled: 'bg-sky-100 text-sky-900',
};

export function RequestStatusBadge({ status }: { status: MarketingRequestStatus }) {
  return (
    <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium ${STYLES[status]}`} data-testid="request-status">
      {MARKETING_REQUEST_STATUS_LABELS[status]}
    </span>
  );
}
