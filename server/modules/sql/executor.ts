// Runs what the gate (classify.ts) let through, in one transaction as the editor's role (role.ts):
// read-only unless writes were allowed; reads through a cursor that fetches SQL_ROW_CAP + 1 rows and
// no more; on PostgreSQL a statement and lock timeout stop a runaway; on PGlite, where nothing can
// stop a running query and it freezes the process, a statement whose plan costs more than the cap
// never starts. The transaction carries the actor (frolic.actor, frolic.actor_ip) so the row-level
// audit triggers name the master admin.
import pg from 'pg';
import { parse } from 'libpg-query';
import { type Cell, type CheckedStatement, type ResultColumn, SQL_ROW_CAP, type StatementResult } from '../../../shared/schemas/database';
import { AppError } from '../../core/errors';
import type { Database } from '../../db/client';
import { EDITOR_SCHEMA, EDITOR_SEARCH_PATH, type SqlRole } from './role';

export interface RunOptions {
  writes: boolean;
  actorId: string | null;
  actorIp: string | null;
}

export interface SqlExecutor {
  run(statements: CheckedStatement[], options: RunOptions): Promise<StatementResult[]>;
  close(): Promise<void>;
}

export interface ExecutorLimits {
  /** PostgreSQL: statement_timeout of the run's transaction. */
  statementTimeoutMs: number;
  /** The highest EXPLAIN total cost a statement may have (PGlite: nothing stops it once it runs; PostgreSQL: an obvious runaway never takes a core). */
  maxPlanCost: number;
}

interface Field {
  name: string;
  dataTypeID: number;
}
interface Answer {
  rows: unknown[][];
  fields: Field[];
  affected: number | null;
}
type Query = (text: string, params?: unknown[]) => Promise<Answer>;

const CURSOR = 'frolic_sql_editor';

export function createSqlExecutor(database: Database, role: SqlRole, limits: ExecutorLimits, onPoolError: (err: Error) => void): SqlExecutor {
  /** Type oid → its name, and whether it is the masked views' `masked` (a secret column: shown as hidden, never sent). */
  const typeNames = new Map<number, { type: string; masked: boolean }>();
  const pool =
    database.kind === 'postgres' && role.url
      ? new pg.Pool({ connectionString: role.url, max: 2, idleTimeoutMillis: 30_000, application_name: 'frolic-sql-editor' })
      : null;
  pool?.on('error', onPoolError);

  async function typesOf(query: Query, fields: Field[]): Promise<ResultColumn[]> {
    const missing = [...new Set(fields.map((f) => f.dataTypeID))].filter((id) => !typeNames.has(id));
    if (missing.length > 0) {
      const found = await query(
        `select t.oid::int, n.nspname = $2 and t.typname = 'masked' as masked, format_type(t.oid, null)
         from pg_type t join pg_namespace n on n.oid = t.typnamespace where t.oid = any($1::oid[])`,
        [missing, EDITOR_SCHEMA],
      );
      for (const [oid, masked, name] of found.rows)
        typeNames.set(Number(oid), masked === true ? { type: 'masked', masked: true } : { type: String(name), masked: false });
    }
    return fields.map((f) => ({ name: f.name, ...(typeNames.get(f.dataTypeID) ?? { type: String(f.dataTypeID), masked: false }) }));
  }

  /** The rows as JSON carries them; a masked column's cells are null whatever they hold. */
  const cellsOf = (rows: unknown[][], columns: ResultColumn[]): Cell[][] => rows.map((r) => r.map((v, i) => (columns[i]?.masked ? null : toCell(v))));

  async function runAll(query: Query, statements: CheckedStatement[], options: RunOptions): Promise<StatementResult[]> {
    await query(`select set_config('frolic.actor', $1, true), set_config('frolic.actor_ip', $2, true)`, [options.actorId ?? '', options.actorIp ?? '']);
    if (database.kind === 'postgres') {
      await query(
        `select set_config('statement_timeout', $1, true), set_config('lock_timeout', $2, true), set_config('idle_in_transaction_session_timeout', $1, true)`,
        [String(limits.statementTimeoutMs), String(Math.min(limits.statementTimeoutMs, 2_000))],
      );
    } else {
      // The privileges bind from here; the parser refuses every way back (SET ROLE, RESET, set_config).
      await query(`set local role ${role.name}`);
    }
    // A table with a secret column is its masked view (role.ts); the parser refuses changing this.
    await query(`select set_config('search_path', $1, true)`, [EDITOR_SEARCH_PATH]);
    const results: StatementResult[] = [];
    for (const [i, s] of statements.entries()) {
      try {
        results.push(await runOne(query, s));
      } catch (e) {
        throw asSqlError(e, i + 1, statements.length);
      }
    }
    return results;
  }

  async function runOne(query: Query, s: CheckedStatement): Promise<StatementResult> {
    // EXPLAIN ANALYZE runs its statement: that statement's plan is the one the cap checks.
    const costed = s.command === 'EXPLAIN ANALYZE' ? s.analyzes : s.command === 'SHOW' || s.command === 'EXPLAIN' ? null : s.text;
    if (costed === undefined) throw new AppError('sql_refused', 'invalid', 'This EXPLAIN ANALYZE could not be checked.');
    if (costed !== null) {
      const plan = await query(`explain (format json) ${costed}`);
      const json = plan.rows[0]?.[0];
      const tree = (typeof json === 'string' ? JSON.parse(json) : json) as { Plan: { 'Total Cost': number } }[];
      const cost = tree[0]?.Plan['Total Cost'] ?? 0;
      if (cost > limits.maxPlanCost) {
        throw new AppError(
          'sql_too_costly',
          'invalid',
          `The plan costs ${Math.round(cost).toLocaleString('en')}, more than the ${limits.maxPlanCost.toLocaleString('en')} this database allows the editor. Narrow it with a WHERE or a LIMIT.`,
          { details: { cost: Math.round(cost), cap: limits.maxPlanCost } },
        );
      }
    }
    if (s.command === 'SELECT' && s.kind === 'read') {
      const declare = `declare ${CURSOR} no scroll cursor for ${s.text}`;
      await assertOneCursor(declare);
      await query(declare);
      const fetched = await query(`fetch ${SQL_ROW_CAP + 1} from ${CURSOR}`);
      await query(`close ${CURSOR}`);
      const more = fetched.rows.length > SQL_ROW_CAP;
      const rows = fetched.rows.slice(0, SQL_ROW_CAP);
      const columns = await typesOf(query, fetched.fields);
      return {
        text: s.text,
        command: s.command,
        columns,
        rows: cellsOf(rows, columns),
        rowCount: rows.length,
        more,
      };
    }
    const answer = await query(s.text);
    const rows = answer.rows.slice(0, SQL_ROW_CAP);
    const changes = ['INSERT', 'UPDATE', 'DELETE', 'MERGE'].includes(s.command);
    const rowCount = changes ? (answer.affected ?? answer.rows.length) : answer.rows.length;
    const columns = await typesOf(query, answer.fields);
    return {
      text: s.text,
      command: s.command,
      columns,
      rows: cellsOf(rows, columns),
      rowCount,
      more: answer.rows.length > SQL_ROW_CAP,
    };
  }

  return {
    async run(statements, options) {
      if (database.kind === 'pglite') {
        const client = database.pglite as NonNullable<Database['pglite']>;
        return client.plainTransaction(async (tx) => {
          if (!options.writes) await tx.query('set transaction read only');
          const query: Query = async (text, params) => {
            const r = await tx.query<unknown[]>(text, params, { rowMode: 'array' });
            return { rows: r.rows, fields: r.fields, affected: r.affectedRows ?? null };
          };
          return runAll(query, statements, options);
        });
      }
      if (!pool) throw unavailable(role);
      const client = await pool.connect();
      let healthy = true;
      try {
        await client.query(options.writes ? 'begin read write' : 'begin read only');
        const query: Query = async (text, params) => {
          const r = await client.query<unknown[]>({ text, values: params, rowMode: 'array' });
          return { rows: r.rows, fields: r.fields, affected: r.rowCount };
        };
        const results = await runAll(query, statements, options);
        await client.query('commit');
        return results;
      } catch (e) {
        await client.query('rollback').catch(() => {
          healthy = false;
        });
        throw e;
      } finally {
        client.release(!healthy);
      }
    },
    async close() {
      await pool?.end();
    },
  };
}

