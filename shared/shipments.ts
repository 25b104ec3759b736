// Shipments and receipts (issue 16): the one transition table of a shipment and who moves it, the
// receipt's arithmetic (what is missing, whether it is a discrepancy), how far an order has shipped,
// and the limits of a receipt's attachment. The server checks every move against this table and
// writes it as a guarded update (`… where status = 'from' and version = v`); the pages use it to show
// only the buttons that can work.
import { SHIPMENT_STATUSES, type ShipmentStatus } from './invoicing';
import type { ShipmentPageAction } from './shipment-actions';

export { CARRIER_KEYS, CARRIERS, type Carrier, SHIPMENT_STATUS_LABELS, SHIPMENT_STATUSES, type ShipmentStatus, trackingUrl } from './invoicing';

/** The sender (the distributor shipping) or the recipient (the retailer receiving). */
export type ShipmentSide = 'sender' | 'recipient';

/** What moves a shipment: the sender ships it, reports it in transit or held up (and back on the road); the recipient's receipt delivers it. */
export const SHIPMENT_ACTIONS = ['ship', 'in_transit', 'exception', 'resume', 'receive'] as const;
export type ShipmentAction = (typeof SHIPMENT_ACTIONS)[number];

/** The moves a sender makes from the shipment's page (the receipt is its own form). */
export const SENDER_ACTIONS = ['ship', 'in_transit', 'exception', 'resume'] as const satisfies readonly ShipmentAction[];
export type SenderAction = (typeof SENDER_ACTIONS)[number];

export const SHIPMENT_ACTION_LABELS: Record<ShipmentAction, string> = {
  ship: 'Mark shipped',
  in_transit: 'Mark in transit',
  exception: 'Report an exception',
  resume: 'Back in transit',
  receive: 'Confirm receipt',
};

export interface ShipmentTransition {
  action: ShipmentAction;
  from: readonly ShipmentStatus[];
  to: ShipmentStatus;
  by: readonly ShipmentSide[];
}

/**
 * The one transition table. Shipping (preparing → shipped) takes the stock out of the sender's
 * ledger; delivered is only ever reached by the recipient's receipt, so "delivered" always means the
 * retailer confirmed what arrived. An exception (with a reason) can be cleared back to in transit, or
 * the goods received after all.
 */
export const SHIPMENT_TRANSITIONS: readonly ShipmentTransition[] = [
  { action: 'ship', from: ['preparing'], to: 'shipped', by: ['sender'] },
  { action: 'in_transit', from: ['shipped'], to: 'in_transit', by: ['sender'] },
  { action: 'exception', from: ['shipped', 'in_transit'], to: 'exception', by: ['sender'] },
  { action: 'resume', from: ['exception'], to: 'in_transit', by: ['sender'] },
  { action: 'receive', from: ['shipped', 'in_transit', 'exception'], to: 'delivered', by: ['recipient'] },
];

/** The transition `action` takes from `from` for `side`, or null when the table has none. */
export function shipmentTransitionFor(action: ShipmentAction, from: ShipmentStatus, side: ShipmentSide): ShipmentTransition | null {
  return SHIPMENT_TRANSITIONS.find((t) => t.action === action && t.from.includes(from) && t.by.includes(side)) ?? null;
}

/** The actions `side` may take on a shipment in `status` (what the page offers). */
export function shipmentActionsFor(status: ShipmentStatus, side: ShipmentSide): ShipmentAction[] {
  return [...new Set(SHIPMENT_TRANSITIONS.filter((t) => t.from.includes(status) && t.by.includes(side)).map((t) => t.action))];
}

export const isShipmentStatus = (s: string): s is ShipmentStatus => (SHIPMENT_STATUSES as readonly string[]).includes(s);

// ---- Receipts -------------------------------------------------------------------------------------

/** confirmed: everything arrived in good order; discrepancy: short or damaged, waiting for the sender; resolved: answered. */
export const RECEIPT_STATUSES = ['confirmed', 'discrepancy', 'resolved'] as const;
export type ReceiptStatus = (typeof RECEIPT_STATUSES)[number];
export const RECEIPT_STATUS_LABELS: Record<ReceiptStatus, string> = {
  confirmed: 'Received in full',
  discrepancy: 'Discrepancy',
  resolved: 'Resolved',
};

export const RESOLUTIONS = ['replacement', 'credit_note'] as const;
export type Resolution = (typeof RESOLUTIONS)[number];
export const RESOLUTION_LABELS: Record<Resolution, string> = {
  replacement: 'Replacement shipment',
  credit_note: 'Credit note',
};

export interface ReceiptLineCounts {
  /** Cases shipped on the line. */
  cases: number;
  /** Cases received in good order. */
  casesReceived: number;
  casesDamaged: number;
}

/** The cases of a line that did not arrive in good order: short (never arrived) plus damaged. */
export const missingCases = (l: ReceiptLineCounts) => Math.max(0, l.cases - l.casesReceived);

/** The cases of a line that never arrived at all. */
export const shortCases = (l: ReceiptLineCounts) => Math.max(0, l.cases - l.casesReceived - l.casesDamaged);

/** A line the recipient may not report: more received and damaged than was shipped. */
export const exceedsShipment = (l: ReceiptLineCounts) => l.casesReceived + l.casesDamaged > l.cases;

