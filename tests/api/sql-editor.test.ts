// Database Management (issue 19) on the real server and database (PGlite, and PostgreSQL when
// TEST_DATABASE_URL is set): the table browser, and an SQL editor that cannot hurt the site — the
// parser's refusals, the read-only transaction, the row cap, secret columns the query may not read
// however it names them, writes behind the switch, the step-up and the confirmation, runaways
// stopped or refused while /api/ping answers, and an audit row for every run.
import { and, desc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SQL, type SqlRunResult, type TablePage, type TableSummary } from '../../shared/schemas/database';
import { queryRows } from '../../server/db/client';
import { auditLogs, organisations, products, savedQueries } from '../../server/db/schema';
import { dropEditorViews, prepareSqlRole, SECRET_COLUMNS } from '../../server/modules/sql/role';
import type { Client } from '../support/client';
import { signedIn, stepUp } from '../support/staff';
import { startTestServer, type TestServer } from '../support/test-server';
import { sql } from 'drizzle-orm';
import { brandId } from '../../server/db/brand';

let t: TestServer;
let master: Client & { userId: string };
let postgres = false;
/** The SQL editor role's password is derived from it: the restart below makes the role again. */
const SECRET = 'sql-editor-test-secret-at-least-32-characters';

beforeAll(async () => {
  t = await startTestServer({ SQL_STATEMENT_TIMEOUT_MS: '1500', SESSION_SECRET: SECRET });
  postgres = t.db.database.kind === 'postgres';
  master = await signedIn(t, 'master_admin', 'sql');
});
afterAll(async () => {
  await t?.close();
});

const run = (sqlText: string, extra: Record<string, unknown> = {}) => master.json('POST', '/api/admin/sql/run', { sql: sqlText, ...extra });
const ok = async (sqlText: string, extra: Record<string, unknown> = {}): Promise<SqlRunResult> => {
  const res = await run(sqlText, extra);
  const body = (await res.json()) as SqlRunResult & { error?: unknown };
  expect(res.status, JSON.stringify(body.error)).toBe(200);
  return body;
};
const refused = async (sqlText: string, status = 400, extra: Record<string, unknown> = {}) => {
  const res = await run(sqlText, extra);
  expect(res.status, sqlText).toBe(status);
  return ((await res.json()) as { error: { code: string; message: string; details?: Record<string, unknown>; hint?: string } }).error;
};
const lastRuns = (n: number) => t.db.database.db.select().from(auditLogs).where(eq(auditLogs.action, 'SQL_RUN')).orderBy(desc(auditLogs.id)).limit(n);

