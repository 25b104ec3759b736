import { sql } from 'drizzle-orm';
import { pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, type TestDatabase } from '../../tests/support/test-db';
import { anyUuid } from './any-of';

const files = pgTable('any_of_files', { id: uuid('id').primaryKey(), name: text('name').notNull() });
const ids = ['0b6f5a52-8f2e-4c8e-9a57-6f0f6d1b2a01', '0b6f5a52-8f2e-4c8e-9a57-6f0f6d1b2a02', '0b6f5a52-8f2e-4c8e-9a57-6f0f6d1b2a03'];

let t: TestDatabase;
beforeAll(async () => {
  t = await freshDatabase();
  await t.database.db.execute(sql`create table any_of_files (id uuid primary key, name text not null)`);
  await t.database.db.insert(files).values(ids.map((id, i) => ({ id, name: `file ${i + 1}` })));
});
afterAll(() => t?.dispose());

describe('anyUuid', () => {
  it('matches the listed ids with one parameter', async () => {
    const where = anyUuid(files.id, [ids[0]!, ids[2]!, '0b6f5a52-8f2e-4c8e-9a57-6f0f6d1b2aff']);
    expect(t.database.db.select().from(files).where(where).toSQL().params).toHaveLength(1);
    const rows = await t.database.db.select({ name: files.name }).from(files).where(where).orderBy(files.name);
    expect(rows).toEqual([{ name: 'file 1' }, { name: 'file 3' }]);
  });

  it('matches nothing for no ids, and refuses what is not a uuid', async () => {
    expect(await t.database.db.select().from(files).where(anyUuid(files.id, []))).toEqual([]);
    expect(() => anyUuid(files.id, ['1,2}'])).toThrow(TypeError);
  });
});
