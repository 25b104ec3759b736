// The staff side of the store locator: the list, the editor's reads and writes (each in one
// transaction with its audit row, refused over a newer version), the CSV export, and the import.
// Every committed change calls content.changed('stores') so the public locator shows it at once.
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { onePreparedPage, preparePage, totalOf } from '../../db/paged';
import { preparedByShape } from '../../db/prepared';
import type { AdminPage } from '../../../shared/schemas/admin';
import type { StoreAdminQuery, StoreAdminRow, StoreEdit, StoreInput, StoreUpdate } from '../../../shared/schemas/stores';
import { STORE_CSV_EXPORT_COLUMNS, STORE_CSV_PRODUCT_SEPARATOR } from '../../../shared/store-constants';
import type { ContentVersion } from '../../cache/content-version';
import type { Db } from '../../db/client';
import { products, storeLocations, storeProducts } from '../../db/schema';
import { notFound, versionConflict } from '../../core/errors';
import { type Actor } from '../../core/actor';
import { recordAudit } from '../audit';
import { formatHours, writeStoreCsv } from './csv';
import { createStoreImport, type StoreImport } from './import';
import { assertProductsExist, insertStore, readStore, snapshot, toEdit, updateStoreRow, writeProducts } from './records';
import { containsPattern } from '../../db/like';
import { isoString } from '../../core/iso-time';

export type StoreFilter = Partial<Pick<StoreAdminQuery, 'q' | 'country' | 'active'>>;

export interface StoreAdmin extends StoreImport {
  adminList(query: StoreAdminQuery): Promise<AdminPage<StoreAdminRow>>;
  /** The store with the ids of the products it carries; 404 when there is none. */
  getForEdit(id: number): Promise<StoreEdit>;
  createStore(input: StoreInput, actor: Actor): Promise<StoreEdit>;
  /** Refused with 409 `version_conflict` when `input.version` is not the stored one. */
  updateStore(id: number, input: StoreUpdate, actor: Actor): Promise<StoreEdit>;
  /** Deletes the store (the products it carries go with it). */
  deleteStore(id: number, actor: Actor): Promise<void>;
  /** Products a store may carry: every product but archived ones, plus `keep` (what it carries now). */
  productChoices(keep?: number[]): Promise<{ id: number; slug: string; name: string; status: string }[]>;
  /** Countries that have stores (the list's filter). */
  countries(): Promise<string[]>;
  /**
   * Every store matching the filter as CSV, in the import's column layout with the id and version
   * first (the version lets the import refuse rows for stores changed after this export).
   */
  exportCsv(filter?: StoreFilter): Promise<string>;
}

const TABLE = 'store_locations';

/**
 * The filter's conditions, its values in them — or, `placeholders`, the placeholders of the same
 * names (`q`, `country`, `active`) a prepared list binds them to.
 */
function filterSql(f: StoreFilter, placeholders = false): SQL | undefined {
  const v = <T>(name: string, value: T) => (placeholders ? sql.placeholder(name) : value);
  const pattern = f.q ? v('q', containsPattern(f.q)) : null;
  return and(
    pattern ? or(ilike(storeLocations.name, pattern), ilike(storeLocations.city, pattern), ilike(storeLocations.postcode, pattern)) : undefined,
    f.country ? eq(storeLocations.country, v('country', f.country)) : undefined,
    f.active === undefined ? undefined : eq(storeLocations.active, v('active', f.active)),
  );
}

const SORTS = { name: storeLocations.name, city: storeLocations.city, country: storeLocations.country, updatedAt: storeLocations.updatedAt } as const;

