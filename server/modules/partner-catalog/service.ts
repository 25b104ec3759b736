// The trade catalogue for partners (View Products, Browse Catalog, the header's search): active
// products with the trade price of the viewer's tier — its organisation's type — in its
// organisation's market, per bottle as stored and per case (× case size, as orders will be placed),
// and the stock only for whom the one decision grants Inventory Viewing. Until part 2 brings stock
// ledgers per organisation, availability is the brand warehouse's figure.
import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { onePage, totalOf } from '../../db/paged';
import type { Availability, TradeCatalogPage, TradePrice, TradePricing, TradeProduct, TradeProductDetail } from '../../../shared/partner-catalog-constants';
import type { PartnerCatalogQuery } from '../../../shared/schemas/partner-catalog';
import { slugSchema } from '../../../shared/schemas/catalog';
import type { TradeTier } from '../../../shared/limits-catalog';
import type { Access, Viewer } from '../../auth/authorize';
import type { Db } from '../../db/client';
import { containsPattern } from '../../db/like';
import { mediaAssets, organisations, productImages, products, productTradePrices } from '../../db/schema';
import { notFound } from '../../core/errors';
import { toGalleryImage } from '../catalog/service';

type ProductRow = typeof products.$inferSelect;

function availabilityOf(row: ProductRow): Availability {
  return { bottles: row.stockUnits, cases: Math.floor(row.stockUnits / row.caseSize), lowStock: row.stockUnits <= row.lowStockThreshold };
}

function toTrade(row: ProductRow, bottle: { amountMinor: number; currency: string } | null, inventory: boolean): TradeProduct {
  const price: TradePrice | null = bottle ? { bottleMinor: bottle.amountMinor, caseMinor: bottle.amountMinor * row.caseSize, currency: bottle.currency } : null;
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    category: row.category,
    abv: row.abvTenths / 10,
    volumeMl: row.volumeMl,
    caseSize: row.caseSize,
    imageUrl: row.imageUrl,
    price,
    availability: inventory ? availabilityOf(row) : null,
  };
}

export interface PartnerCatalogService {
  /** Whose prices the viewer sees (its organisation's tier and market) and whether it sees stock. */
  pricing(viewer: Viewer): Promise<TradePricing>;
  list(viewer: Viewer, query: PartnerCatalogQuery): Promise<TradeCatalogPage>;
  /** An active product's page; 404 for anything else. */
  get(viewer: Viewer, slug: string): Promise<TradeProductDetail>;
}

export function createPartnerCatalogService(db: Db, access: Access): PartnerCatalogService {
  async function pricing(viewer: Viewer): Promise<TradePricing> {
    const inventory = await access.can(viewer, { permission: 'inventory:view' });
    if (!viewer.organisationId) return { tier: null, market: null, currency: null, inventory };
    const [org] = await db
      .select({ type: organisations.type, market: organisations.market, currency: organisations.currency })
      .from(organisations)
      .where(eq(organisations.id, viewer.organisationId));
    if (!org) return { tier: null, market: null, currency: null, inventory };
    return { tier: org.type as TradeTier, market: org.market, currency: org.currency, inventory };
  }

  /** The viewer's trade price of each product: its tier in its market (no organisation, no price). */
  const priceJoin = (p: TradePricing) =>
    p.tier && p.market
      ? and(eq(productTradePrices.productId, products.id), eq(productTradePrices.tier, p.tier), eq(productTradePrices.market, p.market))
      : sql`false`;

  function searchWhere(query: PartnerCatalogQuery): SQL {
    const pattern = query.q ? containsPattern(query.q) : null;
    return and(
      eq(products.status, 'active'),
      query.category ? eq(products.category, query.category) : undefined,
      pattern ? or(ilike(products.name, pattern), ilike(products.category, pattern), ilike(products.description, pattern)) : undefined,
    ) as SQL;
  }

  return {
    pricing,

    async list(viewer, query) {
      const p = await pricing(viewer);
      const where = searchWhere(query);
      // Names that match come before descriptions that do; then by name.
      const order = query.q
        ? [desc(ilike(products.name, containsPattern(query.q))), asc(products.name), asc(products.id)]
        : [asc(products.name), asc(products.id)];
      // At most one trade price a product (the primary key is product, tier and market): the join keeps one row a product.
      const { rows, total } = await onePage(
        db
          .select({
            product: products,
            amountMinor: productTradePrices.amountMinor,
            currency: productTradePrices.currency,
            matched: totalOf(db.select({ n: count() }).from(products).where(where)),
          })
          .from(products)
          .leftJoin(productTradePrices, priceJoin(p))
          .where(where)
          .orderBy(...order),
        query,
      );
      return {
        ...p,
        items: rows.map((r) =>
          toTrade(r.product, r.amountMinor === null || r.currency === null ? null : { amountMinor: r.amountMinor, currency: r.currency }, p.inventory),
        ),
        page: query.page,
        pageSize: query.pageSize,
        total,
      };
    },

    async get(viewer, slug) {
      // No product has a slug outside the format; such a URL never reaches the database.
      if (!slugSchema.safeParse(slug).success) throw notFound('Product');
      const p = await pricing(viewer);
      const [row] = await db
        .select({ product: products, amountMinor: productTradePrices.amountMinor, currency: productTradePrices.currency })
        .from(products)
        .leftJoin(productTradePrices, priceJoin(p))
        .where(and(eq(products.status, 'active'), eq(products.slug, slug)));
      if (!row) throw notFound('Product');
      const item = toTrade(
        row.product,
        row.amountMinor === null || row.currency === null ? null : { amountMinor: row.amountMinor, currency: row.currency },
        p.inventory,
      );
      const gallery = await db
        .select({ id: mediaAssets.id, altText: mediaAssets.altText })
        .from(productImages)
        .innerJoin(mediaAssets, eq(mediaAssets.id, productImages.mediaId))
        .where(eq(productImages.productId, item.id))
        .orderBy(asc(productImages.position));
      return {
        ...item,
        description: row.product.description,
        tastingNotes: row.product.tastingNotes,
        images: gallery.map((m, i) => toGalleryImage(m, i, gallery.length, item.name)),
      };
    },
  };
}
