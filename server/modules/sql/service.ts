// Database Management (issue 19, master admin only): the table browser over the live database and
// the SQL editor — the gate (classify.ts), the role (role.ts), the run (executor.ts) — with saved
// queries and a history shared by the master admins. Every run, refused or not, writes an audit row
// `SQL_RUN` with its text, outcome, duration and row count (the history reads them back); writes
// leave the row-level trail as well (the bypass triggers, with the actor the run carries).
import { eq, sql } from 'drizzle-orm';
import {
  type Cell,
  EXACT_COUNT_BELOW,
  type SavedQuery,
  SPEC_TABLES,
  SQL_ROW_CAP,
  type SqlCheck,
  type SqlHistoryEntry,
  type SqlRunResult,
  type SqlStatus,
  type TableColumn,
  type TablePage,
  TABLE_PAGE_SIZE,
  type TableSummary,
} from '../../../shared/schemas/database';
import type { z } from 'zod';
import type { savedQueryBody, sqlRunBody } from '../../../shared/schemas/database';
import type { Actor } from '../../core/actor';
import { AppError, notFound } from '../../core/errors';
import { type Database, queryRows } from '../../db/client';
import { savedQueries } from '../../db/schema';
import { requireStepUp } from '../../auth/step-up';
import { recordAudit } from '../audit';
import { checkSql } from './classify';
import { createSqlExecutor, type ExecutorLimits, type SqlExecutor, toCell, unavailable } from './executor';
import { SECRET_COLUMNS, type SqlRole } from './role';

type Viewer = { id: string; elevatedUntil: number | null };
type RunInput = z.infer<typeof sqlRunBody>;
type SavedInput = z.infer<typeof savedQueryBody>;

export interface SqlService {
  status(): Promise<SqlStatus>;
  check(text: string): Promise<SqlCheck>;
  run(viewer: Viewer, input: RunInput, actor: Actor): Promise<SqlRunResult>;
  history(): Promise<SqlHistoryEntry[]>;
  saved(): Promise<SavedQuery[]>;
  save(input: SavedInput, actor: Actor): Promise<SavedQuery>;
  update(id: number, input: SavedInput, actor: Actor): Promise<SavedQuery>;
  remove(id: number, actor: Actor): Promise<void>;
  tables(): Promise<TableSummary[]>;
  page(table: string, after: (string | number)[] | undefined): Promise<TablePage>;
  count(table: string): Promise<{ name: string; count: number }>;
  close(): Promise<void>;
}

interface TableMeta {
  name: string;
  columns: TableColumn[];
  /** The keyset: the primary key's columns, or ctid for a table without one. */
  key: string[];
}

const HISTORY_SIZE = 50;
/** How long a large table's estimated row count is reused by the browser. */
const COUNT_TTL_MS = 5_000;
/** Runs at once per instance (PGlite runs one query at a time anyway). */
const MAX_CONCURRENT_RUNS = 2;

