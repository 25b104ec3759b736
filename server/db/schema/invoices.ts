// Invoices and credit notes (product.md §3, issue 16). Spec table name: `invoices`. A distributor
// (the issuer / seller) invoices approved orders of one retailer (the customer / buyer); numbers are
// assigned at issue from a counter row per issuer, kind and year, locked in the same short transaction
// (`document_counters`), so they are gapless and unique under concurrency. An issued document never
// changes: corrections are credit notes (kind `credit_note`, numbered the same way). Amounts are
// integers in minor units of the invoice's currency. What an invoice still owes is derived: total −
// settled allocations (payments.ts) − credits.
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { InvoicePartyView } from '../../../shared/invoice-views';
import { users } from './accounts';
import { products } from './catalog';
import { orderItems, orders } from './orders';
import { dutyTreatment, organisations } from './partners';
import type { VatBreakdownRow } from '../../../shared/tax';

export const documentKind = pgEnum('document_kind', ['invoice', 'credit_note']);

/** The next number per issuer, kind and year: `update … set last = last + 1 returning last` under the row lock. */
export const documentCounters = pgTable(
  'document_counters',
  {
    issuerId: uuid('issuer_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'restrict' }),
    kind: documentKind('kind').notNull(),
    year: integer('year').notNull(),
    last: integer('last').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.issuerId, t.kind, t.year] }), check('document_counters_last_nonnegative', sql`${t.last} >= 0`)],
);

/** draft: being prepared, no number, may be discarded; issued: numbered and immutable. */
export const invoiceState = pgEnum('invoice_state', ['draft', 'issued']);

/** The parties as printed (shared/invoice-views.ts): names, licence numbers and addresses copied at issue. */
export type InvoiceParty = InvoicePartyView;

