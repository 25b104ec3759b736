import { asc, count, sql, type SQL } from 'drizzle-orm';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyPglite, freshDatabase, type TestDatabase } from '../../tests/support/test-db';
import { type Database, openDatabase, queryRows } from './client';
import { onePage, onePreparedPage, preparePage, preparedByLimit, totalOf } from './paged';
import { UNNAMED } from './prepared';

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

describe('preparePage', () => {
  const prepared = (db: Database['db']) =>
    preparePage(
      db
        .select({
          id: things.id,
          name: things.name,
          matched: totalOf(
            db
              .select({ n: count() })
              .from(things)
              .where(sql`${things.id} > ${sql.placeholder('above')}`),
          ),
        })
        .from(things)
        .where(sql`${things.id} > ${sql.placeholder('above')}`)
        .orderBy(asc(things.id)),
    );

  it('gives every page as onePage does: the first from its own statement, the rest from the other', async () => {
    const page = prepared(t.database.db);
    for (const pageSize of [1, 2, 3, 7, 8])
      for (let n = 1; n <= 9; n++)
        expect(await onePreparedPage(page, { above: 1 }, { page: n, pageSize })).toEqual(await onePage(list(sql`${things.id} > 1`), { page: n, pageSize }));
    expect(() => page.first(0)).toThrow(RangeError);
    expect(() => page.first(2.5)).toThrow(RangeError);
  });

  describe('on PGlite (one session: its prepared statements can be read)', () => {
    let lite: Database;
    beforeAll(async () => {
      lite = await openDatabase({ dataDir: 'memory://', loadDataDir: emptyPglite() });
      await lite.db.execute(sql`create table paged_things (id int primary key, name text not null)`);
      await lite.db.execute(sql`insert into paged_things select g, 'thing ' || g from generate_series(1, 40) g`);
    });
    afterAll(() => lite?.close());

    /** How often the database planned the prepared statements whose text has `fragment`. */
    const plans = async (fragment: string) =>
      (
        await queryRows<{ generic: number; custom: number }>(
          lite.db,
          sql`select coalesce(sum(generic_plans), 0)::int as generic, coalesce(sum(custom_plans), 0)::int as custom
              from pg_prepared_statements where statement like ${`%${fragment}%`}`,
        )
      )[0]!;

    it('keeps one plan for the first page, its limit in the statement, after five made for its calls', async () => {
      const page = prepared(lite.db);
      for (let i = 0; i < 14; i++) {
        await onePreparedPage(page, { above: 0 }, { page: 1, pageSize: 10 });
        await onePreparedPage(page, { above: 0 }, { page: 2, pageSize: 10 });
      }
      // 14 calls each: the first two unnamed (statement-cache.ts), then 12 of the prepared statement.
      const first = await plans('limit 10');
      expect(first.generic + first.custom).toBe(12);
      expect(first.custom).toBe(5); // PostgreSQL's five custom plans before it compares
      // The later pages' statement, limit and offset as placeholders, is PostgreSQL's to plan as it
      // judges best (inside the page's JSON aggregate it may keep a generic plan too).
      const other = await plans('offset $');
      expect(other.generic + other.custom).toBe(12);
    });

    it('prepares a keyset page once for each limit, written into the statement', async () => {
      const built: number[] = [];
      const byLimit = preparedByLimit((limit) => {
        built.push(0);
        return lite.db
          .select({ id: things.id })
          .from(things)
          .where(sql`${things.id} > ${sql.placeholder('after')}`)
          .orderBy(asc(things.id))
          .limit(limit)
          .prepare(UNNAMED);
      });
      expect(await byLimit(3).execute({ after: 5 })).toEqual([{ id: 6 }, { id: 7 }, { id: 8 }]);
      expect(byLimit(3)).toBe(byLimit(3));
      expect(await byLimit(1).execute({ after: 39 })).toEqual([{ id: 40 }]);
      expect(built).toHaveLength(2);
      for (let i = 0; i < 10; i++) await byLimit(3).execute({ after: i });
      expect((await plans('limit 3')).generic).toBeGreaterThan(0);
      expect(() => byLimit(-1)).toThrow(RangeError);
    });
  });
});
