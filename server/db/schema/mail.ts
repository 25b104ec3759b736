// The email outbox: every email the product sends.
import { index, integer, jsonb, pgEnum, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * A file sent with an email, kept as a reference to the stored record it is rendered from when the
 * email is sent (an issued invoice never changes, so its PDF is the same at any time): the outbox
 * keeps no copy of the bytes. `kind` names a renderer registered with the mailer (`invoice_pdf`).
 */
export interface OutboxAttachment {
  filename: string;
  contentType: string;
  kind: string;
  id: string;
}

/** kept: stored only (no SMTP_URL); queued: a `mail.send` job will (re)try; sent; failed: every attempt failed. */
export const outboxStatus = pgEnum('outbox_status', ['kept', 'queued', 'sent', 'failed']);

/** Every email the product sends: kept here, and sent through SMTP (a `mail.send` job) when SMTP_URL is set. */
export const outboxEmails = pgTable(
  'outbox_emails',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** Files rendered and attached when it is sent (references, not bytes). */
    attachments: jsonb('attachments').$type<OutboxAttachment[]>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The last SMTP error (kept while retrying, so the outbox shows why). */
    error: text('error'),
    status: outboxStatus('status').notNull().default('kept'),
    /** SMTP attempts made so far. */
    attempts: integer('attempts').notNull().default(0),
  },
  (t) => [index('outbox_emails_created_idx').on(t.createdAt)],
);
