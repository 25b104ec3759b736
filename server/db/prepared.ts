// Queries a screen repeats, built once per shape. Drizzle builds a query's SQL from its objects on
// every call: 0.1 ms for a seven-column select and 0.45 ms for the events list with its image and
// count (measured on this machine), on the server's one thread and more than the database spends on
// the same page. A list names its query's shape — which filters are present, which order — and
// binds everything else as placeholders (`sql.placeholder('q')`, `limit`, `offset`); the prepared
// query (its SQL text and row mapping) is built the first time a shape is asked for and kept. The
// shapes a list can have are few and fixed by its code, so nothing here grows with the requests.
//
// Prepared with an empty name: the statement is sent as Drizzle sends any other, and the database
// client names it by its text as it does the rest (`statement-cache.ts`).
export const UNNAMED = '';

/** `build(shape)` the first time a shape (a small object of enum values and flags) is asked for, then kept. */
export function preparedByShape<S extends Record<string, string | boolean | undefined>, Q>(build: (shape: S) => Q): (shape: S) => Q {
  const kept = new Map<string, Q>();
  return (shape) => {
    const key = JSON.stringify(shape);
    let query = kept.get(key);
    if (query === undefined) {
      query = build(shape);
      kept.set(key, query);
    }
    return query;
  };
}

// Generic plans. PostgreSQL plans a prepared statement again at every call while the plan for the
// call's values is cheaper than one for any values (`plan_cache_mode = auto`), and a list's
// `limit $n` alone makes it so: a plan for an unknown limit is costed for a tenth of the table.
// So the lists' pages were planned at every request: 0.4–0.7 ms of the database's time for the
// users list, more than running it (docs/benchmarks.md, "Generic plans for the lists").
// A statement prepared here runs where plans are generic (`force_generic_plan`): on PostgreSQL a
// pool of its own whose sessions say so, on PGlite the one session told so around the call. Only
// these statements: each is a list's page or a lookup by key, whose plan a value does not change;
// every other query keeps `auto`.

/** The client whose statements run with generic plans, for each database client (client.ts). */
const genericClients = new WeakMap<object, object>();

/** `generic` runs what a statement prepared on `client` with `prepareGeneric` sends. */
export function planGenerically(client: object, generic: object): void {
  genericClients.set(client, generic);
}

/**
 * `query` prepared (unnamed, as above) to run with a generic plan. A statement prepared inside a
 * transaction keeps the transaction's client (and its plans).
 */
export function prepareGeneric<P>(query: { prepare(name: string): P }): P {
  const prepared = query.prepare(UNNAMED);
  // Drizzle's prepared queries (node-postgres and PGlite alike) call `this.client.query`.
  const held = prepared as { client?: object };
  const generic = held.client && genericClients.get(held.client);
  if (generic) held.client = generic;
  return prepared;
}
