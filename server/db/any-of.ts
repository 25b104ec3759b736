// `column = any($1::uuid[])`: a list of ids as one parameter. Drizzle's `inArray` sends one
// parameter per value, and building a query costs the server about a microsecond per parameter
// (its entity checks), more than PostgreSQL spends on the list: the media library's "used by" asked
// five tables about a page of 25 files, 125 parameters a request.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The array literal of `ids` for a `::uuid[]` parameter (a prepared query's placeholder), each checked. */
export function uuidArray(ids: readonly string[]): string {
  for (const id of ids) if (!UUID.test(id)) throw new TypeError(`Not a uuid: ${id}`);
  return `{${ids.join(',')}}`;
}

/**
 * The array literal of `values` for a `::text[]` parameter: each element double-quoted, its `"` and
 * `\` escaped (PostgreSQL's array syntax), so no value can end an element or add one.
 */
export function textArray(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/[\\"]/g, '\\$&')}"`).join(',')}}`;
}
