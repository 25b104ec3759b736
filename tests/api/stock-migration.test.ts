// Migration 0024 makes the ledger the only stock: a product's stock_units figure with no brand balance
// opens one (an `opening` movement); where the brand already held a balance (a product adjusted since
// the ledger came), the column mirrored it — asserted, nothing moved; then the column goes. A database
// where the two disagree refuses to migrate, naming the products, and keeps everything as it was.
import { type SQL, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { type Database, migrateDatabase, openDatabase } from '../../server/db/client';
import { migrationsBefore } from '../support/migrations';
import { emptyPglite } from '../support/test-db';

const TAG = '0024_stock_ledger_only';
let database: Database | undefined;

/** A raw query's rows (the two drivers type `execute` apart). */
const rows = async <T>(db: Database, query: SQL): Promise<T[]> => ((await db.db.execute(query)) as unknown as { rows: T[] }).rows;

/** A database as it stood before 0024, with products written as SQL (the columns of that time). */
async function before(products: { slug: string; stockUnits: number; ledger?: { onHand: number; reserved: number } }[]): Promise<Database> {
  const db = await openDatabase({ dataDir: 'memory://', loadDataDir: emptyPglite() });
  await migrateDatabase(db, migrationsBefore(TAG));
  for (const p of products) {
    const [inserted] = await rows<{ id: number }>(
      db,
      sql`
      insert into products (slug, name, category, abv_tenths, volume_ml, description, tasting_notes, image_url, status, stock_units)
      values (${p.slug}, ${p.slug}, 'gin', 400, 700, 'A gin.', '{"nose":"a","palate":"b","finish":"c"}'::jsonb, '/x.svg', 'active', ${p.stockUnits})
      returning id`,
    );
    const id = inserted!.id;
    if (p.ledger) {
      // As the ledger left it: a balance row and the movements that made it.
      const [balance] = await rows<{ id: number }>(
        db,
        sql`insert into stock_balances (organisation_id, product_id, on_hand, reserved) values (null, ${id}, ${p.ledger.onHand}, ${p.ledger.reserved}) returning id`,
      );
      await db.db
        .execute(sql`insert into stock_movements (balance_id, organisation_id, product_id, cause, on_hand_delta, reserved_delta, on_hand_after, reserved_after, reason)
        values (${balance!.id}, null, ${id}, 'adjustment', ${p.ledger.onHand}, 0, ${p.ledger.onHand}, 0, 'Bottling run')`);
      if (p.ledger.reserved)
        await db.db
          .execute(sql`insert into stock_movements (balance_id, organisation_id, product_id, cause, on_hand_delta, reserved_delta, on_hand_after, reserved_after, order_id)
          values (${balance!.id}, null, ${id}, 'reservation', 0, ${p.ledger.reserved}, ${p.ledger.onHand}, ${p.ledger.reserved}, 1)`);
    }
  }
  return db;
}

const brandLedger = (db: Database) =>
  rows<{ slug: string; on_hand: number; reserved: number; movements: string }>(
    db,
    sql`
      select p.slug, b.on_hand, b.reserved,
             (select string_agg(m.cause || ':' || m.on_hand_delta || '/' || m.reserved_delta || '=' || m.on_hand_after || '/' || m.reserved_after, ' ' order by m.id)
                from stock_movements m where m.balance_id = b.id) as movements
        from products p left join stock_balances b on b.product_id = p.id
             -- The brand's holder: NULL before 0025, its organisation row after.
             and (b.organisation_id is null or b.organisation_id in (select o.id from organisations o where o.type::text = 'brand'))
       order by p.slug`,
  );

const hasColumn = async (db: Database) =>
  (await rows(db, sql`select 1 from information_schema.columns where table_name = 'products' and column_name = 'stock_units'`)).length > 0;

afterEach(async () => {
  await database?.close();
  database = undefined;
});

describe('migration 0024: the ledger is the only stock', () => {
  it('opens a balance for a figure the ledger never held, leaves an adjusted product as its ledger has it, and drops the column', async () => {
    database = await before([
      { slug: 'a-seeded', stockUnits: 1440 },
      { slug: 'b-adjusted', stockUnits: 600, ledger: { onHand: 600, reserved: 0 } },
      { slug: 'c-reserved', stockUnits: 100, ledger: { onHand: 100, reserved: 30 } },
      { slug: 'd-empty', stockUnits: 0 },
    ]);
    await migrateDatabase(database);
    expect(await brandLedger(database)).toEqual([
      { slug: 'a-seeded', on_hand: 1440, reserved: 0, movements: 'opening:1440/0=1440/0' },
      { slug: 'b-adjusted', on_hand: 600, reserved: 0, movements: 'adjustment:600/0=600/0' },
      { slug: 'c-reserved', on_hand: 100, reserved: 30, movements: 'adjustment:100/0=100/0 reservation:0/30=100/30' },
      { slug: 'd-empty', on_hand: null, reserved: null, movements: null },
    ]);
    expect(await hasColumn(database)).toBe(false);
    // The old movements keep their causes under the new type (later migrations add causes after them: 0026's receipt and transit_loss).
    const [causes] = await rows<{ c: string }>(database, sql`select enum_range(null::stock_cause)::text as c`);
    expect(causes?.c).toMatch(/^\{adjustment,reservation,release,shipment,delivery,allocation,opening[,}]/);
  });

  it('refuses to migrate a database whose column disagrees with the ledger, naming the product, and changes nothing', async () => {
    database = await before([
      { slug: 'a-seeded', stockUnits: 1440 },
      { slug: 'b-drifted', stockUnits: 650, ledger: { onHand: 600, reserved: 0 } },
    ]);
    const ledger = await brandLedger(database);
    const refused = await migrateDatabase(database).then(
      () => null,
      (err: Error & { cause?: Error }) => err.cause ?? err,
    );
    expect(refused?.message).toBe("products.stock_units disagrees with the brand's stock ledger: b-drifted (stock_units 650, ledger 600)");
    expect(await brandLedger(database)).toEqual(ledger);
    expect(await hasColumn(database)).toBe(true);
  });
});
