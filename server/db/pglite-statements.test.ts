import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterEach, describe, expect, it } from 'vitest';
import { emptyPglite } from '../../tests/support/test-db';
import { type Database, openDatabase, statementRows } from './client';
import { type QueryClient, preparingClient } from './pglite-statements';
import { createStatementNamer } from './statement-cache';

let pglite: PGlite | undefined;
let database: Database | undefined;
afterEach(async () => {
  await database?.close();
  await pglite?.close();
  pglite = database = undefined;
});

async function setup(): Promise<{ pg: PGlite; client: QueryClient }> {
  pglite = new PGlite({ loadDataDir: emptyPglite() });
  await pglite.exec(`
    create table probe (id int primary key, name text not null, at timestamptz, tags text[], doc jsonb, ok boolean, price numeric);
    insert into probe values (1, 'Ada', '2026-01-02T03:04:05Z', '{a,b}', '{"k": [1, 2]}', true, 12.50), (2, 'Émile', null, '{}', null, false, 0);`);
  return { pg: pglite, client: preparingClient(pglite, createStatementNamer(10)) };
}

const preparedNames = async (pg: Pick<PGlite, 'query'>) =>
  (await pg.query<{ name: string }>(`select name from pg_prepared_statements where name like 'frolic_%' order by name`)).rows.map((r) => r.name);