export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    kind: documentKind('kind').notNull().default('invoice'),
    state: invoiceState('state').notNull().default('draft'),
    /** The issuer (the distributor, the seller) and the customer (the retailer, the buyer). */
    issuerId: uuid('issuer_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'restrict' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'restrict' }),
    /** Assigned at issue, e.g. INV-2026-0001 / CN-2026-0001; unique per issuer. */
    number: text('number'),
    year: integer('year'),
    sequence: integer('sequence'),
    /** A credit note: the invoice it corrects, and why. */
    creditsInvoiceId: integer('credits_invoice_id').references((): AnyPgColumn => invoices.id, { onDelete: 'restrict' }),
    reason: text('reason').notNull().default(''),
    currency: text('currency').notNull(),
    subtotalMinor: integer('subtotal_minor').notNull().default(0),
    taxRateBp: integer('tax_rate_bp').notNull().default(0),
    taxMinor: integer('tax_minor').notNull().default(0),
    totalMinor: integer('total_minor').notNull().default(0),
    /**
     * 1: issued before issue 44 (one flat tax rate, rendered as issued); 2: VAT by category, duty and the
     * seller's VAT number and bank details (shared/tax.ts).
     */
    layoutVersion: integer('layout_version').notNull().default(1),
    /** The day the tax rules in force were read (the issue date). */
    taxPoint: date('tax_point', { mode: 'string' }),
    /** The leg's duty treatment at issue, and the duty in the total. */
    dutyTreatment: dutyTreatment('duty_treatment'),
    dutyMinor: integer('duty_minor').notNull().default(0),
    /** VAT per category and rate (shared/tax.ts VatBreakdownRow); `taxMinor` is their sum. */
    vatBreakdown: jsonb('vat_breakdown').$type<VatBreakdownRow[]>().notNull().default([]),
    /** Terms copied from the supplier→customer relationship at issue. */
    paymentTermsDays: integer('payment_terms_days').notNull().default(30),
    creditLimitMinor: integer('credit_limit_minor').notNull().default(0),
    issuedOn: date('issued_on', { mode: 'string' }),
    dueOn: date('due_on', { mode: 'string' }),
    issuer: jsonb('issuer').$type<InvoiceParty>(),
    customer: jsonb('customer').$type<InvoiceParty>(),
    /** Settled payment allocations and issued credit notes against this invoice (kept in step, in the same transactions). */
    paidMinor: integer('paid_minor').notNull().default(0),
    creditedMinor: integer('credited_minor').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    issuedBy: uuid('issued_by').references(() => users.id, { onDelete: 'set null' }),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    /** When the PDF went to the customer's email. */
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoices_issuer_number_key').on(t.issuerId, t.number),
    uniqueIndex('invoices_issuer_kind_year_sequence_key').on(t.issuerId, t.kind, t.year, t.sequence),
    // Each side's list, newest first (keyset).
    index('invoices_issuer_created_idx').on(t.issuerId, t.createdAt, t.id),
    index('invoices_customer_created_idx').on(t.customerId, t.createdAt, t.id),
    // Staff's list over every organisation, newest first (keyset; it always names a kind).
    index('invoices_kind_created_idx').on(t.kind, t.createdAt, t.id),
    index('invoices_issuer_customer_due_idx').on(t.issuerId, t.customerId, t.dueOn),
    index('invoices_credits_idx').on(t.creditsInvoiceId),
    check('invoices_amounts_nonnegative', sql`${t.subtotalMinor} >= 0 and ${t.taxMinor} >= 0 and ${t.totalMinor} >= 0 and ${t.dutyMinor} >= 0`),
    check('invoices_settled_covered', sql`${t.paidMinor} >= 0 and ${t.creditedMinor} >= 0 and ${t.paidMinor} + ${t.creditedMinor} <= ${t.totalMinor}`),
    check('invoices_currency_iso', sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check('invoices_not_own_customer', sql`${t.issuerId} <> ${t.customerId}`),
    check(
      'invoices_issued_numbered',
      sql`(${t.state} = 'draft' and ${t.number} is null) or (${t.state} = 'issued' and ${t.number} is not null and ${t.issuedOn} is not null and ${t.dueOn} is not null)`,
    ),
    check('invoices_credit_note_target', sql`(${t.kind} = 'credit_note') = (${t.creditsInvoiceId} is not null)`),
  ],
);

/** The orders an invoice bills: an order is on at most one invoice. */
export const invoiceOrders = pgTable(
  'invoice_orders',
  {
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.invoiceId, t.orderId] }), uniqueIndex('invoice_orders_order_key').on(t.orderId)],
);

/** Lines as printed, copied from the order lines (a credit note's lines are what it takes back). */
export const invoiceItems = pgTable(
  'invoice_items',
  {
    id: serial('id').primaryKey(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    orderItemId: integer('order_item_id').references(() => orderItems.id, { onDelete: 'restrict' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'restrict' }),
    description: text('description').notNull(),
    cases: integer('cases').notNull(),
    caseSize: integer('case_size').notNull(),
    unitPriceMinor: integer('unit_price_minor').notNull(),
    lineTotalMinor: integer('line_total_minor').notNull(),
    /** What the duty was computed from (issue 44): the bottle, its strength and the rate in force. */
    volumeMl: integer('volume_ml'),
    abvTenths: integer('abv_tenths'),
    dutyPerHlpaMinor: integer('duty_per_hlpa_minor'),
    dutyMinor: integer('duty_minor').notNull().default(0),
    vatCategory: text('vat_category').notNull().default('S'),
    vatRateBp: integer('vat_rate_bp').notNull().default(0),
  },
  (t) => [
    index('invoice_items_invoice_idx').on(t.invoiceId, t.id),
    check('invoice_items_cases_positive', sql`${t.cases} > 0 and ${t.caseSize} > 0`),
    check('invoice_items_amounts_nonnegative', sql`${t.unitPriceMinor} >= 0 and ${t.lineTotalMinor} >= 0`),
  ],
);
