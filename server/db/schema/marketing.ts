// Marketing: collateral for partners, brand events, and partners' requests for either (materials
// printed and delivered, an event of their own, or a place at a brand event) with their comment thread.
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgEnum, pgTable, primaryKey, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { mediaAssets } from './media';
import { organisations } from './partners';

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

export const marketingRequestKind = pgEnum('marketing_request_kind', ['materials', 'event_proposal', 'event_join']);
/** open → approved | declined; approved → fulfilled. */
export const marketingRequestStatus = pgEnum('marketing_request_status', ['open', 'approved', 'declined', 'fulfilled']);

/**
 * A partner's request for marketing support. `materials`: printed quantities of collateral
 * (`marketing_request_items`) delivered to an address by a date. `event_proposal`: an event of its
 * own (date, venue, guests, what it asks of the brand). `event_join`: a place at a published brand
 * event. Staff holding `marketing:requests` approve or decline with a comment, then mark it fulfilled.
 */
export const marketingRequests = pgTable(
  'marketing_requests',
  {
    id: serial('id').primaryKey(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    kind: marketingRequestKind('kind').notNull(),
    status: marketingRequestStatus('status').notNull().default('open'),
    title: text('title').notNull(),
    details: text('details').notNull().default(''),
    /** materials: where and by when. */
    deliveryAddress: text('delivery_address'),
    neededBy: date('needed_by', { mode: 'string' }),
    /** event_proposal: when, where, how many, and what is asked of the brand. */
    eventDate: date('event_date', { mode: 'string' }),
    venue: text('venue'),
    expectedGuests: integer('expected_guests'),
    askStaff: boolean('ask_staff').notNull().default(false),
    askProduct: boolean('ask_product').notNull().default(false),
    /** Budget asked of the brand, in minor units of `currency`. */
    budgetMinor: integer('budget_minor'),
    currency: text('currency'),
    /** event_join: the brand event. */
    eventId: integer('event_id').references(() => brandEvents.id, { onDelete: 'restrict' }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionComment: text('decision_comment'),
    fulfilledAt: timestamp('fulfilled_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('marketing_requests_org_idx').on(t.organisationId, t.createdAt),
    index('marketing_requests_status_idx').on(t.status, t.createdAt),
    // The staff queue's own order (open first, then newest): its first page read from the index.
    index('marketing_requests_queue_idx').on(
      sql`(case when ${t.status} = 'open' then 0 else 1 end)`,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    check('marketing_requests_guests_positive', sql`${t.expectedGuests} is null or ${t.expectedGuests} > 0`),
    check('marketing_requests_budget_nonnegative', sql`${t.budgetMinor} is null or ${t.budgetMinor} >= 0`),
  ],
);

export const marketingRequestItems = pgTable(
  'marketing_request_items',
  {
    requestId: integer('request_id')
      .notNull()
      .references(() => marketingRequests.id, { onDelete: 'cascade' }),
    collateralId: integer('collateral_id')
      .notNull()
      .references(() => collateralItems.id, { onDelete: 'restrict' }),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.requestId, t.collateralId] }),
    index('marketing_request_items_collateral_idx').on(t.collateralId),
    check('marketing_request_items_quantity', sql`${t.quantity} between 1 and 10000`),
  ],
);

/** The thread on a request: the partner's people and staff. */
export const marketingRequestComments = pgTable(
  'marketing_request_comments',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => marketingRequests.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** Written by staff (the brand) or by the partner. */
    fromStaff: boolean('from_staff').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('marketing_request_comments_request_idx').on(t.requestId, t.id)],
);
