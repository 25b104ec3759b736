// Payments (product.md §3, issue 16). Spec table name: `payments`. A retailer pays its distributor and
// allocates the payment to one or more of its invoices; the distributor confirms it. Amounts are
// integers in minor units of the payment's currency.
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgEnum, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { invoices } from './invoices';
import { organisations } from './partners';

export const paymentMethod = pgEnum('payment_method', ['bank_transfer', 'card', 'cheque', 'eft']);
export const paymentStatus = pgEnum('payment_status', ['pending', 'settled', 'failed']);

/** A retailer's payment to its distributor, allocated to one or more invoices; the distributor confirms it. */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    payerId: uuid('payer_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'restrict' }),
    payeeId: uuid('payee_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'restrict' }),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    method: paymentMethod('method').notNull(),
    reference: text('reference').notNull().default(''),
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    status: paymentStatus('status').notNull().default('pending'),
    failureReason: text('failure_reason'),
    recordedBy: uuid('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    confirmedBy: uuid('confirmed_by').references(() => users.id, { onDelete: 'set null' }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    idempotencyKey: text('idempotency_key'),
    requestHash: text('request_hash'),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_payer_idempotency_key').on(t.payerId, t.idempotencyKey),
    index('payments_payer_created_idx').on(t.payerId, t.createdAt, t.id),
    index('payments_payee_created_idx').on(t.payeeId, t.createdAt, t.id),
    check('payments_amount_positive', sql`${t.amountMinor} > 0`),
    check('payments_currency_iso', sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check('payments_not_own_payee', sql`${t.payerId} <> ${t.payeeId}`),
  ],
);

export const paymentAllocations = pgTable(
  'payment_allocations',
  {
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'restrict' }),
    amountMinor: integer('amount_minor').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.paymentId, t.invoiceId] }),
    index('payment_allocations_invoice_idx').on(t.invoiceId),
    check('payment_allocations_amount_positive', sql`${t.amountMinor} > 0`),
  ],
);
