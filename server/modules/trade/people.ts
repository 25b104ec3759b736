// Names as the trade pages show them: the people who acted (from their profiles) and a record's
// history from its audit rows, oldest first.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { auditLogs, profiles } from '../../db/schema';

/** A lookup of people's names ("First Last", or null) for these user ids, read in one query. */
export async function peopleNames(db: DbOrTx, ids: (string | null)[]): Promise<(id: string | null) => string | null> {
  const wanted = [...new Set(ids.filter((x): x is string => !!x))];
  const rows = wanted.length
    ? await db.select({ id: profiles.id, first: profiles.firstName, last: profiles.lastName }).from(profiles).where(inArray(profiles.id, wanted))
    : [];
  const byId = new Map(rows.map((r) => [r.id, `${r.first} ${r.last}`.trim() || null]));
  return (id) => (id ? (byId.get(id) ?? null) : null);
}

export interface AuditEntry<V> {
  at: string;
  /** Who acted (null: no one named, e.g. a job). */
  by: string | null;
  /** The audit row's new values. */
  values: V;
}

/** A record's audit rows, oldest first, with who wrote each. */
export async function auditTrail<V extends object>(db: DbOrTx, tableName: string, recordId: number): Promise<AuditEntry<V>[]> {
  const audits = await db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.tableName, tableName), eq(auditLogs.recordId, String(recordId))))
    .orderBy(asc(auditLogs.id));
  const name = await peopleNames(
    db,
    audits.map((a) => a.userId),
  );
  return audits.map((a) => ({ at: a.createdAt.toISOString(), by: name(a.userId), values: (a.newValues ?? {}) as V }));
}
