// The trade catalogue for partners (View Products, Browse Catalog, the header's search): active
// products with the trade price of the viewer's tier — its organisation's type — in its
// organisation's market, per bottle as stored and per case (× case size, as orders will be placed),
// and the stock only for whom the one decision grants Inventory Viewing: what the viewer's supplier
// can sell it now (available = on hand − reserved in the supplier's ledger: the brand's for an
// importer, the importer's for a distributor, the distributor's for a retailer) and, for an importer
// or a distributor, its own. Every figure is read from the ledger (stock/ledger.ts `stockOf`).
import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
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
import { toGalleryImage } from '../catalog';
import { stockOf } from '../stock';

type ProductRow = typeof products.$inferSelect;

export function availabilityOf(available: number, row: Pick<ProductRow, 'caseSize' | 'lowStockThreshold'>): Availability {
  const bottles = Math.max(0, available);
  return { bottles, cases: Math.floor(bottles / row.caseSize), lowStock: bottles <= row.lowStockThreshold };
}

/** Whose ledgers a viewer's catalogue reads: its supplier's (the brand's for an importer) and its own, where it sees stock. */
interface Holders {
  /** The supplier's organisation, or undefined when there is none to show. */
  supplier: string | undefined;
  own: string | undefined;
}

/** The stock columns a catalogue query selects for these holders (a constant 0 where there is none). */
function stockColumns(h: Holders) {
  const none = sql<number>`0`.mapWith(Number);
  return {
    supplierAvailable: h.supplier === undefined ? none : stockOf(h.supplier).available,
    ownAvailable: h.own === undefined ? none : stockOf(h.own).available,
  };
}

function toTrade(
  row: ProductRow,
  bottle: { amountMinor: number; currency: string } | null,
  stock: { holders: Holders; supplierAvailable: number; ownAvailable: number } | null,
): TradeProduct {
  const price: TradePrice | null = bottle ? { bottleMinor: bottle.amountMinor, caseMinor: bottle.amountMinor * row.caseSize, currency: bottle.currency } : null;
  return {
    id: row.id,
    slug: row.slug,
    sku: row.sku,
    name: row.name,
    category: row.category,
    abv: row.abvTenths / 10,
    volumeMl: row.volumeMl,
    caseSize: row.caseSize,
    imageUrl: row.imageUrl,
    price,
    availability: stock && stock.holders.supplier !== undefined ? availabilityOf(stock.supplierAvailable, row) : null,
    own: stock && stock.holders.own !== undefined ? availabilityOf(stock.ownAvailable, row) : null,
  };
}

export interface PartnerCatalogService {
  /** Whose prices the viewer sees (its organisation's tier and market) and whether it sees stock. */
  pricing(viewer: Viewer): Promise<TradePricing>;
  /**
   * One page of the catalogue. `ordering`: the order form's read — the supplier's availability is shown
   * to whom may place orders (Order Management) even without Inventory Viewing, as placing refuses more.
   */
  list(viewer: Viewer, query: PartnerCatalogQuery, options?: { ordering?: boolean }): Promise<TradeCatalogPage>;
  /** An active product's page; 404 for anything else. */
  get(viewer: Viewer, slug: string): Promise<TradeProductDetail>;
}

export function createPartnerCatalogService(db: Db, access: Access): PartnerCatalogService {
  const NONE: Holders = { supplier: undefined, own: undefined };

  async function viewed(viewer: Viewer, ordering = false): Promise<{ pricing: TradePricing; holders: Holders }> {
    const inventory = (await access.can(viewer, { permission: 'inventory:view' })) || (ordering && (await access.can(viewer, { permission: 'orders:manage' })));
    const bare = { tier: null, market: null, currency: null, inventory, supplierName: null };
    if (!viewer.organisationId) return { pricing: bare, holders: NONE };
    const supplier = alias(organisations, 'supplier');
    const [org] = await db
      .select({
        type: organisations.type,
        market: organisations.market,
        currency: organisations.currency,
        supplierId: organisations.supplierId,
        supplierName: supplier.tradingName,
      })
      .from(organisations)
      .leftJoin(supplier, eq(supplier.id, organisations.supplierId))
      .where(eq(organisations.id, viewer.organisationId));
    if (!org) return { pricing: bare, holders: NONE };
    // Each buys from its supplier: the brand (its own organisation row) for an importer.
    const supplierHolder = org.supplierId ?? undefined;
    const holdsStock = org.type === 'importer' || org.type === 'distributor';
    const holders: Holders = inventory ? { supplier: supplierHolder, own: holdsStock ? viewer.organisationId : undefined } : NONE;
    return {
      pricing: {
        tier: org.type as TradeTier,
        market: org.market,
        currency: org.currency,
        inventory,
        supplierName: org.supplierName ?? null,
      },
      holders,
    };
  }

  const pricing = async (viewer: Viewer) => (await viewed(viewer)).pricing;

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

    async list(viewer, query, options) {
      const { pricing: p, holders } = await viewed(viewer, options?.ordering);
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
            ...stockColumns(holders),
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
          toTrade(r.product, r.amountMinor === null || r.currency === null ? null : { amountMinor: r.amountMinor, currency: r.currency }, { holders, ...r }),
        ),
        page: query.page,
        pageSize: query.pageSize,
        total,
      };
    },

    async get(viewer, slug) {
      // No product has a slug outside the format; such a URL never reaches the database.
      if (!slugSchema.safeParse(slug).success) throw notFound('Product');
      const { pricing: p, holders } = await viewed(viewer);
      const [row] = await db
        .select({ product: products, amountMinor: productTradePrices.amountMinor, currency: productTradePrices.currency, ...stockColumns(holders) })
        .from(products)
        .leftJoin(productTradePrices, priceJoin(p))
        .where(and(eq(products.status, 'active'), eq(products.slug, slug)));
      if (!row) throw notFound('Product');
      const item = toTrade(row.product, row.amountMinor === null || row.currency === null ? null : { amountMinor: row.amountMinor, currency: row.currency }, {
        holders,
        ...row,
      });
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