describe('the table browser', () => {
  it('lists the spec’s tables first, then the rest, with row counts (exact when small)', async () => {
    const res = await master.json('GET', '/api/admin/database/tables');
    expect(res.status).toBe(200);
    const { tables, status } = (await res.json()) as { tables: TableSummary[]; status: { available: boolean; engine: string } };
    expect(status).toMatchObject({ available: true, engine: postgres ? 'postgres' : 'pglite' });
    expect(tables.slice(0, 9).map((x) => x.name)).toEqual([
      'users',
      'profiles',
      'products',
      'orders',
      'order_items',
      'invoices',
      'payments',
      'store_locations',
      'audit_logs',
    ]);
    const rest = tables.slice(9).map((x) => x.name);
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b)));
    expect(rest).toContain('saved_queries');
    const [count] = await queryRows<{ n: number }>(t.db.database.db, sql`select count(*)::int as n from products`);
    expect(tables.find((x) => x.name === 'products')).toEqual({ name: 'products', rows: count!.n, exact: true });
    // Every small table's count is what counting says — those never analysed, and the empty ones, too.
    expect(tables.every((x) => x.exact)).toBe(true);
    for (const x of tables) {
      const [n] = await queryRows<{ n: number }>(t.db.database.db, sql`select count(*)::int as n from ${sql.identifier(x.name)}`);
      expect(x.rows, x.name).toBe(n!.n);
    }
    expect(tables.some((x) => x.rows === 0)).toBe(true);
  });

  it('pages a table by its primary key, and never sends a secret column', async () => {
    const first = (await (await master.json('GET', '/api/admin/database/tables/users')).json()) as TablePage;
    const hash = first.columns.findIndex((c) => c.name === 'password_hash');
    expect(first.columns[hash]).toMatchObject({ name: 'password_hash', type: 'text', masked: true });
    expect(first.columns.find((c) => c.name === 'id')).toMatchObject({ primaryKey: true, masked: false, type: 'uuid' });
    expect(first.rows.length).toBeGreaterThan(0);
    for (const row of first.rows) expect(row[hash]).toBeNull();
    expect(JSON.stringify(first)).not.toMatch(/\$argon2|\$scrypt/);

    // Sixty rows: more than one page of 50.
    await t.db.database.db.insert(savedQueries).values(Array.from({ length: 60 }, (_, i) => ({ name: `Paged ${i}`, sql: `select ${i}` })));
    const p1 = (await (await master.json('GET', '/api/admin/database/tables/saved_queries')).json()) as TablePage;
    expect(p1.rows).toHaveLength(50);
    expect(p1.next).not.toBeNull();
    const p2 = (await (await master.json('GET', `/api/admin/database/tables/saved_queries?after=${encodeURIComponent(p1.next!)}`)).json()) as TablePage;
    expect(p2.next).toBeNull();
    const idAt = p1.columns.findIndex((c) => c.name === 'id');
    const ids = [...p1.rows, ...p2.rows].map((r) => r[idAt] as number);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(60);
    const total = (await (await master.json('GET', '/api/admin/database/tables/saved_queries/count')).json()) as { count: number };
    expect(total.count).toBe(60);
    expect(p1.count).toBe(60);
  });

  it('an unknown table is a 404; a broken cursor a 400', async () => {
    expect((await master.json('GET', '/api/admin/database/tables/no_such_table')).status).toBe(404);
    expect((await master.json('GET', '/api/admin/database/tables/products?after=%7Bnope')).status).toBe(400);
    expect((await master.json('GET', `/api/admin/database/tables/products?after=${encodeURIComponent('[1,2]')}`)).status).toBe(400);
  });
});

describe('reads', () => {
  it('the default text runs, returns typed columns and rows, and is audited with its text, duration and row count', async () => {
    const r = await ok(DEFAULT_SQL);
    expect(r.writes).toBe(false);
    expect(r.results).toHaveLength(1);
    expect(r.results[0]!.columns.map((c) => c.name)).toEqual(['id', 'email', 'status', 'created_at']);
    expect(r.results[0]!.columns[3]!.type).toBe('timestamp with time zone');
    expect(r.results[0]!.rowCount).toBeGreaterThan(0);
    const [audit] = await lastRuns(1);
    expect(audit).toMatchObject({ userId: master.userId, tableName: 'sql', source: 'service' });
    expect(audit!.newValues).toMatchObject({ sql: DEFAULT_SQL, outcome: 'ok', writes: false, rowCount: r.results[0]!.rowCount });
    expect(typeof (audit!.newValues as { durationMs: number }).durationMs).toBe('number');
  });

  it('fetches the first 1,000 rows through a cursor and says there were more', async () => {
    const r = await ok('select g, g * 2 as twice from generate_series(1, 5000) as g');
    expect(r.results[0]).toMatchObject({ rowCount: 1000, more: true });
    expect(r.results[0]!.rows[999]).toEqual([1000, 2000]);
    const few = await ok('select 1 as a, 1 as a');
    expect(few.results[0]).toMatchObject({ rowCount: 1, more: false, rows: [[1, 1]] });
  });

  it('several statements each give their result', async () => {
    const r = await ok("select 'crème' as a; show timezone; explain select * from products where id = 1");
    expect(r.results.map((x) => x.command)).toEqual(['SELECT', 'SHOW', 'EXPLAIN']);
    expect(r.results[0]!.rows).toEqual([['crème']]);
  });

  it('a read-only run cannot write, even where the parser sees no write (nextval)', async () => {
    const e = await refused("select nextval('products_id_seq')");
    expect(e.code).toBe('sql_error');
    expect(e.message).toMatch(/read-only transaction/);
  });

  it('database errors come back as "sql_error" with PostgreSQL’s message', async () => {
    const e = await refused('select * from no_such_table');
    expect(e).toMatchObject({ code: 'sql_error', details: { sqlState: '42P01', statement: 1 } });
    expect(e.message).toContain('no_such_table');
    const [audit] = await lastRuns(1);
    expect(audit!.newValues).toMatchObject({ outcome: 'error', code: 'sql_error' });
  });
});