describe('named statements on PGlite', () => {
  it('answers exactly as PGlite does, and prepares a text once from its third use on', async () => {
    const { pg, client } = await setup();
    const text = 'select id, name, at, tags, doc, ok, price from probe where id >= $1 and ($2::text is null or name = $2) order by id';
    for (const params of [
      [1, null],
      [1, 'Émile'],
      [2, null],
      [0, 'Ada'],
    ]) {
      for (const rowMode of ['object', 'array'] as const) {
        const expected = await pg.query(text, params, { rowMode });
        expect(await client.query(text, params, { rowMode })).toEqual(expected);
        // With parsers of the caller's own over PGlite's, as Drizzle passes them (timestamps as text).
        const parsers = { 1184: (value: string) => `at ${value}`, 1700: (value: string) => Number(value) };
        const parsed = await pg.query(text, params, { rowMode, parsers });
        expect(await client.query(text, params, { rowMode, parsers })).toEqual(parsed);
      }
    }
    expect(await preparedNames(pg)).toHaveLength(1);
    // Writes: the affected rows are counted as PGlite counts them.
    const update = 'update probe set ok = $1 where id = $2';
    for (let i = 0; i < 4; i++) expect(await client.query(update, [i % 2 === 0, 1])).toMatchObject({ affectedRows: 1, rows: [] });
    expect((await pg.query('select ok from probe where id = 1')).rows).toEqual([{ ok: false }]);
    expect(await preparedNames(pg)).toHaveLength(2);
  });

  it('decodes the answer itself exactly as PGlite would: long answers in several pieces, every text, NULLs, a notice', async () => {
    const { pg, client } = await setup();
    // About 3 MB: PGlite hands it over in pieces.
    const text = `select g as id, repeat('é', g % 50) || chr(9731) || g::text as name, case when g % 3 = 0 then null else g * 1.5 end as price,
      array[g, g + 1] as pair, timestamptz '2026-01-02 03:04:05+00' - make_interval(secs => g) as at from generate_series(1, $1::int) as g`;
    for (const rowMode of ['object', 'array'] as const) {
      for (let i = 0; i < 3; i++) {
        const expected = await pg.query(text, [40_000], { rowMode });
        const got = await client.query(text, [40_000], { rowMode });
        expect(got.rows).toHaveLength(40_000);
        expect(got).toEqual(expected);
      }
    }
    // An answer with a notice in it goes to PGlite's parser, and answers the same.
    const noisy = `select id, (select count(*) from pg_class where relname = 'no such' || $1::text) as n from probe order by id`;
    await pg.exec(`create or replace function noisy(x int) returns int language plpgsql as $$ begin raise notice 'seen %', x; return x; end $$`);
    const withNotice = 'select noisy(id) as id from probe where id >= $1 order by id';
    for (let i = 0; i < 4; i++) expect(await client.query(withNotice, [1])).toEqual(await pg.query(withNotice, [1]));
    for (let i = 0; i < 4; i++) expect(await client.query(noisy, ['x'])).toEqual(await pg.query(noisy, ['x']));
    expect(await preparedNames(pg)).toHaveLength(3);
  });

  it('keeps the database error, with its code and query, and the statement still works after it', async () => {
    const { client } = await setup();
    const insert = 'insert into probe (id, name) values ($1, $2)';
    for (let i = 0; i < 3; i++) await client.query(insert, [10 + i, 'x']);
    const err = await client.query(insert, [10, 'again']).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: '23505', query: insert, params: [10, 'again'] });
    expect(await client.query(insert, [20, 'y'])).toMatchObject({ affectedRows: 1 });
  });

  it('runs inside transactions, whose rollback undoes the named statements’ writes', async () => {
    const { pg, client } = await setup();
    const insert = 'insert into probe (id, name) values ($1, $2)';
    await expect(
      client.transaction(async (tx) => {
        for (let i = 0; i < 5; i++) await tx.query(insert, [100 + i, 'tx']);
        expect((await tx.query<{ n: number }>('select count(*)::int as n from probe')).rows).toEqual([{ n: 7 }]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect((await pg.query('select count(*)::int as n from probe')).rows).toEqual([{ n: 2 }]);
    expect(await preparedNames(pg)).toHaveLength(1);
    await client.transaction(async (tx) => {
      for (let i = 0; i < 2; i++) await tx.query(insert, [200 + i, 'kept']);
    });
    expect((await pg.query('select count(*)::int as n from probe')).rows).toEqual([{ n: 4 }]);
  });

  it('survives a column whose type changed under a prepared statement: the call is run again, unnamed', async () => {
    const { pg, client } = await setup();
    const text = 'select * from probe where id = $1';
    for (let i = 0; i < 4; i++) expect((await client.query(text, [1])).rows).toMatchObject([{ name: 'Ada' }]);
    const [before] = await preparedNames(pg);
    await pg.exec('alter table probe alter column price type text');
    expect((await client.query(text, [1])).rows).toMatchObject([{ name: 'Ada', price: '12.50' }]);
    for (let i = 0; i < 3; i++) expect((await client.query(text, [2])).rows).toMatchObject([{ name: 'Émile', price: '0' }]);
    // Prepared again under a new name; the refused one is closed.
    const after = await preparedNames(pg);
    expect(after).toHaveLength(1);
    expect(after[0]).not.toBe(before);
  });

  it('leaves one-off texts unnamed, and names none with a limit of 0', async () => {
    const { pg } = await setup();
    const off = preparingClient(pg, createStatementNamer(0));
    for (let i = 0; i < 5; i++) await off.query('select name from probe where id = $1', [1]);
    const on = preparingClient(pg, createStatementNamer(10));
    for (let i = 0; i < 2; i++) await on.query('select name from probe where id = $1', [1]);
    expect(await preparedNames(pg)).toEqual([]);
  });

  it('is what Drizzle and statementRows use on an opened PGlite database (on its thread)', async () => {
    database = await openDatabase({ dataDir: 'memory://', loadDataDir: emptyPglite(), statementCache: 10 });
    const { db } = database;
    const pg = database.pglite!;
    await db.execute(sql`create table t (a int)`);
    for (let i = 0; i < 4; i++) await db.execute(sql`insert into t values (${i})`);
    expect(await statementRows<{ n: number }>(db, 'select count(*)::int as n from t where a >= $1::int', [0])).toEqual([{ n: 4 }]);
    for (let i = 0; i < 3; i++) await statementRows(db, 'select count(*)::int as n from t where a >= $1::int', [2]);
    expect(await preparedNames(pg)).toHaveLength(2);
    // The SQL editor's transaction names nothing, however often a text repeats.
    await pg.plainTransaction(async (tx) => {
      for (let i = 0; i < 5; i++) await tx.query('select count(*)::int as n from t where a < 1');
    });
    expect(await preparedNames(pg)).toHaveLength(2);
  });

  it('Drizzle’s own driver takes the client too (the tests that record statements build one on it)', async () => {
    const { pg } = await setup();
    const again = drizzle(preparingClient(pg, createStatementNamer(10)) as unknown as PGlite);
    expect((await again.execute(sql`select count(*)::int as n from probe`)).rows).toEqual([{ n: 2 }]);
  });
});
