// The one sanctioned change audit rows accept (migration 0013's trigger refuses every other UPDATE,
// DELETE and TRUNCATE): when a person is deleted, their name and email are removed from the old and
// new values of every audit row, in the caller's transaction, and the redaction writes its own row.
// Ids stay: the trail still says who did what, as "Deleted user".
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../core/actor';
import { recordAudit } from './service';

export const REDACTED = '[redacted]';

/** A string as it appears inside a JSON text (escaped, without the quotes), as a case-insensitive regular expression. */
function jsonTextPattern(value: string): string {
  return JSON.stringify(value)
    .slice(1, -1)
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Removes each of `values` (an email, a first and a last name — whatever identified the person)
 * from every audit row's old and new values. Returns how many rows changed.
 */
export async function redactAuditValues(tx: DbOrTx, userId: string, values: readonly string[], actor: Actor): Promise<number> {
  const needles = [...new Set(values.map((v) => v.trim()).filter((v) => v.length >= 2))];
  let changed = 0;
  if (needles.length) {
    const pattern = needles.map(jsonTextPattern).join('|');
    await tx.execute(sql`select set_config('frolic.audit_redaction', 'on', true)`);
    const result = await tx.execute(sql`
      update audit_logs
         set old_values = case when old_values::text ~* ${pattern} then regexp_replace(old_values::text, ${pattern}, ${REDACTED}, 'gi')::jsonb else old_values end,
             new_values = case when new_values::text ~* ${pattern} then regexp_replace(new_values::text, ${pattern}, ${REDACTED}, 'gi')::jsonb else new_values end
       where old_values::text ~* ${pattern} or new_values::text ~* ${pattern}`);
    await tx.execute(sql`select set_config('frolic.audit_redaction', 'off', true)`);
    changed = Number((result as { affectedRows?: number; rowCount?: number }).affectedRows ?? (result as { rowCount?: number }).rowCount ?? 0);
  }
  await recordAudit(tx, actor, { action: 'REDACT', tableName: 'audit_logs', recordId: userId, newValues: { userId, rows: changed } });
  return changed;
}