describe('secret columns: masked by what the query may read, not by names', () => {
  // Canaries in every kind of secret column, next to the real password and session token hashes.
  const CANARY = 'CANARY7f3e';
  let secrets: string[] = [];
  let attacker: Client & { userId: string };
  beforeAll(async () => {
    const db = t.db.database.db;
    await db.execute(sql`update users set totp_secret = ${`${CANARY}-totp`} where id = ${master.userId}`);
    await db.execute(
      sql`insert into outbox_emails ("to", subject, text, html) values ('a@b.example', 'Reset', ${`${CANARY}-text`}, ${`<p>${CANARY}-html</p>`})`,
    );
    await db.execute(sql`insert into chat_sessions (id, secret_hash) values (gen_random_uuid(), ${`${CANARY}-chat`})`);
    await db.execute(sql`insert into recovery_codes (user_id, code_hash) values (${master.userId}, ${`${CANARY}-code`})`);
    for (const [table, columns] of Object.entries(SECRET_COLUMNS)) {
      for (const column of columns) {
        const rows = await queryRows<{ v: string }>(
          db,
          sql`select ${sql.identifier(column)}::text as v from ${sql.identifier(table)} where ${sql.identifier(column)} is not null`,
        );
        secrets.push(...rows.map((r) => r.v));
      }
    }
    secrets = [...new Set(secrets)].filter((v) => v.length >= 8);
    // Another master admin, stepped up, so the writes below meet no other refusal.
    attacker = await signedIn(t, 'master_admin', 'sql-attacker');
    await stepUp(attacker);
    expect(secrets.some((v) => v.startsWith('$'))).toBe(true); // a real password hash
    expect(secrets.filter((v) => v.includes(CANARY))).toHaveLength(5);
  });

  /** A database error that is the secret's refusal: no privilege on it, or a masked value to compute with. */
  const expectSecretRefusal = (e: { message: string; hint?: string }, q: string) => {
    if (/permission denied|cannot (update|insert into) column/.test(e.message)) return;
    expect(e.hint, `${q}: ${e.message}`).toBe('A secret column is masked: it holds no value to compute with.');
  };

  /** The answer holds no secret, nor a piece of one (JSON escapes aside). */
  const noSecretIn = (body: unknown, q: string) => {
    const text = JSON.stringify(body);
    expect(text, q).not.toContain(CANARY);
    for (const v of secrets) expect(text.includes(JSON.stringify(v).slice(1, -1)) || text.includes(v.slice(0, 24)), q).toBe(false);
  };

  it('select * from users (the spec’s own example) returns every column, the secret ones masked as the table browser masks them', async () => {
    const r = await ok('select * from users');
    const [result] = r.results;
    const browser = (await (await master.json('GET', '/api/admin/database/tables/users')).json()) as TablePage;
    expect(result!.columns.map((c) => c.name)).toEqual(browser.columns.map((c) => c.name));
    expect(result!.columns.filter((c) => c.masked).map((c) => c.name)).toEqual(browser.columns.filter((c) => c.masked).map((c) => c.name));
    expect(result!.columns.find((c) => c.name === 'password_hash')).toEqual({ name: 'password_hash', type: 'masked', masked: true });
    expect(result!.columns.find((c) => c.name === 'email')).toEqual({ name: 'email', type: 'text', masked: false });
    expect(result!.rowCount).toBeGreaterThan(0);
    const masked = result!.columns.flatMap((c, i) => (c.masked ? [i] : []));
    for (const row of result!.rows) for (const i of masked) expect(row[i]).toBeNull();
    noSecretIn(r, 'select * from users');
    // Every table with a secret reads with *, as the browser shows it.
    for (const table of Object.keys(SECRET_COLUMNS)) {
      const all = await ok(`select * from ${table} limit 5`);
      expect(
        all.results[0]!.columns.filter((c) => c.masked).map((c) => c.name),
        table,
      ).toEqual(SECRET_COLUMNS[table]);
      noSecretIn(all, table);
    }
  });

  // Each statement tries to read a secret: it is refused, or it answers with the secret masked.
  it.each([
    'select * from users',
    'table users',
    'select password_hash, totp_secret from users',
    'select u from users u',
    'select u.* from users u',
    'select (u).* from users u',
    'select u::text from users u',
    'select row_to_json(u) from users u',
    'select to_jsonb(users.*) from users',
    'select json_agg(u) from users u',
    'select row(u.*)::text from users u',
    'select array_agg(u) from users u',
    'select string_agg(password_hash, $$,$$) from users',
    'select x from (select password_hash as x from users) s',
    'select * from (select * from users) s',
    'with x as (select * from users) select * from x',
    'with x as materialized (select u from users u) select x::text from x',
    'select * from users join sessions on sessions.user_id = users.id',
    'select * from users join recovery_codes on recovery_codes.user_id = users.id',
    'select s.*, u.* from sessions s, users u',
    'select md5(coalesce(password_hash, totp_secret)) from users',
    'select password_hash::bytea from users',
    'select cast(totp_secret as varchar) from users',
    'select format($$%s$$, u) from users u',
    'select concat(u) from users u',
    'select (select array_agg(password_hash) from users)',
    'select exists (select 1 from users where password_hash is not null)',
    'select * from sessions',
    'select to_jsonb(s) from sessions s',
    'select token_hash from auth_tokens',
    'select * from trusted_devices',
    'select * from known_devices',
    'select secret_hash from chat_sessions',
    'select c from chat_sessions c',
    'select text, html from outbox_emails',
    'select row_to_json(o) from outbox_emails o',
    'select * from public.users',
    'select password_hash from public.users',
    'select u from public.users u',
    'select row_to_json(u) from public.users u',
    'select * from public.sessions',
    'select to_jsonb(e) from public.outbox_emails e',
    'with x as (select * from public.users) select * from x',
    'select count(*) from public.users where password_hash like $$$%$$',
    "select * from pg_stats where attname in ('password_hash', 'totp_secret', 'token_hash', 'text')",
    "select query_to_xml('select * from public.users', true, true, '')",
    "select xpath('/', query_to_xml('select password_hash from public.users', true, true, ''))",
    'copy users to stdout',
    'copy (select * from public.users) to stdout',
    "select * from pg_read_file('base')",
    "select lo_import('/etc/passwd')",
    'explain analyze select * from public.users',
    'update users set email = email where id is null returning *',
    'update public.users set email = email where id is null returning password_hash',
    'delete from sessions where false returning *',
    'insert into recovery_codes (user_id, code_hash) select user_id, code_hash from public.recovery_codes returning *',
  ])('%s → refused or masked', async (q) => {
    // Writes are allowed and confirmed: only the secret stands in the way.
    const check = (await (await attacker.json('POST', '/api/admin/sql/check', { sql: q })).json()) as { tables?: string[] };
    const res = await attacker.json('POST', '/api/admin/sql/run', { sql: q, allowWrites: true, confirmedTables: check.tables ?? [] });
    const body = (await res.json()) as SqlRunResult & { error?: { code: string; message: string; hint?: string } };
    noSecretIn(body, q);
    if (res.status !== 200) {
      expect(['sql_refused', 'sql_error'], `${q}: ${body.error?.message}`).toContain(body.error?.code);
      if (body.error?.code === 'sql_error') expectSecretRefusal(body.error, q);
      return;
    }
    for (const result of body.results) {
      result.columns.forEach((c, i) => {
        if (c.masked) for (const row of result.rows) expect(row[i], `${q}: ${c.name}`).toBeNull();
      });
    }
  });

  // What a secret decides cannot be learnt either: masked, it is null in every row, and what would
  // compute with it finds no value to compute with.
  it.each([
    ['select count(password_hash) from users', 0],
    ['select count(*) from users where password_hash is not null', 0],
    ['select count(*) from users where totp_secret::text like $$%$$', 0],
    ['select max(length(password_hash::text)) from users', null],
    ['select bool_or(password_hash::text like $$$%$$) from users', null],
    ['select md5(string_agg(token_hash::text, $$$$)) from sessions', null],
    ['select count(*) from users u where row_to_json(u)->>$$password_hash$$ is not null', 0],
    ['select count(*) from outbox_emails where text is not null or html is not null', 0],
    ['select count(*) from chat_sessions c where c::text ~ $$[0-9a-f]{64}$$', 0],
    ['select max(length(password_hash)) from users', 'refused'],
    ['select count(*) from users where password_hash like $$$%$$', 'refused'],
    ['select md5(token_hash) from sessions', 'refused'],
  ])('%s → %s', async (q, expected) => {
    if (expected === 'refused') {
      const e = await refused(q);
      expect(e.code).toBe('sql_error');
      expectSecretRefusal(e, q);
      return;
    }
    const r = await ok(q);
    // count() is a bigint: a string on PostgreSQL, a number on PGlite.
    expect(
      r.results[0]!.rows.map((row) => row.map((v) => (v === null ? null : Number(v)))),
      q,
    ).toEqual([[expected]]);
  });

  it("set_config('role', …) cannot take the server’s rights back: refused before it runs", async () => {
    const e = await refused("select set_config('role', 'postgres', true), password_hash from users");
    expect(e.code).toBe('sql_refused');
    expect((await refused("select password_hash from users where set_config('role', current_user, true) is not null")).code).toBe('sql_refused');
  });

  it('the other columns of those tables read as usual', async () => {
    const r = await ok('select id, email, status from users order by email limit 3');
    expect(r.results[0]!.rowCount).toBeGreaterThan(0);
  });

  it('every column that looks like a secret is masked, or known not to be one', async () => {
    // Hashes of request bodies (idempotency), dates and switches: not secrets.
    const notSecret = new Set([
      'orders.request_hash',
      'invoices.request_hash',
      'payments.request_hash',
      'shipments.request_hash',
      'allocations.request_hash',
      'users.totp_enabled_at',
      'users.totp_last_step',
      'profiles.requires_password_reset',
      'profiles.password_last_updated',
      'security_settings.password_expiry_enabled',
      'security_settings.password_expiry_days',
    ]);
    const cols = await queryRows<{ t: string; c: string }>(
      t.db.database.db,
      sql`select table_name as t, column_name as c from information_schema.columns where table_schema = 'public' and column_name ~ '(hash|secret|token|password|totp)'`,
    );
    const unmasked = cols.map((x) => `${x.t}.${x.c}`).filter((n) => !notSecret.has(n) && !(SECRET_COLUMNS[n.split('.')[0]!] ?? []).includes(n.split('.')[1]!));
    expect(unmasked).toEqual([]);
  });
});

