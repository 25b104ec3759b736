// Reading the audit log (the master admin's Audit Logs screen, issue 17): the filtered list in keyset
// pages by id, one row with its old and new values, the filter's choices, and the whole filtered set
// as CSV in batches. Every filter is served by an index: the search by the pg_trgm GIN indexes on
// record_id, user_id and table_name (an escaped ILIKE), action, table and user by the (column, id)
// btrees, a date range by id bounds, the cursor by the primary key — a page deep in a million rows
// costs what the first does. Where the planner would have to guess (a search, two exact filters),
// `seek` walks the ids a window at a time and fetches rare matches as a set.
import { and, asc, desc, eq, gt, gte, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import { stringify } from 'csv-stringify/sync';
import {
  AUDIT_CSV_COLUMNS,
  AUDIT_PAGE_SIZE,
  type AuditLogDetailView,
  type AuditLogFilters,
  type AuditLogPage,
  type AuditLogQuery,
  type AuditLogRowView,
  type AuditUserView,
} from '../../../shared/schemas/audit';
import type { Actor } from '../../core/actor';
import { notFound } from '../../core/errors';
import type { Db } from '../../db/client';
import { uuidArray } from '../../db/any-of';
import { containsPattern } from '../../db/like';
import { preparedByLimit } from '../../db/paged';
import { preparedByShape, UNNAMED, withRowPlan } from '../../db/prepared';
import { jsonRows } from '../../db/json-rows';
import { auditLogs, profiles, users } from '../../db/schema';
import { escapeCell } from '../../core/csv-cell';
import { recordAudit } from './service';
import { isoString } from '../../core/iso-time';

/** Rows per query of the CSV export: memory stays flat whatever the set's size. */
export const AUDIT_EXPORT_BATCH = 2000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY_MS = 86_400_000;
/**
 * A date range also bounds the ids, so the primary key seeks straight to it (a June deep in a
 * million rows otherwise costs a scan past every newer row). Ids follow time: a row's created_at is
 * its transaction's start and its id is drawn during it, so a row inside the range can sit on the
 * far side of a row outside it only if its transaction ran longer than this slack — which no
 * transaction here comes near. The created_at conditions stay: the bounds only narrow the scan.
 */
const TX_SLACK_MS = 3_600_000;
const CHOICES_TTL_MS = 60_000;
/** Ids a windowed query walks in order before it asks for the rest as a set (a few ms on either engine). */
export const SEEK_WINDOW = 4000;

const listColumns = {
  id: auditLogs.id,
  userId: auditLogs.userId,
  action: auditLogs.action,
  tableName: auditLogs.tableName,
  recordId: auditLogs.recordId,
  ipAddress: auditLogs.ipAddress,
  createdAt: auditLogs.createdAt,
};
type ListRow = { [K in keyof typeof listColumns]: (typeof auditLogs.$inferSelect)[K] };
/** A list row from raw SQL: column names, the time as epoch milliseconds (each driver parses timestamps its own way). */
type RawRow = {
  id: number;
  user_id: string | null;
  action: string;
  table_name: string;
  record_id: string | null;
  ip_address: string | null;
  created_ms: number;
};
const fromRaw = (r: RawRow): ListRow => ({
  id: Number(r.id),
  userId: r.user_id,
  action: r.action,
  tableName: r.table_name,
  recordId: r.record_id,
  ipAddress: r.ip_address,
  createdAt: new Date(Number(r.created_ms)),
});

/** The filters as values: the search's pattern, the exact filters, a date range and its id bounds. */
interface Filter {
  q?: string;
  action?: string;
  table?: string;
  userId?: string;
  /** ISO times: the range's first instant and the instant after it. */
  start?: string;
  end?: string;
  above?: number;
  below?: number;
}
const FILTER_KEYS = ['q', 'action', 'table', 'userId', 'start', 'end', 'above', 'below'] as const satisfies readonly (keyof Filter)[];

/**
 * The filter's conditions, its values in them — or, `placeholders`, the placeholders of the same
 * names (a prepared query's, bound to the values of `Filter` at each run).
 */
function whereOf(f: Filter, placeholders = false): SQL[] {
  const v = (k: keyof Filter) => (placeholders ? sql.placeholder(k) : f[k]);
  const where: SQL[] = [];
  if (f.q !== undefined) {
    const p = v('q');
    where.push(or(sql`${auditLogs.recordId} ilike ${p}`, sql`${auditLogs.userId} ilike ${p}`, sql`${auditLogs.tableName} ilike ${p}`) as SQL);
  }
  if (f.action !== undefined) where.push(sql`${auditLogs.action} = ${v('action')}`);
  if (f.table !== undefined) where.push(sql`${auditLogs.tableName} = ${v('table')}`);
  if (f.userId !== undefined) where.push(sql`${auditLogs.userId} = ${v('userId')}`);
  if (f.start !== undefined) where.push(sql`${auditLogs.createdAt} >= ${v('start')}::timestamptz`);
  if (f.above !== undefined) where.push(sql`${auditLogs.id} > ${v('above')}`);
  if (f.end !== undefined) where.push(sql`${auditLogs.createdAt} < ${v('end')}::timestamptz`);
  if (f.below !== undefined) where.push(sql`${auditLogs.id} < ${v('below')}`);
  return where;
}

export function createAuditLogService(db: Db, options: { now?: () => number; window?: number } = {}) {
  const now = options.now ?? Date.now;
  const firstWindow = options.window ?? SEEK_WINDOW;
  let choicesCache: { at: number; value: { actions: string[]; tables: string[] } } | null = null;
  /**
   * The filters resolved to values, or null when they can match nothing (an email no account has).
   * The email resolves to the account's id first, so the (user_id, id) index serves it; a date range
   * to id bounds as well (`above`, `below`).
   */
  async function resolve(f: AuditLogFilters): Promise<{ filter: Filter | null; userId?: string; windowed: boolean }> {
    const filter: Filter = {};
    if (f.q) filter.q = containsPattern(f.q);
    if (f.action) filter.action = f.action;
    if (f.table) filter.table = f.table;
    if (f.user) {
      const [u] = await db
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = ${f.user}`);
      if (!u) return { filter: null, windowed: false };
      filter.userId = u.id;
    }
    if (f.from) {
      const start = Date.parse(`${f.from}T00:00:00Z`);
      filter.start = new Date(start).toISOString();
      const [edge] = await db
        .select({ id: auditLogs.id })
        .from(auditLogs)
        .where(lt(auditLogs.createdAt, new Date(start - TX_SLACK_MS)))
        .orderBy(desc(auditLogs.createdAt))
        .limit(1);
      if (edge) filter.above = edge.id;
    }
    if (f.to) {
      const end = Date.parse(`${f.to}T00:00:00Z`) + DAY_MS;
      filter.end = new Date(end).toISOString();
      const [edge] = await db
        .select({ id: auditLogs.id })
        .from(auditLogs)
        .where(gte(auditLogs.createdAt, new Date(end + TX_SLACK_MS)))
        .orderBy(asc(auditLogs.createdAt))
        .limit(1);
      if (edge) filter.below = edge.id;
    }
    // One exact filter (or none) has its own ordered index, and a date range its id bounds: the plain
    // keyset query is the best plan. A search, or two exact filters, is where the planner guesses.
    const windowed = (f.q?.length ?? 0) >= 3 || [f.action, f.table, f.user].filter(Boolean).length >= 2;
    return { filter, userId: filter.userId, windowed };
  }

  /**
   * The plain keyset page (no search of three letters or more, at most one exact filter: the default
   * screen), prepared once per shape — which filters are present, which way from which cursor — with
   * the filter's values and the cursor bound, the limit written in (`preparedByLimit`).
   */
  const keysetPage = preparedByShape((shape: { [K in keyof Filter]-?: boolean } & { older: boolean; cursor: boolean }) =>
    preparedByLimit((limit) => {
      // Which filters the shape has (any value marks one: the conditions take placeholders).
      const present: Filter = Object.fromEntries(FILTER_KEYS.filter((k) => shape[k]).map((k) => [k, ''])) as Filter;
      return jsonRows(
        db
          .select(listColumns)
          .from(auditLogs)
          .where(
            and(
              ...whereOf(present, true),
              shape.cursor ? (shape.older ? lt(auditLogs.id, sql.placeholder('cursor')) : gt(auditLogs.id, sql.placeholder('cursor'))) : undefined,
            ),
          )
          .orderBy(shape.older ? desc(auditLogs.id) : asc(auditLogs.id))
          .limit(limit),
      );
    }),
  );

  const people = withRowPlan(
    db
      .select({ id: users.id, email: users.email, deletedAt: users.deletedAt, firstName: profiles.firstName, lastName: profiles.lastName })
      .from(users)
      .leftJoin(profiles, eq(profiles.id, users.id))
      .where(sql`${users.id} = any(${sql.placeholder('ids')}::uuid[])`)
      .prepare(UNNAMED),
  );

  /** Who the page's user ids are now: one query for the page (its ids as one array), not a join over the log. */
  async function usersOf(rows: { userId: string | null }[]): Promise<Map<string, AuditUserView>> {
    // Each distinct id tested once (a page of 100 rows holds a few people).
    const ids = [...new Set(rows.map((r) => r.userId?.toLowerCase()))].filter((id): id is string => !!id && UUID.test(id));
    if (!ids.length) return new Map();
    const found = await people.execute({ ids: uuidArray(ids) });
    return new Map(
      found.map((u) => {
        const deleted = u.deletedAt !== null;
        const name = deleted ? 'Deleted user' : [u.firstName, u.lastName].filter(Boolean).join(' ') || u.email;
        return [u.id, { id: u.id, email: deleted ? null : u.email, name, deleted }];
      }),
    );
  }

  function view(row: ListRow, people: Map<string, AuditUserView>): AuditLogRowView {
    return {
      id: row.id,
      userId: row.userId,
      user: row.userId ? (people.get(row.userId.toLowerCase()) ?? null) : null,
      action: row.action,
      tableName: row.tableName,
      recordId: row.recordId,
      ipAddress: row.ipAddress,
      createdAt: isoString(row.createdAt),
    };
  }

  /**
   * Up to `limit` rows under the filters from a cursor on: older than `from` (newest first; from the
   * newest row when null) or newer than it (oldest first).
   *
   * A `windowed` query does not leave the choice to the planner, whose guess of how often a search
   * matches can be wrong either way — and wrong means a walk through the whole log. It walks the
   * ids in order one window at a time (SEEK_WINDOW first, then sized from the matches seen), which
   * is cheapest while matches are common; once they look rare — fewer per window than the rows
   * left would hold in total — it asks for the matches beyond the window as one set (a
   * materialized CTE keeps no order, so the trigram or btree bitmaps serve it) and sorts those.
   */
  async function seek(
    { filter, windowed }: { filter: Filter; windowed: boolean },
    dir: 'older' | 'newer',
    from: number | null,
    limit: number,
  ): Promise<ListRow[]> {
    const older = dir === 'older';
    if (!windowed) {
      const present = (k: keyof Filter) => filter[k] !== undefined;
      const shape = {
        q: present('q'),
        action: present('action'),
        table: present('table'),
        userId: present('userId'),
        start: present('start'),
        end: present('end'),
        above: present('above'),
        below: present('below'),
        older,
        cursor: from !== null,
      };
      return keysetPage(shape)(limit).execute({ ...filter, cursor: from });
    }
    const { above, below } = filter;
    const where = whereOf(filter);
    const order = older ? desc(auditLogs.id) : asc(auditLogs.id);
    const beyond = (edge: number) => (older ? lt(auditLogs.id, edge) : gt(auditLogs.id, edge));
    const within = (edge: number) => (older ? gte(auditLogs.id, edge) : lte(auditLogs.id, edge));
    // Literal bounds, so the planner sees a window of a few thousand ids (not an unknown range); a
    // date range's id bounds narrow the walk too (it starts at the range, not at the newest row).
    // Ids start at 1; the newest is asked for only when the walk starts there or goes towards it.
    const newest =
      from === null || !older ? Number((await db.select({ high: sql<number>`coalesce(max(${auditLogs.id}), 0)` }).from(auditLogs))[0]?.high ?? 0) : from - 1;
    const low = above === undefined ? 1 : above + 1;
    const high = Math.min(newest, below === undefined ? Number.MAX_SAFE_INTEGER : below - 1);
    const rows: ListRow[] = [];
    let edge = from === null ? high + 1 : older ? Math.min(from, high + 1) : Math.max(from, low - 1);
    let size = firstWindow;
    let walked = 0;
    for (;;) {
      const left = older ? edge - low : high - edge;
      if (left <= 0) return rows;
      const far = older ? edge - size : edge + size;
      rows.push(
        ...(await db
          .select(listColumns)
          .from(auditLogs)
          .where(and(...where, beyond(edge), within(far)))
          .orderBy(order)
          .limit(limit - rows.length)),
      );
      if (rows.length >= limit) return rows;
      walked += size;
      edge = far;
      const rate = rows.length / walked;
      const need = limit - rows.length;
      const rest = older ? edge - low : high - edge;
      if (rest <= 0) return rows;
      // Common enough: walking on is cheaper than fetching every match that is left.
      if (rate > 0 && need / rate < rate * rest) {
        size = Math.min(Math.ceil((1.5 * need) / rate), rest);
        continue;
      }
      const result = (await db.execute(
        sql`with m as materialized (${db
          .select(listColumns)
          .from(auditLogs)
          .where(and(...where, beyond(edge)))})
          select id, user_id, action, table_name, record_id, ip_address, (extract(epoch from created_at) * 1000)::float8 as created_ms
          from m order by id ${older ? sql`desc` : sql`asc`} limit ${need}`,
      )) as unknown as { rows: RawRow[] };
      return [...rows, ...result.rows.map(fromRaw)];
    }
  }

  /** Up to `limit` rows under the filters, newest first, older than `before` (all when null). */
  function olderRows(where: SQL[], before: number | null, limit: number): Promise<ListRow[]> {
    return db
      .select(listColumns)
      .from(auditLogs)
      .where(and(...where, before === null ? undefined : lt(auditLogs.id, before)))
      .orderBy(desc(auditLogs.id))
      .limit(limit);
  }

  return {
    /**
     * One page, newest first: the 100 newest rows, or those older than `before`, or — the way back —
     * the 100 just newer than `after`. `older` and `newer` are the cursors of the pages either side.
     */
    async list(query: AuditLogQuery): Promise<AuditLogPage> {
      const { filter, windowed } = await resolve(query);
      if (!filter) return { items: [], older: null, newer: null };
      let rows: ListRow[];
      let older: number | null;
      let newer: number | null;
      if (query.after !== undefined) {
        const up = await seek({ filter, windowed }, 'newer', query.after, AUDIT_PAGE_SIZE + 1);
        const more = up.length > AUDIT_PAGE_SIZE;
        rows = up.slice(0, AUDIT_PAGE_SIZE).reverse();
        newer = more ? (rows[0]?.id ?? null) : null;
        // We came from the page below, so it exists (unless this page is empty: then show nothing more).
        older = rows.length ? (rows[rows.length - 1] as ListRow).id : null;
      } else {
        const down = await seek({ filter, windowed }, 'older', query.before ?? null, AUDIT_PAGE_SIZE + 1);
        const more = down.length > AUDIT_PAGE_SIZE;
        rows = down.slice(0, AUDIT_PAGE_SIZE);
        older = more ? (rows[rows.length - 1]?.id ?? null) : null;
        newer = query.before !== undefined && rows.length ? (rows[0] as ListRow).id : null;
      }
      const people = await usersOf(rows);
      return { items: rows.map((r) => view(r, people)), older, newer };
    },

    /** One row with its old and new values; 404 for an id that names none. */
    async get(id: number): Promise<AuditLogDetailView> {
      const [row] = await db.select().from(auditLogs).where(eq(auditLogs.id, id));
      if (!row) throw notFound('Audit log');
      const people = await usersOf([row]);
      return { ...view(row, people), oldValues: row.oldValues, newValues: row.newValues, userAgent: row.userAgent, source: row.source };
    },

    /**
     * The filter's choices: the actions and tables the log holds, each found by a skip scan of its
     * (column, id) index (one index probe per distinct value, not a pass over the rows). Kept a
     * minute: a new kind of action reaches the list within that, and the page does not ask each time.
     */
    async choices(): Promise<{ actions: string[]; tables: string[] }> {
      if (choicesCache && now() - choicesCache.at < CHOICES_TTL_MS) return choicesCache.value;
      const distinct = async (column: 'action' | 'table_name') => {
        const c = sql.identifier(column);
        const result = (await db.execute(sql`
          with recursive v(x) as (
            (select ${c} from audit_logs order by ${c} limit 1)
            union all
            select (select ${c} from audit_logs where ${c} > v.x order by ${c} limit 1) from v where v.x is not null
          )
          select x from v where x is not null`)) as unknown as { rows: { x: string }[] };
        return result.rows.map((r) => r.x);
      };
      const value = { actions: await distinct('action'), tables: await distinct('table_name') };
      choicesCache = { at: now(), value };
      return value;
    },

    /**
     * The whole filtered set as CSV (spec §7 columns), newest first: a BOM and the header, then one
     * chunk per keyset batch, so a million rows stream in constant memory. Every cell is
     * formula-escaped (the store export's guard). The export is audited with its filters (the user
     * by id, not email) and holds the rows older than its own audit row: the log as it was asked for.
     */
    async exportCsv(filters: AuditLogFilters, actor: Actor): Promise<AsyncGenerator<string>> {
      const { filter, userId } = await resolve(filters);
      const where = filter && whereOf(filter);
      const recorded = { ...filters, user: userId ?? (filters.user ? 'no such user' : undefined) };
      const before = await db.transaction(async (tx) => {
        await recordAudit(tx, actor, { action: 'EXPORT', tableName: 'audit_logs', recordId: null, newValues: { filters: withoutEmpty(recorded) } });
        const { rows } = (await tx.execute(sql`select currval(pg_get_serial_sequence('audit_logs', 'id'))::int as id`)) as unknown as {
          rows: { id: number }[];
        };
        return (rows[0] as { id: number }).id;
      });
      async function* chunks(): AsyncGenerator<string> {
        yield stringify([AUDIT_CSV_COLUMNS as unknown as string[]], { bom: true, record_delimiter: 'windows' });
        if (!where) return;
        let cursor = before;
        for (;;) {
          const rows = await olderRows(where, cursor, AUDIT_EXPORT_BATCH);
          if (!rows.length) return;
          yield stringify(
            rows.map((r) =>
              [String(r.id), r.userId ?? '', r.action, r.tableName, r.recordId ?? '', r.createdAt.toISOString(), r.ipAddress ?? ''].map(escapeCell),
            ),
            { record_delimiter: 'windows' },
          );
          if (rows.length < AUDIT_EXPORT_BATCH) return;
          cursor = (rows[rows.length - 1] as ListRow).id;
        }
      }
      return chunks();
    },
  };
}

function withoutEmpty<T extends object>(f: T): Partial<T> {
  return Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined)) as Partial<T>;
}

export type AuditLogService = ReturnType<typeof createAuditLogService>;

/** The file name of an export (spec §7): `audit_logs_{timestamp}.csv`, the timestamp safe in a file name. */
export function auditCsvFileName(at: Date): string {
  return `audit_logs_${at.toISOString().replace(/[:.]/g, '-')}.csv`;
}
