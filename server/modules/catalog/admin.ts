// The staff side of the catalogue: the product list with search, filters and sorting, the editor's
// product (images, retail and trade prices), and create / full-replace update / archive / delete.
// Every write runs in one transaction with its audit row; public caches drop on commit.
import { and, asc, count, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { onePreparedPage, preparePage, totalOf } from '../../db/paged';
import { preparedByShape } from '../../db/prepared';
import { TRADE_TIERS, type TradeTier } from '../../../shared/limits-catalog';
import { getMarket } from '../../../shared/markets';
import { mediaUrl } from '../../../shared/media';
import type { AdminPage } from '../../../shared/schemas/admin';
import type { AdminProductListQuery, AdminProductRow, MarketPrices, ProductForEdit, ProductInput, ProductUpdate } from '../../../shared/schemas/catalog';
import type { ContentVersion } from '../../cache/content-version';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { cocktailIngredients, cocktails, mediaAssets, productImages, productPrices, products, productTradePrices, storeProducts } from '../../db/schema';
import { AppError, invalidFields, isForeignKeyViolation, isUniqueViolation, notFound, stillReferenced, versionConflict } from '../../core/errors';
import { type Actor } from '../../core/actor';
import { recordAudit } from '../audit';
import { containsPattern } from '../../db/like';
import { toPickedMedia } from '../media';
import { balanceOf, brandStock } from '../stock';
import { brandId } from '../../db/brand';

type ProductRow = typeof products.$inferSelect;

export interface CatalogAdmin {
  adminList(query: AdminProductListQuery): Promise<AdminPage<AdminProductRow>>;
  /** The product as the editor shows it; 404 when there is no such product. */
  getForEdit(id: number): Promise<ProductForEdit>;
  create(input: ProductInput, actor: Actor): Promise<ProductForEdit>;
  /** A full replace; refused with 409 `version_conflict` when `version` is not the stored one. */
  update(id: number, input: ProductUpdate, actor: Actor): Promise<ProductForEdit>;
  /** Takes the product off the public site and keeps everything that refers to it. */
  archive(id: number, version: number, actor: Actor): Promise<ProductForEdit>;
  /** Refused with 409 `still_referenced` while a cocktail (or, later, an order) uses the product. */
  delete(id: number, actor: Actor): Promise<void>;
}

const SORTS = {
  name: [products.name],
  category: [products.category, products.name],
  status: [products.status, products.name],
  stock: [brandStock.available, products.name],
  updatedAt: [products.updatedAt],
} as const;

const isLowStock = sql<boolean>`${brandStock.available} <= ${products.lowStockThreshold}`;

function slugTaken(slug: string): AppError {
  return new AppError('slug_taken', 'conflict', `Another product already uses the slug “${slug}”.`, {
    details: [{ path: 'slug', message: 'Another product already uses this slug. Choose another.' }],
    hint: 'Slugs are the product’s address on the site (/products/<slug>) and must be unique.',
  });
}

function skuTaken(sku: string): AppError {
  return new AppError('sku_taken', 'conflict', `Another product already uses the SKU “${sku}”.`, {
    details: [{ path: 'sku', message: 'Another product already uses this SKU. Choose another.' }],
    hint: 'A SKU names one product in the orders buyers upload, so no two products share one.',
  });
}

/** Every id must be an image of the media library; errors name the position (`images.2`). */
async function checkImages(tx: Tx, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const found = new Map(
    (await tx.select({ id: mediaAssets.id, kind: mediaAssets.kind }).from(mediaAssets).where(inArray(mediaAssets.id, ids))).map((m) => [m.id, m.kind]),
  );
  const details = ids.flatMap((id, i) => {
    const kind = found.get(id);
    if (!kind) return [{ path: `images.${i}`, message: 'This image is no longer in the media library. Choose another.' }];
    if (kind !== 'image') return [{ path: `images.${i}`, message: 'This file is a document, not an image. Choose an image.' }];
    return [];
  });
  if (details.length) throw invalidFields(details);
}

/**
 * The picture the public pages show: the first image; without images a seeded illustration stays,
 * but a picture from the media library goes with its image (it could be deleted from the library).
 * Only drafts may be without a picture.
 */
function pictureFor(input: ProductInput, current: ProductRow | null): string {
  const first = input.images[0];
  const picture = first ? mediaUrl(first, 'web') : current && !current.imageUrl.startsWith('/media/') ? current.imageUrl : '';
  if (!picture && input.status !== 'draft') {
    throw invalidFields([{ path: 'images', message: 'Add at least one image before making the product active or archiving it.' }]);
  }
  return picture;
}

function productValues(input: ProductInput, imageUrl: string) {
  return {
    name: input.name,
    slug: input.slug,
    // Without a SKU a new product takes the next number (the column's default) and an edit keeps its own.
    ...(input.sku ? { sku: input.sku } : {}),
    category: input.category,
    abvTenths: Math.round(input.abv * 10),
    volumeMl: input.volumeMl,
    caseSize: input.caseSize,
    description: input.description,
    tastingNotes: input.tastingNotes,
    imageUrl,
    featured: input.featured,
    status: input.status,
    lowStockThreshold: input.lowStockThreshold,
  };
}

const priced = (prices: MarketPrices) => Object.entries(prices).filter((e): e is [string, number] => typeof e[1] === 'number');

/** Replaces the product's images, retail and trade prices with the editor's. */
async function writeChildren(tx: Tx, productId: number, input: ProductInput): Promise<void> {
  await tx.delete(productImages).where(eq(productImages.productId, productId));
  await tx.delete(productPrices).where(eq(productPrices.productId, productId));
  await tx.delete(productTradePrices).where(eq(productTradePrices.productId, productId));
  if (input.images.length) await tx.insert(productImages).values(input.images.map((mediaId, position) => ({ productId, position, mediaId })));
  const retail = priced(input.retailPrices).map(([market, amountMinor]) => ({ productId, market, currency: getMarket(market).currency, amountMinor }));
  if (retail.length) await tx.insert(productPrices).values(retail);
  const trade = TRADE_TIERS.flatMap((tier) =>
    priced(input.tradePrices[tier]).map(([market, amountMinor]) => ({ productId, tier, market, currency: getMarket(market).currency, amountMinor })),
  );
  if (trade.length) await tx.insert(productTradePrices).values(trade);
}

/** Everything the editor shows, read with the caller's connection (a transaction or the pool). */
async function readProduct(db: DbOrTx, row: ProductRow): Promise<ProductForEdit> {
  // One after another: `db` may be a transaction, whose one connection takes one query at a time
  // (pg deprecates queueing them, and they would not run any sooner).
  const images = await db
    .select({ media: mediaAssets })
    .from(productImages)
    .innerJoin(mediaAssets, eq(mediaAssets.id, productImages.mediaId))
    .where(eq(productImages.productId, row.id))
    .orderBy(asc(productImages.position));
  const retail = await db.select().from(productPrices).where(eq(productPrices.productId, row.id));
  const trade = await db.select().from(productTradePrices).where(eq(productTradePrices.productId, row.id));
  const tradePrices = Object.fromEntries(TRADE_TIERS.map((t) => [t, {}])) as Record<TradeTier, Record<string, number>>;
  for (const p of trade) tradePrices[p.tier][p.market] = p.amountMinor;
  return {
    id: row.id,
    version: row.version,
    name: row.name,
    slug: row.slug,
    sku: row.sku,
    category: row.category,
    abv: row.abvTenths / 10,
    volumeMl: row.volumeMl,
    caseSize: row.caseSize,
    description: row.description,
    tastingNotes: row.tastingNotes,
    imageUrl: row.imageUrl,
    images: images.map((i) => toPickedMedia(i.media)),
    retailPrices: Object.fromEntries(retail.map((p) => [p.market, p.amountMinor])),
    tradePrices,
    stock: await balanceOf(db, await brandId(db), row.id),
    lowStockThreshold: row.lowStockThreshold,
    featured: row.featured,
    status: row.status,
    updatedAt: row.updatedAt,
  };
}

/** What the audit log keeps of a product: its stored values, with images as media ids. */
function auditView(p: ProductForEdit): Record<string, unknown> {
  // The stock is the ledger's (its movements are its audit): a product's save never changes it.
  const { images, id: _id, version: _version, updatedAt: _updatedAt, stock: _stock, abv, ...rest } = p;
  return { ...rest, abvTenths: Math.round(abv * 10), images: images.map((i) => i.id) };
}

/** Only the fields that changed, old and new, so the audit log reads as the edit that was made. */
function changes(before: Record<string, unknown>, after: Record<string, unknown>) {
  const keys = Object.keys(after).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
  return { oldValues: Object.fromEntries(keys.map((k) => [k, before[k]])), newValues: Object.fromEntries(keys.map((k) => [k, after[k]])) };
}

async function lockProduct(tx: Tx, id: number): Promise<ProductRow> {
  const [row] = await tx.select().from(products).where(eq(products.id, id)).for('update');
  if (!row) throw notFound('Product');
  return row;
}

/** `slug_taken` / `sku_taken` when another product has the input's slug or SKU (the unique indexes decide races). */
async function refuseTaken(tx: Tx, input: Pick<ProductInput, 'slug' | 'sku'>, exceptId: number | null): Promise<void> {
  const others = await tx
    .select({ slug: products.slug, sku: products.sku })
    .from(products)
    .where(
      and(or(eq(products.slug, input.slug), input.sku ? eq(products.sku, input.sku) : undefined), exceptId === null ? undefined : ne(products.id, exceptId)),
    );
  if (others.some((o) => o.slug === input.slug)) throw slugTaken(input.slug);
  if (input.sku && others.some((o) => o.sku === input.sku)) throw skuTaken(input.sku);
}

/** Numbered SKUs a write may skip past: staff may have chosen `FRL-0042` before the sequence reached it. */
const SKU_NUMBER_TRIES = 5;

export function createCatalogAdmin(db: Db, content: ContentVersion): CatalogAdmin {
  /**
   * Runs a write; a race on the slug's or the SKU's unique index still answers `slug_taken` /
   * `sku_taken`. A numbered SKU the product did not choose, already taken by hand, is skipped: the
   * write runs again with the next number.
   */
  async function write<T>(input: Pick<ProductInput, 'slug' | 'sku'> | null, work: (tx: Tx) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        const result = await db.transaction(work);
        await content.changed('catalog');
        return result;
      } catch (err) {
        if (input && isUniqueViolation(err, 'products_slug_key')) throw slugTaken(input.slug);
        if (input?.sku && isUniqueViolation(err, 'products_sku_key')) throw skuTaken(input.sku);
        if (input && isUniqueViolation(err, 'products_sku_key') && attempt < SKU_NUMBER_TRIES) continue;
        throw err;
      }
    }
  }

  // The staff list, prepared once per shape (`prepared.ts`): which filters are present, the order;
  // the search pattern, the status and the category are bound.
  const adminPage = preparedByShape(
    (shape: { search: boolean; status: boolean; category: boolean; lowStock: boolean; sort: keyof typeof SORTS; dir?: 'asc' | 'desc' }) => {
      const q = sql.placeholder('q');
      const where = and(
        shape.search ? or(ilike(products.name, q), ilike(products.slug, q), ilike(products.sku, q)) : undefined,
        shape.status ? sql`${products.status} = ${sql.placeholder('status')}` : undefined,
        shape.category ? sql`${products.category} = ${sql.placeholder('category')}` : undefined,
        shape.lowStock ? isLowStock : undefined,
      );
      const order: SQL[] = SORTS[shape.sort].map((c) => (shape.dir === 'desc' ? desc(c) : asc(c)));
      return preparePage(
        db
          .select({
            id: products.id,
            slug: products.slug,
            sku: products.sku,
            name: products.name,
            category: products.category,
            status: products.status,
            onHand: brandStock.onHand,
            reserved: brandStock.reserved,
            lowStockThreshold: products.lowStockThreshold,
            imageUrl: products.imageUrl,
            updatedAt: products.updatedAt,
            matched: totalOf(db.select({ n: count() }).from(products).where(where)),
          })
          .from(products)
          .where(where)
          .orderBy(...order, asc(products.id)),
      );
    },
  );

  return {
    async adminList(query) {
      const { rows, total } = await onePreparedPage(
        adminPage({
          search: Boolean(query.q),
          status: Boolean(query.status),
          category: Boolean(query.category),
          lowStock: Boolean(query.lowStock),
          sort: query.sort ?? 'name',
          dir: query.dir,
        }),
        { q: query.q ? containsPattern(query.q) : null, status: query.status ?? null, category: query.category ?? null },
        query,
      );
      const items = rows.map(({ onHand, reserved, ...r }) => {
        const stock = { onHand, reserved, available: onHand - reserved };
        return { ...r, stock, lowStock: stock.available <= r.lowStockThreshold };
      });
      return { items, page: query.page, pageSize: query.pageSize, total };
    },

    async getForEdit(id) {
      const [row] = await db.select().from(products).where(eq(products.id, id));
      if (!row) throw notFound('Product');
      return readProduct(db, row);
    },

    create(input, actor) {
      return write(input, async (tx) => {
        await refuseTaken(tx, input, null);
        await checkImages(tx, input.images);
        const [row] = await tx
          .insert(products)
          .values(productValues(input, pictureFor(input, null)))
          .returning();
        const created = row as ProductRow;
        await writeChildren(tx, created.id, input);
        const product = await readProduct(tx, created);
        await recordAudit(tx, actor, { action: 'INSERT', tableName: 'products', recordId: created.id, newValues: auditView(product) });
        return product;
      });
    },

    update(id, input, actor) {
      return write(input, async (tx) => {
        const current = await lockProduct(tx, id);
        if (current.version !== input.version) throw versionConflict('product', current.version, input.version);
        await refuseTaken(tx, input, id);
        await checkImages(tx, input.images);
        const before = await readProduct(tx, current);
        const [row] = await tx
          .update(products)
          .set({ ...productValues(input, pictureFor(input, current)), version: current.version + 1, updatedAt: new Date() })
          .where(eq(products.id, id))
          .returning();
        await writeChildren(tx, id, input);
        const after = await readProduct(tx, row as ProductRow);
        await recordAudit(tx, actor, { action: 'UPDATE', tableName: 'products', recordId: id, ...changes(auditView(before), auditView(after)) });
        return after;
      });
    },

    archive(id, version, actor) {
      return write(null, async (tx) => {
        const current = await lockProduct(tx, id);
        if (current.version !== version) throw versionConflict('product', current.version, version);
        const [row] = await tx
          .update(products)
          .set({ status: 'archived', version: current.version + 1, updatedAt: new Date() })
          .where(eq(products.id, id))
          .returning();
        await recordAudit(tx, actor, {
          action: 'UPDATE',
          tableName: 'products',
          recordId: id,
          oldValues: { status: current.status },
          newValues: { status: 'archived' },
        });
        return readProduct(tx, row as ProductRow);
      });
    },

    async delete(id, actor) {
      const archiveInstead = 'Archive the product instead: it leaves the public site and stays linked to what uses it.';
      try {
        await write(null, async (tx) => {
          const current = await lockProduct(tx, id);
          const usedBy = await tx
            .selectDistinct({ name: cocktails.name })
            .from(cocktailIngredients)
            .innerJoin(cocktails, eq(cocktails.id, cocktailIngredients.cocktailId))
            .where(eq(cocktailIngredients.productId, id))
            .orderBy(asc(cocktails.name));
          if (usedBy.length) {
            const names = usedBy.map((c) => `“${c.name}”`).join(', ');
            throw stillReferenced('product', `the cocktail${usedBy.length > 1 ? 's' : ''} ${names}`, archiveInstead);
          }
          const before = await readProduct(tx, current);
          // The stores that carried it lose it with it (cascade): the audit row keeps which ones.
          const carriedBy = await tx
            .select({ storeId: storeProducts.storeId })
            .from(storeProducts)
            .where(eq(storeProducts.productId, id))
            .orderBy(asc(storeProducts.storeId));
          await tx.delete(products).where(eq(products.id, id));
          await recordAudit(tx, actor, {
            action: 'DELETE',
            tableName: 'products',
            recordId: id,
            oldValues: { ...auditView(before), carriedByStoreIds: carriedBy.map((s) => s.storeId) },
          });
        });
      } catch (err) {
        // Order lines (a later issue) refer to products too; the database refuses those deletes.
        if (isForeignKeyViolation(err)) throw stillReferenced('product', 'other records, such as orders', archiveInstead);
        throw err;
      }
    },
  };
}