describe('refusals, on every engine', () => {
  it.each([
    ['begin', 'sql_refused'],
    ['commit', 'sql_refused'],
    ["copy users to program 'id'", 'sql_refused'],
    ['copy products to stdout', 'sql_refused'],
    ['do $$ begin null; end $$', 'sql_refused'],
    ['listen x', 'sql_refused'],
    ['notify x', 'sql_refused'],
    ['set role postgres', 'sql_refused'],
    ['reset role', 'sql_refused'],
    ['select pg_advisory_lock(42)', 'sql_refused'],
    ["select query_to_xml('select 1', true, true, '')", 'sql_refused'],
    ['select pg_sleep(5)', 'sql_refused'],
    ["select dblink('x', 'y')", 'sql_refused'],
    ['drop table products', 'sql_refused'],
    ['delete from audit_logs', 'sql_refused'],
    ['truncate audit_logs', 'sql_refused'],
    ['alter table audit_logs disable trigger all', 'sql_refused'],
    ['selec 1', 'sql_syntax'],
  ])('%s → %s, audited as refused', async (q, code) => {
    const e = await refused(q, 400, { allowWrites: true });
    expect(e.code).toBe(code);
    const [audit] = await lastRuns(1);
    expect(audit!.newValues).toMatchObject({ sql: q, outcome: 'refused', code });
  });
});

