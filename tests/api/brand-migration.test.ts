// Migration 0025: the brand becomes an organisation row, and every NULL that meant "the brand" — an
// importer's supplier and terms, the seller of its orders, the warehouse's stock and movements, a
// staff message's side — names it; admins hold the new Finance permission.
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, migrateDatabase, openDatabase } from '../../server/db/client';
import { migrationsBefore } from '../support/migrations';
import { emptyPglite } from '../support/test-db';

let database: Database;
const rows = async <T>(query: SQL): Promise<T[]> => ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://', loadDataDir: emptyPglite() });
  await migrateDatabase(database, migrationsBefore('0025_brand_organisation'));
});
afterAll(async () => {
  await database?.close();
});

describe('migration 0025: the brand is an organisation', () => {
  it('rewrites the NULLs that meant the brand to its row, which is the one without a supplier', async () => {
    // Written as SQL: the tables as 0024 left them.
    await rows(
      sql`insert into roles (name, label, is_system) values ('admin', 'Admin', true), ('employee', 'Employee', true), ('master_admin', 'Master admin', true)`,
    );
    const [importer] = await rows<{ id: string }>(sql`
      insert into organisations (type, legal_name, trading_name, licence_number, licence_jurisdiction, licence_expires_on, address_line1, city, country, market, currency, status)
      values ('importer', 'Old Importer Ltd', 'Old Importer', 'IMP-1', 'GB', '2030-01-01', '1 Dock Road', 'Leith', 'GB', 'GB', 'GBP', 'active') returning id`);
    const [distributor] = await rows<{ id: string }>(sql`
      insert into organisations (type, legal_name, trading_name, licence_number, licence_jurisdiction, licence_expires_on, address_line1, city, country, market, currency, status, supplier_id)
      values ('distributor', 'Old Distributor Ltd', 'Old Distributor', 'DIS-1', 'GB', '2030-01-01', '2 Mill Lane', 'Leeds', 'GB', 'GB', 'GBP', 'active', ${importer!.id}) returning id`);
    await rows(sql`insert into trade_terms (customer_id, supplier_id, payment_terms_days, credit_limit_minor, currency, tax_rate_bp)
      values (${importer!.id}, null, 30, 100000, 'GBP', 2000), (${distributor!.id}, ${importer!.id}, 30, 100000, 'GBP', 2000)`);
    const [product] = await rows<{ id: number }>(sql`
      insert into products (slug, name, category, abv_tenths, volume_ml, description, tasting_notes, image_url, status)
      values ('old-gin', 'Old Gin', 'gin', 400, 700, 'A gin.', '{"nose":"a","palate":"b","finish":"c"}'::jsonb, '/x.svg', 'active') returning id`);
    const [order] = await rows<{ id: number }>(sql`
      insert into orders (number, buyer_id, seller_id, status, currency) values ('FR-OLD-1', ${importer!.id}, null, 'approved', 'GBP') returning id`);
    await rows(sql`insert into orders (number, buyer_id, seller_id, status, currency) values ('FR-OLD-2', ${importer!.id}, null, 'submitted', 'GBP')`);
    await rows(
      sql`insert into order_messages (order_id, organisation_id, body) values (${order!.id}, null, 'From staff'), (${order!.id}, ${importer!.id}, 'From the importer')`,
    );
    const [balance] = await rows<{ id: number }>(sql`
      insert into stock_balances (organisation_id, product_id, on_hand, reserved) values (null, ${product!.id}, 60, 6) returning id`);
    await rows(sql`insert into stock_movements (balance_id, organisation_id, product_id, cause, on_hand_delta, reserved_delta, on_hand_after, reserved_after)
      values (${balance!.id}, null, ${product!.id}, 'opening', 60, 0, 60, 0)`);

    await migrateDatabase(database);

    const brands = await rows<{ id: string; legal_name: string; supplier_id: string | null; status: string }>(
      sql`select id, legal_name, supplier_id, status from organisations where type = 'brand'`,
    );
    expect(brands).toEqual([expect.objectContaining({ legal_name: 'Frolic Spirits Ltd', supplier_id: null, status: 'active' })]);
    const brand = brands[0]!.id;
    expect(await rows(sql`select supplier_id from organisations where id = ${importer!.id}`)).toEqual([{ supplier_id: brand }]);
    expect(await rows(sql`select supplier_id from organisations where id = ${distributor!.id}`)).toEqual([{ supplier_id: importer!.id }]);
    expect(await rows(sql`select supplier_id from trade_terms where customer_id = ${importer!.id}`)).toEqual([{ supplier_id: brand }]);
    expect(await rows(sql`select seller_id from orders where id = ${order!.id}`)).toEqual([{ seller_id: brand }]);
    // Migration 0026: the brand's approved order with no invoice or shipment keeps staff's old ship and
    // deliver steps; one still submitted will ship by a shipment like every other.
    expect(await rows(sql`select number, legacy_steps from orders order by number`)).toEqual([
      { number: 'FR-OLD-1', legacy_steps: true },
      { number: 'FR-OLD-2', legacy_steps: false },
    ]);
    expect(await rows(sql`select organisation_id, body from order_messages order by id`)).toEqual([
      { organisation_id: brand, body: 'From staff' },
      { organisation_id: importer!.id, body: 'From the importer' },
    ]);
    expect(await rows(sql`select organisation_id, on_hand, reserved from stock_balances`)).toEqual([{ organisation_id: brand, on_hand: 60, reserved: 6 }]);
    expect(await rows(sql`select organisation_id from stock_movements`)).toEqual([{ organisation_id: brand }]);
    // Admins and the master admin hold Finance; employees do not.
    const finance = await rows<{ role: string }>(sql`select role from role_permissions where permission = 'finance:manage' order by role`);
    expect(finance.map((r) => r.role)).toEqual(['admin', 'master_admin']);
  });

  it('keeps one brand, the only organisation without a supplier, and no NULL seller or holder again', async () => {
    const refused = async (query: SQL) =>
      database.db.execute(query).then(
        () => 'written',
        (err: Error & { cause?: { code?: string } }) => err.cause?.code ?? err.message,
      );
    // A second brand: the unique index.
    expect(
      await refused(sql`insert into organisations (type, legal_name, trading_name, licence_number, licence_jurisdiction, licence_expires_on, address_line1, city, country, market, currency)
        values ('brand', 'Another Brand', 'Another', 'X-2', 'GB', '2030-01-01', 'x', 'y', 'GB', 'GB', 'GBP')`),
    ).toBe('23505');
    // A partner without a supplier: the check.
    expect(
      await refused(sql`insert into organisations (type, legal_name, trading_name, licence_number, licence_jurisdiction, licence_expires_on, address_line1, city, country, market, currency)
        values ('importer', 'Loose Ltd', 'Loose', 'L-1', 'GB', '2030-01-01', 'x', 'y', 'GB', 'GB', 'GBP')`),
    ).toBe('23514');
    // A NULL seller or holder: NOT NULL.
    expect(await refused(sql`update orders set seller_id = null`)).toBe('23502');
    expect(await refused(sql`update stock_balances set organisation_id = null`)).toBe('23502');
  });
});
