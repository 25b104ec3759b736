// The SQL editor's database role (issue 19): what a query typed by a master admin may read and
// write is decided by PostgreSQL's privileges, not by matching column names (an alias, a function
// or a row cast would get past names). The role may read every column of every table except the
// secrets below, and write the business tables (never audit_logs, never a secret). It is made and
// its grants renewed at every start, after the migrations (roles are cluster-wide: a migration must
// not make one), one per database so two installs on one server keep apart.
//
// PostgreSQL: a LOGIN role, reached through its own small pool, so no statement can take back the
// server's own rights (SET ROLE / set_config('role') are refused by the parser too). Its password is
// derived from SESSION_SECRET (every instance derives the same). Without CREATEROLE the role cannot
// be made: a DBA runs what `sqlRoleStatements` prints, or SQL_EDITOR_DATABASE_URL names a role made
// by hand; until then the SQL editor refuses to run (`sql_unavailable`) and the table browser works.
//
// PGlite: one connection whose session user is a superuser, so the run does SET LOCAL ROLE to a
// NOLOGIN role: the privileges bind the query; the parser keeps it from switching back.
//
// `select * from users` (issue 40): each table with a secret has a view of the same name in the
// schema EDITOR_SCHEMA, first on the run's search path — every column in its place, each secret one
// NULL of the type `masked` (the executor shows it as the table browser does). The views are
// `security_invoker`: they read their table with the role's own column privileges, which they need
// only for the columns that are not secret. So `*`, a row value, a CTE or a join over `users` shows
// the secrets masked, and `public.users` (the table itself) still refuses them
// (docs/decisions/036-sql-editor-secrets.md).
import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';

/** Columns no query of the editor may read or write. A test checks every column that looks like a secret is here or known harmless. */
export const SECRET_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  users: ['password_hash', 'totp_secret'],
  sessions: ['token_hash'],
  auth_tokens: ['token_hash'],
  recovery_codes: ['code_hash'],
  trusted_devices: ['token_hash'],
  known_devices: ['token_hash'],
  chat_sessions: ['secret_hash'],
  // The bodies hold live links (password resets, invitations).
  outbox_emails: ['text', 'html'],
};

/**
 * Tables the editor may read but never change. The assets repository's too: its refs move only under
 * the repository's lock, and the live pointer only through a checked, audited deploy (issue 20).
 */
export const READ_ONLY_TABLES: readonly string[] = [
  'audit_logs',
  'app_meta',
  'jobs',
  'rate_limits',
  'code_objects',
  'code_files',
  'code_working_files',
  'code_deployments',
  'code_editor_settings',
];

export interface SqlRole {
  name: string;
  /** How the PostgreSQL pool connects as the role (null on PGlite, or when the role could not be made). */
  url: string | null;
  available: boolean;
  /** Why not, in words for the screen. */
  reason: string | null;
}

/** frolic_sql_<database>, as PostgreSQL allows a name (63 bytes, lower case). */
export function sqlRoleName(database: string): string {
  const clean = database.toLowerCase().replace(/[^a-z0-9_]/g, '_');
  return `frolic_sql_${clean}`.slice(0, 63);
}

export function sqlRolePassword(secret: string, role: string): string {
  return createHmac('sha256', secret).update(`sql-editor-role:${role}`).digest('base64url');
}

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The schema of the editor's masked views (first on the run's search path) and of their type `masked`. */
export const EDITOR_SCHEMA = 'frolic_sql_editor';
/** The run's search path: a table with a secret is its masked view; every other table itself. */
export const EDITOR_SEARCH_PATH = `${EDITOR_SCHEMA}, public`;

/** The application's tables and their columns, in order, as they are now. */
async function tableColumns(database: Database): Promise<Map<string, string[]>> {
  const columns = await queryRows<{ table_name: string; column_name: string }>(
    database.db,
    sql`
    select c.relname as table_name, a.attname as column_name
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
    where n.nspname = 'public' and c.relkind in ('r', 'p')
    order by c.relname, a.attnum`,
  );
  const byTable = new Map<string, string[]>();
  for (const r of columns) byTable.set(r.table_name, [...(byTable.get(r.table_name) ?? []), r.column_name]);
  return byTable;
}

