// The one sanctioned change audit rows accept (migration 0013's trigger refuses every other UPDATE,
// DELETE and TRUNCATE): when a person is deleted, their name and email are removed from the old and
// new values of every audit row, in the caller's transaction, and the redaction writes its own row.
// Ids stay: the trail still says who did what, as "Deleted user".
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { auditLogs } from '../../db/schema';
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
 * Removes what identified the person from audit rows' old and new values. An email address is
 * distinctive, so it goes wherever it appears. A name is not ("Rose" is also a word in a product's
 * description): names go only from the rows about the person (record id = the user's id) and the
 * rows they wrote, and only as whole words. Returns how many rows changed.
 */
export async function redactAuditValues(
  tx: DbOrTx,
  userId: string,
  person: { emails: readonly string[]; names: readonly string[] },
  actor: Actor,
): Promise<number> {
  const clean = (values: readonly string[]) => [...new Set(values.map((v) => v.trim()).filter((v) => v.length >= 2))];
  const emails = clean(person.emails);
  const names = clean(person.names);
  // PostgreSQL's ARE: \m and \M are the start and the end of a word.
  const emailPattern = emails.length ? emails.map(jsonTextPattern).join('|') : null;
  const namePattern = names.length ? `\\m(${names.map(jsonTextPattern).join('|')})\\M` : null;
  const any = [emailPattern, namePattern].filter(Boolean).join('|');
  let changed = 0;
  if (any) {
    const redact = (col: SQL) => {
      let out = sql`${col}::text`;
      if (emailPattern) out = sql`regexp_replace(${out}, ${emailPattern}, ${REDACTED}, 'gi')`;
      if (namePattern)
        out = sql`case when ${auditLogs.recordId} = ${userId} or ${auditLogs.userId} = ${userId} then regexp_replace(${out}, ${namePattern}, ${REDACTED}, 'gi') else ${out} end`;
      return sql`(${out})::jsonb`;
    };
    const mentions = (col: SQL) =>
      sql`(${emailPattern ? sql`${col}::text ~* ${emailPattern}` : sql`false`} or ${
        namePattern ? sql`((${auditLogs.recordId} = ${userId} or ${auditLogs.userId} = ${userId}) and ${col}::text ~* ${namePattern})` : sql`false`
      })`;
    await tx.execute(sql`select set_config('frolic.audit_redaction', 'on', true)`);
    const result = await tx.execute(sql`
      update ${auditLogs}
         set old_values = case when ${mentions(sql`old_values`)} then ${redact(sql`old_values`)} else old_values end,
             new_values = case when ${mentions(sql`new_values`)} then ${redact(sql`new_values`)} else new_values end
       where ${mentions(sql`old_values`)} or ${mentions(sql`new_values`)}`);
    await tx.execute(sql`select set_config('frolic.audit_redaction', 'off', true)`);
    changed = Number((result as { affectedRows?: number; rowCount?: number }).affectedRows ?? (result as { rowCount?: number }).rowCount ?? 0);
  }
  await recordAudit(tx, actor, { action: 'REDACT', tableName: 'audit_logs', recordId: userId, newValues: { userId, rows: changed } });
  return changed;
}
