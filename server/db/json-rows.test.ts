import { asc, count, desc, eq, sql } from 'drizzle-orm';
import { bigint, boolean, date, inet, integer, jsonb, numeric, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, type TestDatabase } from '../../tests/support/test-db';
import { jsonRows, useJsonRows } from './json-rows';
import { totalOf } from './paged';

const mood = pgEnum('json_rows_mood', ['calm', 'busy']);
const notes = pgTable('json_rows_notes', {
  id: integer('id').primaryKey(),
  ref: uuid('ref'),
  title: text('title').notNull(),
  tags: text('tags').array(),
  mood: mood('mood'),
  done: boolean('done'),
  price: numeric('price', { precision: 12, scale: 2 }),
  big: bigint('big', { mode: 'number' }),
  on: date('on', { mode: 'string' }),
  onDate: date('on_date', { mode: 'date' }),
  at: timestamp('at', { withTimezone: true }),
  atString: timestamp('at_string', { withTimezone: true, mode: 'string' }),
  local: timestamp('local'),
  meta: jsonb('meta'),
  ip: inet('ip'),
  ownerId: integer('owner_id'),
});
const owners = pgTable('json_rows_owners', {
  id: integer('id').primaryKey(),
  title: text('title').notNull(),
  since: timestamp('since', { withTimezone: true }),
});

let t: TestDatabase;
beforeAll(async () => {
  // The JSON path on either database (PGlite's default is rows; its SQL is the same).
  useJsonRows('always');
  t = await freshDatabase();
  const db = t.database.db;
  await db.execute(sql`create type json_rows_mood as enum ('calm', 'busy')`);
  await db.execute(sql`create table json_rows_owners (id int primary key, title text not null, since timestamptz)`);
  await db.execute(sql`create table json_rows_notes (
    id int primary key, ref uuid, title text not null, tags text[], mood json_rows_mood, done boolean, price numeric(12, 2),
    big bigint, "on" date, on_date date, at timestamptz, at_string timestamptz, local timestamp, meta jsonb, ip inet, owner_id int)`);
  await db.execute(sql`insert into json_rows_owners values (1, 'Ann', '2026-01-02 03:04:05.678+00'), (2, 'Bo "the" \\ one', null)`);
  // Every kind of value, and nulls, in turn; the last rows have no owner (a left join's nulls).
  await db.execute(sql`insert into json_rows_notes
    select g, case when g % 3 = 0 then null else ('00000000-0000-4000-8000-' || lpad(g::text, 12, '0'))::uuid end,
      'note ' || g || E' — "quoted", ünïcode\\n',
      case when g % 4 = 0 then null else array['a', 'b,c', 'd"e'] end,
      case when g % 2 = 0 then 'calm'::json_rows_mood else 'busy' end,
      case when g % 5 = 0 then null else g % 2 = 0 end,
      case when g % 6 = 0 then null else (g * 10.5)::numeric(12, 2) end,
      9007199254740 + g,
      ('2026-03-01'::date + g),
      ('2026-03-01'::date + g),
      ('2026-11-29 00:15:06.123456+00'::timestamptz + g * interval '1 hour 1 second'),
      ('2026-11-29 00:15:06+00'::timestamptz + g * interval '1 day'),
      ('2026-11-29 00:15:06.5'::timestamp + g * interval '1 minute'),
      case when g % 7 = 0 then null else jsonb_build_object('n', g, 'list', jsonb_build_array(1, 'two', null)) end,
      case when g % 2 = 0 then '10.0.0.1'::inet else '2001:db8::1'::inet end,
      case when g > 20 then null else (g % 2) + 1 end
    from generate_series(1, 24) g`);
});
afterAll(async () => {
  useJsonRows('postgres');
  await t?.dispose();
});

const page = () =>
  t.database.db
    .select({
      note: notes,
      owner: { id: owners.id, title: owners.title, since: owners.since },
      ownerTitle: owners.title,
      letters: sql<number>`length(${notes.title})`,
      flag: sql<boolean>`${notes.id} % 2 = 0`,
      label: sql<string | null>`upper(${owners.title})`,
      matched: totalOf(
        t.database.db
          .select({ n: count() })
          .from(notes)
          .where(sql`${notes.id} > ${sql.placeholder('from')}`),
      ),
    })
    .from(notes)
    .leftJoin(owners, eq(owners.id, notes.ownerId))
    .where(sql`${notes.id} > ${sql.placeholder('from')}`)
    .orderBy(desc(notes.id))
    .limit(sql.placeholder('limit'));

describe('jsonRows', () => {
  it('gives the rows the select gives, value for value, in order, for every kind of column and a left join’s nulls', async () => {
    const json = jsonRows(page());
    const rows = page().prepare('');
    for (const values of [
      { from: 0, limit: 100 },
      { from: 0, limit: 5 },
      { from: 18, limit: 10 },
    ]) {
      const expected = await rows.execute(values);
      const actual = await json.execute(values);
      expect(actual.length).toBe(expected.length);
      expect(actual).toEqual(expected);
      // As the API would send them: the same JSON, key order included.
      expect(JSON.stringify(actual)).toBe(JSON.stringify(expected));
    }
    const all = await rows.execute({ from: 0, limit: 100 });
    expect(all.some((r) => r.owner === null)).toBe(true);
    expect(all.find((r) => r.note.id === 23)!.note.price).toBe('241.50');
    expect(all[0]!.note.at).toBeInstanceOf(Date);
  });

  it('answers an empty page with no rows', async () => {
    expect(await jsonRows(page()).execute({ from: 1000, limit: 5 })).toEqual([]);
  });

  it('is one statement returning one value, not a row a row', async () => {
    const select = t.database.db.select({ id: notes.id }).from(notes).orderBy(asc(notes.id)).limit(3);
    const text = (jsonRows(select) as unknown as { queryString: string }).queryString;
    expect(text).toMatch(/^select coalesce\(json_agg\(json_build_array\(s\.c0\)\), '\[\]'\)::text from \(select .* limit \$1\) s\(c0\)$/);
  });

  it('refuses a column type it does not map, when the query is built', () => {
    const odd = pgTable('json_rows_odd', { when: timestamp('when').array() });
    expect(() => jsonRows(t.database.db.select({ when: odd.when }).from(odd))).toThrow(/array of timestamp/);
  });

  it('by default, answers as JSON on PostgreSQL and as rows on PGlite', async () => {
    useJsonRows('postgres');
    try {
      const select = t.database.db.select({ id: notes.id }).from(notes).orderBy(asc(notes.id)).limit(2);
      const query = jsonRows(select) as unknown as { queryString: string; execute(): Promise<unknown[]> };
      expect(query.queryString.startsWith('select coalesce(json_agg(')).toBe(t.database.kind === 'postgres');
      expect(await query.execute()).toEqual([{ id: 1 }, { id: 2 }]);
    } finally {
      useJsonRows('always');
    }
  });
});
