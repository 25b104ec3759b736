// The SQL editor's gate (issue 19): PostgreSQL's own parser (libpg-query, the grammar of PostgreSQL
// 18, which PGlite runs) reads the text, and an allowlist decides. A statement is a read (SELECT,
// EXPLAIN, SHOW) or a write (INSERT, UPDATE, DELETE, MERGE); everything else is refused, as are
// calls that escape the run's limits wherever they hide (inside a CTE, a subquery, an EXPLAIN). What
// the parser cannot read is refused too. The executor adds the rest: a read-only transaction, the
// low-privilege role without the secret columns, the timeout or (PGlite) the plan's cost cap.
import { parse, scan } from 'libpg-query';
import type { CheckedStatement, SqlCheck } from '../../../shared/schemas/database';
import { AppError } from '../../core/errors';

/** Statements one run may hold. */
export const MAX_STATEMENTS = 20;

type Node = Record<string, unknown>;
type Engine = 'pglite' | 'postgres';

const READS: Record<string, string> = { SelectStmt: 'SELECT', ExplainStmt: 'EXPLAIN', VariableShowStmt: 'SHOW' };
const WRITES: Record<string, string> = { InsertStmt: 'INSERT', UpdateStmt: 'UPDATE', DeleteStmt: 'DELETE', MergeStmt: 'MERGE' };

/** Why a kind of statement is refused, in words the master admin reads. */
function refusalOf(kind: string): string {
  switch (kind) {
    case 'TransactionStmt':
      return 'Transaction control (BEGIN, COMMIT, ROLLBACK, SAVEPOINT, SET TRANSACTION) is refused: every run is one transaction of its own.';
    case 'CopyStmt':
      return 'COPY is refused.';
    case 'DoStmt':
      return 'DO blocks are refused.';
    case 'ListenStmt':
    case 'UnlistenStmt':
    case 'NotifyStmt':
      return 'LISTEN, UNLISTEN and NOTIFY are refused.';
    case 'VariableSetStmt':
    case 'DiscardStmt':
      return 'SET, RESET and DISCARD are refused: the run’s role, limits and settings are fixed.';
    case 'TruncateStmt':
      return 'TRUNCATE is refused: it would bypass the row-level audit trail. Use DELETE.';
    case 'LockStmt':
      return 'LOCK is refused.';
    case 'CallStmt':
      return 'CALL is refused.';
    case 'PrepareStmt':
    case 'ExecuteStmt':
    case 'DeallocateStmt':
    case 'DeclareCursorStmt':
    case 'FetchStmt':
    case 'ClosePortalStmt':
      return 'Prepared statements and cursors are refused (the editor uses its own cursor).';
    case 'VacuumStmt':
    case 'ClusterStmt':
    case 'ReindexStmt':
    case 'CheckPointStmt':
    case 'LoadStmt':
      return 'Maintenance commands are refused.';
    default:
      if (/^(Create|Alter|Drop|Rename|Comment|Grant|Revoke|Index|View|Rule|Refresh|Sec|Import|Reassign|Define|Composite|CreateTableAs)/.test(kind)) {
        return 'Schema and permission changes are refused: the schema changes through migrations.';
      }
      return `${kind.replace(/Stmt$/, '')} statements are refused.`;
  }
}

/** Functions refused anywhere in a statement: they leave the transaction's limits or its role, run text as SQL, or wait. */
function refusedFunction(name: string): string | null {
  if (name === 'set_config' || name === 'set_limit' || name === 'setseed') return `${name}() is refused: it changes settings of the connection.`;
  if (name.startsWith('pg_sleep')) return `${name}() is refused.`;
  if (/^pg_(try_)?advisory/.test(name)) return 'Advisory locks are refused.';
  if (name.startsWith('dblink')) return 'dblink is refused.';
  if (/_to_xml|xmlschema$/.test(name) || name === 'ts_stat' || name === 'ts_rewrite') return `${name}() is refused: it runs text as a query.`;
  if (name === 'pg_notify') return 'NOTIFY is refused.';
  if (
    /^(pg_read_|pg_ls_|pg_stat_file|lo_|pg_file|pg_terminate_backend|pg_cancel_backend|pg_reload_conf|pg_rotate_logfile|pg_promote|pg_switch_wal|pg_create_|pg_drop_replication|pg_replication_|pg_logical_|pg_stat_reset|pg_import_system|pg_log_backend)/.test(
      name,
    )
  ) {
    return `${name}() is refused.`;
  }
  return null;
}

