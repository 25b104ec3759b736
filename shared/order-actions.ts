// What may be done to an order now — the one decision the page and the server share (issue 40).
// The transition table (shared/orders.ts) says which state an action leaves from and which side
// takes it; the guards outside it (a line already in a shipment cannot be cancelled) live here too.
// The server reads the facts under the order's row lock and calls `orderActionRefusal` before it
// moves the order; the order's page offers the buttons `orderActions` lists for the same facts.
import type { ErrorKind } from './error-kinds';
import { ORDER_STATUS_LABELS, type OrderAction, type OrderSide, type OrderStatus, TRANSITIONS, transitionFor } from './orders';

/** Which door the viewer came through: a partner's own routes, or the brand's Trade orders (staff). */
export type OrderChannel = 'partner' | 'staff';

/** What a person does to an order from its page (seeing, invoicing and paying happen elsewhere). */
export const ORDER_PAGE_ACTIONS = ['accept', 'decline', 'approve', 'reject', 'cancel', 'ship', 'deliver'] as const satisfies readonly OrderAction[];
export type OrderPageAction = (typeof ORDER_PAGE_ACTIONS)[number];

/**
 * Goods move by shipments and receipts on every leg. Staff's old ship and deliver steps remain only
 * for the brand's orders approved or shipped before that (`legacySteps`, migration 0026).
 */
const BY_CHANNEL: Record<OrderChannel, readonly OrderPageAction[]> = {
  partner: ['accept', 'decline', 'approve', 'reject', 'cancel'],
  staff: ['approve', 'reject', 'cancel'],
};
const LEGACY_STEPS: readonly OrderPageAction[] = ['ship', 'deliver'];

export interface OrderFacts {
  status: OrderStatus;
  /** The viewer's side of this order. */
  side: OrderSide;
  channel: OrderChannel;
  /** A line of the order is in a shipment (being prepared, on its way or delivered). */
  inShipment: boolean;
  /** A brand order from before the brand shipped by shipments: staff may still ship and deliver it from its page. */
  legacySteps?: boolean;
}

/** Why an action cannot be taken: the server's error (code, kind, sentence, what to do). */
export interface ActionRefusal {
  code: string;
  /** The wrong side is `forbidden`; the document's state or a guard is a `conflict`. */
  kind: Extract<ErrorKind, 'forbidden' | 'conflict'>;
  message: string;
  hint?: string;
}

const PAST: Record<OrderAction, string> = {
  submit: 'submitted',
  see: 'opened',
  approve: 'approved',
  reject: 'rejected',
  cancel: 'cancelled',
  invoice: 'invoiced',
  ship: 'shipped',
  deliver: 'marked delivered',
  pay: 'marked paid',
  accept: 'accepted',
  decline: 'declined',
};

/** The refusal for an action the order's state does not allow (also used when a concurrent move won). */
export function invalidOrderTransition(action: OrderAction, from: OrderStatus): ActionRefusal {
  return {
    code: 'invalid_transition',
    kind: 'conflict',
    message: `This order is ${ORDER_STATUS_LABELS[from].toLowerCase()}: it cannot be ${PAST[action]}.`,
    hint: 'Reload the order to see where it stands.',
  };
}

/**
 * Null when `action` may be taken on an order with these facts; otherwise why not. The order of the
 * checks is the server's: the wrong side (forbidden), then the state, then the guards outside the table.
 */
export function orderActionRefusal(action: OrderPageAction, facts: OrderFacts): ActionRefusal | null {
  if (!TRANSITIONS.some((t) => t.action === action && t.by.includes(facts.side)))
    return { code: 'wrong_side', kind: 'forbidden', message: `Only the ${facts.side === 'buyer' ? 'seller' : 'buyer'} can do this.` };
  const legacy = facts.channel === 'staff' && facts.legacySteps === true && LEGACY_STEPS.includes(action);
  if (!BY_CHANNEL[facts.channel].includes(action) && !legacy)
    return { code: 'action_unavailable', kind: 'conflict', message: 'This is not done from the order: use its shipment and receipt.' };
  if (!transitionFor(action, facts.status, facts.side)) return invalidOrderTransition(action, facts.status);
  if (action === 'cancel' && facts.inShipment)
    return {
      code: 'order_in_shipment',
      kind: 'conflict',
      message: 'Part of this order is already in a shipment: it can no longer be cancelled.',
      hint: 'Answer a shortfall with a credit note instead.',
    };
  return null;
}

/** The actions the order's page offers for these facts: exactly those `orderActionRefusal` allows. */
export function orderActions(facts: OrderFacts): OrderPageAction[] {
  return ORDER_PAGE_ACTIONS.filter((a) => orderActionRefusal(a, facts) === null);
}
