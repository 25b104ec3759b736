import { describe, expect, it } from 'vitest';
import { INVOICE_ACTIONS, type InvoiceAction, invoiceActionRefusal, invoiceActions, type InvoiceActionSide } from './invoice-actions';

const SIDES: InvoiceActionSide[] = ['issuer', 'customer', 'staff'];

describe('what may be done to an invoice (one decision for the page and the server)', () => {
  for (const side of SIDES)
    for (const kind of ['invoice', 'credit_note'] as const)
      for (const state of ['draft', 'issued'] as const)
        for (const outstandingMinor of [-1, 0, 1])
          for (const creditable of [false, true])
            it(`${side}, ${kind}, ${state}, owes ${outstandingMinor}, ${creditable ? 'a case uncredited' : 'all credited'}`, () => {
              const facts = { side, kind, state, number: state === 'issued' ? 'INV-2026-000001' : null, outstandingMinor, creditable };
              // Written out by hand: only the issuer acts; a draft is issued or discarded; an issued invoice (not a credit note) is credited while owed and uncredited.
              const expected: InvoiceAction[] =
                side !== 'issuer' ? [] : state === 'draft' ? ['issue', 'discard'] : kind === 'invoice' && outstandingMinor > 0 && creditable ? ['credit'] : [];
              expect(invoiceActions(facts)).toEqual(expected);
              for (const action of INVOICE_ACTIONS) {
                const refusal = invoiceActionRefusal(action, facts);
                expect(refusal === null).toBe(expected.includes(action));
                if (refusal)
                  expect([
                    'wrong_side',
                    'invoice_already_issued',
                    'not_an_invoice',
                    'invoice_not_issued',
                    'credit_exceeds_invoiced',
                    'credit_exceeds_outstanding',
                  ]).toContain(refusal.code);
              }
            });

  it('says which document never changes', () => {
    const issued = {
      side: 'issuer' as const,
      kind: 'invoice' as const,
      state: 'issued' as const,
      number: 'INV-2026-000007',
      outstandingMinor: 0,
      creditable: false,
    };
    expect(invoiceActionRefusal('discard', issued)).toMatchObject({
      code: 'invoice_already_issued',
      message: 'Invoice INV-2026-000007 is issued: it never changes.',
    });
    expect(invoiceActionRefusal('credit', issued)?.code).toBe('credit_exceeds_invoiced');
    expect(invoiceActionRefusal('credit', { ...issued, creditable: true })?.code).toBe('credit_exceeds_outstanding');
  });
});
