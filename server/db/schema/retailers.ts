// Online retailers and the products they list, per market.
import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { products } from './catalog';

export const onlineRetailers = pgTable('online_retailers', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  url: text('url').notNull(),
  /** Market codes (shared/markets.ts) this retailer ships to. */
  markets: jsonb('markets').$type<string[]>().notNull(),
  active: boolean('active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const retailerListings = pgTable(
  'retailer_listings',
  {
    retailerId: integer('retailer_id')
      .notNull()
      .references(() => onlineRetailers.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    /** Price where known, in minor units of `currency`. */
    priceMinor: integer('price_minor'),
    currency: text('currency'),
  },
  (t) => [primaryKey({ columns: [t.retailerId, t.productId] }), index('retailer_listings_product_idx').on(t.productId)],
);