const AUDIT_TABLE = 'audit_logs';

/**
 * PGlite only: functions whose time or memory grows with an argument. With constant arguments the
 * planner folds them while it plans — before the cost cap can look — and PGlite cannot be
 * interrupted, so one such call could freeze the process and take gigabytes (PostgreSQL's statement
 * timeout covers planning too). docs/decisions/029-sql-editor-gate-role-and-cost-cap.md.
 */
const GROWS_WITH_ARGUMENT = new Set(['repeat', 'lpad', 'rpad', 'array_fill', 'factorial', 'power', 'pow', 'numeric_power', 'format']);

interface Walked {
  /** Tables written by INSERT/UPDATE/DELETE/MERGE anywhere in the statement. */
  writes: Set<string>;
  recursive: boolean;
  refusal: string | null;
}

/** Visits every node below `value` (a node is a one-key object whose key names its type). */
function walk(value: unknown, engine: Engine, seen: Walked): void {
  if (seen.refusal) return;
  if (Array.isArray(value)) {
    for (const v of value) walk(v, engine, seen);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  for (const [key, child] of Object.entries(value as Node)) {
    if (WRITES[key]) {
      const relation = (child as Node).relation as Node | undefined;
      const name = typeof relation?.relname === 'string' ? relation.relname : '';
      const schema = typeof relation?.schemaname === 'string' ? relation.schemaname : 'public';
      // PostgreSQL's own catalogs and views are not the product's data: an UPDATE of pg_settings is
      // set_config() by another name, and would change the run's limits (on PGlite, the one
      // connection the whole server shares, until a restart).
      if (schema !== 'public' || name.toLowerCase().startsWith('pg_')) {
        seen.refusal = `Writes to ${schema === 'public' ? name : `${schema}.${name}`} are refused: only the application's tables (schema public) may be changed here.`;
        return;
      }
      seen.writes.add(name);
    } else if (key === 'FuncCall') {
      const parts = ((child as Node).funcname as Node[] | undefined) ?? [];
      const last = parts.at(-1) as { String?: { sval?: string } } | undefined;
      const name = (last?.String?.sval ?? '').toLowerCase();
      const refusal = refusedFunction(name);
      if (refusal) seen.refusal = refusal;
      else if (engine === 'pglite' && GROWS_WITH_ARGUMENT.has(name)) {
        seen.refusal = `${name}() is refused on the embedded database: its time and memory grow with an argument, and the planner may run it before any limit applies.`;
      } else if (engine === 'pglite' && name === 'generate_series' && !constantArgs((child as Node).args)) {
        seen.refusal = 'generate_series() with arguments that are not constants is refused on the embedded database: its size cannot be known before it runs.';
      }
    } else if (key === 'A_Expr' && engine === 'pglite') {
      const expr = child as Node;
      const op = ((expr.name as { String?: { sval?: string } }[] | undefined) ?? []).at(-1)?.String?.sval;
      if (op === '^')
        seen.refusal =
          'The ^ operator is refused on the embedded database: a power of a numeric can take minutes, and the planner may compute it before any limit applies.';
    } else if (key === 'WithClause' || key === 'withClause') {
      if ((child as Node).recursive === true) seen.recursive = true;
    } else if (/^[A-Z]\w*Stmt$/.test(key) && !READS[key]) {
      // A statement nested where an expression may hold one (none today besides the writes above).
      seen.refusal = refusalOf(key);
    }
    walk(child, engine, seen);
  }
}

function constantArgs(args: unknown): boolean {
  if (!Array.isArray(args)) return true;
  return args.every((a: Node) => {
    if (a.A_Const) return true;
    const cast = a.TypeCast as Node | undefined;
    return Boolean(cast && (cast.arg as Node | undefined)?.A_Const);
  });
}

/** The option names PostgreSQL reads as ANALYZE, in any case and quoted or not (fail closed: a quoted "ANALYZE" PostgreSQL would refuse counts too). */
const ANALYZE_NAMES = new Set(['analyze', 'analyse']);
/** The only values that turn ANALYZE off: literal false, off or 0. */
const ANALYZE_OFF = new Set(['false', 'off', '0']);

/**
 * Whether an EXPLAIN runs its statement. Fail closed: an `analyze` option is on unless its value is a
 * literal false, off or 0 — `(ANALYZE 1)`, `(ANALYZE 'TRUE')`, `(ANALYZE 'On')`, `(ANALYZE yes)` and
 * spellings PostgreSQL would refuse alike — and one such option among several is enough.
 */
export function explainAnalyzes(explain: Node): boolean {
  const options = (explain.options as Node[] | undefined) ?? [];
  return options.some((o) => {
    const d = o.DefElem as Node | undefined;
    if (typeof d?.defname !== 'string' || !ANALYZE_NAMES.has(d.defname.toLowerCase())) return false;
    return !isOff(d.arg as Node | undefined);
  });
}

function isOff(arg: Node | undefined): boolean {
  if (!arg) return false;
  const [kind] = Object.keys(arg);
  const value = (arg[kind!] ?? {}) as Node;
  // libpg-query leaves a field at its default out: `Integer: {}` is 0, `Boolean: {}` false.
  if (kind === 'Integer') return (value.ival ?? 0) === 0;
  if (kind === 'Boolean') return value.boolval !== true;
  if (kind === 'String') return typeof value.sval === 'string' && ANALYZE_OFF.has(value.sval.toLowerCase());
  return false;
}

type Tree = { stmts?: { stmt?: Node; stmt_location?: number; stmt_len?: number }[] };

/** A tree without its byte offsets: two texts of one statement compare equal. */
function withoutLocations(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutLocations);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value as Node)
      .filter(([k]) => k !== 'location' && k !== 'stmt_location' && k !== 'stmt_len')
      .map(([k, v]) => [k, withoutLocations(v)]),
  );
}

