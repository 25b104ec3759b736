import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { UNNAMED } from './prepared';
import { describeOnPostgres, freshDatabase, type TestDatabase } from '../../tests/support/test-db';
import { type Database, openDatabase } from './client';
import { createStatementNamer } from './statement-cache';

describe('statement names', () => {
  it('names a text from its third use on, the same name every time', () => {
    const namer = createStatementNamer(10);
    const text = 'select id from users where id = $1';
    expect([namer.nameFor(text), namer.nameFor(text)]).toEqual([undefined, undefined]);
    const name = namer.nameFor(text);
    expect(name).toMatch(/^frolic_[0-9a-f]{32}_0$/);
    expect(namer.nameFor(text)).toBe(name);
    expect(namer.nameFor('select 2')).toBeUndefined();
    expect(namer.size).toBe(1);
  });

  it('names no more than its limit, and nothing at 0', () => {
    const namer = createStatementNamer(2);
    for (const text of ['a', 'b', 'c']) for (let i = 0; i < 3; i++) namer.nameFor(text);
    expect(namer.size).toBe(2);
    expect(namer.nameFor('c')).toBeUndefined();
    const off = createStatementNamer(0);
    for (let i = 0; i < 5; i++) expect(off.nameFor('a')).toBeUndefined();
  });

  it('gives a forgotten text a new name (a plan the server refused is never asked for again)', () => {
    const namer = createStatementNamer(10);
    for (let i = 0; i < 3; i++) namer.nameFor('a');
    const first = namer.nameFor('a');
    namer.forget('a');
    for (let i = 0; i < 2; i++) expect(namer.nameFor('a')).toBeUndefined();
    const second = namer.nameFor('a');
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
  });
});

describeOnPostgres('prepared statements on PostgreSQL', () => {
  let t: TestDatabase | undefined;
  let database: Database | undefined;
  afterEach(async () => {
    await database?.close();
    await t?.dispose();
  });

  it('prepares a repeated query once per connection and survives a column whose type changed', async () => {
    t = await freshDatabase();
    // One connection, so what it prepared is visible to the next query on it.
    database = await openDatabase({ databaseUrl: t.url as string, poolSize: 1, statementCache: 50 });
    const { db } = database;
    await db.execute(sql`create table statement_cache_probe (a int)`);
    await db.execute(sql`insert into statement_cache_probe values (1), (2)`);
    const probe = async () =>
      ((await db.execute(sql`select a from statement_cache_probe where a >= ${1} order by a`)) as unknown as { rows: { a: unknown }[] }).rows;
    for (let i = 0; i < 5; i++) expect(await probe()).toEqual([{ a: 1 }, { a: 2 }]);
    const prepared = async () =>
      (
        (await db.execute(sql.raw(`select statement from pg_prepared_statements where name like 'frolic_%'`))) as unknown as { rows: { statement: string }[] }
      ).rows.map((r) => r.statement);
    expect(await prepared()).toContain('select a from statement_cache_probe where a >= $1 order by a');
    // A query prepared with the empty name (prepared.ts) is named by its text like the rest.
    const shaped = db
      .select({ a: sql<number>`a` })
      .from(sql`statement_cache_probe`)
      .where(sql`a <= ${sql.placeholder('most')}`)
      .prepare(UNNAMED);
    for (let i = 0; i < 4; i++) expect(await shaped.execute({ most: 1 })).toEqual([{ a: 1 }]);
    expect(await prepared()).toContain('select a from statement_cache_probe where a <= $1');

    // The SQL editor (or a DBA) changes the column's type: the prepared plan's result no longer
    // fits. At most one call fails; the next is prepared afresh and sees the new type.
    await db.execute(sql`alter table statement_cache_probe alter column a type bigint`);
    const outcome = await probe().catch((err: Error & { cause?: { code?: string } }) => err.cause?.code ?? err.message);
    expect(outcome).toBe('0A000');
    // bigint comes back as a string: the new statement's result.
    for (let i = 0; i < 4; i++) expect(await probe()).toEqual([{ a: '1' }, { a: '2' }]);
    // A type its parameter no longer fits (text >= integer): refused once, then prepared afresh.
    await db.execute(sql`alter table statement_cache_probe alter column a type text`);
    await expect(probe()).rejects.toThrow();
    for (let i = 0; i < 4; i++) expect(await probe()).toEqual([{ a: '1' }, { a: '2' }]);
  });
});