/**
 * The masked views, made anew for the columns as the migrations left them: each table with a secret
 * column, every column in its place, the secret ones NULL of the type `masked` — an enum, because the
 * wire protocol names a domain by its base type and the executor must know a masked column by its
 * type (PGlite gives no column's table). `security_invoker`:
 * the view reads its table with the role's privileges (which the open columns are all it needs), so
 * a view can never give more than the table itself. Written through, it changes its table (a simple
 * view is updatable; a masked column is not), with the same column grants.
 */
function viewStatements(byTable: Map<string, string[]>, role: string): string[] {
  const schema = ident(EDITOR_SCHEMA);
  const r = ident(role);
  const out = [
    `DROP SCHEMA IF EXISTS ${schema} CASCADE`,
    `CREATE SCHEMA ${schema}`,
    `CREATE TYPE ${schema}.masked AS ENUM ('hidden')`,
    `GRANT USAGE ON SCHEMA ${schema} TO ${r}`,
  ];
  for (const [table, secret] of Object.entries(SECRET_COLUMNS)) {
    const cols = byTable.get(table);
    if (!cols) continue;
    const view = `${schema}.${ident(table)}`;
    const list = cols.map((c) => (secret.includes(c) ? `NULL::${schema}.masked AS ${ident(c)}` : ident(c))).join(', ');
    out.push(`CREATE VIEW ${view} WITH (security_invoker = true) AS SELECT ${list} FROM public.${ident(table)}`, `GRANT SELECT ON ${view} TO ${r}`);
    const open = cols.filter((c) => !secret.includes(c)).map(ident);
    if (open.length > 0 && !READ_ONLY_TABLES.includes(table))
      out.push(`GRANT INSERT (${open.join(', ')}), UPDATE (${open.join(', ')}), DELETE ON ${view} TO ${r}`);
  }
  return out;
}

/**
 * Before the migrations: the views depend on their tables' columns, and PostgreSQL would refuse a
 * migration that changes one a view reads. prepareSqlRole makes them again afterwards; meanwhile a
 * run finds the tables themselves, whose secrets the role may not read.
 */
export async function dropEditorViews(database: Database): Promise<void> {
  const exists = await queryRows<unknown>(database.db, sql`select 1 from pg_namespace where nspname = ${EDITOR_SCHEMA}`);
  if (exists.length > 0) await database.db.execute(sql.raw(`DROP SCHEMA ${ident(EDITOR_SCHEMA)} CASCADE`));
}

/** The grants, for the tables and columns as they are now. */
function grantStatements(byTable: Map<string, string[]>, role: string): string[] {
  const r = ident(role);
  const out = [
    `REVOKE ALL ON ALL TABLES IN SCHEMA public FROM ${r}`,
    `REVOKE ALL ON ALL SEQUENCES IN SCHEMA public FROM ${r}`,
    `REVOKE CREATE ON SCHEMA public FROM ${r}`,
    `GRANT USAGE ON SCHEMA public TO ${r}`,
    `GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${r}`,
  ];
  for (const [table, cols] of byTable) {
    const secret = SECRET_COLUMNS[table] ?? [];
    const open = cols.filter((c) => !secret.includes(c)).map(ident);
    if (open.length === 0) continue;
    const list = open.join(', ');
    out.push(`GRANT SELECT (${list}) ON ${ident(table)} TO ${r}`);
    if (READ_ONLY_TABLES.includes(table)) continue;
    out.push(`GRANT INSERT (${list}), UPDATE (${list}) ON ${ident(table)} TO ${r}`, `GRANT DELETE ON ${ident(table)} TO ${r}`);
  }
  return out;
}

/** What a DBA runs when the server may not create roles (printed in the log and on the screen). */
export function sqlRoleStatements(role: string): string[] {
  return [
    `CREATE ROLE ${ident(role)} LOGIN PASSWORD '<a password>' NOSUPERUSER NOCREATEDB NOCREATEROLE NOINHERIT`,
    `-- then set SQL_EDITOR_DATABASE_URL to connect as ${role}`,
  ];
}

