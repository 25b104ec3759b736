import { describe, expect, it } from 'vitest';
import { checkSql } from './classify';

async function refusal(sql: string, engine: 'pglite' | 'postgres' = 'postgres') {
  try {
    await checkSql(sql, engine);
  } catch (e) {
    return e as { code: string; message: string; details: { statement?: number } };
  }
  throw new Error(`not refused: ${sql}`);
}

describe('checkSql: reads and writes', () => {
  it('a select is a read, with its own text', async () => {
    const c = await checkSql('  SELECT id, email FROM users LIMIT 10 ;  ', 'postgres');
    expect(c).toEqual({
      statements: [{ text: 'SELECT id, email FROM users LIMIT 10', command: 'SELECT', kind: 'read', tables: [] }],
      writes: false,
      tables: [],
    });
  });

  it('several statements keep their own texts, multi-byte characters included', async () => {
    const c = await checkSql("select 'crème brûlée' as a; update products set name = 'Négroni' where id = 1; show timezone", 'postgres');
    expect(c.statements.map((s) => [s.text, s.command, s.kind])).toEqual([
      ["select 'crème brûlée' as a", 'SELECT', 'read'],
      ["update products set name = 'Négroni' where id = 1", 'UPDATE', 'write'],
      ['show timezone', 'SHOW', 'read'],
    ]);
    expect(c.tables).toEqual(['products']);
    expect(c.writes).toBe(true);
  });

  it('a write hidden in a CTE is a write, with its table', async () => {
    const c = await checkSql('with gone as (delete from orders where id = 3 returning id) select count(*) from gone', 'postgres');
    expect(c.statements[0]).toMatchObject({ command: 'SELECT', kind: 'write', tables: ['orders'] });
  });

  it('EXPLAIN ANALYZE runs its statement: a write under it is a write; plain EXPLAIN is a read', async () => {
    expect((await checkSql('explain analyze update users set status = $$active$$', 'postgres')).statements[0]).toMatchObject({
      command: 'EXPLAIN ANALYZE',
      kind: 'write',
      tables: ['users'],
    });
    expect((await checkSql('explain (analyze true, format json) delete from products', 'postgres')).statements[0]).toMatchObject({
      kind: 'write',
      tables: ['products'],
    });
    expect((await checkSql('explain (analyze off) delete from products', 'postgres')).statements[0]).toMatchObject({ kind: 'read', tables: [] });
    expect((await checkSql('explain delete from products', 'postgres')).statements[0]).toMatchObject({ command: 'EXPLAIN', kind: 'read' });
  });

  it('INSERT, MERGE and the tables of every write', async () => {
    const c = await checkSql(
      'insert into cocktails (name) values ($$x$$); merge into products p using (select 1 as id) s on p.id = s.id when matched then update set name = $$y$$',
      'postgres',
    );
    expect(c.statements.map((s) => s.command)).toEqual(['INSERT', 'MERGE']);
    expect(c.tables).toEqual(['cocktails', 'products']);
  });
});

