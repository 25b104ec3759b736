// Reading one record by id for a trade service: its row, or not found, naming it.
import { eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { notFound } from '../../core/errors';
import type { Db, DbOrTx } from '../../db/client';

/** The row, or "`what` not found". */
export function found<T>(row: T | null | undefined, what: string): T {
  if (!row) throw notFound(what);
  return row;
}

type Keyed = PgTable & { id: PgColumn };

/**
 * A reader of `table`'s rows by id: outside a transaction, inside one (`tx`), or inside one under the
 * row's lock (`lock`: `for update`, held until the commit).
 */
export function rowReader<T extends Keyed>(db: Db, table: T, what: string) {
  return async (id: number, tx: DbOrTx = db, lock = false): Promise<T['$inferSelect']> => {
    const q = tx
      .select()
      .from(table as PgTable)
      .where(eq(table.id, id));
    const [row] = (lock ? await q.for('update') : await q) as T['$inferSelect'][];
    return found(row, what);
  };
}
