import { describe, expect, it } from 'vitest';
import {
  CARRIER_KEYS,
  missingCases,
  receiptStatusOf,
  SHIPMENT_STATUSES,
  SHIPMENT_TRANSITIONS,
  shipmentActionsFor,
  shipmentTransitionFor,
  shippingProgress,
  shortCases,
  exceedsShipment,
  trackingUrl,
} from './shipments';

describe('the shipment transition table', () => {
  it('lets only the sender ship, and only a shipment being prepared', () => {
    expect(shipmentTransitionFor('ship', 'preparing', 'sender')?.to).toBe('shipped');
    expect(shipmentTransitionFor('ship', 'preparing', 'recipient')).toBeNull();
    for (const s of SHIPMENT_STATUSES.filter((x) => x !== 'preparing')) expect(shipmentTransitionFor('ship', s, 'sender')).toBeNull();
  });

  it('reaches delivered only through the recipient’s receipt, from shipped, in transit or an exception', () => {
    const intoDelivered = SHIPMENT_TRANSITIONS.filter((t) => t.to === 'delivered');
    expect(intoDelivered).toHaveLength(1);
    expect(intoDelivered[0]).toMatchObject({ action: 'receive', by: ['recipient'] });
    expect([...intoDelivered[0]!.from].sort()).toEqual(['exception', 'in_transit', 'shipped']);
    expect(shipmentTransitionFor('receive', 'preparing', 'recipient')).toBeNull();
    expect(shipmentTransitionFor('receive', 'delivered', 'recipient')).toBeNull();
  });

  it('offers each side what the table allows, and nothing once delivered', () => {
    expect(shipmentActionsFor('preparing', 'sender')).toEqual(['ship']);
    expect(shipmentActionsFor('shipped', 'sender')).toEqual(['in_transit', 'exception']);
    expect(shipmentActionsFor('in_transit', 'sender')).toEqual(['exception']);
    expect(shipmentActionsFor('exception', 'sender')).toEqual(['resume']);
    expect(shipmentActionsFor('shipped', 'recipient')).toEqual(['receive']);
    expect(shipmentActionsFor('preparing', 'recipient')).toEqual([]);
    expect(shipmentActionsFor('delivered', 'sender')).toEqual([]);
    expect(shipmentActionsFor('delivered', 'recipient')).toEqual([]);
  });

  it('reaches every status from preparing, and never goes back to preparing', () => {
    const seen = new Set<string>(['preparing']);
    for (let changed = true; changed;) {
      changed = false;
      for (const t of SHIPMENT_TRANSITIONS)
        if (t.from.some((f) => seen.has(f)) && !seen.has(t.to)) {
          seen.add(t.to);
          changed = true;
        }
    }
    expect([...seen].sort()).toEqual([...SHIPMENT_STATUSES].sort());
    expect(SHIPMENT_TRANSITIONS.some((t) => t.to === 'preparing')).toBe(false);
  });
});

describe('tracking links', () => {
  it('fills each carrier’s template with the tracking number, URL-encoded and trimmed', () => {
    expect(trackingUrl('dhl', ' 1234567890 ')).toBe('https://www.dhl.com/en/express/tracking.html?AWB=1234567890');
    expect(trackingUrl('ups', '1Z 999/AA')).toBe('https://www.ups.com/track?tracknum=1Z%20999%2FAA');
    expect(trackingUrl('dpd', 'A&B')).toBe('https://track.dpd.co.uk/parcels/A%26B');
    for (const c of CARRIER_KEYS.filter((k) => k !== 'own_fleet')) expect(trackingUrl(c, 'X1')).toMatch(/^https:\/\/[^{}]+X1/);
  });

  it('gives no link for the own fleet, an unknown carrier or an empty tracking number', () => {
    expect(trackingUrl('own_fleet', 'VAN-1')).toBeNull();
    expect(trackingUrl('pigeon', 'X1')).toBeNull();
    expect(trackingUrl('constructor', 'X1')).toBeNull();
    expect(trackingUrl('dhl', '   ')).toBeNull();
  });
});

describe('a receipt’s arithmetic', () => {
  it('counts short and damaged cases as missing, and makes any missing case a discrepancy', () => {
    const line = { cases: 5, casesReceived: 3, casesDamaged: 1 };
    expect(missingCases(line)).toBe(2);
    expect(shortCases(line)).toBe(1);
    expect(receiptStatusOf([{ cases: 5, casesReceived: 5, casesDamaged: 0 }])).toBe('confirmed');
    expect(receiptStatusOf([{ cases: 5, casesReceived: 5, casesDamaged: 0 }, line])).toBe('discrepancy');
    expect(receiptStatusOf([{ cases: 2, casesReceived: 1, casesDamaged: 1 }])).toBe('discrepancy');
  });

  it('refuses more received and damaged than was shipped', () => {
    expect(exceedsShipment({ cases: 4, casesReceived: 4, casesDamaged: 1 })).toBe(true);
    expect(exceedsShipment({ cases: 4, casesReceived: 3, casesDamaged: 1 })).toBe(false);
  });
});

describe('shipping progress of an order', () => {
  it('is derived from the lines: nothing, some or all of the approved cases shipped', () => {
    expect(shippingProgress([{ cases: 4, shipped: 0 }])).toBe('unshipped');
    expect(shippingProgress([{ cases: 4, shipped: 3 }])).toBe('partially_shipped');
    expect(
      shippingProgress([
        { cases: 4, shipped: 4 },
        { cases: 2, shipped: 0 },
      ]),
    ).toBe('partially_shipped');
    // A line cut to zero at approval needs no shipping.
    expect(
      shippingProgress([
        { cases: 4, shipped: 4 },
        { cases: 0, shipped: 0 },
      ]),
    ).toBe('shipped');
  });
});
