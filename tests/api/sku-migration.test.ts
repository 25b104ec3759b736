// Migration 0029 gives every product a SKU: products that exist are numbered in id order
// (FRL-0001 …, as a first start's seed numbers its own), gaps in the ids stay gaps, and the next
// product without a SKU continues after the highest id.
import { type SQL, sql } from 'drizzle-orm';
import { afterEach, expect, it } from 'vitest';
import { type Database, migrateDatabase, openDatabase } from '../../server/db/client';
import { migrationsBefore } from '../support/migrations';
import { emptyPglite } from '../support/test-db';

const TAG = '0029_product_sku';
let database: Database | undefined;
afterEach(async () => {
  await database?.close();
  database = undefined;
});

const rows = async <T>(db: Database, query: SQL): Promise<T[]> => ((await db.db.execute(query)) as unknown as { rows: T[] }).rows;

const insert = (db: Database, slug: string, sku?: string) =>
  rows<{ id: number; sku?: string }>(
    db,
    sku === undefined
      ? sql`insert into products (slug, name, category, abv_tenths, volume_ml, description, tasting_notes, image_url, status)
            values (${slug}, ${slug}, 'gin', 400, 700, 'A gin.', '{"nose":"a","palate":"b","finish":"c"}'::jsonb, '/x.svg', 'active') returning id`
      : sql`insert into products (slug, name, category, abv_tenths, volume_ml, description, tasting_notes, image_url, status, sku)
            values (${slug}, ${slug}, 'gin', 400, 700, 'A gin.', '{"nose":"a","palate":"b","finish":"c"}'::jsonb, '/x.svg', 'active', ${sku}) returning id, sku`,
  );

it('numbers existing products by id, keeps gaps, and goes on after the highest id', async () => {
  database = await openDatabase({ dataDir: 'memory://', loadDataDir: emptyPglite() });
  await migrateDatabase(database, migrationsBefore(TAG));
  for (const slug of ['a-gin', 'b-gin', 'c-gin']) await insert(database, slug);
  await database.db.execute(sql`delete from products where slug = 'b-gin'`);

  await migrateDatabase(database);
  expect(await rows(database, sql`select slug, sku from products order by id`)).toEqual([
    { slug: 'a-gin', sku: 'FRL-0001' },
    { slug: 'c-gin', sku: 'FRL-0003' },
  ]);
  const [next] = await insert(database, 'd-gin');
  expect(await rows(database, sql`select sku from products where id = ${next!.id}`)).toEqual([{ sku: 'FRL-0004' }]);
  // The database holds the rules too: one product a SKU, in the form the editor explains.
  await expect(insert(database, 'e-gin', 'FRL-0001')).rejects.toThrow();
  await expect(insert(database, 'f-gin', 'frl-lower')).rejects.toThrow();
});

it('gives an empty catalogue the first number', async () => {
  database = await openDatabase({ dataDir: 'memory://', loadDataDir: emptyPglite() });
  await migrateDatabase(database, migrationsBefore(TAG));
  await migrateDatabase(database);
  await insert(database, 'first-gin');
  expect(await rows(database, sql`select sku from products`)).toEqual([{ sku: 'FRL-0001' }]);
});
