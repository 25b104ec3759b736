import { asc, count, sql, type SQL } from 'drizzle-orm';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, type TestDatabase } from '../../tests/support/test-db';
import { queryRows } from './client';
import { onePage, totalOf } from './paged';

const things = pgTable('paged_things', { id: integer('id').primaryKey(), name: text('name').notNull() });
const parts = pgTable('paged_parts', { thingId: integer('thing_id').notNull() });

let t: TestDatabase;
beforeAll(async () => {
  t = await freshDatabase();
  await t.database.db.execute(sql`create table paged_things (id int primary key, name text not null)`);
  await t.database.db.execute(sql`create table paged_parts (thing_id int not null)`);
  await t.database.db.execute(sql`insert into paged_things select g, 'thing ' || g from generate_series(1, 7) g`);
  await t.database.db.execute(sql`insert into paged_parts select (g % 7) + 1 from generate_series(1, 20) g`);
  await t.database.db.execute(sql`create sequence paged_calls`);
  await t.database.db.execute(sql`create sequence paged_counts`);
});
afterAll(() => t?.dispose());

const total = (where: SQL) => totalOf(t.database.db.select({ n: count() }).from(things).where(where));
const list = (where = sql`true`) =>
  t.database.db
    .select({ id: things.id, name: things.name, matched: total(where) })
    .from(things)
    .where(where)
    .orderBy(asc(things.id));

describe('onePage', () => {
  it('gives the page and the total in one query, without the total column', async () => {
    expect(await onePage(list(), { page: 1, pageSize: 3 })).toEqual({
      rows: [
        { id: 1, name: 'thing 1' },
        { id: 2, name: 'thing 2' },
        { id: 3, name: 'thing 3' },
      ],
      total: 7,
    });
    expect(await onePage(list(), { page: 3, pageSize: 3 })).toEqual({ rows: [{ id: 7, name: 'thing 7' }], total: 7 });
  });

  it('counts only what the filter keeps', async () => {
    const r = await onePage(list(sql`${things.id} % 2 = 0`), { page: 1, pageSize: 2 });
    expect(r.rows.map((x) => x.id)).toEqual([2, 4]);
    expect(r.total).toBe(3);
  });

  it('still knows the total on a page past the end, and says 0 for nothing matched', async () => {
    expect(await onePage(list(), { page: 4, pageSize: 3 })).toEqual({ rows: [], total: 7 });
    expect(await onePage(list(sql`false`), { page: 1, pageSize: 3 })).toEqual({ rows: [], total: 0 });
    expect(await onePage(list(sql`false`), { page: 2, pageSize: 3 })).toEqual({ rows: [], total: 0 });
  });

  it('runs per-row subqueries for the page’s rows only, not for every row counted', async () => {
    // nextval() in the select list counts how many rows had it computed.
    const r = await onePage(
      t.database.db
        .select({
          id: things.id,
          parts: sql<number>`(select count(*) from ${parts} where ${parts.thingId} = ${things.id} and nextval('paged_calls') > 0)::int`,
          matched: total(sql`true`),
        })
        .from(things)
        .orderBy(asc(things.name)),
      { page: 1, pageSize: 2 },
    );
    expect(r.total).toBe(7);
    expect(r.rows).toEqual([
      { id: 1, parts: 2 },
      { id: 2, parts: 3 },
    ]);
    const [calls] = await queryRows<{ n: number }>(t.database.db, sql`select last_value::int as n from paged_calls`);
    // 2 rows shown × their parts (the subquery's filter runs once per part row): not 7 things' worth.
    expect(calls?.n).toBe(5);
  });

  it('counts once per page, not once per row', async () => {
    // nextval() beside the count says how many times the count ran.
    const counted = totalOf(sql`select count(*) + 0 * nextval('paged_counts') from ${things}`);
    const r = await onePage(t.database.db.select({ id: things.id, matched: counted }).from(things).orderBy(asc(things.id)), { page: 1, pageSize: 3 });
    expect(r).toEqual({ rows: [{ id: 1 }, { id: 2 }, { id: 3 }], total: 7 });
    const [calls] = await queryRows<{ n: number }>(t.database.db, sql`select last_value::int as n from paged_counts`);
    expect(calls?.n).toBe(1);
  });
});