describe('writes', () => {
  const rename = "update products set name = 'Renamed by SQL' where slug = 'frolic-london-dry-gin'";

  it('are refused with the switch off, then need the step-up, then the confirmation of their tables', async () => {
    expect(await refused(rename)).toMatchObject({ code: 'sql_writes_off', details: { tables: ['products'] } });
    expect((await refused(rename, 403, { allowWrites: true })).code).toBe('step_up_required');
    await stepUp(master);
    const confirm = await refused(rename, 409, { allowWrites: true });
    expect(confirm).toMatchObject({ code: 'sql_confirm', details: { tables: ['products'] } });
    expect((await refused(rename, 409, { allowWrites: true, confirmedTables: ['orders'] })).code).toBe('sql_confirm');
    const check = (await (await master.json('POST', '/api/admin/sql/check', { sql: rename })).json()) as { writes: boolean; tables: string[] };
    expect(check).toMatchObject({ writes: true, tables: ['products'] });
  });

  it('run once confirmed, and leave the row-level audit trail naming the master admin', async () => {
    await stepUp(master);
    // The public catalogue, cached per content version, has read the product before the write.
    const publicName = async () => ((await (await fetch(`${t.url}/api/products/frolic-london-dry-gin`)).json()) as { product: { name: string } }).product.name;
    expect(await publicName()).toBe('Frolic London Dry Gin');
    const before = (await t.db.database.db.select({ id: auditLogs.id }).from(auditLogs).orderBy(desc(auditLogs.id)).limit(1))[0]?.id ?? 0;
    const r = await ok(rename, { allowWrites: true, confirmedTables: ['products'] });
    expect(r).toMatchObject({ writes: true, results: [{ command: 'UPDATE', rowCount: 1 }] });
    const [row] = await t.db.database.db.select().from(products).where(eq(products.slug, 'frolic-london-dry-gin'));
    expect(row!.name).toBe('Renamed by SQL');
    // A write is a content change: no cache keeps serving what it replaced.
    expect(await publicName()).toBe('Renamed by SQL');
    const trail = await t.db.database.db
      .select()
      .from(auditLogs)
      .where(and(gt(auditLogs.id, before), eq(auditLogs.tableName, 'products')));
    expect(trail).toHaveLength(1);
    expect(trail[0]).toMatchObject({ action: 'UPDATE', source: 'trigger', userId: master.userId, recordId: String(row!.id) });
    expect(trail[0]!.newValues).toMatchObject({ name: 'Renamed by SQL' });
    const [run] = await lastRuns(1);
    expect(run!.newValues).toMatchObject({ outcome: 'ok', writes: true, tables: ['products'], rowCount: 1 });
  });

  it('a write hidden in a CTE needs the same; a secret column cannot be written; a failing statement undoes the run', async () => {
    await stepUp(master);
    const hidden = "with x as (update products set name = 'CTE' where slug = 'frolic-london-dry-gin' returning id) select * from x";
    expect((await refused(hidden)).code).toBe('sql_writes_off');
    expect((await ok(hidden, { allowWrites: true, confirmedTables: ['products'] })).results[0]!.rowCount).toBe(1);
    const e = await refused("update users set password_hash = 'x'", 400, { allowWrites: true, confirmedTables: ['users'] });
    expect(e.message).toMatch(/enum masked/);
    expect(e.hint).toBe('A secret column is masked: it holds no value to compute with.');
    for (const [write, table] of [
      ["update public.users set totp_secret = 'x'", 'users'],
      ["insert into public.sessions (token_hash) values ('x')", 'sessions'],
    ]) {
      expect((await refused(write!, 400, { allowWrites: true, confirmedTables: [table] })).message).toMatch(/permission denied/);
    }
    const twoStep = "update products set name = 'Half-done' where slug = 'frolic-london-dry-gin'; select 1/0";
    expect((await refused(twoStep, 400, { allowWrites: true, confirmedTables: ['products'] })).details).toMatchObject({ statement: 2 });
    const [row] = await t.db.database.db.select().from(products).where(eq(products.slug, 'frolic-london-dry-gin'));
    expect(row!.name).toBe('CTE');
  });

  it('a write to a table with a secret goes through its masked view: the table changes, the trail is left, RETURNING * masks the secret', async () => {
    await stepUp(master);
    const before = (await t.db.database.db.select({ id: auditLogs.id }).from(auditLogs).orderBy(desc(auditLogs.id)).limit(1))[0]?.id ?? 0;
    const r = await ok(`update users set status = status where id = '${master.userId}' returning *`, { allowWrites: true, confirmedTables: ['users'] });
    const [result] = r.results;
    expect(result).toMatchObject({ command: 'UPDATE', rowCount: 1 });
    const hash = result!.columns.findIndex((c) => c.name === 'password_hash');
    expect(result!.columns[hash]).toMatchObject({ masked: true });
    expect(result!.rows[0]![hash]).toBeNull();
    const trail = await t.db.database.db
      .select()
      .from(auditLogs)
      .where(and(gt(auditLogs.id, before), eq(auditLogs.tableName, 'users')));
    expect(trail).toHaveLength(1);
    expect(trail[0]).toMatchObject({ action: 'UPDATE', source: 'trigger', userId: master.userId, recordId: master.userId });
  });
});

