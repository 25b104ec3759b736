// The audit log: every change to business tables and every security event.
import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** The audit log's trigram indexes' pending list, in kB (PostgreSQL's default is 4,096): see below. */
const AUDIT_GIN_PENDING_KB = 128;

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
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The writing transaction: the bypass triggers skip a transaction a service has audited already. */
    txId: bigint('tx_id', { mode: 'number' })
      .notNull()
      .default(sql`txid_current()`),
    /** `service` (written by a service with its change) or `trigger` (a write that bypassed the services). */
    source: text('source').notNull().default('service'),
  },
  (t) => [
    index('audit_logs_created_at_idx').on(t.createdAt),
    index('audit_logs_table_record_idx').on(t.tableName, t.recordId),
    index('audit_logs_tx_idx').on(t.txId),
    // The Audit Logs screen: keyset pages by id under each filter, and substring search (pg_trgm).
    index('audit_logs_user_id_idx').on(t.userId, t.id),
    index('audit_logs_action_id_idx').on(t.action, t.id),
    index('audit_logs_table_id_idx').on(t.tableName, t.id),
    // Every change writes a row here, so these take inserts all day: a GIN index gathers new entries
    // in a pending list and merges it into the index once it passes gin_pending_list_limit. With the
    // default (4 MB) a merge is rare and long, and the writes queued behind it wait it out (the chat's
    // tail); a small list merges often and briefly, and a search has a shorter list to scan.
    // docs/decisions/019-append-only-audit-log.md.
    index('audit_logs_record_trgm_idx')
      .using('gin', sql`${t.recordId} gin_trgm_ops`)
      .with({ gin_pending_list_limit: AUDIT_GIN_PENDING_KB }),
    index('audit_logs_user_trgm_idx')
      .using('gin', sql`${t.userId} gin_trgm_ops`)
      .with({ gin_pending_list_limit: AUDIT_GIN_PENDING_KB }),
    index('audit_logs_table_trgm_idx')
      .using('gin', sql`${t.tableName} gin_trgm_ops`)
      .with({ gin_pending_list_limit: AUDIT_GIN_PENDING_KB }),
    check('audit_logs_source', sql`${t.source} in ('service', 'trigger')`),
  ],
);
