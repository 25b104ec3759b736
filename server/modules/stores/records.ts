// A store as the staff tools read and write it: the row plus the products it carries, the snapshot
// audit rows keep, and the writes the editor and the CSV import share.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { StoreEdit, StoreInput } from '../../../shared/schemas/stores';
import type { DbOrTx } from '../../db/client';
import { products, storeLocations, storeProducts } from '../../db/schema';
import { AppError } from '../../core/errors';

export type StoreRow = typeof storeLocations.$inferSelect;

/** The editable fields of a stored store, in the shape of the shared schema (hours by day, ids sorted). */
export function toInput(row: StoreRow, productIds: number[]): StoreInput {
  return {
    name: row.name,
    address: row.address,
    city: row.city,
    region: row.region,
    postcode: row.postcode,
    country: row.country,
    latitude: row.latitude,
    longitude: row.longitude,
    phone: row.phone,
    openingHours: [...row.openingHours].sort((a, b) => a.day - b.day).map(({ day, opens, closes }) => ({ day, opens, closes })),
    productIds: [...productIds].sort((a, b) => a - b),
    active: row.active,
  };
}

export function toEdit(row: StoreRow, productIds: number[]): StoreEdit {
  return { id: row.id, version: row.version, updatedAt: row.updatedAt.toISOString(), ...toInput(row, productIds) };
}

/** What an audit row keeps of a store: every editable field and the version. */
export const snapshot = (row: StoreRow, productIds: number[]) => ({ ...toInput(row, productIds), version: row.version });

const canonical = (i: StoreInput) =>
  JSON.stringify([
    i.name,
    i.address,
    i.city,
    i.region,
    i.postcode,
    i.country,
    i.latitude,
    i.longitude,
    i.phone,
    i.openingHours.map((h) => [h.day, h.opens, h.closes]),
    [...i.productIds].sort((x, y) => x - y),
    i.active,
  ]);
/** Same fields, same values: an import row that would change nothing. */
export const sameInput = (a: StoreInput, b: StoreInput) => canonical(a) === canonical(b);

/** The columns of `store_locations` an input sets. */
export function columnsOf(input: StoreInput) {
  const { productIds: _ids, ...columns } = input;
  return columns;
}

/** Product ids per store, for the given stores. */
export async function productIdsOf(dbx: DbOrTx, storeIds: number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>(storeIds.map((id) => [id, []]));
  if (storeIds.length === 0) return out;
  const rows = await dbx.select().from(storeProducts).where(inArray(storeProducts.storeId, storeIds));
  for (const r of rows) out.get(r.storeId)?.push(r.productId);
  return out;
}

/** The store and the products it carries; `lock` holds the row for the rest of the transaction. */
export async function readStore(dbx: DbOrTx, id: number, lock = false): Promise<{ row: StoreRow; productIds: number[] } | null> {
  const query = dbx.select().from(storeLocations).where(eq(storeLocations.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) return null;
  return { row, productIds: (await productIdsOf(dbx, [id])).get(id) ?? [] };
}

/** Refuses product ids that name no product, as a field error on `productIds`. */
export async function assertProductsExist(dbx: DbOrTx, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const found = new Set((await dbx.select({ id: products.id }).from(products).where(inArray(products.id, ids))).map((r) => r.id));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length) {
    throw new AppError('validation_failed', 'invalid', 'The request is not valid.', {
      details: [{ path: 'productIds', message: `No product has id ${missing.join(', ')}.` }],
      hint: 'Choose products from the catalogue.',
    });
  }
}

/** Replaces the products a store carries. */
export async function writeProducts(dbx: DbOrTx, storeId: number, productIds: number[]): Promise<void> {
  await dbx.delete(storeProducts).where(eq(storeProducts.storeId, storeId));
  if (productIds.length) await dbx.insert(storeProducts).values(productIds.map((productId) => ({ storeId, productId })));
}

export async function insertStore(dbx: DbOrTx, input: StoreInput): Promise<StoreRow> {
  const [row] = await dbx.insert(storeLocations).values(columnsOf(input)).returning();
  if (!row) throw new Error('insert returned no row');
  await writeProducts(dbx, row.id, input.productIds);
  return row;
}

/**
 * Writes `input`'s columns over the store and bumps its version (the products it carries are the
 * caller's: `writeProducts`); `expectedVersion` guards the editor's save.
 */
export async function updateStoreRow(dbx: DbOrTx, id: number, input: StoreInput, expectedVersion?: number): Promise<StoreRow | null> {
  const [row] = await dbx
    .update(storeLocations)
    .set({ ...columnsOf(input), version: sql`${storeLocations.version} + 1`, updatedAt: new Date() })
    .where(and(eq(storeLocations.id, id), expectedVersion === undefined ? undefined : eq(storeLocations.version, expectedVersion)))
    .returning();
  return row ?? null;
}

/** `updateStoreRow` for many stores in one statement (UPDATE … FROM VALUES), for the import. */
export async function updateStoreRows(dbx: DbOrTx, items: { id: number; input: StoreInput }[]): Promise<StoreRow[]> {
  if (items.length === 0) return [];
  const values = sql.join(
    items.map(
      ({ id, input: i }) =>
        sql`(${id}::int, ${i.name}::text, ${i.address}::text, ${i.city}::text, ${i.region}::text, ${i.postcode}::text, ${i.country}::text,
        ${i.latitude}::double precision, ${i.longitude}::double precision, ${i.phone}::text, ${JSON.stringify(i.openingHours)}::jsonb, ${i.active}::boolean)`,
    ),
    sql`, `,
  );
  await dbx.execute(sql`
    update ${storeLocations} as s set
      name = v.name, address = v.address, city = v.city, region = v.region, postcode = v.postcode, country = v.country,
      latitude = v.latitude, longitude = v.longitude, phone = v.phone, opening_hours = v.opening_hours, active = v.active,
      version = s.version + 1, updated_at = now()
    from (values ${values}) as v(id, name, address, city, region, postcode, country, latitude, longitude, phone, opening_hours, active)
    where s.id = v.id`);
  return dbx
    .select()
    .from(storeLocations)
    .where(
      inArray(
        storeLocations.id,
        items.map((i) => i.id),
      ),
    );
}
