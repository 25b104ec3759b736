// What may be done to a payment now — the one decision the page and the server share (issue 40).
// The distributor being paid confirms or fails a pending payment; the retailer that paid applies a
// settled payment's account credit while some is left. The server calls `paymentActionRefusal` before
// it acts (how much goes to which invoice is its input's, checked as it is applied); the Payments page
// offers what `paymentActions` lists.
import type { PaymentStatus } from './invoicing';
import type { ActionRefusal } from './order-actions';
import type { PaymentAction, PaymentSide } from './payment-views';
import { statusInSentence } from './status-labels';

export const PAYMENT_ACTIONS = ['confirm', 'fail', 'apply_credit'] as const satisfies readonly PaymentAction[];

export interface PaymentFacts {
  status: PaymentStatus;
  side: PaymentSide;
  amountMinor: number;
  /** What its allocations to invoices take of it; the rest is account credit once it is settled. */
  allocatedMinor: number;
}

const PAST: Record<PaymentAction, string> = { confirm: 'confirmed', fail: 'marked failed', apply_credit: 'applied' };

/** Null when `action` may be taken on a payment with these facts; otherwise why not (the wrong side first, then the state). */
export function paymentActionRefusal(action: PaymentAction, facts: PaymentFacts): ActionRefusal | null {
  if (action === 'apply_credit') {
    if (facts.side !== 'payer') return { code: 'wrong_side', kind: 'forbidden', message: 'Only the retailer that paid can apply its credit.' };
    if (facts.status !== 'settled')
      return {
        code: 'invalid_transition',
        kind: 'conflict',
        message: `This payment is ${statusInSentence(facts.status)}: only a settled payment's credit can be applied.`,
      };
    if (facts.allocatedMinor >= facts.amountMinor)
      return { code: 'over_allocation', kind: 'conflict', message: 'This payment has no account credit left: all of it went to invoices.' };
    return null;
  }
  if (facts.side !== 'payee') return { code: 'wrong_side', kind: 'forbidden', message: 'Only the distributor being paid can confirm or fail a payment.' };
  if (facts.status !== 'pending')
    return {
      code: 'invalid_transition',
      kind: 'conflict',
      message: `This payment is ${statusInSentence(facts.status)}: it cannot be ${PAST[action]}.`,
      hint: 'Reload the page to see where it stands.',
    };
  return null;
}

/** The actions the Payments page offers for these facts: exactly those `paymentActionRefusal` allows. */
export function paymentActions(facts: PaymentFacts): PaymentAction[] {
  return PAYMENT_ACTIONS.filter((a) => paymentActionRefusal(a, facts) === null);
}
