// Payments: one schema per thing a retailer or a distributor sends — a payment with its allocations
// (the retailer), applying account credit later (the retailer), confirming or failing a payment (the
// distributor) — and the statement's query. Whether an invoice may take the money (the payer's own,
// issued, in the payment's currency, enough left on it) the service decides.
import { z } from './zod';
import { wholeNumber } from './numbers';
import { requiredText } from './text';
import { PAYMENT_METHODS } from '../invoicing';
import { MAX_ALLOCATIONS, MAX_PAYMENT_MINOR } from '../payments';
import { recordId, versionField } from './admin';
import { calendarDate } from './partners';

export * from '../payments';
export { idempotencyKey } from './orders';

export const MAX_PAYMENT_REFERENCE = 200;
export const MAX_FAILURE_REASON = 500;
export const PAYMENTS_PAGE_SIZE = 50;
/** The longest period a statement covers (a little over five years). */
export const MAX_STATEMENT_DAYS = 366 * 5 + 1;

const amount = (label: string) =>
  wholeNumber({
    min: 1,
    max: MAX_PAYMENT_MINOR,
    required: `Enter the ${label} in minor units (pence, cents).`,
    tooSmall: `The ${label} must be more than nothing.`,
    tooBig: `The ${label} is larger than one payment can hold.`,
  });

export const allocationInput = z.object({
  invoiceId: recordId('Choose an invoice.'),
  amountMinor: amount('amount for this invoice'),
});

const allocations = z
  .array(allocationInput)
  .max(MAX_ALLOCATIONS, `At most ${MAX_ALLOCATIONS} invoices in one payment.`)
  .refine((xs) => new Set(xs.map((a) => a.invoiceId)).size === xs.length, 'Name each invoice once.');

export const recordPaymentInput = z.object({
  amountMinor: amount('amount'),
  /** ISO 4217; it must be the invoices' currency. */
  currency: z
    .string({ error: 'Enter the currency.' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, 'Enter the currency as three letters, e.g. GBP.'),
  method: z.enum(PAYMENT_METHODS, { error: 'Choose how you paid: bank transfer, card, cheque or EFT.' }),
  reference: z.string().trim().max(MAX_PAYMENT_REFERENCE, `Keep the reference under ${MAX_PAYMENT_REFERENCE} characters.`).default(''),
  paidOn: calendarDate('payment date'),
  allocations: allocations.default([]),
});
export type RecordPaymentInput = z.infer<typeof recordPaymentInput>;

/** Applying a settled payment's unallocated remainder (account credit) to invoices. */
export const applyCreditInput = z.object({
  allocations: allocations.refine((xs) => xs.length > 0, 'Choose at least one invoice.'),
});
export type ApplyCreditInput = z.infer<typeof applyCreditInput>;

export const confirmPaymentInput = z.object({ version: versionField });
export type ConfirmPaymentInput = z.infer<typeof confirmPaymentInput>;

export const failPaymentInput = z.object({
  version: versionField,
  reason: requiredText('Say why the payment failed.').max(MAX_FAILURE_REASON, `Keep the reason under ${MAX_FAILURE_REASON} characters.`),
});
export type FailPaymentInput = z.infer<typeof failPaymentInput>;

export const paymentId = recordId('Choose a payment.');

/** A statement: the customer (for the distributor; a retailer's is its own) and the period, both ends included. */
export const statementQuery = z
  .object({
    customerId: z.uuid('Choose a retailer.').optional(),
    from: calendarDate('start date'),
    to: calendarDate('end date'),
  })
  .refine((q) => q.from <= q.to, { message: 'The start date must be on or before the end date.', path: ['to'] })
  .refine((q) => Date.parse(`${q.to}T00:00:00Z`) - Date.parse(`${q.from}T00:00:00Z`) <= MAX_STATEMENT_DAYS * 86_400_000, {
    message: 'A statement covers at most five years.',
    path: ['from'],
  });
export type StatementQuery = z.infer<typeof statementQuery>;
