// Invoices and credit notes (issue 16): what an issuer sends — the orders to invoice (one customer's
// approved orders), the version of a draft it issues or discards, a credit note's lines and reason —
// and the list query both sides use. Whether an order may be invoiced (approved, its seller's, not on
// another invoice) and how much may be credited the service decides.
import { z } from './zod';
import { pageNumber, wholeNumber } from './numbers';
import { requiredText } from './text';
import { INVOICE_STANDINGS } from '../invoicing';
import { MAX_CASES_PER_LINE } from '../orders';
import { recordId, versionField, withoutNul } from './admin';

export * from '../invoicing';

/** Orders on one invoice, lines on one credit note, invoices on a list page. */
export const MAX_INVOICE_ORDERS = 50;
export const MAX_CREDIT_LINES = 200;
export const INVOICE_PAGE_SIZE = 50;
export const MAX_CREDIT_REASON = 500;

export const invoiceId = recordId('Choose an invoice.');

export const invoiceOrdersInput = z.object({
  /** The customer the page picked: every order must be theirs (optional for the API). */
  customerId: z.uuid({ error: 'Choose one of your customers.' }).optional(),
  orderIds: z
    .array(recordId('Choose an order.'), { error: 'Choose at least one approved order.' })
    .min(1, 'Choose at least one approved order.')
    .max(MAX_INVOICE_ORDERS, `At most ${MAX_INVOICE_ORDERS} orders on one invoice.`)
    .refine((ids) => new Set(ids).size === ids.length, 'Name each order once.'),
});
export type InvoiceOrdersInput = z.infer<typeof invoiceOrdersInput>;

/** Issuing or discarding a draft: the version the page read. */
export const draftStepInput = z.object({ version: versionField });
export type DraftStepInput = z.infer<typeof draftStepInput>;

export const creditLineInput = z.object({
  invoiceItemId: recordId('Choose a line of the invoice.'),
  cases: wholeNumber({
    min: 1,
    max: MAX_CASES_PER_LINE,
    required: 'Enter a number of cases.',
    whole: 'Enter a whole number of cases.',
    tooSmall: 'Credit at least one case.',
    tooBig: `At most ${MAX_CASES_PER_LINE.toLocaleString('en')} cases on a line.`,
  }),
});

export const creditNoteInput = z.object({
  lines: z
    .array(creditLineInput, { error: 'Choose at least one line to credit.' })
    .min(1, 'Choose at least one line to credit.')
    .max(MAX_CREDIT_LINES, `At most ${MAX_CREDIT_LINES} lines on one credit note.`)
    .refine((lines) => new Set(lines.map((l) => l.invoiceItemId)).size === lines.length, 'Name each line once.'),
  reason: requiredText('Say why you credit these lines.').max(MAX_CREDIT_REASON, `Keep the reason under ${MAX_CREDIT_REASON} characters.`),
});
export type CreditNoteInput = z.infer<typeof creditNoteInput>;

/** A page of invoices (or credit notes), newest first; `after` is the cursor the previous page returned. */
export const invoiceListQuery = z.object({
  /** Which side of the viewer's organisation: what it issued, or what it received; both when absent. */
  side: z.enum(['issuer', 'customer']).optional(),
  kind: z.enum(['invoice', 'credit_note']).default('invoice'),
  standing: z.enum(INVOICE_STANDINGS).optional(),
  /** Number, the other party's name, or an order number on it. A NUL is noise, dropped. */
  q: z
    .string()
    .trim()
    .max(100)
    .optional()
    .transform((v) => withoutNul(v)?.trim() || undefined),
  after: z
    .string()
    .regex(/^\d{13}_\d{1,10}$/, 'The cursor is not valid.')
    .optional(),
  limit: pageNumber('the limit', INVOICE_PAGE_SIZE, 20),
});
export type InvoiceListQuery = z.infer<typeof invoiceListQuery>;
