// Stock (product.md §3): a ledger of movements per holder — the brand's warehouse (its organisation row),
// each importer, each distributor — with a running balance per product, in bottles. Available =
// on hand − reserved. The database refuses a negative balance (check constraints) and every change
// is a conditional update of the balance plus its movement row, in the caller's transaction.
// Retailers hold no ledger: what they receive is recorded by receipts (shipments.ts). Allocations, an
// importer moving available stock to one of its distributors, are movements between two holders, so
// they are kept here.
import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, pgEnum, pgTable, primaryKey, serial, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { products } from './catalog';
import { organisations } from './partners';

export const stockBalances = pgTable(
  'stock_balances',
  {
    id: serial('id').primaryKey(),
    /** The holder: the brand (its warehouse), an importer or a distributor. */
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'restrict' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    onHand: integer('on_hand').notNull().default(0),
    /** Promised to approved orders not yet shipped. */
    reserved: integer('reserved').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('stock_balances_holder_product_key').on(t.organisationId, t.productId),
    index('stock_balances_product_idx').on(t.productId),
    check('stock_balances_on_hand_nonnegative', sql`${t.onHand} >= 0`),
    check('stock_balances_reserved_nonnegative', sql`${t.reserved} >= 0`),
    check('stock_balances_reserved_covered', sql`${t.reserved} <= ${t.onHand}`),
  ],
);

/** Why stock moved; `opening` is a holder's first balance (the seed, or the figure a product carried before the ledger was its only stock). */
export const stockCause = pgEnum('stock_cause', [
  'adjustment',
  'reservation',
  'release',
  'shipment',
  'delivery',
  'allocation',
  'opening',
  'receipt',
  'transit_loss',
]);

export const stockMovements = pgTable(
  'stock_movements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    balanceId: integer('balance_id')
      .notNull()
      .references(() => stockBalances.id, { onDelete: 'restrict' }),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'restrict' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    cause: stockCause('cause').notNull(),
    onHandDelta: integer('on_hand_delta').notNull(),
    reservedDelta: integer('reserved_delta').notNull(),
    /** The balance after this movement (the running balance). */
    onHandAfter: integer('on_hand_after').notNull(),
    reservedAfter: integer('reserved_after').notNull(),
    /** The order or allocation it belongs to, when it does. */
    orderId: integer('order_id'),
    allocationId: integer('allocation_id'),
    reason: text('reason').notNull().default(''),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('stock_movements_balance_idx').on(t.balanceId, t.id),
    index('stock_movements_order_idx').on(t.orderId),
    check('stock_movements_on_hand_after', sql`${t.onHandAfter} >= 0`),
    check('stock_movements_reserved_after', sql`${t.reservedAfter} >= 0`),
  ],
);

/** An importer moves its available stock to one of its distributors. */
export const allocations = pgTable(
  'allocations',
  {
    id: serial('id').primaryKey(),
    importerId: uuid('importer_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'restrict' }),
    distributorId: uuid('distributor_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'restrict' }),
    note: text('note').notNull().default(''),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    idempotencyKey: text('idempotency_key'),
    requestHash: text('request_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('allocations_importer_idempotency_key').on(t.importerId, t.idempotencyKey),
    index('allocations_importer_created_idx').on(t.importerId, t.createdAt),
    index('allocations_distributor_created_idx').on(t.distributorId, t.createdAt),
  ],
);

export const allocationItems = pgTable(
  'allocation_items',
  {
    allocationId: integer('allocation_id')
      .notNull()
      .references(() => allocations.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    cases: integer('cases').notNull(),
    caseSize: integer('case_size').notNull(),
  },
  (t) => [primaryKey({ columns: [t.allocationId, t.productId] }), check('allocation_items_cases_positive', sql`${t.cases} > 0`)],
);
