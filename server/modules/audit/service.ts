// Writes audit rows. Always called with the transaction of the change it records, so the change and
// its audit row commit (or roll back) together.
import type { DbOrTx } from '../../db/client';
import { auditLogs } from '../../db/schema';
import type { Actor } from '../../core/actor';

export interface AuditEntry {
  action: 'INSERT' | 'UPDATE' | 'DELETE' | (string & {});
  tableName: string;
  recordId: string | number | null;
  oldValues?: unknown;
  newValues?: unknown;
}

export async function recordAudit(tx: DbOrTx, actor: Actor, entry: AuditEntry): Promise<void> {
  await recordAudits(tx, actor, [entry]);
}

/** Many audit rows in one statement (an import audits thousands of rows; one insert each would hold the database for seconds). */
export async function recordAudits(tx: DbOrTx, actor: Actor, entries: AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await tx.insert(auditLogs).values(
    entries.map((entry) => ({
      userId: actor.userId,
      action: entry.action,
      tableName: entry.tableName,
      recordId: entry.recordId === null ? null : String(entry.recordId),
      oldValues: entry.oldValues ?? null,
      newValues: entry.newValues ?? null,
      ipAddress: actor.ip,
      userAgent: actor.userAgent ?? null,
    })),
  );
}