export interface SqlRoleOptions {
  databaseUrl?: string;
  /** SQL_EDITOR_DATABASE_URL: a role made by hand, when this server may not make one. */
  editorUrl?: string;
  /** SESSION_SECRET: the made role's password is derived from it. */
  secret: string;
}

interface Situation {
  name: string;
  exists: boolean;
  /** This server's database user may create and alter roles. */
  mayCreate: boolean;
}

async function situation(database: Database, options: SqlRoleOptions): Promise<Situation> {
  if (database.kind === 'pglite') {
    const exists = await queryRows<unknown>(database.db, sql`select 1 from pg_roles where rolname = 'frolic_sql'`);
    return { name: 'frolic_sql', exists: exists.length > 0, mayCreate: true };
  }
  const current = await queryRows<{ db: string; can: boolean }>(
    database.db,
    sql`select current_database() as db, (select rolsuper or rolcreaterole from pg_roles where rolname = current_user) as can`,
  );
  const name = options.editorUrl ? decodeURIComponent(new URL(options.editorUrl).username) : sqlRoleName(current[0]!.db);
  const exists = (await queryRows<unknown>(database.db, sql`select 1 from pg_roles where rolname = ${name}`)).length > 0;
  return { name, exists, mayCreate: Boolean(current[0]!.can) };
}

/**
 * Makes the role if it is missing (and may be made), renews its password and its grants for the
 * tables as the migrations left them. Called at every start, under the start-up lock.
 */
export async function prepareSqlRole(database: Database, options: SqlRoleOptions): Promise<void> {
  const exec = (text: string) => database.db.execute(sql.raw(text));
  const { name, exists, mayCreate } = await situation(database, options);
  const attributes = 'NOSUPERUSER NOCREATEDB NOCREATEROLE NOINHERIT';
  if (database.kind === 'pglite') {
    if (!exists) await exec(`CREATE ROLE ${ident(name)} NOLOGIN ${attributes}`);
  } else if (!options.editorUrl) {
    if (!mayCreate) return;
    const password = `'${sqlRolePassword(options.secret, name).replaceAll("'", "''")}'`;
    await exec(`${exists ? 'ALTER' : 'CREATE'} ROLE ${ident(name)} LOGIN PASSWORD ${password} ${attributes}`);
  } else if (!exists) {
    return;
  }
  // One round trip: some 250 statements at every start (and in every API test's database).
  const byTable = await tableColumns(database);
  const mayCreateSchema = await queryRows<{ can: boolean }>(database.db, sql`select has_database_privilege(current_database(), 'CREATE') as can`);
  const statements = [...grantStatements(byTable, name), ...(mayCreateSchema[0]?.can ? viewStatements(byTable, name) : [])];
  const grants = statements.join(';\n');
  if (database.pglite) await database.pglite.exec(grants);
  else await exec(grants);
}

/** The role as the editor finds it (after prepareSqlRole): how to reach it, or why it cannot. */
export async function resolveSqlRole(database: Database, options: SqlRoleOptions): Promise<SqlRole> {
  const { name, exists, mayCreate } = await situation(database, options);
  if (database.kind === 'pglite') {
    return exists
      ? { name, url: null, available: true, reason: null }
      : { name, url: null, available: false, reason: 'The SQL editor’s role is missing: restart the server.' };
  }
  if (options.editorUrl) {
    return exists
      ? { name, url: options.editorUrl, available: true, reason: null }
      : { name, url: null, available: false, reason: `SQL_EDITOR_DATABASE_URL names the role ${name}, which does not exist.` };
  }
  if (!exists || !mayCreate) {
    return {
      name,
      url: null,
      available: false,
      reason: `The SQL editor needs its own database role (${name}), and this server’s database user may not create roles. A DBA can create it (${sqlRoleStatements(name)[0]}) and set SQL_EDITOR_DATABASE_URL.`,
    };
  }
  if (!options.databaseUrl) return { name, url: null, available: false, reason: 'The SQL editor connects through DATABASE_URL, which is not set.' };
  const u = new URL(options.databaseUrl);
  u.username = encodeURIComponent(name);
  u.password = encodeURIComponent(sqlRolePassword(options.secret, name));
  return { name, url: u.toString(), available: true, reason: null };
}