export function unavailable(role: SqlRole): AppError {
  return new AppError('sql_unavailable', 'unavailable', role.reason ?? 'The SQL editor is not available on this server.');
}

/** The cursor's text must still be one DECLARE of one query: what was checked is what runs. */
async function assertOneCursor(text: string): Promise<void> {
  const tree = (await parse(text)) as { stmts?: { stmt?: Record<string, unknown> }[] };
  if (tree.stmts?.length !== 1 || !tree.stmts[0]?.stmt?.DeclareCursorStmt)
    throw new AppError('sql_refused', 'invalid', 'The statement could not be run through a cursor.');
}

/** A database error as the editor shows it: PostgreSQL's message, its code and which statement. */
function asSqlError(e: unknown, statement: number, of: number): unknown {
  if (e instanceof AppError) {
    return new AppError(e.code, e.kind, of > 1 ? `Statement ${statement}: ${e.message}` : e.message, {
      details: { ...(e.details as object | undefined), statement },
      hint: e.hint,
    });
  }
  const err = e as { message?: string; code?: string; position?: string };
  if (typeof err.code !== 'string' || !err.message) return e;
  const prefix = of > 1 ? `Statement ${statement}: ` : '';
  if (err.code === '57014') {
    return new AppError('sql_timeout', 'invalid', `${prefix}The query ran too long and was stopped.`, { details: { statement, sqlState: err.code } });
  }
  const hint = /\bmasked\b/.test(err.message)
    ? 'A secret column is masked: it holds no value to compute with.'
    : err.code === '42501'
      ? 'The editor cannot read or change secret columns (password hashes, two-factor secrets, token hashes, chat secrets, email bodies) or change the audit log. Name a table without its schema (users, not public.users) to see its secret columns masked.'
      : undefined;
  return new AppError('sql_error', 'invalid', `${prefix}${err.message}`, { details: { statement, sqlState: err.code, position: err.position ?? null }, hint });
}

/** A value as JSON can carry it. */
export function toCell(v: unknown): Cell {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? String(v) : v.toISOString();
  if (v instanceof Uint8Array) return `\\x${Buffer.from(v).toString('hex')}`;
  if (typeof v === 'bigint') return v.toString();
  if (typeof v === 'number') return Number.isFinite(v) ? v : String(v);
  if (Array.isArray(v)) return v.map(toCell);
  if (typeof v === 'object') return v as object;
  return v as string | boolean;
}
