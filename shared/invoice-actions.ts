// What may be done to an invoice now — the one decision the page and the server share (issue 40).
// The issuer issues or discards its draft; it credits an issued invoice while something is still owed
// and a case is still uncredited. The server calls `invoiceActionRefusal` before it acts (the line-by-
// line limits of a credit note are its input's, checked as it is written); the invoice's page offers
// what `invoiceActions` lists.
import type { ActionRefusal } from './order-actions';

export const INVOICE_ACTIONS = ['issue', 'discard', 'credit'] as const;
export type InvoiceAction = (typeof INVOICE_ACTIONS)[number];

/** The issuer and the customer; staff read every organisation's invoices and act on none. */
export type InvoiceActionSide = 'issuer' | 'customer' | 'staff';

export interface InvoiceFacts {
  side: InvoiceActionSide;
  kind: 'invoice' | 'credit_note';
  state: 'draft' | 'issued';
  /** Its number, once issued (for the sentence). */
  number: string | null;
  /** What is still owed on it (total − paid − credited). */
  outstandingMinor: number;
  /** A line still has cases no credit note took back. */
  creditable: boolean;
}

/** Null when `action` may be taken on an invoice with these facts; otherwise why not. */
export function invoiceActionRefusal(action: InvoiceAction, facts: InvoiceFacts): ActionRefusal | null {
  if (facts.side !== 'issuer') return { code: 'wrong_side', kind: 'forbidden', message: 'Only the issuer can do this.' };
  if (action === 'issue' || action === 'discard') {
    if (facts.state !== 'draft')
      return {
        code: 'invoice_already_issued',
        kind: 'conflict',
        message: `${facts.kind === 'credit_note' ? 'Credit note' : 'Invoice'}${facts.number ? ` ${facts.number}` : ''} is issued: it never changes.`,
        ...(action === 'discard' ? { hint: 'Issue a credit note to correct it.' } : {}),
      };
    return null;
  }
  if (facts.kind !== 'invoice') return { code: 'not_an_invoice', kind: 'conflict', message: 'A credit note credits an invoice, not another credit note.' };
  if (facts.state !== 'issued')
    return { code: 'invoice_not_issued', kind: 'conflict', message: 'Only an issued invoice can be credited: discard the draft instead.' };
  if (!facts.creditable)
    return {
      code: 'credit_exceeds_invoiced',
      kind: 'conflict',
      message: 'Every case on this invoice has been credited already: there is nothing left to credit.',
    };
  if (facts.outstandingMinor <= 0)
    return { code: 'credit_exceeds_outstanding', kind: 'conflict', message: 'Nothing is owed on this invoice any more: there is nothing left to credit.' };
  return null;
}

/** The actions the invoice's page offers for these facts: exactly those `invoiceActionRefusal` allows. */
export function invoiceActions(facts: InvoiceFacts): InvoiceAction[] {
  return INVOICE_ACTIONS.filter((a) => invoiceActionRefusal(a, facts) === null);
}
