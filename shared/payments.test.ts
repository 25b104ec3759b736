import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CREDIT_HOLD_OVERDUE_DAYS } from './invoicing';
import {
  type Allocation,
  allocatedMinor,
  allocationProblems,
  creditHoldReasons,
  daysPastDue,
  minorFromText,
  type OpenInvoice,
  overdueStage,
  runningBalance,
  settle,
  suggestAllocations,
  textFromMinor,
} from './payments';

const day = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);

/** Open invoices with distinct ids, dates in 2026 and what each can take (0 … 5,000,000 minor units). */
const openInvoices = fc
  .uniqueArray(fc.record({ id: fc.integer({ min: 1, max: 10_000 }), due: fc.nat(365), issuedBefore: fc.nat(60), availableMinor: fc.nat(5_000_000) }), {
    selector: (i) => i.id,
    maxLength: 12,
  })
  .map((xs) =>
    xs.map<OpenInvoice>((x) => ({
      id: x.id,
      number: `INV-${x.id}`,
      dueOn: day(x.due),
      issuedOn: day(x.due - x.issuedBefore),
      availableMinor: x.availableMinor,
    })),
  );

const availability = (invoices: OpenInvoice[]) => new Map(invoices.map((i) => [i.id, i.availableMinor]));

describe('allocating a payment never loses or creates a minor unit', () => {
  it('the oldest-first suggestion: allocations + unallocated = the amount, each within what its invoice can take', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2_147_483_647 }), openInvoices, (amount, invoices) => {
        const { allocations, unallocatedMinor } = suggestAllocations(amount, invoices);
        expect(allocatedMinor(allocations) + unallocatedMinor).toBe(amount);
        expect(unallocatedMinor).toBeGreaterThanOrEqual(0);
        for (const a of allocations) expect(Number.isInteger(a.amountMinor) && a.amountMinor > 0).toBe(true);
        // The server's check accepts what the page suggests.
        expect(allocationProblems(amount, allocations, availability(invoices))).toEqual([]);
        // Money is left over only when every invoice is covered in full.
        const total = invoices.reduce((s, i) => s + i.availableMinor, 0);
        expect(unallocatedMinor).toBe(Math.max(0, amount - total));
      }),
      { numRuns: 500 },
    );
  });

  it('any allocation the check accepts settles exactly: outstanding after = before − allocation, and the rest is credit', () => {
    const scenario = openInvoices.chain((invoices) =>
      fc.record({
        invoices: fc.constant(invoices),
        amount: fc.integer({ min: 1, max: 20_000_000 }),
        // Allocations to the invoices (and some that are not there), any amounts: the check decides.
        allocations: fc.array(
          fc.record({
            invoiceId: invoices.length ? fc.oneof(fc.constantFrom(...invoices.map((i) => i.id)), fc.integer({ min: 1, max: 10_000 })) : fc.integer({ min: 1 }),
            amountMinor: fc.integer({ min: -10, max: 6_000_000 }),
          }),
          { maxLength: 8 },
        ),
      }),
    );
    fc.assert(
      fc.property(scenario, ({ invoices, amount, allocations }) => {
        const available = availability(invoices);
        const problems = allocationProblems(amount, allocations, available);
        if (problems.length) {
          // A refusal names something real: an over-allocation, an unknown or repeated invoice, a non-positive amount.
          const over = allocatedMinor(allocations) > amount || allocations.some((a) => a.amountMinor > (available.get(a.invoiceId) ?? -1));
          const bad =
            allocations.some((a) => !available.has(a.invoiceId) || a.amountMinor <= 0) ||
            new Set(allocations.map((a) => a.invoiceId)).size !== allocations.length;
          expect(over || bad).toBe(true);
          return;
        }
        const { applied, outstandingAfter, unallocatedMinor } = settle(amount, allocations, available);
        // Nothing was trimmed: each invoice could take its allocation.
        expect(applied).toEqual(allocations);
        for (const inv of invoices) {
          const a = allocations.find((x) => x.invoiceId === inv.id)?.amountMinor ?? 0;
          expect(outstandingAfter.get(inv.id)).toBe(inv.availableMinor - a);
          expect(outstandingAfter.get(inv.id)).toBeGreaterThanOrEqual(0);
        }
        const before = invoices.reduce((s, i) => s + i.availableMinor, 0);
        const after = [...outstandingAfter.values()].reduce((s, n) => s + n, 0);
        expect(before - after + unallocatedMinor).toBe(amount);
      }),
      { numRuns: 500 },
    );
  });

  it('settling against less than was reserved (a credit note came between) applies what is owed and keeps the rest as credit', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ owed: fc.nat(1_000_000), alloc: fc.integer({ min: 1, max: 1_000_000 }) }), { minLength: 1, maxLength: 6 }),
        fc.nat(1_000_000),
        (rows, extra) => {
          const allocations: Allocation[] = rows.map((r, i) => ({ invoiceId: i + 1, amountMinor: r.alloc }));
          const amount = allocatedMinor(allocations) + extra;
          const owed = new Map(rows.map((r, i) => [i + 1, r.owed]));
          const { applied, outstandingAfter, unallocatedMinor } = settle(amount, allocations, owed);
          expect(allocatedMinor(applied) + unallocatedMinor).toBe(amount);
          rows.forEach((r, i) => expect(outstandingAfter.get(i + 1)).toBe(r.owed - Math.min(r.owed, r.alloc)));
        },
      ),
    );
  });
});

