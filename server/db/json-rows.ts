// A list's page answered by the database as one JSON text instead of a row of cells per row.
//
// On PostgreSQL decoding cells is much of a list's work on the server's thread: node-postgres parses
// each of a page's cells (an audit page is 101 rows of 7), and Drizzle maps each one. As one JSON
// text it parses one value with `JSON.parse`; the backend spends a little more building the JSON,
// the server's thread less. PGlite keeps its rows: its cells are cheap already (pglite-rows.ts
// decodes them from the stream), and its WebAssembly build spends more making the JSON than the
// server's thread saves. docs/decisions/034-staff-lists-prepared-once-per-shape.md.
//
// `jsonRows(select)` keeps the select as Drizzle built it and wraps it:
//
//   select coalesce(json_agg(json_build_array(s.c0, s.c1::text, …)), '[]')::text
//   from (<the select>) s(c0, c1, …)
//
// The columns are renamed by position (two joined tables may both have an `id`), and the rows keep
// the select's order (PostgreSQL aggregates a sorted subquery's rows in that order). Each value
// reaches Drizzle's decoder as the driver would have given it: dates, times, numerics and bigints as
// the database's text (JSON would write a timestamp with a `T` and a numeric as a float); numbers,
// booleans, text, uuids, JSON and arrays of those as they are. A column type that is neither is
// refused when the query is built. SQL expressions are passed as JSON gives them: a list may use
// one only for a number, a boolean or text (its tests compare the page with the rows' own).
import type { Query } from 'drizzle-orm';
import { Column, is } from 'drizzle-orm';
import { PgliteSession } from 'drizzle-orm/pglite';
import { UNNAMED, withRowPlan } from './prepared';
import { rowMapper } from './row-mapper';

interface OrderedField {
  path: string[];
  field: unknown;
}

/** What `jsonRows` needs of a Drizzle select: its SQL, and its fields as its prepared query orders them. */
export interface JsonableSelect<R> {
  toSQL(): Query;
  prepare(name: string): JsonRowsQuery<R>;
}

export interface JsonRowsQuery<R> {
  execute(values?: Record<string, unknown>): Promise<R[]>;
}

/** PostgreSQL's limit on a function's arguments (`json_build_array`). */
const MAX_ARGS = 100;

/** Types the driver hands over as the database's text: JSON would write them differently. */
const AS_TEXT = /^(timestamp|date|time|interval|numeric|decimal|bigint|int8|bigserial|money)\b/;
/** Types JSON gives as the driver does. */
const AS_IS =
  /^(integer|int4|int|smallint|int2|serial|smallserial|real|float4|double precision|float8|boolean|bool|text|varchar|char|character|uuid|json|jsonb|inet|citext)\b/;

/** How a column's value goes into the row's JSON array: `value`, or `value::text`. */
function item(field: unknown, name: string): string {
  if (!is(field, Column)) return name;
  const type = field.getSQLType().toLowerCase();
  // A PostgreSQL enum's SQL type is its own name; its values are text.
  const enumType = field.columnType.startsWith('PgEnum');
  if (type.endsWith('[]')) {
    const base = type.slice(0, -2);
    if (AS_IS.test(base) || enumType) return name;
    throw new TypeError(`jsonRows: an array of ${base} (${field.name}) is not mapped; select it as rows.`);
  }
  if (AS_TEXT.test(type)) return `${name}::text`;
  if (AS_IS.test(type) || enumType) return name;
  throw new TypeError(`jsonRows: the type ${type} (${field.name}) is not mapped; select it as rows.`);
}

/** Where pages come as JSON: on PostgreSQL only (the default; see above), everywhere, or nowhere. */
export type JsonRowsMode = 'postgres' | 'always' | 'never';
let mode: JsonRowsMode = 'postgres';

/**
 * For tests: the queries built from now on answer as JSON `always` (PGlite too: its SQL is the same),
 * or `never` (rows, each with its row plan) — the test that compares every staff list's answers both
 * ways (tests/api/json-rows-lists.test.ts) builds one server each way.
 */
export function useJsonRows(next: JsonRowsMode): void {
  mode = next;
}

/** `select` prepared to answer its rows as one JSON text (see above), mapped as Drizzle maps them. */
export function jsonRows<R>(select: JsonableSelect<R>): JsonRowsQuery<R> {
  // Drizzle's own prepared query, made by the select's session (the database's, or a transaction's),
  // with no fields of its own and the mapper for its one cell.
  const { session } = select as unknown as {
    session: {
      prepareQuery(query: Query, fields: undefined, name: string, arrayMode: boolean, mapper: (rows: unknown[][]) => R[]): JsonRowsQuery<R>;
    };
  };
  const prepared = select.prepare(UNNAMED);
  if (mode === 'never' || (mode === 'postgres' && is(session, PgliteSession))) return withRowPlan(prepared);
  const { fields, joinsNotNullableMap } = prepared as unknown as { fields?: OrderedField[]; joinsNotNullableMap?: Record<string, boolean> };
  if (!fields?.length) throw new TypeError('jsonRows: a select with fields only.');
  if (fields.length > MAX_ARGS) throw new TypeError(`jsonRows: ${fields.length} columns, more than PostgreSQL's ${MAX_ARGS} arguments.`);
  const { sql: inner, params } = select.toSQL();
  const names = fields.map((_, i) => `c${i}`);
  const items = fields.map(({ field }, i) => item(field, `s.${names[i]}`));
  const text = `select coalesce(json_agg(json_build_array(${items.join(', ')})), '[]')::text from (${inner}) s(${names.join(', ')})`;
  const mapRows = rowMapper(fields, joinsNotNullableMap);
  return session.prepareQuery({ sql: text, params }, undefined, UNNAMED, true, (rows) => mapRows(JSON.parse(rows[0]![0] as string) as unknown[][]) as R[]);
}
