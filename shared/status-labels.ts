// Every status a page shows, in the UI's own capitalisation ("In transit", "Partially paid"), from
// one map: the per-document maps joined, plus the few statuses that had none (chat conversations,
// published/draft). Badges, lists and refusals all say a status through `statusLabel` (a label) or
// `statusInSentence` (inside a sentence: "Order SO-12 is in transit"), never the stored value.
import { INQUIRY_STATUS_LABELS } from './inquiry-constants';
import { INVOICE_STANDING_LABELS, SHIPMENT_STATUS_LABELS } from './invoicing';
import { PRODUCT_STATUS_LABELS } from './limits-catalog';
import { MARKETING_REQUEST_STATUS_LABELS } from './marketing-request-constants';
import { ORDER_STATUS_LABELS } from './orders';
import { PAGE_STATUS_LABELS } from './page-constants';
import { ORGANISATION_STATUS_LABELS } from './partners';
import { USER_STATUS_LABELS } from './users-admin-constants';

export const PAYMENT_STATUS_LABELS = { pending: 'Pending', settled: 'Settled', failed: 'Failed' } as const;
export const CHAT_STATUS_LABELS = { open: 'Open', assigned: 'Assigned', closed: 'Closed' } as const;

/** One word for a stored status, whichever document holds it (the maps agree where they overlap). */
export const STATUS_LABELS: Readonly<Record<string, string>> = {
  ...PRODUCT_STATUS_LABELS,
  ...PAGE_STATUS_LABELS,
  ...USER_STATUS_LABELS,
  ...ORGANISATION_STATUS_LABELS,
  ...INQUIRY_STATUS_LABELS,
  ...MARKETING_REQUEST_STATUS_LABELS,
  ...CHAT_STATUS_LABELS,
  ...PAYMENT_STATUS_LABELS,
  ...ORDER_STATUS_LABELS,
  ...INVOICE_STANDING_LABELS,
  ...SHIPMENT_STATUS_LABELS,
};

/** The label of a status: "in_transit" → "In transit"; an unknown one is still written as words. */
export function statusLabel(status: string): string {
  const known = STATUS_LABELS[status];
  if (known) return known;
  const words = status.replaceAll('_', ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The same inside a sentence: "is in transit", "is partially paid". */
export const statusInSentence = (status: string): string => statusLabel(status).toLowerCase();