/**
 * The text of the statement an EXPLAIN ANALYZE runs, cut from its own text: the first suffix starting
 * at a token that parses to exactly the statement under the EXPLAIN. Null when there is none (then
 * the run is refused: its cost could not be checked).
 */
async function analyzedText(own: string, inner: Node): Promise<string | null> {
  const want = JSON.stringify(withoutLocations(inner));
  const { tokens } = (await scan(own)) as { tokens: { start: number }[] };
  const bytes = Buffer.from(own, 'utf8');
  for (const token of tokens.slice(1, 200)) {
    const text = bytes.subarray(token.start).toString('utf8');
    let tree: Tree;
    try {
      tree = (await parse(text)) as Tree;
    } catch {
      continue;
    }
    if (tree.stmts?.length === 1 && JSON.stringify(withoutLocations(tree.stmts[0]!.stmt)) === want) return text.trim();
  }
  return null;
}

const refuse = (message: string, statement: number) => new AppError('sql_refused', 'invalid', message, { details: { statement } });

/**
 * Parses and classifies `text`. Throws 400 `sql_syntax` (with the parser's message and position) or
 * `sql_refused` (with the reason and the statement's number, from 1).
 */
export async function checkSql(text: string, engine: Engine): Promise<SqlCheck> {
  let tree: Tree;
  try {
    tree = (await parse(text)) as typeof tree;
  } catch (e) {
    const details = (e as { sqlDetails?: { cursorPosition?: number } }).sqlDetails;
    throw new AppError('sql_syntax', 'invalid', (e as Error).message, { details: { position: details?.cursorPosition ?? null } });
  }
  const raw = tree.stmts ?? [];
  if (raw.length === 0) throw new AppError('sql_syntax', 'invalid', 'There is no statement to run.');
  if (raw.length > MAX_STATEMENTS) throw refuse(`At most ${MAX_STATEMENTS} statements run at once.`, MAX_STATEMENTS + 1);

  const bytes = Buffer.from(text, 'utf8');
  const statements: CheckedStatement[] = [];
  for (const [i, s] of raw.entries()) statements.push(await checkOne(s, i + 1));
  const tables = [...new Set(statements.flatMap((s) => s.tables))].sort();
  return { statements, writes: tables.length > 0, tables };

  async function checkOne(s: NonNullable<Tree['stmts']>[number], n: number): Promise<CheckedStatement> {
    const node = s.stmt ?? {};
    const [kind] = Object.keys(node);
    if (!kind) throw refuse('An empty statement cannot run.', n);
    const body = node[kind] as Node;
    const start = s.stmt_location ?? 0;
    const own = bytes
      .subarray(start, s.stmt_len ? start + s.stmt_len : undefined)
      .toString('utf8')
      .trim();

    let command = READS[kind] ?? WRITES[kind];
    if (kind === 'VariableSetStmt' && /^(TRANSACTION|SESSION CHARACTERISTICS)$/.test(String(body.name))) throw refuse(refusalOf('TransactionStmt'), n);
    if (!command) throw refuse(refusalOf(kind), n);
    if (kind === 'SelectStmt' && body.intoClause) throw refuse('SELECT INTO creates a table: schema changes are refused.', n);

    let executed: Node = node;
    let analyzes: string | undefined;
    if (kind === 'ExplainStmt') {
      const inner = (body.query as Node | undefined) ?? {};
      const [innerKind] = Object.keys(inner);
      if (!innerKind || !(READS[innerKind] || WRITES[innerKind]) || innerKind === 'ExplainStmt') throw refuse(refusalOf(innerKind ?? 'Unknown'), n);
      if ((inner[innerKind] as Node).intoClause) throw refuse('SELECT INTO creates a table: schema changes are refused.', n);
      // Without ANALYZE nothing runs: the writes it plans are not writes.
      if (!explainAnalyzes(body)) {
        const seen: Walked = { writes: new Set(), recursive: false, refusal: null };
        walk(inner, engine, seen);
        if (seen.refusal) throw refuse(seen.refusal, n);
        return { text: own, command, kind: 'read', tables: [] };
      }
      if (engine === 'pglite')
        throw refuse(
          'EXPLAIN ANALYZE is refused on the embedded database: it runs the statement, and nothing there can stop one that runs away. Use EXPLAIN.',
          n,
        );
      command = 'EXPLAIN ANALYZE';
      executed = inner;
      analyzes = (await analyzedText(own, inner)) ?? undefined;
      if (!analyzes) throw refuse('This EXPLAIN ANALYZE could not be checked: write it as EXPLAIN (ANALYZE) followed by the statement.', n);
    }

    const seen: Walked = { writes: new Set(), recursive: false, refusal: null };
    walk(executed, engine, seen);
    if (seen.refusal) throw refuse(seen.refusal, n);
    if (seen.recursive && engine === 'pglite') {
      throw refuse('Recursive queries are refused on the embedded database: nothing there can stop one that runs away.', n);
    }
    if (seen.writes.has(AUDIT_TABLE)) throw refuse('The audit log is append-only: no statement may change it.', n);
    const tables = [...seen.writes].sort();
    return { text: own, command, kind: tables.length > 0 ? 'write' : 'read', tables, ...(analyzes ? { analyzes } : {}) };
  }
}