export function createSqlService(
  database: Database,
  resolveRole: () => Promise<SqlRole>,
  limits: ExecutorLimits,
  deps: {
    now?: () => number;
    onPoolError: (err: Error) => void;
    /** After a write committed: it may have changed public content (products, pages …) that caches hold. */
    onWrite?: () => Promise<void>;
  },
): SqlService {
  const { db } = database;
  const now = deps.now ?? Date.now;
  // The role is looked up on first use (start-up made it, under the start-up lock).
  let ready: Promise<{ role: SqlRole; executor: SqlExecutor }> | null = null;
  const prepared = () => {
    ready ??= resolveRole().then((role) => ({ role, executor: createSqlExecutor(database, role, limits, deps.onPoolError) }));
    ready.catch(() => (ready = null));
    return ready;
  };
  let running = 0;
  // The schema changes only through migrations, at start-up: one read of the catalogue per process.
  let catalogue: Promise<Map<string, TableMeta>> | null = null;

  function tablesMeta(): Promise<Map<string, TableMeta>> {
    catalogue ??= (async () => {
      const cols = await queryRows<{ table_name: string; column_name: string; type: string; not_null: boolean; pk: boolean }>(
        db,
        sql`
        select c.relname as table_name, a.attname as column_name, format_type(a.atttypid, a.atttypmod) as type,
               a.attnotnull as not_null,
               coalesce(a.attnum = any(i.indkey::int2[]), false) as pk
        from pg_class c
        join pg_namespace n on n.oid = c.relnamespace
        join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
        left join pg_index i on i.indrelid = c.oid and i.indisprimary
        where n.nspname = 'public' and c.relkind in ('r', 'p')
        order by c.relname, a.attnum`,
      );
      const keys = await queryRows<{ table_name: string; column_name: string }>(
        db,
        sql`
        select c.relname as table_name, a.attname as column_name
        from pg_index i join pg_class c on c.oid = i.indrelid join pg_namespace n on n.oid = c.relnamespace
        cross join lateral unnest(i.indkey::int2[]) with ordinality as k(attnum, ord)
        join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum
        where n.nspname = 'public' and i.indisprimary
        order by c.relname, k.ord`,
      );
      const map = new Map<string, TableMeta>();
      for (const r of cols) {
        const meta = map.get(r.table_name) ?? { name: r.table_name, columns: [], key: [] };
        const masked = (SECRET_COLUMNS[r.table_name] ?? []).includes(r.column_name);
        meta.columns.push({ name: r.column_name, type: r.type, nullable: !r.not_null, primaryKey: r.pk, masked });
        map.set(r.table_name, meta);
      }
      for (const r of keys) map.get(r.table_name)?.key.push(r.column_name);
      for (const meta of map.values()) if (meta.key.length === 0) meta.key = ['ctid'];
      return map;
    })();
    catalogue.catch(() => (catalogue = null));
    return catalogue;
  }

  async function metaOf(table: string): Promise<TableMeta> {
    const meta = (await tablesMeta()).get(table);
    if (!meta) throw notFound('Table');
    return meta;
  }

  /** The planner's row estimate: pg_class after an ANALYZE, else the plan (it measures the file). */
  async function estimate(table: string): Promise<number> {
    const r = await queryRows<{ reltuples: number }>(
      db,
      sql`select reltuples::float8 as reltuples from pg_class where oid = ${`public.${quote(table)}`}::regclass`,
    );
    const known = Number(r[0]?.reltuples ?? -1);
    return known >= 0 ? Math.round(known) : planRows(table);
  }

  /** The plan's row estimate: for a table never analysed, the planner measures the file. */
  async function planRows(table: string): Promise<number> {
    const plan = await queryRows<{ 'QUERY PLAN': unknown }>(db, sql`explain (format json) select 1 from ${sql.identifier(table)}`);
    const json = Object.values(plan[0] ?? {})[0];
    const tree = (typeof json === 'string' ? JSON.parse(json) : json) as { Plan: { 'Plan Rows': number } }[];
    return Math.round(tree[0]?.Plan['Plan Rows'] ?? 0);
  }

  // A large table's estimate a few seconds old is as good as a fresh one, and a page of it costs a
  // query less; a small table's exact count is always taken anew.
  const estimated = new Map<string, { at: number; count: number }>();
  async function countOf(table: string): Promise<{ count: number; exact: boolean }> {
    const hit = estimated.get(table);
    if (hit && now() - hit.at < COUNT_TTL_MS) return { count: hit.count, exact: false };
    const counted = await countNow(table);
    if (counted.exact) estimated.delete(table);
    else estimated.set(table, { at: now(), count: counted.count });
    return counted;
  }

  async function countNow(table: string): Promise<{ count: number; exact: boolean }> {
    const guess = await estimate(table);
    if (guess >= EXACT_COUNT_BELOW) return { count: guess, exact: false };
    const r = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from ${sql.identifier(table)}`);
    return { count: Number(r[0]?.n ?? 0), exact: true };
  }

  async function audit(actor: Actor, values: Record<string, unknown>) {
    await recordAudit(db, actor, { action: 'SQL_RUN', tableName: 'sql', recordId: null, newValues: values });
  }

  function savedView(r: typeof savedQueries.$inferSelect & { createdByName?: string | null }): SavedQuery {
    return { id: r.id, name: r.name, sql: r.sql, createdBy: r.createdBy, createdByName: r.createdByName ?? null, updatedAt: r.updatedAt.toISOString() };
  }

  async function savedOne(id: number): Promise<SavedQuery> {
    const rows = await queryRows<{ id: number; name: string; sql: string; created_by: string | null; updated_at: string | Date; who: string | null }>(
      db,
      sql`
      select q.id, q.name, q.sql, q.created_by, q.updated_at, nullif(trim(concat_ws(' ', p.first_name, p.last_name)), '') as who
      from saved_queries q left join profiles p on p.id = q.created_by where q.id = ${id}`,
    );
    const r = rows[0];
    if (!r) throw notFound('Saved query');
    return { id: r.id, name: r.name, sql: r.sql, createdBy: r.created_by, createdByName: r.who, updatedAt: new Date(r.updated_at).toISOString() };
  }

  return {
    async status() {
      const { role } = await prepared();
      return {
        engine: database.kind,
        available: role.available,
        reason: role.reason,
        role: role.name,
        rowCap: SQL_ROW_CAP,
        timeoutMs: database.kind === 'postgres' ? limits.statementTimeoutMs : null,
        maxPlanCost: limits.maxPlanCost,
      };
    },

    check(text) {
      return checkSql(text, database.kind);
    },

    async run(viewer, input, actor) {
      const started = performance.now();
      const base = { sql: input.sql, writesAllowed: input.allowWrites };
      if (running >= MAX_CONCURRENT_RUNS) throw new AppError('sql_busy', 'limited', 'Other queries are running on this server: try again in a moment.');
      running += 1;
      let check: SqlCheck | null = null;
      try {
        const { role, executor } = await prepared();
        if (!role.available) throw unavailable(role);
        check = await checkSql(input.sql, database.kind);
        if (check.writes) {
          if (!input.allowWrites) {
            throw new AppError('sql_writes_off', 'invalid', `This query changes data (${check.tables.join(', ')}). Turn on “Allow writes” to run it.`, {
              details: { tables: check.tables },
            });
          }
          requireStepUp(viewer, now());
          const confirmed = [...new Set(input.confirmedTables ?? [])].sort();
          if (confirmed.join('\n') !== check.tables.join('\n')) {
            throw new AppError('sql_confirm', 'conflict', `Confirm the tables this query changes: ${check.tables.join(', ')}.`, {
              details: { tables: check.tables, statements: check.statements },
            });
          }
        }
        const results = await executor.run(check.statements, { writes: check.writes, actorId: actor.userId, actorIp: actor.ip });
        if (check.writes) await deps.onWrite?.();
        const durationMs = Math.round(performance.now() - started);
        const rowCount = results.reduce((n, r) => n + r.rowCount, 0);
        await audit(actor, { ...base, outcome: 'ok', writes: check.writes, tables: check.tables, statements: results.length, rowCount, durationMs });
        return { results, durationMs, writes: check.writes };
      } catch (e) {
        const durationMs = Math.round(performance.now() - started);
        const err = e instanceof AppError ? e : null;
        const refused =
          err !== null &&
          ['sql_refused', 'sql_syntax', 'sql_writes_off', 'sql_confirm', 'step_up_required', 'sql_too_costly', 'sql_unavailable'].includes(err.code);
        await audit(actor, {
          ...base,
          outcome: refused ? 'refused' : 'error',
          writes: check?.writes ?? null,
          tables: check?.tables ?? [],
          code: err?.code ?? 'sql_error',
          error: (e as Error).message,
          durationMs,
        });
        throw e;
      } finally {
        running -= 1;
      }
    },

    async history() {
      const rows = await queryRows<{ id: number; user_id: string | null; new_values: Record<string, unknown>; created_at: string | Date; who: string | null }>(
        db,
        sql`
        select a.id, a.user_id, a.new_values, a.created_at, nullif(trim(concat_ws(' ', p.first_name, p.last_name)), '') as who
        from audit_logs a left join profiles p on p.id::text = a.user_id
        where a.action = 'SQL_RUN' order by a.id desc limit ${HISTORY_SIZE}`,
      );
      return rows.map((r) => {
        const v = r.new_values ?? {};
        return {
          id: r.id,
          sql: String(v.sql ?? ''),
          userId: r.user_id,
          userName: r.who,
          outcome: (v.outcome as SqlHistoryEntry['outcome']) ?? 'ok',
          writes: v.writes === true,
          rowCount: typeof v.rowCount === 'number' ? v.rowCount : null,
          durationMs: typeof v.durationMs === 'number' ? v.durationMs : null,
          error: typeof v.error === 'string' ? v.error : null,
          at: new Date(r.created_at).toISOString(),
        };
      });
    },

    async saved() {
      const rows = await queryRows<{ id: number; name: string; sql: string; created_by: string | null; updated_at: string | Date; who: string | null }>(
        db,
        sql`
        select q.id, q.name, q.sql, q.created_by, q.updated_at, nullif(trim(concat_ws(' ', p.first_name, p.last_name)), '') as who
        from saved_queries q left join profiles p on p.id = q.created_by order by lower(q.name), q.id`,
      );
      return rows.map((r) => ({
        id: r.id,
        name: r.name,
        sql: r.sql,
        createdBy: r.created_by,
        createdByName: r.who,
        updatedAt: new Date(r.updated_at).toISOString(),
      }));
    },

    async save(input, actor) {
      const id = await db.transaction(async (tx) => {
        const [row] = await tx.insert(savedQueries).values({ name: input.name, sql: input.sql, createdBy: actor.userId }).returning();
        await recordAudit(tx, actor, { action: 'INSERT', tableName: 'saved_queries', recordId: row!.id, newValues: savedView(row!) });
        return row!.id;
      });
      return savedOne(id);
    },

    async update(id, input, actor) {
      await db.transaction(async (tx) => {
        const [old] = await tx.select().from(savedQueries).where(eq(savedQueries.id, id)).for('update');
        if (!old) throw notFound('Saved query');
        const [row] = await tx.update(savedQueries).set({ name: input.name, sql: input.sql, updatedAt: new Date() }).where(eq(savedQueries.id, id)).returning();
        await recordAudit(tx, actor, { action: 'UPDATE', tableName: 'saved_queries', recordId: id, oldValues: savedView(old), newValues: savedView(row!) });
      });
      return savedOne(id);
    },

    async remove(id, actor) {
      await db.transaction(async (tx) => {
        const [old] = await tx.delete(savedQueries).where(eq(savedQueries.id, id)).returning();
        if (!old) throw notFound('Saved query');
        await recordAudit(tx, actor, { action: 'DELETE', tableName: 'saved_queries', recordId: id, oldValues: savedView(old) });
      });
    },

    async tables() {
      const metas = [...(await tablesMeta()).values()];
      const order = (name: string) => {
        const i = (SPEC_TABLES as readonly string[]).indexOf(name);
        return i < 0 ? SPEC_TABLES.length : i;
      };
      metas.sort((a, b) => order(a.name) - order(b.name) || a.name.localeCompare(b.name));
      // The same answer as countOf per table, in a few statements rather than three per table (the
      // list is read on every load of the screen; on PGlite each statement holds the one connection):
      // the estimates in one read of pg_class, the plan only for a table never analysed that has rows
      // on disk (an empty file — not a partitioned parent, which has none — is counted below, and says 0), the exact counts
      // in one UNION ALL.
      const known = await queryRows<{ name: string; reltuples: number; bytes: number | null }>(
        db,
        sql`select c.relname as name, c.reltuples::float8 as reltuples,
               case when c.relkind = 'r' then pg_relation_size(c.oid)::float8 end as bytes
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p')`,
      );
      const byName = new Map(known.map((k) => [k.name, k]));
      const guesses = new Map<string, number>();
      for (const m of metas) {
        const k = byName.get(m.name);
        const tuples = Number(k?.reltuples ?? -1);
        guesses.set(m.name, tuples >= 0 ? Math.round(tuples) : k?.bytes === 0 ? 0 : await planRows(m.name));
      }
      const small = metas.filter((m) => guesses.get(m.name)! < EXACT_COUNT_BELOW);
      const exact = new Map<string, number>();
      if (small.length > 0) {
        const counted = await queryRows<{ name: string; n: number }>(
          db,
          sql.join(
            small.map((m) => sql`select ${m.name}::text as name, count(*)::int as n from ${sql.identifier(m.name)}`),
            sql` union all `,
          ),
        );
        for (const c of counted) exact.set(c.name, Number(c.n));
      }
      return metas.map((m) =>
        exact.has(m.name) ? { name: m.name, rows: exact.get(m.name)!, exact: true } : { name: m.name, rows: guesses.get(m.name)!, exact: false },
      );
    },

    async page(table, after) {
      const meta = await metaOf(table);
      if (after && after.length !== meta.key.length) throw new AppError('validation_failed', 'invalid', 'The cursor is not valid.');
      const shown = meta.columns.filter((c) => !c.masked);
      const list = sql.join(
        shown.map((c) => sql.identifier(c.name)),
        sql`, `,
      );
      const keyCols = meta.key.map((k) => (k === 'ctid' ? sql`ctid` : sql.identifier(k)));
      const keyList = sql.join(keyCols, sql`, `);
      const keySelect = meta.key[0] === 'ctid' ? sql`, ctid::text as "__key_ctid"` : sql``;
      const where = after
        ? meta.key[0] === 'ctid'
          ? sql`where ctid > ${String(after[0])}::tid`
          : sql`where (${keyList}) > (${sql.join(
              after.map((v) => sql`${v}`),
              sql`, `,
            )})`
        : sql``;
      const r = await queryRows<Record<string, unknown>>(
        db,
        sql`select ${list}${keySelect} from ${sql.identifier(table)} ${where} order by ${keyList} limit ${TABLE_PAGE_SIZE + 1}`,
      );
      const rows = r.slice(0, TABLE_PAGE_SIZE);
      const last = rows.at(-1);
      const next =
        r.length > TABLE_PAGE_SIZE && last ? JSON.stringify(meta.key[0] === 'ctid' ? [String(last.__key_ctid)] : meta.key.map((k) => keyValue(last[k]))) : null;
      const { count, exact } = await countOf(table);
      return {
        name: table,
        columns: meta.columns,
        rows: rows.map((row): Cell[] => meta.columns.map((c) => (c.masked ? null : toCell(row[c.name])))),
        next,
        count,
        exact,
      };
    },

    async count(table) {
      await metaOf(table);
      const r = await queryRows<{ n: number }>(db, sql`select count(*)::bigint as n from ${sql.identifier(table)}`);
      return { name: table, count: Number(r[0]?.n ?? 0) };
    },

    async close() {
      if (ready) await (await ready).executor.close();
    },
  };
}

function keyValue(v: unknown): string | number {
  if (typeof v === 'number') return v;
  if (v instanceof Date) return v.toISOString();
  return String(v);
}

function quote(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
