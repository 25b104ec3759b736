import { sql } from 'drizzle-orm';
import { pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, type TestDatabase } from '../../tests/support/test-db';
import { UNNAMED } from './prepared';
import { textArray, uuidArray } from './any-of';

const files = pgTable('any_of_files', { id: uuid('id').primaryKey(), name: text('name').notNull() });
const ids = ['0b6f5a52-8f2e-4c8e-9a57-6f0f6d1b2a01', '0b6f5a52-8f2e-4c8e-9a57-6f0f6d1b2a02', '0b6f5a52-8f2e-4c8e-9a57-6f0f6d1b2a03'];

let t: TestDatabase;
beforeAll(async () => {
  t = await freshDatabase();
  await t.database.db.execute(sql`create table any_of_files (id uuid primary key, name text not null)`);
  await t.database.db.insert(files).values(ids.map((id, i) => ({ id, name: `file ${i + 1}` })));
});
afterAll(() => t?.dispose());

describe('uuidArray', () => {
  const named = () =>
    t.database.db
      .select({ name: files.name })
      .from(files)
      .where(sql`${files.id} = any(${sql.placeholder('ids')}::uuid[])`)
      .orderBy(files.name)
      .prepare(UNNAMED);

  it('binds the listed ids as one parameter of a prepared query', async () => {
    const query = named();
    expect(await query.execute({ ids: uuidArray([ids[0]!, ids[2]!, '0b6f5a52-8f2e-4c8e-9a57-6f0f6d1b2aff']) })).toEqual([
      { name: 'file 1' },
      { name: 'file 3' },
    ]);
    expect(await query.execute({ ids: uuidArray([ids[1]!]) })).toEqual([{ name: 'file 2' }]);
  });

  it('matches nothing for no ids, and refuses what is not a uuid', async () => {
    expect(await named().execute({ ids: uuidArray([]) })).toEqual([]);
    expect(() => uuidArray(['1,2}'])).toThrow(TypeError);
    expect(() => uuidArray([`${ids[0]},${ids[1]}`])).toThrow(TypeError);
  });
});

describe('textArray', () => {
  const back = (values: string[]) =>
    t.database.db
      .select({ v: sql<string[]>`${sql.placeholder('values')}::text[]` })
      .from(sql`(select 1) one`)
      .prepare(UNNAMED)
      .execute({ values: textArray(values) });

  it('gives each value back as one element, whatever it holds', async () => {
    const hostile = ['plain', 'with space', 'comma,inside', '"quoted"', 'back\\slash', '}{', 'NULL', '', "it's"];
    const [row] = await back(hostile);
    expect(row?.v).toEqual(hostile);
    expect((await back([]))[0]?.v).toEqual([]);
  });
});
