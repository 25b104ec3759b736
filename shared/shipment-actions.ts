// What may be done to a shipment (and its receipt) now — the one decision the page and the server
// share (issue 40). The moves come from the transition table (shared/shipments.ts); calling a
// shipment off and answering a discrepancy, and the guards outside the table (a replacement is never
// called off, a cancelled or rejected order never ships), live here too. The server calls
// `shipmentActionRefusal` before it acts; the shipment's page offers what `shipmentActions` lists.
import type { ActionRefusal } from './order-actions';
import { SHIPMENT_STATUS_LABELS, SHIPMENT_TRANSITIONS, shipmentTransitionFor, type ReceiptStatus, type ShipmentAction, type ShipmentSide } from './shipments';
import type { ShipmentStatus } from './invoicing';

/** The moves of the table, calling off a shipment still being prepared, and answering a receipt's discrepancy. */
export const SHIPMENT_PAGE_ACTIONS = ['ship', 'in_transit', 'exception', 'resume', 'receive', 'discard', 'resolve'] as const;
export type ShipmentPageAction = (typeof SHIPMENT_PAGE_ACTIONS)[number];

export interface ShipmentFacts {
  status: ShipmentStatus;
  side: ShipmentSide;
  /** The shipment replaces what a receipt found missing (it answers that receipt). */
  replacement: boolean;
  /** Its receipt's state, once the recipient has confirmed what arrived. */
  receiptStatus: ReceiptStatus | null;
  /** An order it carries lines of is cancelled or rejected. */
  orderClosed: boolean;
}

/** The facts as a shipment's row holds them; its receipt's state and its orders' where the caller knows them. */
export const shipmentFacts = (
  row: { status: ShipmentStatus; replacesReceiptId: number | null },
  side: ShipmentSide,
  more: Partial<ShipmentFacts> = {},
): ShipmentFacts => ({ status: row.status, side, replacement: row.replacesReceiptId !== null, receiptStatus: null, orderClosed: false, ...more });

const PAST: Record<ShipmentAction, string> = {
  ship: 'shipped',
  in_transit: 'marked in transit',
  exception: 'reported held up',
  resume: 'put back in transit',
  receive: 'received',
};

const isMove = (a: ShipmentPageAction): a is ShipmentAction => a !== 'discard' && a !== 'resolve';

/** The refusal for a move the shipment's state does not allow (also used when a concurrent move won). */
export function invalidShipmentMove(action: ShipmentAction, from: ShipmentStatus): ActionRefusal {
  return {
    code: 'invalid_transition',
    kind: 'conflict',
    message: `This shipment is ${SHIPMENT_STATUS_LABELS[from].toLowerCase()}: it cannot be ${PAST[action]}.`,
    hint: 'Reload the shipment to see where it stands.',
  };
}

const wrongSide = (side: ShipmentSide, message?: string): ActionRefusal => ({
  code: 'wrong_side',
  kind: 'forbidden',
  message: message ?? (side === 'recipient' ? 'Only the sender can do this.' : 'Only the recipient can do this.'),
});

/** Null when `action` may be taken on a shipment with these facts; otherwise why not (the wrong side first, then the state, then the guards). */
export function shipmentActionRefusal(action: ShipmentPageAction, facts: ShipmentFacts): ActionRefusal | null {
  if (isMove(action)) {
    if (!SHIPMENT_TRANSITIONS.some((t) => t.action === action && t.by.includes(facts.side))) return wrongSide(facts.side);
    if (!shipmentTransitionFor(action, facts.status, facts.side)) return invalidShipmentMove(action, facts.status);
    if (action === 'ship' && facts.orderClosed)
      return {
        code: 'order_not_shippable',
        kind: 'conflict',
        message: 'An order on this shipment is cancelled or rejected: this shipment cannot go.',
        hint: 'Call the shipment off.',
      };
    return null;
  }
  if (action === 'discard') {
    if (facts.side !== 'sender') return wrongSide(facts.side);
    if (facts.status !== 'preparing')
      return {
        code: 'invalid_transition',
        kind: 'conflict',
        message: `This shipment is ${SHIPMENT_STATUS_LABELS[facts.status].toLowerCase()}: it can no longer be called off.`,
      };
    if (facts.replacement)
      return { code: 'replacement_not_discardable', kind: 'conflict', message: 'A replacement answers a receipt: ship it, it cannot be called off.' };
    return null;
  }
  // resolve: the sender answers its recipient's discrepancy, once.
  if (facts.side !== 'sender') return wrongSide(facts.side, 'Only the sender answers a discrepancy.');
  if (facts.receiptStatus !== 'discrepancy')
    return {
      code: 'receipt_not_open',
      kind: 'conflict',
      message: facts.receiptStatus === 'resolved' ? 'This discrepancy has been answered already.' : 'This receipt has nothing to answer.',
      hint: 'Reload the shipment to see where it stands.',
    };
  return null;
}

/** The actions the shipment's page offers for these facts: exactly those `shipmentActionRefusal` allows. */
export function shipmentActions(facts: ShipmentFacts): ShipmentPageAction[] {
  return SHIPMENT_PAGE_ACTIONS.filter((a) => shipmentActionRefusal(a, facts) === null);
}