describe('EXPLAIN ANALYZE, however ANALYZE is spelled (issue 40)', () => {
  it('a write under EXPLAIN (ANALYZE 1) is listed in the confirmation (PostgreSQL) or refused (PGlite): no table changes unconfirmed', async () => {
    const [org] = await t.db.database.db
      .insert(organisations)
      .values({
        type: 'importer',
        legalName: 'Explained Ltd',
        tradingName: 'Explained',
        licenceNumber: 'EXPLAIN-1',
        supplierId: await brandId(t.db.database.db),
        licenceJurisdiction: 'GB',
        licenceExpiresOn: '2035-01-01',
        addressLine1: '1 Plan Street',
        city: 'London',
        country: 'GB',
        market: 'GB',
        currency: 'GBP',
      })
      .returning();
    const hidden = `EXPLAIN (ANALYZE 1) UPDATE organisations SET trading_name = 'Changed by EXPLAIN' WHERE id = '${org!.id}'`;
    const attack = `update products set name = name where slug = 'frolic-london-dry-gin'; ${hidden}`;
    const tradingName = async () => (await t.db.database.db.select().from(organisations).where(eq(organisations.id, org!.id)))[0]!.tradingName;

    // The switch off: refused as a write (PostgreSQL), or as an EXPLAIN ANALYZE (PGlite).
    expect((await refused(hidden)).code).toBe(postgres ? 'sql_writes_off' : 'sql_refused');
    for (const spelling of ["ANALYZE 'TRUE'", "ANALYZE 'On'", 'analyze yes', '"ANALYZE" 1']) {
      expect((await refused(hidden.replace('ANALYZE 1', spelling))).code, spelling).toBe(postgres ? 'sql_writes_off' : 'sql_refused');
    }
    await stepUp(master);
    // Confirming only the visible write's table is not enough: the confirmation names both.
    const e = await refused(attack, postgres ? 409 : 400, { allowWrites: true, confirmedTables: ['products'] });
    if (postgres) expect(e).toMatchObject({ code: 'sql_confirm', details: { tables: ['organisations', 'products'] } });
    else expect(e).toMatchObject({ code: 'sql_refused', details: { statement: 2 } });
    expect(await tradingName()).toBe('Explained');
    if (!postgres) return;
    // Confirmed, it runs as an EXPLAIN ANALYZE (its statement's plan within the cap) and the change is audited.
    const r = await ok(attack, { allowWrites: true, confirmedTables: ['organisations', 'products'] });
    expect(r.results.map((x) => x.command)).toEqual(['UPDATE', 'EXPLAIN ANALYZE']);
    expect(await tradingName()).toBe('Changed by EXPLAIN');
  });

  it('EXPLAIN (ANALYZE 1) of a long count: refused on PGlite (it froze the database); on PostgreSQL the cost cap applies', async () => {
    const e = await refused(`EXPLAIN (ANALYZE 'On') select count(*) from generate_series(1, 10000000000) a cross join products b`);
    expect(e.code).toBe(postgres ? 'sql_too_costly' : 'sql_refused');
    if (postgres) {
      const r = await ok('EXPLAIN (ANALYZE 1) select count(*) from generate_series(1, 3000)');
      expect(r.results[0]).toMatchObject({ command: 'EXPLAIN ANALYZE' });
      expect(JSON.stringify(r.results[0]!.rows)).toContain('actual');
    } else {
      expect((await refused('EXPLAIN (ANALYZE 1) select count(*) from generate_series(1, 3000000)')).message).toContain('EXPLAIN ANALYZE is refused');
    }
  });
});

