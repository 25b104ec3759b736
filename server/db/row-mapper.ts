// A prepared query's rows mapped by a plan made once. Drizzle maps every row by walking the query's
// selected fields and asking, for each cell, what kind of field it is (`is`: an `instanceof`, then a
// walk up the prototype chain for anything that is not a column), a visible share of a staff list's
// time on the server's thread (`bench/profile-list.mjs`). A prepared query's fields never change,
// so `withRowPlan` asks those questions once, when the query is prepared, and gives Drizzle a mapper
// (its `customResultMapper`, which both drivers call with the rows as arrays) that only decodes and
// places each value. The result is the one Drizzle's `mapResultRow` gives, key order and
// left-join nulls included (`row-mapper.test.ts` compares the two).
import { Column, SQL, Subquery, getTableName, is } from 'drizzle-orm';

/** A selected field as Drizzle orders them for a query: where it goes, and what it is. */
interface OrderedField {
  path: string[];
  field: unknown;
}

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

/** What a prepared query carries (drizzle-orm's `PgPreparedQuery` subclasses, at run time). */
interface MappablePrepared {
  fields?: OrderedField[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown;
}

interface Cell {
  path: string[];
  decoder: Decoder;
  /** The table of a joined table's column (`{ profile: profiles }`): its object is null when the join found nothing. */
  joinedTable: string | null;
}

/** An SQL fragment's decoder (`mapWith`), internal in Drizzle's types. */
const decoderOfSql = (fragment: SQL) => (fragment as unknown as { decoder: Decoder }).decoder;

function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field;
  if (is(field, SQL)) return decoderOfSql(field);
  if (is(field, Subquery)) return decoderOfSql((field as unknown as { _: { sql: SQL } })._.sql);
  return decoderOfSql((field as SQL.Aliased).sql);
}

/** The rows mapper for these fields: the same objects as Drizzle's `mapResultRow`. */
export function rowMapper(fields: OrderedField[], joinsNotNullableMap?: Record<string, boolean>): (rows: unknown[][]) => Record<string, unknown>[] {
  const cells: Cell[] = fields.map(({ path, field }) => ({
    path,
    decoder: decoderOf(field),
    joinedTable: joinsNotNullableMap && is(field, Column) && path.length === 2 ? getTableName(field.table) : null,
  }));
  const flat = cells.every((c) => c.path.length === 1);
  const keys = cells.map((c) => c.path[0]!);
  const decoders = cells.map((c) => c.decoder);

  function nested(row: unknown[]): Record<string, unknown> {
    const result: Record<string, unknown> = {};
    // Per joined object: the table of its first column while every column so far was null, else false.
    const nullify: Record<string, string | false> = {};
    for (let i = 0; i < cells.length; i++) {
      const { path, decoder, joinedTable } = cells[i]!;
      let node = result;
      for (let j = 0; j < path.length - 1; j++) {
        const chunk = path[j]!;
        if (!(chunk in node)) node[chunk] = {};
        node = node[chunk] as Record<string, unknown>;
      }
      const raw = row[i];
      const value = (node[path[path.length - 1]!] = raw === null ? null : decoder.mapFromDriverValue(raw));
      if (joinedTable !== null) {
        const objectName = path[0]!;
        if (!(objectName in nullify)) nullify[objectName] = value === null ? joinedTable : false;
        else if (typeof nullify[objectName] === 'string' && nullify[objectName] !== joinedTable) nullify[objectName] = false;
      }
    }
    for (const objectName in nullify) {
      const table = nullify[objectName];
      if (typeof table === 'string' && !joinsNotNullableMap![table]) result[objectName] = null;
    }
    return result;
  }

  function one(row: unknown[]): Record<string, unknown> {
    const result: Record<string, unknown> = {};
    for (let i = 0; i < keys.length; i++) {
      const raw = row[i];
      result[keys[i]!] = raw === null ? null : decoders[i]!.mapFromDriverValue(raw);
    }
    return result;
  }

  const map = flat ? one : nested;
  return (rows) => rows.map(map);
}

/** `prepared`, its rows mapped by a plan made now (see above); a query without selected fields is left as it is. */
export function withRowPlan<P>(prepared: P): P {
  const query = prepared as MappablePrepared;
  if (query.fields && !query.customResultMapper) query.customResultMapper = rowMapper(query.fields, query.joinsNotNullableMap);
  return prepared;
}
