// The lists' prepared pages run with generic plans (prepared.ts, `prepareGeneric`); nothing else does.
import { count, sql } from 'drizzle-orm';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, type TestDatabase } from '../../tests/support/test-db';
import { type Database, openDatabase } from './client';
import { onePreparedPage, preparePage, totalOf } from './paged';
import { UNNAMED } from './prepared';

const rows = pgTable('generic_plan_rows', { id: integer('id').primaryKey(), name: text('name').notNull() });

async function withRows(database: Database): Promise<void> {
  await database.db.execute(sql`create table generic_plan_rows (id integer primary key, name text not null)`);
  await database.db.insert(rows).values(Array.from({ length: 40 }, (_, i) => ({ id: i + 1, name: `row ${i + 1}` })));
}

/** A page of the rows, with the plan mode of the session that ran it. */
const pageOf = (database: Database) =>
  preparePage(
    database.db
      .select({ name: rows.name, mode: sql<string>`current_setting('plan_cache_mode')`, matched: totalOf(database.db.select({ n: count() }).from(rows)) })
      .from(rows)
      .orderBy(rows.id),
  );

const modeNow = async (database: Database) =>
  ((await database.db.execute(sql`select current_setting('plan_cache_mode') as mode`)) as unknown as { rows: { mode: string }[] }).rows[0]!.mode;

let t: TestDatabase;
beforeAll(async () => {
  t = await freshDatabase();
  await withRows(t.database);
});
afterAll(() => t?.dispose());

describe('generic plans', () => {
  it("run a list's prepared page, and only it: other queries and other prepared statements keep `auto`", async () => {
    const page = pageOf(t.database);
    const plain = t.database.db
      .select({ mode: sql<string>`current_setting('plan_cache_mode')` })
      .from(rows)
      .limit(sql.placeholder('limit'))
      .prepare(UNNAMED);
    const seen: string[] = [];
    for (let i = 1; i <= 6; i++) {
      const { rows: got, total } = await onePreparedPage(page, {}, { page: i, pageSize: 5 });
      expect(got.map((r) => r.name)).toEqual(Array.from({ length: 5 }, (_, k) => `row ${(i - 1) * 5 + k + 1}`));
      expect(total).toBe(40);
      seen.push(got[0]!.mode);
      // Between the page's calls: the session is back to its own mode for everything else.
      expect(await modeNow(t.database)).toBe('auto');
      expect((await plain.execute({ limit: 1 }))[0]!.mode).toBe('auto');
    }
    // A text becomes a prepared statement after its third call (statement-cache.ts); from then on
    // (on PostgreSQL from the first, the pool's sessions say so) its plan is generic.
    expect(seen.slice(3)).toEqual(['force_generic_plan', 'force_generic_plan', 'force_generic_plan']);
  });

  it('keep a transaction to its own plans', async () => {
    const mode = await t.database.db.transaction(async (tx) => {
      const page = preparePage(
        tx
          .select({ mode: sql<string>`current_setting('plan_cache_mode')`, matched: totalOf(tx.select({ n: count() }).from(rows)) })
          .from(rows)
          .orderBy(rows.id),
      );
      const modes: string[] = [];
      for (let i = 0; i < 5; i++) modes.push((await onePreparedPage(page, {}, { page: 1, pageSize: 1 })).rows[0]!.mode);
      return modes;
    });
    expect(mode).toEqual(['auto', 'auto', 'auto', 'auto', 'auto']);
  });
});

describe('on PGlite', () => {
  let lite: Database;
  beforeAll(async () => {
    lite = await openDatabase({ dataDir: 'memory://' });
    await withRows(lite);
  });
  afterAll(() => lite?.close());

  /** How often PostgreSQL planned the statements whose text mentions `marker`, in PGlite's one session. */
  const plans = async (marker: string) =>
    (
      (await lite.db.execute(
        sql`select sum(generic_plans)::int as generic, sum(custom_plans)::int as custom from pg_prepared_statements where statement like ${`%${marker}%`}`,
      )) as unknown as { rows: { generic: number; custom: number }[] }
    ).rows[0]!;

  it('plan a page once, where `auto` planned it again at every call for its `limit`', async () => {
    const page = preparePage(
      lite.db
        .select({ name: rows.name, marker: sql<string>`'generic page'`, matched: totalOf(lite.db.select({ n: count() }).from(rows)) })
        .from(rows)
        .orderBy(rows.id),
    );
    const auto = lite.db
      .select({ name: rows.name, marker: sql<string>`'auto page'` })
      .from(rows)
      .orderBy(rows.id)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(UNNAMED);
    for (let i = 0; i < 12; i++) {
      await onePreparedPage(page, {}, { page: 1 + (i % 3), pageSize: 10 });
      await auto.execute({ limit: 10, offset: 10 * (i % 3) });
    }
    // Twelve calls: two before the text is named, ten as a prepared statement.
    expect(await plans('generic page')).toEqual({ generic: 10, custom: 0 });
    const kept = await plans('auto page');
    expect(kept.custom).toBe(10);
    expect(kept.generic).toBe(0);
  });
});
