// One page of a staff list and the number of rows the list has in all, in one query.
import { type Placeholder, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { jsonRows, type JsonableSelect, type JsonRowsQuery } from './json-rows';
import { withRowPlan } from './prepared';

/**
 * Selected beside a list's columns (`matched: totalOf(db.select({ n: count() }).from(t).where(where))`):
 * how many rows the list's filter matches, counted by a scalar subquery with the list's FROM and
 * WHERE — it refers to nothing in the row, so PostgreSQL runs it once, and the page itself reads
 * only its own rows from an index. Not `count(*) over ()`: a window over the matched rows reads
 * and keeps every one of them before the limit.
 */
export function totalOf(count: SQLWrapper): SQL<number> {
  return sql<number>`(${count})::int`;
}

export interface PageRequest {
  page: number;
  pageSize: number;
}

/** A select whose limit and offset are still to be set (a drizzle select with `orderBy`). */
interface PageableQuery<R> {
  limit(limit: number): { offset(offset: number): PromiseLike<R[]> };
}

/**
 * Runs `query` (which selects `matched: totalOf(…)`) for page `page.page`: its rows without
 * `matched`, and the total. A page past the end has no row to carry the total: then the first row
 * is asked for (the only case with a second query).
 */
export function onePage<R extends { matched: number }>(query: PageableQuery<R>, page: PageRequest): Promise<{ rows: Omit<R, 'matched'>[]; total: number }> {
  return pageOf((limit, offset) => query.limit(limit).offset(offset), page);
}

/** A query prepared with `limit` and `offset` placeholders (and the list's own, `values`). */
interface PreparedPageQuery<R> {
  execute(values: Record<string, unknown>): PromiseLike<R[]>;
}

/** A list's select (with `orderBy`) before its page is chosen. */
interface UnpagedSelect<R> {
  limit(limit: Placeholder): { offset(offset: Placeholder | number): JsonableSelect<R> };
}

/**
 * A list's query prepared (`prepared.ts`) for its pages: `any` with `limit` and `offset`
 * placeholders, and `first(pageSize)` with the first page's limit written into the statement.
 *
 * PostgreSQL keeps one generic plan for a prepared statement only while it costs no more than
 * the plans made for each call's values (`plan_cache_mode = auto`). A plan for an unknown limit or
 * offset is costed for a tenth of the table, so with placeholders it never does, and plans the page
 * again at every call — for a list, more than running it. With the numbers in the statement the
 * planner knows them, and keeps a generic plan where that is as good. Not forced generic plans: a
 * plan made for any limit may sort the whole table for the first page.
 * docs/decisions/034-staff-lists-prepared-once-per-shape.md.
 */
export interface PreparedPage<P> {
  any: P;
  first(pageSize: number): P;
}

/** A page size written into a statement: a whole number the list's schema already bounds. */
function literal(n: number): Placeholder {
  if (!Number.isSafeInteger(n) || n < 1 || n > 1000) throw new RangeError(`Not a page size: ${n}`);
  return sql.raw(String(n)) as unknown as Placeholder;
}

/**
 * A query built and prepared once for each limit, the limit written into the statement (see
 * `PreparedPage`): a keyset list's page, and a first page.
 */
export function preparedByLimit<P>(build: (limit: Placeholder) => P): (limit: number) => P {
  const kept = new Map<number, P>();
  return (limit) => {
    let prepared = kept.get(limit);
    if (prepared === undefined) {
      prepared = withRowPlan(build(literal(limit)));
      kept.set(limit, prepared);
    }
    return prepared;
  };
}

export function preparePage<R>(query: UnpagedSelect<R>): PreparedPage<JsonRowsQuery<R>> {
  // Drizzle's builder keeps its limit and offset: each prepare takes the SQL as it is then. On
  // PostgreSQL the page comes as one JSON text (`json-rows.ts`).
  const any = jsonRows(query.limit(sql.placeholder('limit')).offset(sql.placeholder('offset')));
  return {
    any,
    // An offset of 0 is no OFFSET clause at all.
    first: preparedByLimit((limit) => jsonRows(query.limit(limit).offset(0))),
  };
}

/** `onePage` for a query from `preparePage`: the same page and total, only the values bound. */
export function onePreparedPage<R extends { matched: number }>(
  query: PreparedPage<PreparedPageQuery<R>>,
  values: Record<string, unknown>,
  page: PageRequest,
): Promise<{ rows: Omit<R, 'matched'>[]; total: number }> {
  return pageOf(
    (limit, offset) => (offset === 0 && limit === page.pageSize ? query.first(limit).execute(values) : query.any.execute({ ...values, limit, offset })),
    page,
  );
}

async function pageOf<R extends { matched: number }>(
  run: (limit: number, offset: number) => PromiseLike<R[]>,
  page: PageRequest,
): Promise<{ rows: Omit<R, 'matched'>[]; total: number }> {
  const rows = await run(page.pageSize, (page.page - 1) * page.pageSize);
  let total = rows[0]?.matched;
  if (total === undefined && page.page > 1) total = (await run(1, 0))[0]?.matched;
  return { rows: rows.map(({ matched: _matched, ...row }) => row), total: total ?? 0 };
}
