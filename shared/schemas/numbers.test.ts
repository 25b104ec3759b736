import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { adminListQuery, recordId, versionField } from './admin';
import { productInput } from './catalog';
import { creditLineInput } from './invoices';
import { requestItem } from './marketing-requests';
import { numberRule, wholeNumber } from './numbers';
import { orderLineInput } from './orders';
import { tradeTermsInput } from './partners';
import { allocationInput as paymentAllocation } from './payments';
import { shipmentLineInput } from './shipments';
import { allocationLine, stockAdjustment } from './stock';
import { storeNearbyQuery } from './stores';

/** What `z.coerce.number()` turned into a number and a person never typed as one. */
const ATTACKS: unknown[] = [
  '0x10',
  '0X10',
  '0b11',
  '0o17',
  '1e1',
  '1E3',
  '5.0',
  '5.',
  '.5',
  ' 5',
  '5 ',
  '\t5',
  '5\n',
  '+5',
  '--5',
  '5_000',
  '5,000',
  '',
  ' ',
  'Infinity',
  'NaN',
  '١٢',
  '５',
  true,
  false,
  null,
  [5],
  ['5'],
  {},
  { valueOf: 5 },
  Number.NaN,
  Number.POSITIVE_INFINITY,
  2.5,
];

describe('wholeNumber', () => {
  const cases = wholeNumber(numberRule('the cases', 1, 1000));

  it('reads a JSON integer or a string of decimal digits', () => {
    expect(cases.parse(16)).toBe(16);
    expect(cases.parse('16')).toBe(16);
    expect(cases.parse('0016')).toBe(16);
    expect(wholeNumber(numberRule('the change', -10, 10)).parse('-6')).toBe(-6);
  });

  it.each(ATTACKS.map((v) => [JSON.stringify(v) ?? String(v), v]))('refuses %s with the field’s sentence', (_, v) => {
    const r = cases.safeParse(v);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toMatch(/^(Enter the cases as a whole number\.|(The cases must be at least 1|The cases cannot be more than 1,000)\.)$/);
  });

  it('refuses out of range with the limit in the sentence', () => {
    expect(cases.safeParse(0).error?.issues[0]?.message).toBe('The cases must be at least 1.');
    expect(cases.safeParse('1001').error?.issues[0]?.message).toBe('The cases cannot be more than 1,000.');
    expect(cases.safeParse('99999999999999999999999').success).toBe(false);
  });

  it('accepts every integer in range, as a number and as its decimal text; nothing else in text', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1000 }), (n) => {
        expect(cases.parse(n)).toBe(n);
        expect(cases.parse(String(n))).toBe(n);
      }),
    );
    fc.assert(
      fc.property(fc.string(), (s) => {
        const r = cases.safeParse(s);
        if (r.success) expect(s).toMatch(/^\d+$/);
      }),
    );
  });
});

// Every quantity, amount and id a body or form sends goes through it.
const fields: [string, z.ZodType, (v: unknown) => unknown, string][] = [
  ['order line cases', orderLineInput, (v) => ({ productId: 1, cases: v }), 'cases'],
  ['order line product', orderLineInput, (v) => ({ productId: v, cases: 1 }), 'productId'],
  ['shipment line cases', shipmentLineInput, (v) => ({ orderItemId: 1, cases: v }), 'cases'],
  ['credit note cases', creditLineInput, (v) => ({ invoiceItemId: 1, cases: v }), 'cases'],
  ['stock change', stockAdjustment, (v) => ({ delta: v, reason: 'Count' }), 'delta'],
  ['allocation cases', allocationLine, (v) => ({ productId: 1, cases: v }), 'cases'],
  ['allocation product', allocationLine, (v) => ({ productId: v, cases: 1 }), 'productId'],
  ['payment allocation', paymentAllocation, (v) => ({ invoiceId: 1, amountMinor: v }), 'amountMinor'],
  ['collateral quantity', requestItem, (v) => ({ collateralId: 1, quantity: v }), 'quantity'],
  ['credit limit', tradeTermsInput, (v) => ({ paymentTermsDays: 30, creditLimitMinor: v, dutyTreatment: 'releases', version: 1 }), 'creditLimitMinor'],
  ['payment terms', tradeTermsInput, (v) => ({ paymentTermsDays: v, creditLimitMinor: 0, dutyTreatment: 'releases', version: 1 }), 'paymentTermsDays'],
  ['case size', productInput, (v) => ({ caseSize: v }), 'caseSize'],
  ['retail price', productInput, (v) => ({ retailPrices: { GB: v } }), 'retailPrices.GB'],
  ['version', versionField, (v) => v, ''],
  ['record id', recordId('Choose one.'), (v) => v, ''],
  ['list page', adminListQuery(['name']), (v) => ({ page: v }), 'page'],
  ['latitude', storeNearbyQuery, (v) => ({ lat: v, lng: 0 }), 'lat'],
];

describe.each(fields)('%s', (_, schema, body, path) => {
  it('refuses every coercion', () => {
    for (const v of ATTACKS) {
      if (path === 'lat' && (v === '5.0' || v === 2.5)) continue; // a latitude may have a fraction
      if (path.endsWith('GB') && v === null) continue; // a missing price is "not sold there"
      if (path === 'lat' && (v === '' || v === ' ')) continue; // blank is "not given" (refused for lat: both or neither)
      const r = schema.safeParse(body(v));
      expect(r.success, `${JSON.stringify(v)} was accepted`).toBe(false);
      expect(
        r.error?.issues.map((i) => i.path.join('.')),
        JSON.stringify(v),
      ).toContain(path);
    }
  });
});
