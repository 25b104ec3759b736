// Support chat (spec §2, §3, §7): anonymous visitor conversations answered by staff.
import { sql } from 'drizzle-orm';
import { check, index, pgEnum, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';

export const chatStatus = pgEnum('chat_status', ['open', 'assigned', 'closed']);

export const chatSessions = pgTable(
  'chat_sessions',
  {
    /** The visitor's chat_session_id (local storage, spec §3). */
    id: uuid('id').primaryKey(),
    /** sha-256 of the secret paired with the id: only its holder reads the conversation. */
    secretHash: text('secret_hash').notNull(),
    status: chatStatus('status').notNull().default('open'),
    assigneeId: uuid('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    visitorEmail: text('visitor_email'),
    /** The page the visitor was on when they last wrote. */
    pageUrl: text('page_url'),
    ipAddress: text('ip_address'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
  },
  (t) => [index('chat_sessions_last_message_idx').on(t.lastMessageAt)],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: serial('id').primaryKey(),
    content: text('content').notNull(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => chatSessions.id, { onDelete: 'cascade' }),
    /** Spec §3: 'anonymous_user' for visitors, 'operator' for staff. */
    userId: text('user_id').notNull(),
    roomId: text('room_id').notNull().default('customer_support'),
    /** The staff member who wrote an operator message. */
    staffId: uuid('staff_id').references(() => users.id, { onDelete: 'set null' }),
    /** The sender's own id for the message: a resend never duplicates. */
    clientId: text('client_id').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chat_messages_client_key').on(t.sessionId, t.clientId),
    index('chat_messages_session_idx').on(t.sessionId, t.id),
    check('chat_messages_user_id', sql`${t.userId} in ('anonymous_user', 'operator')`),
  ],
);

export const cannedReplies = pgTable('canned_replies', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Staff connected to the inbox, per server instance, refreshed by heartbeat. */
export const chatPresence = pgTable(
  'chat_presence',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    instanceId: text('instance_id').notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.instanceId] })],
);
