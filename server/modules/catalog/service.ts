// The catalogue: public product listing and detail (active products only, priced per market), and
// the staff side (admin.ts: list, editor, create, update, archive, delete). Reads are cached per
// content version.
import { and, asc, eq, sql } from 'drizzle-orm';
import { getMarket, type MarketPrice, marketPrice } from '../../../shared/markets';
import { mediaUrl } from '../../../shared/media';
import { slugSchema } from '../../../shared/schemas/catalog';
import type { ProductListQuery, ProductPage, ProductPatch, PublicProduct, PublicProductDetail, PublicProductImage } from '../../../shared/schemas/catalog';
import { type ContentVersion, createContentCache } from '../../cache/content-version';
import type { Db } from '../../db/client';
import { mediaAssets, productImages, productPrices, products } from '../../db/schema';
import { notFound, versionConflict } from '../../core/errors';
import { type Actor } from '../../core/actor';
import { recordAudit } from '../audit';
import { type CatalogAdmin, createCatalogAdmin } from './admin';

type ProductRow = typeof products.$inferSelect;

function toPublic(row: ProductRow, price: MarketPrice | null): PublicProduct {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    category: row.category,
    abv: row.abvTenths / 10,
    volumeMl: row.volumeMl,
    description: row.description,
    tastingNotes: row.tastingNotes,
    imageUrl: row.imageUrl,
    featured: row.featured,
    price,
  };
}

/** Alt text from the media library, or one naming the product and the picture's place. */
export function toGalleryImage(media: { id: string; altText: string }, index: number, count: number, productName: string): PublicProductImage {
  const fallback = count > 1 ? `${productName}, image ${index + 1} of ${count}` : productName;
  return { url: mediaUrl(media.id, 'web'), thumbUrl: mediaUrl(media.id, 'thumb'), alt: media.altText.trim() || fallback };
}

function pick(row: ProductRow, keys: string[]): Record<string, unknown> {
  return Object.fromEntries(keys.map((k) => [k, row[k as keyof ProductRow]]));
}

export interface CatalogService extends CatalogAdmin {
  listProducts(query: ProductListQuery & { market: string }): Promise<ProductPage>;
  featuredProducts(market: string, limit?: number): Promise<PublicProduct[]>;
  /** An active product with its gallery; 404 otherwise. */
  getProduct(slug: string, market: string): Promise<PublicProductDetail>;
  /** Every active product's slug and last change (the sitemap). */
  listActiveSlugs(): Promise<{ slug: string; updatedAt: Date }[]>;
  /** A few fields by slug (tests, scripts); refused with 409 when `version` is not the stored one. */
  updateProduct(slug: string, patch: ProductPatch, actor: Actor): Promise<PublicProduct & { version: number }>;
}

export function createCatalogService(db: Db, content: ContentVersion): CatalogService {
  const cached = createContentCache(content);

  const priceJoin = (market: string) => and(eq(productPrices.productId, products.id), eq(productPrices.market, market));

  async function selectPublic(where: ReturnType<typeof and>, market: string, limit: number, offset: number) {
    // The page's ids first (an index scan over status, name, id), then their prices: a deep page
    // neither joins nor sorts the whole catalogue.
    const page = db
      .select({ id: products.id })
      .from(products)
      .where(where)
      .orderBy(asc(products.name), asc(products.id))
      .limit(limit)
      .offset(offset)
      .as('page');
    const rows = await db
      .select({ product: products, amountMinor: productPrices.amountMinor, currency: productPrices.currency })
      .from(page)
      .innerJoin(products, eq(products.id, page.id))
      .leftJoin(productPrices, priceJoin(market))
      .orderBy(asc(products.name), asc(products.id));
    const { locale } = getMarket(market);
    return rows.map((r) => toPublic(r.product, r.amountMinor === null || r.currency === null ? null : marketPrice(r.amountMinor, r.currency, locale)));
  }

  async function galleryOf(product: PublicProduct): Promise<PublicProductImage[]> {
    const rows = await db
      .select({ id: mediaAssets.id, altText: mediaAssets.altText })
      .from(productImages)
      .innerJoin(mediaAssets, eq(mediaAssets.id, productImages.mediaId))
      .where(eq(productImages.productId, product.id))
      .orderBy(asc(productImages.position));
    return rows.map((m, i) => toGalleryImage(m, i, rows.length, product.name));
  }

  return {
    ...createCatalogAdmin(db, content),

    listProducts(query) {
      const market = getMarket(query.market).code;
      const key = `list:${market}:${query.category ?? ''}:${query.page}:${query.pageSize}`;
      return cached(key, async () => {
        const where = and(eq(products.status, 'active'), query.category ? eq(products.category, query.category) : undefined);
        const [items, count] = await Promise.all([
          selectPublic(where, market, query.pageSize, (query.page - 1) * query.pageSize),
          // One count per category and content version, not one per page.
          cached(
            `count:${query.category ?? ''}`,
            async () =>
              (
                await db
                  .select({ n: sql<number>`count(*)::int` })
                  .from(products)
                  .where(where)
              )[0]?.n ?? 0,
          ),
        ]);
        return { items, page: query.page, pageSize: query.pageSize, total: count, market };
      });
    },

    featuredProducts(market, limit = 4) {
      const code = getMarket(market).code;
      return cached(`featured:${code}:${limit}`, () => selectPublic(and(eq(products.status, 'active'), eq(products.featured, true)), code, limit, 0));
    },

    async getProduct(slug, market) {
      // No product has a slug outside the format; such a URL (even with a NUL) never reaches the database.
      if (!slugSchema.safeParse(slug).success) throw notFound('Product');
      const code = getMarket(market).code;
      return cached(`product:${code}:${slug}`, async () => {
        const [item] = await selectPublic(and(eq(products.status, 'active'), eq(products.slug, slug)), code, 1, 0);
        if (!item) throw notFound('Product');
        return { ...item, images: await galleryOf(item) };
      });
    },

    listActiveSlugs() {
      return cached('slugs', () =>
        db.select({ slug: products.slug, updatedAt: products.updatedAt }).from(products).where(eq(products.status, 'active')).orderBy(asc(products.slug)),
      );
    },

    async updateProduct(slug, patch, actor) {
      const { version, ...fields } = patch;
      const updated = await db.transaction(async (tx) => {
        const [current] = await tx.select().from(products).where(eq(products.slug, slug)).for('update');
        if (!current) throw notFound('Product');
        if (current.version !== version) throw versionConflict('product', current.version, version);
        const [row] = await tx
          .update(products)
          .set({ ...fields, version: current.version + 1, updatedAt: new Date() })
          .where(eq(products.id, current.id))
          .returning();
        await recordAudit(tx, actor, {
          action: 'UPDATE',
          tableName: 'products',
          recordId: current.id,
          oldValues: pick(current, Object.keys(fields)),
          newValues: fields,
        });
        return row as ProductRow;
      });
      await content.changed('catalog');
      return { ...toPublic(updated, null), version: updated.version };
    },
  };
}