/** A receipt is a discrepancy when any line is short or damaged. */
export function receiptStatusOf(lines: readonly ReceiptLineCounts[]): 'confirmed' | 'discrepancy' {
  return lines.some((l) => missingCases(l) > 0) ? 'discrepancy' : 'confirmed';
}

// ---- How far an order has shipped -----------------------------------------------------------------

export type ShippingProgress = 'unshipped' | 'partially_shipped' | 'shipped';
export const SHIPPING_PROGRESS_LABELS: Record<ShippingProgress, string> = {
  unshipped: 'Not shipped yet',
  partially_shipped: 'Partially shipped',
  shipped: 'Fully shipped',
};

/** From the approved cases per line and the cases shipped (preparing shipments excluded) per line. */
export function shippingProgress(lines: readonly { cases: number; shipped: number }[]): ShippingProgress {
  const open = lines.filter((l) => l.cases > 0);
  if (open.length === 0 || open.every((l) => l.shipped === 0)) return 'unshipped';
  return open.every((l) => l.shipped >= l.cases) ? 'shipped' : 'partially_shipped';
}

// ---- Attachments ----------------------------------------------------------------------------------

/** A receipt's photo or PDF: JPEG, PNG or WebP images, or a PDF, told apart by their first bytes. */
export const ATTACHMENT_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;
export type AttachmentType = (typeof ATTACHMENT_TYPES)[number];
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
export const ATTACHMENT_ACCEPT = '.jpg,.jpeg,.png,.webp,.pdf,image/jpeg,image/png,image/webp,application/pdf';
export const ATTACHMENT_HINT = 'Attach a photo (JPEG, PNG or WebP) or a PDF of up to 10 MB.';

/** Limits of a shipment. */
export const MAX_SHIPMENT_LINES = 200;
export const MAX_TRACKING_NUMBER = 64;
export const MAX_SHIPMENT_NOTE = 2000;
export const MAX_EXCEPTION_REASON = 500;
export const SHIPMENT_PAGE_SIZE = 50;

// ---- What the pages are given ---------------------------------------------------------------------

export interface ShipmentParty {
  id: string;
  name: string;
}

export interface ShipmentSummaryView {
  id: number;
  number: string;
  status: ShipmentStatus;
  sender: ShipmentParty;
  recipient: ShipmentParty;
  carrier: string;
  carrierLabel: string;
  trackingNumber: string;
  trackingUrl: string | null;
  /** Cases on the shipment, all lines together. */
  cases: number;
  /** The receipt's standing, once the retailer confirmed the delivery. */
  receiptStatus: ReceiptStatus | null;
  /** A replacement for a receipt's shortfall. */
  replacesReceiptId: number | null;
  shippedAt: string | null;
  deliveredAt: string | null;
  createdAt: string;
  version: number;
}

export interface ShipmentLineView {
  id: number;
  orderId: number;
  orderNumber: string;
  orderItemId: number;
  productId: number;
  productName: string;
  cases: number;
  caseSize: number;
  /** From the receipt, once there is one. */
  casesReceived: number | null;
  casesDamaged: number | null;
  /** Cases short or damaged (what a replacement may send again). */
  missing: number | null;
}

export interface ReceiptView {
  id: number;
  status: ReceiptStatus;
  note: string;
  receivedAt: string;
  receivedBy: string | null;
  attachment: { id: string; filename: string; contentType: string; sizeBytes: number; url: string } | null;
  resolution: Resolution | null;
  creditNote: { id: number; number: string | null } | null;
  replacementShipment: { id: number; number: string } | null;
  resolvedAt: string | null;
  resolvedBy: string | null;
  version: number;
}

export interface CreditNoteChoice {
  id: number;
  number: string;
  totalMinor: number;
  currency: string;
  issuedOn: string | null;
}

export interface ShipmentDetailView extends ShipmentSummaryView {
  side: ShipmentSide;
  /** What the viewer may do now: the shared decision the server checks before it acts (shared/shipment-actions.ts). */
  actions: ShipmentPageAction[];
  note: string;
  exceptionReason: string | null;
  items: ShipmentLineView[];
  receipt: ReceiptView | null;
  /** The shipment this one replaces (through its receipt). */
  replaces: { receiptId: number; shipmentId: number; shipmentNumber: string } | null;
  /** For the sender of an open discrepancy: the credit notes it issued to this retailer. */
  creditNotes: CreditNoteChoice[];
  timeline: { at: string; label: string; by: string | null; text: string | null }[];
}

export interface RemainingLineView {
  orderItemId: number;
  productId: number;
  productName: string;
  caseSize: number;
  /** Approved cases. */
  cases: number;
  /** In shipments already (those being prepared included). */
  committed: number;
  /** Still to ship. */
  remaining: number;
}

export interface RemainingOrderView {
  id: number;
  number: string;
  status: string;
  progress: ShippingProgress;
  lines: RemainingLineView[];
}

export interface OrderShippingView {
  progress: ShippingProgress;
  lines: { orderItemId: number; cases: number; shipped: number; received: number }[];
  shipments: { id: number; number: string; status: ShipmentStatus; cases: number; link: string }[];
}
