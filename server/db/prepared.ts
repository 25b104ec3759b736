// Queries a screen repeats, built once per shape. Drizzle builds a query's SQL from its objects on
// every call, on the server's one thread, and for a list that costs more than the database spends on
// the same page (docs/decisions/034-staff-lists-prepared-once-per-shape.md). A list names its query's shape — which filters are present, which order — and
// binds everything else as placeholders (`sql.placeholder('q')`, `limit`, `offset`); the prepared
// query (its SQL text and row mapping) is built the first time a shape is asked for and kept. The
// shapes a list can have are few and fixed by its code, so nothing here grows with the requests.
//
// Prepared with an empty name: the statement is sent as Drizzle sends any other, and the database
// client names it by its text as it does the rest (`statement-cache.ts`).
//
// A prepared select's rows are mapped by a plan made when it is prepared (`row-mapper.ts`).
import { withRowPlan } from './row-mapper';

export const UNNAMED = '';

export { withRowPlan };

/** `build(shape)` the first time a shape (a small object of enum values and flags) is asked for, then kept (a prepared select with its row plan). */
export function preparedByShape<S extends Record<string, string | boolean | undefined>, Q>(build: (shape: S) => Q): (shape: S) => Q {
  const kept = new Map<string, Q>();
  return (shape) => {
    const key = JSON.stringify(shape);
    let query = kept.get(key);
    if (query === undefined) {
      query = withRowPlan(build(shape));
      kept.set(key, query);
    }
    return query;
  };
}