describe('the allocation check', () => {
  const invoices: OpenInvoice[] = [
    { id: 1, number: 'INV-2026-0001', issuedOn: '2026-01-01', dueOn: '2026-01-31', availableMinor: 10_000 },
    { id: 2, number: 'INV-2026-0002', issuedOn: '2026-01-05', dueOn: '2026-01-20', availableMinor: 5_000 },
  ];
  it('suggests the oldest due first', () => {
    expect(suggestAllocations(7_000, invoices)).toEqual({
      allocations: [
        { invoiceId: 2, amountMinor: 5_000 },
        { invoiceId: 1, amountMinor: 2_000 },
      ],
      unallocatedMinor: 0,
    });
    expect(suggestAllocations(20_000, invoices).unallocatedMinor).toBe(5_000);
  });
  it('names the allocation over its invoice, the sum over the payment, an unknown invoice and a repeated one', () => {
    const codes = (amount: number, a: Allocation[]) => allocationProblems(amount, a, availability(invoices)).map((p) => `${p.path}:${p.code}`);
    expect(codes(20_000, [{ invoiceId: 2, amountMinor: 5_001 }])).toEqual(['allocations.0.amountMinor:over_allocation']);
    expect(codes(100, [{ invoiceId: 1, amountMinor: 101 }])).toEqual(['allocations:over_allocation']);
    expect(codes(100, [{ invoiceId: 9, amountMinor: 1 }])).toEqual(['allocations.0.invoiceId:unknown_invoice']);
    expect(
      codes(100, [
        { invoiceId: 1, amountMinor: 1 },
        { invoiceId: 1, amountMinor: 1 },
      ]),
    ).toEqual(['allocations.1.invoiceId:duplicate_invoice']);
    expect(codes(100, [{ invoiceId: 1, amountMinor: 0 }])).toEqual(['allocations.0.amountMinor:invalid_amount']);
  });
});

describe('days past due, stages and the credit hold', () => {
  it('counts whole days from the due date', () => {
    expect(daysPastDue('2026-03-01', '2026-03-01')).toBe(0);
    expect(daysPastDue('2026-03-01', '2026-03-02')).toBe(1);
    expect(daysPastDue('2026-03-01', '2026-02-27')).toBe(-2);
    expect([0, 1, 30, 31, 60, 61, 90, 91, 400].map(overdueStage)).toEqual([null, 1, 1, 31, 31, 61, 61, 91, 91]);
  });
  it('holds over the limit (outstanding + this order) and beyond 60 days overdue, not at them', () => {
    const base = { currency: 'GBP', creditLimitMinor: 10_000, outstandingMinor: 6_000, orderTotalMinor: 4_000, mostOverdue: null };
    expect(creditHoldReasons(base)).toEqual([]);
    expect(creditHoldReasons({ ...base, orderTotalMinor: 4_001 }).map((r) => r.code)).toEqual(['over_credit_limit']);
    expect(creditHoldReasons({ ...base, mostOverdue: { number: 'INV-1', daysOverdue: CREDIT_HOLD_OVERDUE_DAYS } })).toEqual([]);
    expect(creditHoldReasons({ ...base, mostOverdue: { number: 'INV-1', daysOverdue: CREDIT_HOLD_OVERDUE_DAYS + 1 } }).map((r) => r.code)).toEqual([
      'overdue_invoice',
    ]);
  });
});

describe('statements and typed amounts', () => {
  it('runs the balance from the opening one', () => {
    const { lines, closingMinor } = runningBalance(1_000, [
      { date: '2026-01-02', kind: 'invoice', document: 'INV-1', reference: '', debitMinor: 5_000, creditMinor: 0 },
      { date: '2026-01-03', kind: 'payment', document: 'PAY-1', reference: 'x', debitMinor: 0, creditMinor: 4_000 },
      { date: '2026-01-04', kind: 'credit_note', document: 'CN-1', reference: '', debitMinor: 0, creditMinor: 500 },
    ]);
    expect(lines.map((l) => l.balanceMinor)).toEqual([6_000, 2_000, 1_500]);
    expect(closingMinor).toBe(1_500);
  });
  it('reads amounts as text, never through floating point', () => {
    expect(minorFromText('0.29')).toBe(29);
    expect(minorFromText('1,234.5')).toBe(123_450);
    expect(minorFromText('12')).toBe(1_200);
    for (const bad of ['', '1.234', '-1', 'abc', '1e3', '.5']) expect(minorFromText(bad)).toBeNull();
    fc.assert(fc.property(fc.nat(2_147_483_647), (n) => minorFromText(textFromMinor(n)) === n));
  });
});