describe('checkSql: refusals', () => {
  it.each([
    ['BEGIN', 'Transaction control'],
    ['commit', 'Transaction control'],
    ['set transaction read write', 'Transaction control'],
    ['savepoint a', 'Transaction control'],
    ["copy users to program 'cat /etc/passwd'", 'COPY'],
    ['copy (select 1) to stdout', 'COPY'],
    ['do $$ begin perform 1; end $$', 'DO blocks'],
    ['listen frolic', 'LISTEN'],
    ["notify frolic, 'x'", 'LISTEN'],
    ['set role postgres', 'SET, RESET'],
    ['reset role', 'SET, RESET'],
    ['set session authorization postgres', 'SET, RESET'],
    ["set frolic.actor = 'x'", 'SET, RESET'],
    ['discard all', 'SET, RESET'],
    ["select set_config('role', 'postgres', true)", 'set_config'],
    ["select * from pg_catalog.set_config('frolic.audit_redaction', 'on', true)", 'set_config'],
    ["select 1 where exists (select set_config('role', 'postgres', false))", 'set_config'],
    ['select pg_advisory_lock(1)', 'Advisory locks'],
    ['select pg_try_advisory_xact_lock(1)', 'Advisory locks'],
    ["select query_to_xml('select 1', true, true, '')", 'runs text as a query'],
    ["select table_to_xml('users', true, true, '')", 'runs text as a query'],
    ["select * from ts_stat('select 1')", 'runs text as a query'],
    ['select pg_sleep(10)', 'pg_sleep'],
    ["select pg_sleep_for('1 hour')", 'pg_sleep'],
    ["select * from dblink('host=x', 'select 1') as t(a int)", 'dblink'],
    ["select pg_notify('frolic', 'x')", 'NOTIFY'],
    ["select pg_read_file('/etc/passwd')", 'pg_read_file'],
    ['select pg_terminate_backend(1)', 'pg_terminate_backend'],
    ['drop table users', 'Schema and permission changes'],
    ['alter table users disable trigger all', 'Schema and permission changes'],
    ['create table x (a int)', 'Schema and permission changes'],
    ['create function f() returns int as $$ select 1 $$ language sql', 'Schema and permission changes'],
    ['grant select on users to public', 'Schema and permission changes'],
    ['select * into copy_of_users from users', 'SELECT INTO'],
    ['create table x as select 1', 'Schema and permission changes'],
    ['truncate products', 'TRUNCATE'],
    ['lock table users', 'LOCK'],
    ['vacuum', 'Maintenance'],
    ['prepare p as select 1', 'Prepared statements'],
    ['declare c cursor for select 1', 'Prepared statements'],
    ['call p()', 'CALL'],
    ['delete from audit_logs', 'append-only'],
    ["update audit_logs set action = 'x'", 'append-only'],
    ['with x as (insert into audit_logs (action, table_name) values ($$a$$, $$b$$) returning id) select * from x', 'append-only'],
    ['explain analyze delete from audit_logs', 'append-only'],
    ['explain analyze create table x as select 1', 'Schema and permission changes'],
    // An UPDATE of pg_settings is set_config() by another name; the catalogs are not the product's data.
    ["update pg_settings set setting = 'on' where name = 'default_transaction_read_only'", 'Writes to pg_settings are refused'],
    ["update pg_catalog.pg_settings set setting = '0' where name = 'statement_timeout'", 'Writes to pg_catalog.pg_settings are refused'],
    ["with s as (update pg_settings set setting = 'x' where name = 'search_path' returning 1) select * from s", 'pg_settings'],
    ['delete from information_schema.sql_features', 'only the application'],
    ["insert into other.products (name) values ('x')", 'only the application'],
  ])('%s → refused (%s)', async (sql, reason) => {
    const e = await refusal(sql);
    expect(e.code).toBe('sql_refused');
    expect(e.message).toContain(reason);
  });

  it('names the statement refused among several', async () => {
    const e = await refusal('select 1; select 2; drop table users');
    expect(e.details.statement).toBe(3);
  });

  it('a refused function under plain EXPLAIN is still refused', async () => {
    expect((await refusal("explain select set_config('role', 'postgres', true)")).code).toBe('sql_refused');
  });

  it('what the parser cannot read is refused with its message', async () => {
    const e = await refusal('selec * from users');
    expect(e.code).toBe('sql_syntax');
    expect(e.message).toContain('syntax error');
  });

  it('an empty text and a comment alone are not statements', async () => {
    expect((await refusal('  ;  ')).code).toBe('sql_syntax');
    expect((await refusal('-- nothing')).code).toBe('sql_syntax');
  });

  it('more than 20 statements are refused', async () => {
    expect((await refusal('select 1;'.repeat(21))).code).toBe('sql_refused');
  });

  it('on the embedded database: recursive queries and unbounded generate_series are refused; on PostgreSQL the timeout stops them', async () => {
    const recursive = 'with recursive t(n) as (select 1 union all select n + 1 from t) select count(*) from t';
    expect((await refusal(recursive, 'pglite')).message).toContain('Recursive');
    await expect(checkSql(recursive, 'postgres')).resolves.toMatchObject({ writes: false });
    const series = 'select count(*) from generate_series(1, (select 1000000000000))';
    expect((await refusal(series, 'pglite')).message).toContain('generate_series');
    await expect(checkSql(series, 'postgres')).resolves.toMatchObject({ writes: false });
    await expect(checkSql('select count(*) from generate_series(1, 1000000000000::bigint)', 'pglite')).resolves.toMatchObject({ writes: false });
  });
});

describe('checkSql: EXPLAIN ANALYZE on the embedded database', () => {
  it('is refused there (it runs the statement), allowed on PostgreSQL', async () => {
    expect((await refusal('explain analyze select 1', 'pglite')).message).toContain('EXPLAIN ANALYZE is refused');
    await expect(checkSql('explain analyze select 1', 'postgres')).resolves.toMatchObject({ writes: false });
    await expect(checkSql('explain select 1', 'pglite')).resolves.toMatchObject({ writes: false });
  });
});

