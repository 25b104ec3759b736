import { describe, expect, it } from 'vitest';
import { ORDER_PAGE_ACTIONS, type OrderChannel, orderActionRefusal, orderActions, type OrderPageAction } from './order-actions';
import { ORDER_STATUSES, type OrderSide, type OrderStatus } from './orders';

const SIDES: OrderSide[] = ['buyer', 'seller'];
const CHANNELS: OrderChannel[] = ['partner', 'staff'];

/**
 * What each side is offered in each state when no line is in a shipment, written out by hand from
 * product.md §3 (not derived from the table): the seller approves or rejects what was submitted,
 * either side cancels before anything ships, the buyer accepts or declines an offer (the seller may
 * withdraw it); goods move by shipments, so staff ship and deliver only the brand's orders from before
 * that (`legacySteps`).
 */
const OFFERED: Record<OrderChannel, Record<OrderSide, Record<OrderStatus, OrderPageAction[]>>> = {
  partner: {
    buyer: {
      draft: ['cancel'],
      offered: ['accept', 'decline'],
      submitted: ['cancel'],
      seen: ['cancel'],
      approved: ['cancel'],
      rejected: [],
      declined: [],
      cancelled: [],
      invoiced: ['cancel'],
      shipped: [],
      delivered: [],
      paid: [],
    },
    seller: {
      draft: ['cancel'],
      offered: ['cancel'],
      submitted: ['approve', 'reject', 'cancel'],
      seen: ['approve', 'reject', 'cancel'],
      approved: ['cancel'],
      rejected: [],
      declined: [],
      cancelled: [],
      invoiced: ['cancel'],
      shipped: [],
      delivered: [],
      paid: [],
    },
  },
  staff: {
    buyer: {
      draft: ['cancel'],
      offered: [],
      submitted: ['cancel'],
      seen: ['cancel'],
      approved: ['cancel'],
      rejected: [],
      declined: [],
      cancelled: [],
      invoiced: ['cancel'],
      shipped: [],
      delivered: [],
      paid: [],
    },
    seller: {
      draft: ['cancel'],
      offered: ['cancel'],
      submitted: ['approve', 'reject', 'cancel'],
      seen: ['approve', 'reject', 'cancel'],
      approved: ['cancel'],
      rejected: [],
      declined: [],
      cancelled: [],
      invoiced: ['cancel'],
      shipped: [],
      delivered: [],
      paid: [],
    },
  },
};

describe('what may be done to an order (one decision for the page and the server)', () => {
  for (const channel of CHANNELS)
    for (const side of SIDES)
      for (const status of ORDER_STATUSES)
        for (const inShipment of [false, true])
          it(`${channel}, ${side}, ${status}, ${inShipment ? 'a line in a shipment' : 'nothing shipped'}`, () => {
            const facts = { status, side, channel, inShipment };
            const expected = OFFERED[channel][side][status].filter((a) => !(inShipment && a === 'cancel'));
            expect([...orderActions(facts)].sort()).toEqual([...expected].sort());
            // Every action the page does not offer is refused by the server, with a stable code.
            for (const action of ORDER_PAGE_ACTIONS) {
              const refusal = orderActionRefusal(action, facts);
              expect(refusal === null).toBe(expected.includes(action));
              if (refusal) expect(['wrong_side', 'action_unavailable', 'invalid_transition', 'order_in_shipment']).toContain(refusal.code);
            }
          });

  it("staff's old ship and deliver steps remain for the brand's orders from before shipments, and only for them", () => {
    const legacy = { side: 'seller' as const, channel: 'staff' as const, inShipment: false, legacySteps: true };
    expect(orderActions({ ...legacy, status: 'approved' }).sort()).toEqual(['cancel', 'ship']);
    expect(orderActions({ ...legacy, status: 'shipped' })).toEqual(['deliver']);
    expect(orderActions({ ...legacy, status: 'shipped', side: 'buyer' })).toEqual(['deliver']);
    expect(orderActionRefusal('ship', { ...legacy, status: 'approved', legacySteps: false })?.code).toBe('action_unavailable');
    expect(orderActionRefusal('ship', { ...legacy, status: 'approved', channel: 'partner' })?.code).toBe('action_unavailable');
  });

  it('refuses with the code the server always answered: the wrong side 403, the wrong state 409, a shipped line 409', () => {
    expect(orderActionRefusal('approve', { status: 'submitted', side: 'buyer', channel: 'partner', inShipment: false })).toMatchObject({
      code: 'wrong_side',
      kind: 'forbidden',
      message: 'Only the seller can do this.',
    });
    expect(orderActionRefusal('cancel', { status: 'shipped', side: 'buyer', channel: 'partner', inShipment: true })).toMatchObject({
      code: 'invalid_transition',
      kind: 'conflict',
      message: 'This order is shipped: it cannot be cancelled.',
    });
    expect(orderActionRefusal('cancel', { status: 'invoiced', side: 'buyer', channel: 'partner', inShipment: true })).toMatchObject({
      code: 'order_in_shipment',
      kind: 'conflict',
      message: 'Part of this order is already in a shipment: it can no longer be cancelled.',
    });
    expect(orderActionRefusal('ship', { status: 'approved', side: 'seller', channel: 'partner', inShipment: false })?.code).toBe('action_unavailable');
  });
});
