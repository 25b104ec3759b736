// Partners' marketing requests (materials, an event of their own, a place at a brand event): kinds,
// statuses and the one state machine, without the validation library (page bundles read these).
export const MARKETING_REQUEST_KINDS = ['materials', 'event_proposal', 'event_join'] as const;
export type MarketingRequestKind = (typeof MARKETING_REQUEST_KINDS)[number];
export const MARKETING_REQUEST_KIND_LABELS: Record<MarketingRequestKind, string> = {
  materials: 'Materials',
  event_proposal: 'Event proposal',
  event_join: 'Join a brand event',
};

export const MARKETING_REQUEST_STATUSES = ['open', 'approved', 'declined', 'fulfilled'] as const;
export type MarketingRequestStatus = (typeof MARKETING_REQUEST_STATUSES)[number];
export const MARKETING_REQUEST_STATUS_LABELS: Record<MarketingRequestStatus, string> = {
  open: 'Open',
  approved: 'Approved',
  declined: 'Declined',
  fulfilled: 'Fulfilled',
};

/** open → approved | declined; approved → fulfilled. Declined and fulfilled are final. */
export const MARKETING_REQUEST_TRANSITIONS: Record<MarketingRequestStatus, readonly MarketingRequestStatus[]> = {
  open: ['approved', 'declined'],
  approved: ['fulfilled'],
  declined: [],
  fulfilled: [],
};

export function canMoveTo(from: MarketingRequestStatus, to: MarketingRequestStatus): boolean {
  return MARKETING_REQUEST_TRANSITIONS[from].includes(to);
}

/** Printed copies of one item a request may ask for (the table's check says the same). */
export const MAX_QUANTITY = 10_000;
/** Collateral items in one materials request. */
export const MAX_REQUEST_ITEMS = 50;
export const MAX_COMMENT_LENGTH = 2_000;
export const MAX_DETAILS_LENGTH = 2_000;
/** A budget asked of the brand, in major units of the organisation's currency. */
export const MAX_BUDGET_MAJOR = 1_000_000;
export const MAX_EXPECTED_GUESTS = 100_000;
