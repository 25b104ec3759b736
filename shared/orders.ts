// Trade orders: the states, the one transition table, and who moves an order along it (product.md §3).
// The server checks every transition against this table and makes it a guarded update
// (`… where status = 'from'`); the pages use it to show only the buttons that can work.

export const ORDER_STATUSES = ['draft', 'submitted', 'seen', 'approved', 'rejected', 'cancelled', 'invoiced', 'shipped', 'delivered', 'paid'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  draft: 'Draft',
  submitted: 'Submitted',
  seen: 'Seen',
  approved: 'Approved',
  rejected: 'Rejected',
  cancelled: 'Cancelled',
  invoiced: 'Invoiced',
  shipped: 'Shipped',
  delivered: 'Delivered',
  paid: 'Paid',
};

/** The live channel's topic for orders (server/realtime/live.ts): pages and caches listen for it. */
export const ORDER_TOPIC = 'order';

/** What moves an order, and which side may do it: the buyer, the seller, or either. */
export type OrderAction = 'submit' | 'see' | 'approve' | 'reject' | 'cancel' | 'invoice' | 'ship' | 'deliver' | 'pay';
export type OrderSide = 'buyer' | 'seller';

export interface Transition {
  action: OrderAction;
  from: readonly OrderStatus[];
  to: OrderStatus;
  by: readonly OrderSide[];
}

/**
 * The one transition table. Cancel: by the buyer before approval, by either side before shipping.
 * Part 3 (invoices, shipments, payments) drives invoiced → shipped → delivered → paid; until then
 * staff mark an importer's order shipped and delivered (the brand has no invoices yet).
 */
export const TRANSITIONS: readonly Transition[] = [
  { action: 'submit', from: ['draft'], to: 'submitted', by: ['buyer'] },
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
export const RESERVING: readonly OrderStatus[] = ['approved', 'invoiced'];

/** Limits: a line is 1..MAX_CASES_PER_LINE cases; an order has at most MAX_LINES lines. */
export const MAX_CASES_PER_LINE = 10_000;
export const MAX_LINES = 100;
