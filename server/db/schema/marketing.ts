// Marketing: collateral for partners and brand events.
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgEnum, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { mediaAssets } from './media';

export const collateralKind = pgEnum('collateral_kind', ['brochure', 'shelf_talker', 'pos_kit', 'price_list', 'other']);

export const collateralItems = pgTable(
  'collateral_items',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    kind: collateralKind('kind').notNull(),
    description: text('description').notNull().default(''),
    mediaId: uuid('media_id')
      .notNull()
      .references(() => mediaAssets.id, { onDelete: 'restrict' }),
    /** Partner types that may request it (importer, distributor, retailer). */
    audience: jsonb('audience').$type<('importer' | 'distributor' | 'retailer')[]>().notNull(),
    published: boolean('published').notNull().default(false),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('collateral_items_media_idx').on(t.mediaId)],
);

export const brandEvents = pgTable(
  'brand_events',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** IANA time zone the event is held in (times are shown in it). */
    timezone: text('timezone').notNull(),
    venue: text('venue').notNull(),
    city: text('city').notNull().default(''),
    country: text('country').notNull().default(''),
    capacity: integer('capacity'),
    imageMediaId: uuid('image_media_id').references(() => mediaAssets.id, { onDelete: 'restrict' }),
    published: boolean('published').notNull().default(false),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('brand_events_starts_idx').on(t.startsAt),
    check('brand_events_capacity_positive', sql`${t.capacity} is null or ${t.capacity} > 0`),
    check('brand_events_ends_after_start', sql`${t.endsAt} is null or ${t.endsAt} >= ${t.startsAt}`),
  ],
);