export function createStoreAdmin(db: Db, content: ContentVersion): StoreAdmin {
  // The staff list, prepared once per shape (`prepared.ts`): which filters are present, the order.
  const adminPage = preparedByShape((shape: { search: boolean; country: boolean; active: boolean; sort: keyof typeof SORTS; dir?: 'asc' | 'desc' }) => {
    // Any value marks a filter present: the conditions take placeholders.
    const where = filterSql({ q: shape.search ? '_' : undefined, country: shape.country ? '_' : undefined, active: shape.active ? true : undefined }, true);
    const order = shape.dir === 'desc' ? desc : asc;
    return preparePage(
      db
        .select({
          id: storeLocations.id,
          name: storeLocations.name,
          city: storeLocations.city,
          postcode: storeLocations.postcode,
          country: storeLocations.country,
          active: storeLocations.active,
          updatedAt: storeLocations.updatedAt,
          products: sql<number>`(select count(*) from ${storeProducts} where ${storeProducts.storeId} = ${storeLocations.id})::int`,
          matched: totalOf(db.select({ n: count() }).from(storeLocations).where(where)),
        })
        .from(storeLocations)
        .where(where)
        .orderBy(order(SORTS[shape.sort]), asc(storeLocations.name), asc(storeLocations.id)),
    );
  });

  return {
    ...createStoreImport(db, content),

    async adminList(query) {
      const { rows, total } = await onePreparedPage(
        adminPage({
          search: Boolean(query.q),
          country: Boolean(query.country),
          active: query.active !== undefined,
          sort: query.sort ?? 'name',
          dir: query.dir,
        }),
        { q: query.q ? containsPattern(query.q) : null, country: query.country ?? null, active: query.active ?? null },
        query,
      );
      return { items: rows.map((r) => ({ ...r, updatedAt: isoString(r.updatedAt) })), page: query.page, pageSize: query.pageSize, total };
    },

    async getForEdit(id) {
      const found = await readStore(db, id);
      if (!found) throw notFound('Store');
      return toEdit(found.row, found.productIds);
    },

    async createStore(input, actor) {
      const edit = await db.transaction(async (tx) => {
        await assertProductsExist(tx, input.productIds);
        const row = await insertStore(tx, input);
        await recordAudit(tx, actor, { action: 'INSERT', tableName: TABLE, recordId: row.id, newValues: snapshot(row, input.productIds) });
        return toEdit(row, input.productIds);
      });
      await content.changed('stores');
      return edit;
    },

    async updateStore(id, { version, ...input }, actor) {
      const edit = await db.transaction(async (tx) => {
        const old = await readStore(tx, id, true);
        if (!old) throw notFound('Store');
        if (old.row.version !== version) throw versionConflict('store', old.row.version, version);
        await assertProductsExist(tx, input.productIds);
        const row = await updateStoreRow(tx, id, input, version);
        if (!row) throw versionConflict('store', old.row.version + 1, version);
        await writeProducts(tx, id, input.productIds);
        await recordAudit(tx, actor, {
          action: 'UPDATE',
          tableName: TABLE,
          recordId: id,
          oldValues: snapshot(old.row, old.productIds),
          newValues: snapshot(row, input.productIds),
        });
        return toEdit(row, input.productIds);
      });
      await content.changed('stores');
      return edit;
    },

    async deleteStore(id, actor) {
      await db.transaction(async (tx) => {
        const old = await readStore(tx, id, true);
        if (!old) throw notFound('Store');
        // store_products rows cascade: nothing else refers to a store.
        await tx.delete(storeLocations).where(eq(storeLocations.id, id));
        await recordAudit(tx, actor, { action: 'DELETE', tableName: TABLE, recordId: id, oldValues: snapshot(old.row, old.productIds) });
      });
      await content.changed('stores');
    },

    async productChoices(keep = []) {
      return db
        .select({ id: products.id, slug: products.slug, name: products.name, status: products.status })
        .from(products)
        .where(or(sql`${products.status} <> 'archived'`, keep.length ? inArray(products.id, keep) : undefined))
        .orderBy(asc(products.name), asc(products.id));
    },

    async countries() {
      const rows = await db.selectDistinct({ country: storeLocations.country }).from(storeLocations).orderBy(asc(storeLocations.country));
      return rows.map((r) => r.country);
    },

    async exportCsv(filter = {}) {
      const stores = await db
        .select()
        .from(storeLocations)
        .where(filterSql(filter))
        .orderBy(asc(storeLocations.country), asc(storeLocations.city), asc(storeLocations.name), asc(storeLocations.id));
      const slugs = new Map<number, string[]>();
      const carried = await db
        .select({ storeId: storeProducts.storeId, slug: products.slug })
        .from(storeProducts)
        .innerJoin(products, eq(products.id, storeProducts.productId))
        .orderBy(asc(products.slug));
      for (const c of carried) {
        const list = slugs.get(c.storeId);
        if (list) list.push(c.slug);
        else slugs.set(c.storeId, [c.slug]);
      }
      const rows = stores.map((s) => [
        String(s.id),
        String(s.version),
        s.name,
        s.address,
        s.city,
        s.region ?? '',
        s.postcode ?? '',
        s.country,
        String(s.latitude),
        String(s.longitude),
        s.phone ?? '',
        formatHours([...s.openingHours].sort((a, b) => a.day - b.day)),
        (slugs.get(s.id) ?? []).join(STORE_CSV_PRODUCT_SEPARATOR),
        s.active ? 'yes' : 'no',
      ]);
      return writeStoreCsv(STORE_CSV_EXPORT_COLUMNS, rows);
    },
  };
}
