// Store locations (the public store locator) and the products each one stocks.
import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { OpeningHoursEntry } from '../../../shared/schemas/stores';
import { products } from './catalog';

/** One day's hours (shared/schemas/stores.ts): day 0 = Monday … 6 = Sunday, opens and closes "09:00". */
export type OpeningHours = OpeningHoursEntry;

export const storeLocations = pgTable(
  'store_locations',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    address: text('address').notNull(),
    city: text('city').notNull(),
    region: text('region'),
    postcode: text('postcode'),
    country: text('country').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    phone: text('phone'),
    openingHours: jsonb('opening_hours').$type<OpeningHours[]>().notNull().default([]),
    active: boolean('active').notNull().default(true),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('store_locations_lat_lng_idx').on(t.latitude, t.longitude),
    index('store_locations_country_idx').on(t.country),
    check('store_locations_lat_range', sql`${t.latitude} between -90 and 90`),
    check('store_locations_lng_range', sql`${t.longitude} between -180 and 180`),
  ],
);

export const storeProducts = pgTable(
  'store_products',
  {
    storeId: integer('store_id')
      .notNull()
      .references(() => storeLocations.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.productId] }), index('store_products_product_idx').on(t.productId)],
);
