// A document moving along its transition table (an order, a shipment). The shared decision the page
// offers its buttons from (shared/*-actions.ts) is checked first, then the version the page read; the
// move itself is a guarded update (`… where status = 'from' and version = v`), so of two people
// acting at once one wins and the other is told why: the state moved on (a conflict:
// `invalid_transition`) or someone else changed it (a conflict: `version_conflict`). Each move writes
// its audit row in the same transaction.
import { and, eq } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { ActionRefusal } from '../../../shared/order-actions';
import { refusalError } from '../../core/action-refusal';
import type { Actor } from '../../core/actor';
import { type AppError, versionConflict } from '../../core/errors';
import type { Tx } from '../../db/client';
import { recordAudit } from '../audit';

/**
 * Refuses a move the shared decision refused or that comes from a stale page, in the order the API
 * answers them: the wrong side (forbidden), then a version other than the row's (a conflict, unless
 * `sent` is null), then the state or a guard (a conflict; an invalid transition as `invalid` words it).
 */
export function refuseMove(refusal: ActionRefusal | null, entity: string, version: { current: number; sent: number | null }, invalid: () => AppError): void {
  if (refusal?.code === 'wrong_side') throw refusalError(refusal);
  if (version.sent !== null && version.current !== version.sent) throw versionConflict(entity, version.current, version.sent);
  if (refusal) throw refusal.code === 'invalid_transition' ? invalid() : refusalError(refusal);
}

type Movable = PgTable & { id: PgColumn; status: PgColumn; version: PgColumn; updatedAt: PgColumn };
interface MovableRow {
  id: number;
  status: string;
  version: number;
}

export interface GuardedMove<T extends Movable> {
  table: T;
  /** The audit row's table name. */
  tableName: string;
  /** How a version conflict names the record ("order"). */
  entity: string;
  /** The row as it was read (the guard: its state and version). */
  row: T['$inferSelect'] & MovableRow;
  to: string;
  set: Partial<T['$inferInsert']>;
  at: Date;
  /** What the audit row adds to the new state and version (the action, a reason …). */
  audit: object;
  /** The refusal when the row moved to `from` meanwhile. */
  invalid: (from: string) => AppError;
}

/** The guarded update and its audit row; answers the row as it now stands. */
export async function guardedMove<T extends Movable>(tx: Tx, actor: Actor, m: GuardedMove<T>): Promise<T['$inferSelect']> {
  const { table, row } = m;
  const [after] = (await tx
    .update(table)
    .set({ ...m.set, status: m.to, version: row.version + 1, updatedAt: m.at } as PgUpdateSetSource<T>)
    .where(and(eq(table.id, row.id), eq(table.status, row.status), eq(table.version, row.version)))
    .returning()) as (T['$inferSelect'] & MovableRow)[];
  if (!after) {
    const [current] = (await tx
      .select()
      .from(table as PgTable)
      .where(eq(table.id, row.id))) as unknown as MovableRow[];
    if (current && current.status !== row.status) throw m.invalid(current.status);
    throw versionConflict(m.entity, current?.version ?? row.version, row.version);
  }
  await recordAudit(tx, actor, {
    action: 'UPDATE',
    tableName: m.tableName,
    recordId: row.id,
    oldValues: { status: row.status, version: row.version },
    newValues: { status: m.to, version: after.version, ...m.audit },
  });
  return after;
}
