import { describe, expect, it } from 'vitest';
import { PAYMENT_STATUSES } from './invoicing';
import { PAYMENT_ACTIONS, paymentActionRefusal, paymentActions } from './payment-actions';
import type { PaymentAction, PaymentSide } from './payment-views';

describe('what may be done to a payment (one decision for the page and the server)', () => {
  for (const side of ['payer', 'payee'] as PaymentSide[])
    for (const status of PAYMENT_STATUSES)
      for (const allocatedMinor of [0, 5_000, 10_000])
        it(`${side}, ${status}, ${allocatedMinor} of 10,000 allocated`, () => {
          const facts = { side, status, amountMinor: 10_000, allocatedMinor };
          // Written out by hand: the payee confirms or fails a pending payment; the payer applies a settled payment's credit while some is left.
          const expected: PaymentAction[] =
            side === 'payee' ? (status === 'pending' ? ['confirm', 'fail'] : []) : status === 'settled' && allocatedMinor < 10_000 ? ['apply_credit'] : [];
          expect(paymentActions(facts)).toEqual(expected);
          for (const action of PAYMENT_ACTIONS) {
            const refusal = paymentActionRefusal(action, facts);
            expect(refusal === null).toBe(expected.includes(action));
            if (refusal) expect(['wrong_side', 'invalid_transition', 'over_allocation']).toContain(refusal.code);
          }
        });

  it('keeps the sentences the server always answered with', () => {
    expect(paymentActionRefusal('confirm', { side: 'payer', status: 'pending', amountMinor: 1, allocatedMinor: 0 })?.message).toBe(
      'Only the distributor being paid can confirm or fail a payment.',
    );
    expect(paymentActionRefusal('fail', { side: 'payee', status: 'settled', amountMinor: 1, allocatedMinor: 0 })?.message).toBe(
      'This payment is settled: it cannot be marked failed.',
    );
  });
});
