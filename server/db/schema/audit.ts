// The audit log: every change to business tables and every security event.
import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

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
    check('audit_logs_source', sql`${t.source} in ('service', 'trigger')`),
  ],
);
