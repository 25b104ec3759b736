// Shipments and receipts (product.md §3, issue 16): a distributor ships some or all lines of approved
// orders to one retailer; the retailer confirms what arrived (a receipt, with a photo or PDF from
// attachments.ts), and the sender answers a shortfall or damage with a credit note or a replacement
// shipment.
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, index, integer, pgEnum, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { attachments } from './attachments';
import { products } from './catalog';
import { invoices } from './invoices';
import { orderItems, orders } from './orders';
import { organisations } from './partners';

export const shipmentStatus = pgEnum('shipment_status', ['preparing', 'shipped', 'in_transit', 'delivered', 'exception']);

/** A distributor's shipment to one retailer: some or all lines of approved orders (partial allowed). */
export const shipments = pgTable(
  'shipments',
  {
    id: serial('id').primaryKey(),
    /** Human reference, e.g. SH-2026-000042. */
    number: text('number').notNull(),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'restrict' }),
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'restrict' }),
    status: shipmentStatus('status').notNull().default('preparing'),
    /** A key of shared/shipping.ts CARRIERS (its URL template makes the tracking link). */
    carrier: text('carrier').notNull(),
    trackingNumber: text('tracking_number').notNull().default(''),
    /** A replacement for a receipt's shortfall or damage. */
    replacesReceiptId: integer('replaces_receipt_id').references((): AnyPgColumn => receipts.id, { onDelete: 'restrict' }),
    note: text('note').notNull().default(''),
    exceptionReason: text('exception_reason'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('shipments_number_key').on(t.number),
    index('shipments_sender_created_idx').on(t.senderId, t.createdAt, t.id),
    index('shipments_recipient_created_idx').on(t.recipientId, t.createdAt, t.id),
    check('shipments_not_own_recipient', sql`${t.senderId} <> ${t.recipientId}`),
  ],
);

export const shipmentItems = pgTable(
  'shipment_items',
  {
    id: serial('id').primaryKey(),
    shipmentId: integer('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'restrict' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    cases: integer('cases').notNull(),
    caseSize: integer('case_size').notNull(),
  },
  (t) => [
    uniqueIndex('shipment_items_shipment_order_item_key').on(t.shipmentId, t.orderItemId),
    index('shipment_items_order_item_idx').on(t.orderItemId),
    index('shipment_items_order_idx').on(t.orderId),
    check('shipment_items_cases_positive', sql`${t.cases} > 0 and ${t.caseSize} > 0`),
  ],
);

/** confirmed: received as shipped; discrepancy: short or damaged, waiting for the sender; resolved: answered. */
export const receiptStatus = pgEnum('receipt_status', ['confirmed', 'discrepancy', 'resolved']);

/** The retailer confirms a delivery: what it received per line, with a photo or PDF. One per shipment. */
export const receipts = pgTable(
  'receipts',
  {
    id: serial('id').primaryKey(),
    shipmentId: integer('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'restrict' }),
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'restrict' }),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'restrict' }),
    status: receiptStatus('status').notNull(),
    note: text('note').notNull().default(''),
    attachmentId: uuid('attachment_id').references(() => attachments.id, { onDelete: 'restrict' }),
    /** How the sender answered a discrepancy: a credit note or a replacement shipment. */
    resolution: text('resolution'),
    creditNoteId: integer('credit_note_id').references(() => invoices.id, { onDelete: 'restrict' }),
    replacementShipmentId: integer('replacement_shipment_id').references(() => shipments.id, { onDelete: 'restrict' }),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    receivedBy: uuid('received_by').references(() => users.id, { onDelete: 'set null' }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('receipts_shipment_key').on(t.shipmentId),
    index('receipts_recipient_idx').on(t.recipientId, t.receivedAt),
    index('receipts_sender_idx').on(t.senderId, t.receivedAt),
    check('receipts_resolution', sql`${t.resolution} is null or ${t.resolution} in ('credit_note', 'replacement')`),
  ],
);

export const receiptItems = pgTable(
  'receipt_items',
  {
    receiptId: integer('receipt_id')
      .notNull()
      .references(() => receipts.id, { onDelete: 'cascade' }),
    shipmentItemId: integer('shipment_item_id')
      .notNull()
      .references(() => shipmentItems.id, { onDelete: 'restrict' }),
    /** Cases received in good order, and cases that arrived damaged. */
    casesReceived: integer('cases_received').notNull(),
    casesDamaged: integer('cases_damaged').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.receiptId, t.shipmentItemId] }),
    check('receipt_items_cases_nonnegative', sql`${t.casesReceived} >= 0 and ${t.casesDamaged} >= 0`),
  ],
);
