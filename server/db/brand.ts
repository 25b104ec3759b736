// The brand is one row of `organisations` (type `brand`, migration 0025): the seller of importers'
// orders, the holder of the warehouse stock, the importers' supplier. Staff act for it; no user is
// its member. Its id differs per database, so it is read, not configured.
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { organisations } from './schema';

/** The brand's id as SQL, for statements that need it inline (a filter, an insert's value). */
export const brandIdSql = sql<string>`(select ${organisations.id} from ${organisations} where ${organisations.type} = 'brand')`;

const known = new WeakMap<object, Promise<string>>();

/** The brand's organisation id (remembered per database handle: the row is never replaced). */
export function brandId(q: DbOrTx): Promise<string> {
  let id = known.get(q);
  if (!id) {
    id = q
      .select({ id: organisations.id })
      .from(organisations)
      .where(eq(organisations.type, 'brand'))
      .then(([row]) => {
        if (!row) throw new Error('The brand organisation is missing: run the migrations.');
        return row.id;
      });
    id.catch(() => known.delete(q));
    known.set(q, id);
  }
  return id;
}
