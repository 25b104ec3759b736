// The catalogue: products, their prices per market, trade prices per partner tier, and galleries.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { mediaAssets } from './media';
import { partnerType } from './partners';

export const productStatus = pgEnum('product_status', ['draft', 'active', 'archived']);

export interface TastingNotes {
  nose: string;
  palate: string;
  finish: string;
}

/** Numbers the SKUs the catalogue gives products that staff did not give one (`FRL-0001`, …). */
export const productSkuSeq = pgSequence('product_sku_seq', { startWith: 1 });

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    /**
     * The stock-keeping unit buyers order by (a CSV upload names it): unique, edited by staff; a
     * product created without one gets the next `FRL-0001`-style number.
     */
    sku: text('sku')
      .notNull()
      .default(sql`('FRL-' || lpad(nextval('product_sku_seq')::text, 4, '0'))`),
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
    /** Bottles per case (trade orders are in cases). */
    caseSize: integer('case_size').notNull().default(6),
    /** At or below this the product is "low on stock" on the dashboard. */
    lowStockThreshold: integer('low_stock_threshold').notNull().default(60),
    /** Optimistic concurrency: bumped on every update; a write naming an older version is refused. */
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('products_slug_key').on(t.slug),
    uniqueIndex('products_sku_key').on(t.sku),
    // The format shared/schemas/catalog.ts skuSchema explains to people: capitals, digits, inner hyphens.
    check('products_sku_format', sql`${t.sku} ~ '^[A-Z0-9]([A-Z0-9-]{0,30}[A-Z0-9])?$'`),
    // The public list pages through active products by name (optionally in one category).
    index('products_status_name_idx').on(t.status, t.name, t.id),
    index('products_status_category_name_idx').on(t.status, t.category, t.name, t.id),
    check('products_abv_range', sql`${t.abvTenths} between 0 and 1000`),
    check('products_volume_positive', sql`${t.volumeMl} > 0`),
    check('products_case_size_positive', sql`${t.caseSize} > 0`),
  ],
);

/** A product's price in one market: integer minor units with an ISO 4217 currency. */
export const productPrices = pgTable(
  'product_prices',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
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

/** A product's trade price for one partner tier in one market: integer minor units. */
export const productTradePrices = pgTable(
  'product_trade_prices',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    tier: partnerType('tier').notNull(),
    market: text('market').notNull(),
    currency: text('currency').notNull(),
    amountMinor: integer('amount_minor').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.tier, t.market] }),
    check('product_trade_prices_amount_nonnegative', sql`${t.amountMinor} >= 0`),
    check('product_trade_prices_currency_iso', sql`${t.currency} ~ '^[A-Z]{3}$'`),
  ],
);

/** A product's gallery, in order; the first image is also the product's `image_url`. */
export const productImages = pgTable(
  'product_images',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    mediaId: uuid('media_id')
      .notNull()
      .references(() => mediaAssets.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.productId, t.position] }), index('product_images_media_idx').on(t.mediaId)],
);
