import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { documentNumber, invoiceStanding } from './invoicing';
import { addDays, creditNoteTotals, invoiceTotals, lineTotalMinor, taxOn, taxRateLabel } from './invoice-totals';

describe('invoice totals', () => {
  it('adds lines of cases × case size × the per-bottle price, and charges tax once on the subtotal', () => {
    const lines = [lineTotalMinor(4, 6, 1999), lineTotalMinor(1, 12, 2500)];
    expect(lines).toEqual([47_976, 30_000]);
    expect(invoiceTotals(lines, 2000)).toEqual({ subtotalMinor: 77_976, taxMinor: 15_595, totalMinor: 93_571 });
  });

  it('rounds tax half-up, once per invoice (never per line)', () => {
    // 0.5 of a minor unit goes up; below it, down.
    expect(taxOn(25, 2000)).toBe(5); // 5.0
    expect(taxOn(1, 5000)).toBe(1); // 0.5 → 1
    expect(taxOn(3, 1500)).toBe(0); // 0.45 → 0
    expect(taxOn(11, 2050)).toBe(2); // 2.255 → 2
    expect(taxOn(19, 2500)).toBe(5); // 4.75 → 5
    expect(taxOn(0, 2000)).toBe(0);
    // Per line these three would round to 1 + 1 + 1 = 3; once on the subtotal it is 2 (1.5 × … = 2.25 → 2).
    expect(invoiceTotals([5, 5, 5], 1500).taxMinor).toBe(2);
  });

  it('is exact for the largest amounts an integer column holds', () => {
    expect(taxOn(2_147_483_647, 10_000)).toBe(2_147_483_647);
    expect(taxOn(2_147_483_647, 2000)).toBe(429_496_729); // 429,496,729.4 → down
    expect(taxOn(2_147_483_645, 2000)).toBe(429_496_729); // .0
  });

  it('rounds in integers exactly as in BigInts, up to the largest safe subtotal', () => {
    const reference = (s: number, bp: number) => Number((BigInt(s) * BigInt(bp) + 5_000n) / 10_000n);
    fc.assert(
      fc.property(
        fc.oneof(fc.integer({ min: 0, max: 2_147_483_647 }), fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER })),
        fc.integer({ min: 0, max: 10_000 }),
        (s, bp) => {
          expect(taxOn(s, bp)).toBe(reference(s, bp));
        },
      ),
    );
  });

  it('refuses fractions and negatives rather than guessing', () => {
    expect(() => taxOn(1.5, 2000)).toThrow(RangeError);
    expect(() => taxOn(-1, 2000)).toThrow(RangeError);
    expect(() => taxOn(100, 10_001)).toThrow(RangeError);
  });

  it('matches half-up rounding of the exact rational for any subtotal and rate (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2_147_483_647 }), fc.integer({ min: 0, max: 10_000 }), (subtotal, bp) => {
        const tax = taxOn(subtotal, bp);
        // tax is the integer nearest to subtotal × bp / 10000, halves up: 2·(s·bp) − 2·10000·tax ∈ [−10000, 10000).
        const twice = 2n * BigInt(subtotal) * BigInt(bp) - 20_000n * BigInt(tax);
        expect(twice >= -10_000n && twice < 10_000n).toBe(true);
      }),
    );
  });

  it('credits add up to the invoice exactly, however the lines are split over credit notes (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 500_000 }), { minLength: 1, maxLength: 12 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.array(fc.nat(), { maxLength: 12 }),
        (lines, bp, cuts) => {
          const invoice = invoiceTotals(lines, bp);
          // Split the lines into consecutive credit notes at the cut points.
          const groups: number[][] = [];
          let rest = [...lines];
          for (const c of cuts) {
            if (!rest.length) break;
            const n = 1 + (c % rest.length);
            groups.push(rest.slice(0, n));
            rest = rest.slice(n);
          }
          if (rest.length) groups.push(rest);
          const credited = { subtotalMinor: 0, taxMinor: 0, totalMinor: 0 };
          for (const g of groups) {
            const note = creditNoteTotals(g, bp, credited);
            expect(note.taxMinor).toBeGreaterThanOrEqual(0);
            credited.subtotalMinor += note.subtotalMinor;
            credited.taxMinor += note.taxMinor;
            credited.totalMinor += note.totalMinor;
          }
          expect(credited).toEqual(invoice);
        },
      ),
    );
  });

  it('adds days to a calendar date across months and leap years', () => {
    expect(addDays('2026-01-31', 30)).toBe('2026-03-02');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-15', 30)).toBe('2027-01-14');
    expect(addDays('2026-05-01', 0)).toBe('2026-05-01');
  });

  it('labels tax rates as people read them', () => {
    expect(taxRateLabel(2000)).toBe('20%');
    expect(taxRateLabel(1250)).toBe('12.5%');
    expect(taxRateLabel(0)).toBe('0%');
  });
});

describe('document numbers', () => {
  it('are INV-/CN-, the year and four digits, per kind', () => {
    expect(documentNumber('invoice', 2026, 1)).toBe('INV-2026-0001');
    expect(documentNumber('invoice', 2026, 200)).toBe('INV-2026-0200');
    expect(documentNumber('credit_note', 2027, 42)).toBe('CN-2027-0042');
    // Past 9,999 in a year the number simply grows: still unique, still ordered.
    expect(documentNumber('invoice', 2026, 12_345)).toBe('INV-2026-12345');
  });
});

describe('invoice standing', () => {
  const base = { state: 'issued' as const, totalMinor: 10_000, paidMinor: 0, creditedMinor: 0, dueOn: '2026-03-31' };
  it('reads issued, partially paid, paid, overdue and credited from the amounts and the due date', () => {
    expect(invoiceStanding(base, '2026-03-01')).toBe('issued');
    expect(invoiceStanding({ ...base, paidMinor: 1 }, '2026-03-01')).toBe('partially_paid');
    expect(invoiceStanding({ ...base, creditedMinor: 500 }, '2026-03-01')).toBe('partially_paid');
    expect(invoiceStanding({ ...base, paidMinor: 10_000 }, '2026-04-30')).toBe('paid');
    expect(invoiceStanding({ ...base, paidMinor: 4_000, creditedMinor: 6_000 }, '2026-04-30')).toBe('paid');
    expect(invoiceStanding({ ...base, paidMinor: 1 }, '2026-04-01')).toBe('overdue');
    expect(invoiceStanding(base, '2026-03-31')).toBe('issued'); // due today is not overdue
    expect(invoiceStanding({ ...base, creditedMinor: 10_000 }, '2026-04-30')).toBe('credited');
    expect(invoiceStanding({ ...base, state: 'draft', dueOn: null }, '2026-04-30')).toBe('draft');
  });
});
