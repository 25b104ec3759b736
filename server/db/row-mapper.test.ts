import * as orm from 'drizzle-orm';
import { count, eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { totalOf } from './paged';
import { rowMapper, withRowPlan } from './row-mapper';

const people = pgTable('people', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull(),
  teamId: uuid('team_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
const teams = pgTable('teams', { id: uuid('id').primaryKey(), title: text('title').notNull(), size: integer('size') });
const badges = pgTable('badges', { id: uuid('id').primaryKey(), teamId: uuid('team_id'), label: text('label') });

const db = drizzle.mock();

/** Drizzle's own row mapping, the reference (exported, but not in its types). */
const { mapResultRow } = orm as unknown as { mapResultRow(fields: unknown, row: unknown[], joinsNotNullableMap: unknown): unknown };

interface Prepared {
  fields: { path: string[]; field: unknown }[];
  joinsNotNullableMap: Record<string, boolean>;
  customResultMapper?: unknown;
}

/** The queries' shapes the lists use: flat columns, SQL with a decoder, a subquery count, joined tables as objects. */
const shapes: Record<string, () => unknown> = {
  flat: () => db.select({ id: people.id, name: people.name, createdAt: people.createdAt }).from(people).prepare(''),
  'flat with SQL and a count': () =>
    db
      .select({
        id: people.id,
        upper: sql<string>`upper(${people.name})`,
        n: sql`1`.mapWith(Number),
        matched: totalOf(db.select({ n: count() }).from(people)),
        alias: sql<string>`lower(${people.name})`.as('alias'),
        at: people.createdAt,
      })
      .from(people)
      .prepare(''),
  'a left-joined table as an object': () => db.select({ id: people.id, team: teams }).from(people).leftJoin(teams, eq(teams.id, people.teamId)).prepare(''),
  'two left joins, nested and flat': () =>
    db
      .select({ person: people, team: { id: teams.id, title: teams.title }, badge: badges, label: badges.label })
      .from(people)
      .leftJoin(teams, eq(teams.id, people.teamId))
      .leftJoin(badges, eq(badges.teamId, teams.id))
      .prepare(''),
  'every table of a join': () => db.select().from(people).leftJoin(teams, eq(teams.id, people.teamId)).prepare(''),
  'an inner join': () => db.select({ person: people, team: teams }).from(people).innerJoin(teams, eq(teams.id, people.teamId)).prepare(''),
};

/** A driver's value for a cell: null, or what the column's type would send (as text or a number). */
const cell = fc.oneof(fc.constant(null), fc.constant('2026-11-29 00:15:06.123+00'), fc.string({ maxLength: 8 }), fc.integer().map(String), fc.integer());

describe('rowMapper', () => {
  for (const [name, prepare] of Object.entries(shapes)) {
    it(`maps rows as Drizzle does: ${name}`, () => {
      const prepared = prepare() as Prepared;
      const width = prepared.fields.length;
      const mapper = rowMapper(prepared.fields, prepared.joinsNotNullableMap);
      fc.assert(
        fc.property(fc.array(fc.array(cell, { minLength: width, maxLength: width }), { maxLength: 5 }), (rows) => {
          const expected = rows.map((row) => mapResultRow(prepared.fields, row, prepared.joinsNotNullableMap));
          // Key order too: the JSON a list sends is these objects as they are.
          expect(JSON.stringify(mapper(rows))).toBe(JSON.stringify(expected));
          expect(mapper(rows)).toEqual(expected);
        }),
      );
    });
  }

  it('a joined table whose columns are all null becomes null, one with any value stays an object', () => {
    const prepared = shapes['a left-joined table as an object']!() as Prepared;
    const mapper = rowMapper(prepared.fields, prepared.joinsNotNullableMap);
    const [missing, found] = mapper([
      ['p1', null, null, null],
      ['p2', 't2', 'Team', null],
    ]);
    expect(missing).toEqual({ id: 'p1', team: null });
    expect(found).toEqual({ id: 'p2', team: { id: 't2', title: 'Team', size: null } });
  });

  it('decodes with each column: timestamps become dates, mapWith applies', () => {
    const prepared = shapes['flat with SQL and a count']!() as Prepared;
    const [row] = rowMapper(prepared.fields, prepared.joinsNotNullableMap)([['p1', 'ANN', '7', 3, 'ann', '2026-11-29 00:15:06.123+00']]);
    expect(row).toEqual({ id: 'p1', upper: 'ANN', n: 7, matched: 3, alias: 'ann', at: new Date('2026-11-29T00:15:06.123Z') });
  });
});

describe('withRowPlan', () => {
  it('gives a prepared select its mapper once, and leaves a query without fields alone', () => {
    const prepared = withRowPlan(shapes.flat!() as Prepared);
    expect(typeof prepared.customResultMapper).toBe('function');
    const mapper = prepared.customResultMapper;
    expect(withRowPlan(prepared).customResultMapper).toBe(mapper);
    const raw = withRowPlan(db.execute(sql`select 1`) as unknown as Prepared);
    expect(raw.customResultMapper).toBeUndefined();
  });
});