describe('checkSql: every spelling of ANALYZE is an EXPLAIN ANALYZE (fail closed)', () => {
  // Anything but a literal false/off/0 runs the statement, whether or not PostgreSQL would accept the
  // spelling: as a plain EXPLAIN it skipped the cost cap and the PGlite refusals, and hid a write from
  // the confirmation.
  const analyzing = [
    'explain analyze',
    'EXPLAIN ANALYZE',
    'explain analyse',
    'explain analyze verbose',
    'explain (analyze)',
    'explain (ANALYZE)',
    'explain (analyse)',
    'explain (Analyze)',
    'explain (analyze true)',
    'explain (analyze TRUE)',
    'explain (analyze True)',
    "explain (analyze 'true')",
    "explain (analyze 'TRUE')",
    'explain (analyze on)',
    'explain (analyze ON)',
    "explain (analyze 'On')",
    "explain (analyze 'on')",
    'explain (analyze 1)',
    'explain (analyze 2)',
    'explain (analyze -1)',
    'explain (analyze 1.0)',
    "explain (analyze '1')",
    'explain (analyze yes)',
    "explain (analyze 'YES')",
    'explain (analyze y)',
    "explain (analyze 't')",
    "explain (analyze '')",
    'explain (analyze anything)',
    'explain ("analyze" true)',
    'explain ("ANALYZE" yes)',
    'explain ("Analyze")',
    'explain (verbose, analyze 1, format json)',
    'explain (analyze false, analyze 1)',
    'explain (analyze 1, analyze false)',
    'explain (format json, analyze)',
    'explain (analyze true, costs off)',
  ];

  it.each(analyzing)('%s update … → a write that lists its table (PostgreSQL), refused on PGlite', async (prefix) => {
    const text = `${prefix} update organisations set name = name where id = 1`;
    expect((await checkSql(text, 'postgres')).statements[0]).toMatchObject({ command: 'EXPLAIN ANALYZE', kind: 'write', tables: ['organisations'] });
    expect((await refusal(text, 'pglite')).message).toContain('EXPLAIN ANALYZE is refused');
  });

  it.each(analyzing)('%s select … → refused on PGlite, where nothing stops it', async (prefix) => {
    const text = `${prefix} select count(*) from generate_series(1, 3000000)`;
    expect((await refusal(text, 'pglite')).message).toContain('EXPLAIN ANALYZE is refused');
    expect((await checkSql(text, 'postgres')).statements[0]).toMatchObject({ command: 'EXPLAIN ANALYZE', kind: 'read' });
  });

  it.each([
    'explain',
    'EXPLAIN',
    'explain verbose',
    'explain (analyze false)',
    'explain (analyze FALSE)',
    "explain (analyze 'False')",
    'explain (analyze off)',
    "explain (analyze 'OFF')",
    'explain (analyze 0)',
    'explain (analyze 00)',
    "explain (analyze '0')",
    'explain (analyze off, format json)',
    'explain (costs off)',
  ])('%s update … → a plan only: a read that runs nothing', async (prefix) => {
    const text = `${prefix} update organisations set name = name where id = 1`;
    expect((await checkSql(text, 'postgres')).statements[0]).toMatchObject({ command: 'EXPLAIN', kind: 'read', tables: [] });
    expect((await checkSql(text, 'pglite')).statements[0]).toMatchObject({ command: 'EXPLAIN', kind: 'read', tables: [] });
  });

  it('the write a confirmation listed is every write of the run, the one under EXPLAIN (ANALYZE 1) too', async () => {
    const c = await checkSql("update products set name = name where id = 1; EXPLAIN (ANALYZE 1) UPDATE organisations SET name = 'x' WHERE id = 1", 'postgres');
    expect(c.tables).toEqual(['organisations', 'products']);
  });

  it('EXPLAIN ANALYZE carries the statement it runs, whose plan the cost cap checks', async () => {
    const cases: [string, string][] = [
      ['explain (analyze 1) select 1', 'select 1'],
      ['EXPLAIN ANALYZE VERBOSE update products set name = name', 'update products set name = name'],
      ["explain ( analyze 'TRUE' , format json )\n  (select 1 union select 2)", '(select 1 union select 2)'],
      ['explain analyze with x as (select 1) select * from x', 'with x as (select 1) select * from x'],
      ["explain /* crème */ (analyze 1) select 'brûlée'", "select 'brûlée'"],
      ["select 'é'; explain /* ü */ analyse select 'ß'", "select 'ß'"],
    ];
    for (const [text, runs] of cases) expect((await checkSql(text, 'postgres')).statements.at(-1)!.analyzes, text).toBe(runs);
    expect((await checkSql('explain select 1', 'postgres')).statements[0]!.analyzes).toBeUndefined();
  });
});

describe('checkSql: what the planner would compute before any limit (PGlite)', () => {
  it.each([
    ["select length(repeat('x', 400000000))"],
    ["select lpad('', 1000000000)"],
    ['select factorial(200000)'],
    ['select 2::numeric ^ 1000000'],
    ['select power(2::numeric, 1000000)'],
    ["select format('%1000000000s', 'x')"],
  ])('%s is refused on PGlite, left to the timeout on PostgreSQL', async (sql) => {
    expect((await refusal(sql, 'pglite')).message).toContain('embedded database');
    await expect(checkSql(sql, 'postgres')).resolves.toMatchObject({ writes: false });
  });
});
