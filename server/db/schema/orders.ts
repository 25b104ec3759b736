// Trade orders (product.md §3), one model for the channels: an importer orders from the brand
// (seller null: staff act for the brand), a retailer from its distributor. Spec table names: `orders`,
// `order_items`. Lines are in cases; the case size and the per-bottle tier price are copied at submit;
// amounts are integers in minor units of the order's currency. States and transitions:
// shared/orders.ts (one table); every transition is a guarded update (`… where status = 'from'`).
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgEnum, pgSequence, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { products } from './catalog';
import { organisations } from './partners';

export const orderStatus = pgEnum('order_status', [
  'draft',
  'submitted',
  'seen',
  'approved',
  'rejected',
  'cancelled',
  'invoiced',
  'shipped',
  'delivered',
  'paid',
  'offered',
  'declined',
]);

/**
 * Order numbers (FR-{year}-{n}): unique, not gapless — a sequence hands them out without a lock, so
 * placing orders does not queue behind one another (invoices, which must be gapless, use
 * `document_counters`). Migration 0011 starts it after the highest number already issued.
 */
export const orderNumberSeq = pgSequence('order_number_seq', { startWith: 1 });

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    /** Human reference, e.g. FR-2026-000042 (unique). */
    number: text('number').notNull(),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'restrict' }),
    /** The seller: the buyer's supplier (the brand's row for an importer's order). */
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'restrict' }),
    status: orderStatus('status').notNull().default('draft'),
    currency: text('currency').notNull(),
    subtotalMinor: integer('subtotal_minor').notNull().default(0),
    taxRateBp: integer('tax_rate_bp').notNull().default(0),
    taxMinor: integer('tax_minor').notNull().default(0),
    /** Excise duty in the total (issue 44): charged when the leg releases the goods; 0 before it. */
    dutyMinor: integer('duty_minor').notNull().default(0),
    totalMinor: integer('total_minor').notNull().default(0),
    /** The buyer's own reference for the order (EN 16931 BT-10, Peppol requires one): set when placed, printed on its invoices. */
    buyerReference: text('buyer_reference').notNull().default(''),
    /** The buyer's note to the seller. */
    note: text('note').notNull().default(''),
    placedBy: uuid('placed_by').references(() => users.id, { onDelete: 'set null' }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    seenAt: timestamp('seen_at', { withTimezone: true }),
    /** Set when the seller offered the order (an allocation offer: status `offered` until the buyer accepts or declines). */
    offeredAt: timestamp('offered_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    /** Why it was rejected (required), or a note on the approval. */
    decisionReason: text('decision_reason'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledBy: uuid('cancelled_by').references(() => users.id, { onDelete: 'set null' }),
    cancelReason: text('cancel_reason'),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** Placing is idempotent per buyer: the same key returns the same order; a different body under it is refused. */
    idempotencyKey: text('idempotency_key'),
    /** sha-256 of the normalised request the key was first used with. */
    requestHash: text('request_hash'),
    /**
     * A brand order approved or shipped before the brand invoiced and shipped like every supplier
     * (migration 0026): staff keep the old ship and deliver steps for it, and only for it.
     */
    legacySteps: boolean('legacy_steps').notNull().default(false),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_number_key').on(t.number),
    uniqueIndex('orders_buyer_idempotency_key').on(t.buyerId, t.idempotencyKey),
    // Keyset pagination of each side's history, newest first.
    index('orders_buyer_created_idx').on(t.buyerId, t.createdAt, t.id),
    index('orders_seller_created_idx').on(t.sellerId, t.createdAt, t.id),
    index('orders_seller_status_idx').on(t.sellerId, t.status),
    index('orders_buyer_status_idx').on(t.buyerId, t.status),
    check('orders_amounts_nonnegative', sql`${t.subtotalMinor} >= 0 and ${t.taxMinor} >= 0 and ${t.totalMinor} >= 0`),
    check('orders_currency_iso', sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check('orders_not_own_seller', sql`${t.sellerId} <> ${t.buyerId}`),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    /** What the buyer asked for, in cases. */
    casesRequested: integer('cases_requested').notNull(),
    /** What stands after approval (may be lower, 0 for a line out of stock). */
    cases: integer('cases').notNull(),
    /** Copied at submit. */
    caseSize: integer('case_size').notNull(),
    unitPriceMinor: integer('unit_price_minor').notNull(),
    lineTotalMinor: integer('line_total_minor').notNull(),
    /** Why the seller changed the line, when it did. */
    modificationReason: text('modification_reason'),
  },
  (t) => [
    uniqueIndex('order_items_order_product_key').on(t.orderId, t.productId),
    index('order_items_product_idx').on(t.productId),
    check('order_items_cases_requested_positive', sql`${t.casesRequested} > 0`),
    check('order_items_cases_range', sql`${t.cases} >= 0 and ${t.cases} <= ${t.casesRequested}`),
    check('order_items_case_size_positive', sql`${t.caseSize} > 0`),
    check('order_items_amounts_nonnegative', sql`${t.unitPriceMinor} >= 0 and ${t.lineTotalMinor} >= 0`),
  ],
);

/** The thread between buyer and seller on an order (Internal Chat). */
export const orderMessages = pgTable(
  'order_messages',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** The side that wrote it: the buyer's or the seller's organisation (the brand's when staff wrote). */
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'restrict' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_messages_order_idx').on(t.orderId, t.id)],
);
