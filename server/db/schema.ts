// The Drizzle schema: every table of Frolic, in one place. Migrations are generated from it.
import { sql } from 'drizzle-orm';
import {
  boolean, check, index, integer, jsonb, pgEnum, pgTable, primaryKey, serial, text, timestamp, uniqueIndex,
} from 'drizzle-orm/pg-core';

export const productStatus = pgEnum('product_status', ['draft', 'active', 'archived']);

export interface TastingNotes {
  nose: string;
  palate: string;
  finish: string;
}

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    category: text('category').notNull(),
    /** Alcohol by volume in tenths of a percent (403 = 40.3 %). */
    abvTenths: integer('abv_tenths').notNull(),
    volumeMl: integer('volume_ml').notNull(),
    description: text('description').notNull(),
    tastingNotes: jsonb('tasting_notes').$type<TastingNotes>().notNull(),
    imageUrl: text('image_url').notNull(),
    featured: boolean('featured').notNull().default(false),
    status: productStatus('status').notNull().default('draft'),
    /** Optimistic concurrency: bumped on every update; a write naming an older version is refused. */
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('products_slug_key').on(t.slug),
    index('products_status_category_idx').on(t.status, t.category),
    check('products_abv_range', sql`${t.abvTenths} between 0 and 1000`),
    check('products_volume_positive', sql`${t.volumeMl} > 0`),
  ],
);

/** A product's price in one market: integer minor units with an ISO 4217 currency. */
export const productPrices = pgTable(
  'product_prices',
  {
    productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
    market: text('market').notNull(),
    currency: text('currency').notNull(),
    amountMinor: integer('amount_minor').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.market] }),
    check('product_prices_amount_nonnegative', sql`${t.amountMinor} >= 0`),
    check('product_prices_currency_iso', sql`${t.currency} ~ '^[A-Z]{3}$'`),
  ],
);

/** Small key/value facts about this installation (e.g. when demo content was seeded). */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every change to business tables and every security event (spec §3 audit log, product.md §1). */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id'),
    action: text('action').notNull(),
    tableName: text('table_name').notNull(),
    recordId: text('record_id'),
    oldValues: jsonb('old_values'),
    newValues: jsonb('new_values'),
    ipAddress: text('ip_address'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_logs_created_at_idx').on(t.createdAt), index('audit_logs_table_record_idx').on(t.tableName, t.recordId)],
);
