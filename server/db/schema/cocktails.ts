// Cocktail recipes and their ingredients (optionally our products).
import { boolean, index, integer, jsonb, numeric, pgEnum, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { products } from './catalog';
import { mediaAssets } from './media';

export const cocktailDifficulty = pgEnum('cocktail_difficulty', ['easy', 'medium', 'hard']);

export const cocktails = pgTable(
  'cocktails',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    /** The product category the drink is built on (gin, vodka, whisky, rum, liqueur). */
    baseSpirit: text('base_spirit').notNull(),
    glass: text('glass').notNull(),
    difficulty: cocktailDifficulty('difficulty').notNull().default('easy'),
    /** Method, one step per entry, in order. */
    steps: jsonb('steps').$type<string[]>().notNull(),
    imageUrl: text('image_url').notNull(),
    /** The uploaded image behind `image_url`, when staff chose one from the media library. */
    imageMediaId: uuid('image_media_id').references(() => mediaAssets.id, { onDelete: 'restrict' }),
    prepMinutes: integer('prep_minutes').notNull().default(5),
    featured: boolean('featured').notNull().default(false),
    published: boolean('published').notNull().default(false),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('cocktails_slug_key').on(t.slug), index('cocktails_published_idx').on(t.published, t.baseSpirit)],
);

export const cocktailIngredients = pgTable(
  'cocktail_ingredients',
  {
    id: serial('id').primaryKey(),
    cocktailId: integer('cocktail_id')
      .notNull()
      .references(() => cocktails.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    /** Amount in the unit given, as text-free decimal (e.g. 50, 0.5); null for "to top up". */
    amount: numeric('amount', { precision: 8, scale: 2, mode: 'number' }),
    unit: text('unit'),
    /** Optional link to our product used for this ingredient. */
    productId: integer('product_id').references(() => products.id, { onDelete: 'restrict' }),
  },
  (t) => [uniqueIndex('cocktail_ingredients_position_key').on(t.cocktailId, t.position), index('cocktail_ingredients_product_idx').on(t.productId)],
);
