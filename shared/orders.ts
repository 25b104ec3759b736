// Trade orders: the states, the one transition table, and who moves an order along it (product.md §3).
// The server checks every transition against this table and makes it a guarded update
// (`… where status = 'from'`); the pages use it to show only the buttons that can work.

export const ORDER_STATUSES = [
  'draft',
  'offered',
  'submitted',
  'seen',
  'approved',
  'rejected',
  'declined',
  'cancelled',
  'invoiced',
  'shipped',
  'delivered',
  'paid',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  draft: 'Draft',
  offered: 'Offered',
  submitted: 'Submitted',
  seen: 'Seen',
  approved: 'Approved',
  rejected: 'Rejected',
  declined: 'Declined',
  cancelled: 'Cancelled',
  invoiced: 'Invoiced',
  shipped: 'Shipped',
  delivered: 'Delivered',
  paid: 'Paid',
};

/** The live channel's topic for orders (server/realtime/live.ts): pages and caches listen for it. */
export const ORDER_TOPIC = 'order';

/** What moves an order, and which side may do it: the buyer, the seller, or either. */
export type OrderAction = 'submit' | 'see' | 'approve' | 'reject' | 'cancel' | 'invoice' | 'ship' | 'deliver' | 'pay' | 'accept' | 'decline';
export type OrderSide = 'buyer' | 'seller';

export interface Transition {
  action: OrderAction;
  from: readonly OrderStatus[];
  to: OrderStatus;
  by: readonly OrderSide[];
}

/**
 * The one transition table. Cancel: by the buyer before approval, by either side before shipping.
 * An allocation offer starts `offered` (the seller made it, its stock reserved): the buyer accepts it
 * (it is then an approved order) or declines it; the seller may withdraw it (cancel). Invoices,
 * shipments, receipts and payments drive invoiced → shipped → delivered → paid on every leg; a paid
 * order with unshipped lines still ships (`ship` from paid keeps it paid: shipments derive it).
 */
export const TRANSITIONS: readonly Transition[] = [
  { action: 'submit', from: ['draft'], to: 'submitted', by: ['buyer'] },
  { action: 'accept', from: ['offered'], to: 'approved', by: ['buyer'] },
  { action: 'decline', from: ['offered'], to: 'declined', by: ['buyer'] },
  { action: 'cancel', from: ['offered'], to: 'cancelled', by: ['seller'] },
  { action: 'see', from: ['submitted'], to: 'seen', by: ['seller'] },
  { action: 'approve', from: ['submitted', 'seen'], to: 'approved', by: ['seller'] },
  { action: 'reject', from: ['submitted', 'seen'], to: 'rejected', by: ['seller'] },
  { action: 'cancel', from: ['draft', 'submitted', 'seen'], to: 'cancelled', by: ['buyer', 'seller'] },
  { action: 'cancel', from: ['approved', 'invoiced'], to: 'cancelled', by: ['buyer', 'seller'] },
  { action: 'invoice', from: ['approved'], to: 'invoiced', by: ['seller'] },
  { action: 'ship', from: ['approved', 'invoiced'], to: 'shipped', by: ['seller'] },
  { action: 'deliver', from: ['shipped'], to: 'delivered', by: ['buyer', 'seller'] },
  { action: 'pay', from: ['delivered', 'invoiced', 'shipped'], to: 'paid', by: ['seller'] },
];

/** The transition `action` takes from `from` for `side`, or null when the table has none. */
export function transitionFor(action: OrderAction, from: OrderStatus, side: OrderSide): Transition | null {
  return TRANSITIONS.find((t) => t.action === action && t.from.includes(from) && t.by.includes(side)) ?? null;
}

/** The actions `side` may take on an order in `status` (what the page offers). */
export function actionsFor(status: OrderStatus, side: OrderSide): OrderAction[] {
  return [...new Set(TRANSITIONS.filter((t) => t.from.includes(status) && t.by.includes(side)).map((t) => t.action))];
}

/**
 * States in which an order may go on an invoice: approved (it then becomes invoiced), or already
 * shipped or delivered before it was invoiced (it keeps its state: invoicing never moves it back).
 */
export const INVOICEABLE: readonly OrderStatus[] = ['approved', 'shipped', 'delivered'];

/**
 * States in which the seller's stock is reserved for the order and released if it is cancelled (a
 * paid order cannot be cancelled; what it has not shipped stays reserved until it ships).
 */
export const RESERVING: readonly OrderStatus[] = ['offered', 'approved', 'invoiced'];

/** Limits: a line is 1..MAX_CASES_PER_LINE cases; an order has at most MAX_LINES lines. */
export const MAX_CASES_PER_LINE = 10_000;
export const MAX_LINES = 100;
