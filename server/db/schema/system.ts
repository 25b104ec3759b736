// Facts about this installation.
import { integer, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/** Small key/value facts about this installation (e.g. when demo content was seeded). */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Rate-limit windows shared by every instance (server/core/rate-limit.ts): `<limiter>:<key>` (e.g.
 * `auth:sign-in:203.0.113.7`), the hits in the current window and when it ends. Rows are rewritten
 * in place by one upsert per hit; passed windows are swept hourly.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

/**
 * The SQL editor's saved queries (issue 19), shared by the master admins. Who saved one is kept
 * (set null when that person is deleted); the runs themselves are in the audit log (`SQL_RUN`).
 */
export const savedQueries = pgTable('saved_queries', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  sql: text('sql').notNull(),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