describe('a restart', () => {
  it('drops the masked views before the migrations (a migration may change a column they read) and makes them again after', async () => {
    const { database, url } = t.db;
    const alter = sql`alter table users alter column email type text`;
    const cause = (e: unknown) => String((e as { cause?: Error }).cause?.message ?? (e as Error).message);
    // With the views in place, PostgreSQL refuses to change a column one reads.
    await expect(database.db.execute(alter).catch((e: unknown) => Promise.reject(new Error(cause(e))))).rejects.toThrow(/used by a view/);
    await dropEditorViews(database);
    await database.db.execute(alter);
    await prepareSqlRole(database, { databaseUrl: url ?? undefined, secret: SECRET });
    const r = await ok('select * from users');
    expect(r.results[0]!.columns.filter((c) => c.masked).map((c) => c.name)).toEqual(SECRET_COLUMNS.users);
  });
});

describe('runaway queries', () => {
  it('whose plan is dear are refused before they start, while /api/ping answers', async () => {
    const runaway = 'select count(*) from generate_series(1, 10000000000) a cross join products b';
    const started = performance.now();
    const pending = run(runaway);
    const ping = await fetch(`${t.url}/api/ping`);
    expect(ping.status).toBe(200);
    const res = await pending;
    const e = ((await res.json()) as { error: { code: string } }).error;
    expect(res.status).toBe(400);
    // Its plan costs billions: refused before it takes a core (PostgreSQL) or freezes the process (PGlite).
    expect(e.code).toBe('sql_too_costly');
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it('a recursive query without end (its plan looks cheap): stopped by the timeout on PostgreSQL, refused on PGlite', async () => {
    const e = await refused('with recursive r(n) as (select 1 union all select n + 1 from r) select count(*) from r');
    expect(e.code).toBe(postgres ? 'sql_timeout' : 'sql_refused');
  });
});

describe('saved queries and the history', () => {
  it('are kept on the server and shared between master admins; saves are audited', async () => {
    const other = await signedIn(t, 'master_admin', 'sql-other');
    const created = await master.json('POST', '/api/admin/sql/saved', { name: 'Newest users', sql: DEFAULT_SQL });
    expect(created.status).toBe(201);
    const saved = (await created.json()) as { id: number; name: string; createdByName: string };
    expect(saved).toMatchObject({ name: 'Newest users', createdByName: 'master_admin sql' });
    const list = (await (await other.json('GET', '/api/admin/sql/saved')).json()) as { saved: { id: number }[] };
    expect(list.saved.map((s) => s.id)).toContain(saved.id);
    expect((await other.json('PUT', `/api/admin/sql/saved/${saved.id}`, { name: 'Renamed', sql: 'select 1' })).status).toBe(200);
    expect((await master.json('POST', '/api/admin/sql/saved', { name: '  ', sql: 'select 1' })).status).toBe(400);
    const audits = await t.db.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.tableName, 'saved_queries'), eq(auditLogs.recordId, String(saved.id))))
      .orderBy(auditLogs.id);
    expect(audits.map((a) => a.action)).toEqual(['INSERT', 'UPDATE']);
    expect((await other.json('DELETE', `/api/admin/sql/saved/${saved.id}`)).status).toBe(204);
    expect((await other.json('DELETE', `/api/admin/sql/saved/${saved.id}`)).status).toBe(404);

    await ok(DEFAULT_SQL); // the history holds the last 50 runs: this one is among them
    const history = (await (await other.json('GET', '/api/admin/sql/history')).json()) as { history: { sql: string; userName: string; outcome: string }[] };
    expect(history.history.length).toBeGreaterThan(5);
    expect(history.history.find((h) => h.sql === DEFAULT_SQL)).toMatchObject({ userName: 'master_admin sql', outcome: 'ok' });
  });
});
