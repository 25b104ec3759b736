import { describe, expect, it } from 'vitest';
import { SHIPMENT_STATUSES, type ReceiptStatus, type ShipmentSide } from './shipments';
import { SHIPMENT_PAGE_ACTIONS, shipmentActionRefusal, shipmentActions, type ShipmentPageAction } from './shipment-actions';

const SIDES: ShipmentSide[] = ['sender', 'recipient'];
const RECEIPTS: (ReceiptStatus | null)[] = [null, 'confirmed', 'discrepancy', 'resolved'];

/** What each side is offered in each state with no guard in the way, written out by hand from the issue 16 table. */
const MOVES: Record<ShipmentSide, Record<(typeof SHIPMENT_STATUSES)[number], ShipmentPageAction[]>> = {
  sender: {
    preparing: ['ship', 'discard'],
    shipped: ['in_transit', 'exception'],
    in_transit: ['exception'],
    exception: ['resume'],
    delivered: [],
  },
  recipient: {
    preparing: [],
    shipped: ['receive'],
    in_transit: ['receive'],
    exception: ['receive'],
    delivered: [],
  },
};

describe('what may be done to a shipment (one decision for the page and the server)', () => {
  for (const side of SIDES)
    for (const status of SHIPMENT_STATUSES)
      for (const replacement of [false, true])
        for (const orderClosed of [false, true])
          for (const receiptStatus of RECEIPTS)
            it(`${side}, ${status}, ${replacement ? 'a replacement' : 'an original'}, ${orderClosed ? 'an order closed' : 'orders open'}, receipt ${receiptStatus ?? 'none'}`, () => {
              const facts = { status, side, replacement, orderClosed, receiptStatus };
              const expected = MOVES[side][status].filter((a) => !(a === 'discard' && replacement) && !(a === 'ship' && orderClosed));
              if (side === 'sender' && receiptStatus === 'discrepancy') expected.push('resolve');
              expect([...shipmentActions(facts)].sort()).toEqual([...expected].sort());
              for (const action of SHIPMENT_PAGE_ACTIONS) {
                const refusal = shipmentActionRefusal(action, facts);
                expect(refusal === null).toBe(expected.includes(action));
                if (refusal)
                  expect(['wrong_side', 'invalid_transition', 'order_not_shippable', 'replacement_not_discardable', 'receipt_not_open']).toContain(
                    refusal.code,
                  );
              }
            });

  it('keeps the codes the server always answered with', () => {
    const base = { side: 'sender' as const, replacement: false, orderClosed: false, receiptStatus: null };
    expect(shipmentActionRefusal('receive', { ...base, status: 'shipped' })).toMatchObject({
      code: 'wrong_side',
      kind: 'forbidden',
      message: 'Only the recipient can do this.',
    });
    expect(shipmentActionRefusal('discard', { ...base, status: 'preparing', replacement: true })?.code).toBe('replacement_not_discardable');
    expect(shipmentActionRefusal('ship', { ...base, status: 'preparing', orderClosed: true })?.code).toBe('order_not_shippable');
    expect(shipmentActionRefusal('resolve', { ...base, status: 'delivered', receiptStatus: 'resolved' })).toMatchObject({
      code: 'receipt_not_open',
      message: 'This discrepancy has been answered already.',
    });
    expect(shipmentActionRefusal('resolve', { ...base, side: 'recipient', status: 'delivered', receiptStatus: 'discrepancy' })?.message).toBe(
      'Only the sender answers a discrepancy.',
    );
  });
});
