// Online retailers per product and market: the active retailers that ship to a market, their
// listing of each active product, and the price when it is in the market's currency. Reads are
// cached per content version.
import { and, asc, eq, sql } from 'drizzle-orm';
import { getMarket, marketPrice } from '../../../shared/markets';
import type { RetailerCatalogueEntry, RetailerListing } from '../../../shared/schemas/stores';
import { type ContentVersion, createContentCache } from '../../cache/content-version';
import type { Db } from '../../db/client';
import { onlineRetailers, products, retailerListings } from '../../db/schema';

export interface RetailerService {
  /** Listings of a product at the active retailers that ship to `market`. */
  forProduct(productSlug: string, market: string): Promise<RetailerListing[]>;
  /** Every active product with its listings in `market` (the Buy online page); a product no one sells there has none. */
  catalogue(market: string): Promise<RetailerCatalogueEntry[]>;
}

/** Priced listings first, cheapest first; then by retailer name. */
function byPrice(a: RetailerListing, b: RetailerListing): number {
  if (a.price && b.price) return a.price.amountMinor - b.price.amountMinor || a.retailer.name.localeCompare(b.retailer.name);
  if (a.price || b.price) return a.price ? -1 : 1;
  return a.retailer.name.localeCompare(b.retailer.name);
}

export function createRetailerService(db: Db, content: ContentVersion): RetailerService {
  const cached = createContentCache(content, 50);

  async function load(marketCode: string): Promise<RetailerCatalogueEntry[]> {
    const market = getMarket(marketCode);
    const [productRows, listingRows] = await Promise.all([
      db
        .select({ id: products.id, slug: products.slug, name: products.name, imageUrl: products.imageUrl })
        .from(products)
        .where(eq(products.status, 'active'))
        .orderBy(asc(products.name), asc(products.id)),
      db
        .select({
          productId: retailerListings.productId,
          url: retailerListings.url,
          priceMinor: retailerListings.priceMinor,
          currency: retailerListings.currency,
          retailer: { id: onlineRetailers.id, name: onlineRetailers.name, url: onlineRetailers.url },
        })
        .from(retailerListings)
        .innerJoin(onlineRetailers, eq(onlineRetailers.id, retailerListings.retailerId))
        // markets is a JSON array of codes: `@>` asks whether it holds this one.
        .where(and(eq(onlineRetailers.active, true), sql`${onlineRetailers.markets} @> ${JSON.stringify([market.code])}::jsonb`)),
    ]);
    const listings = new Map<number, RetailerListing[]>();
    for (const r of listingRows) {
      // A price in another currency is not this market's price: the retailer's site shows it.
      const price = r.priceMinor !== null && r.currency === market.currency ? marketPrice(r.priceMinor, r.currency, market.locale) : null;
      const list = listings.get(r.productId) ?? [];
      list.push({ retailer: r.retailer, url: r.url, price });
      listings.set(r.productId, list);
    }
    return productRows.map((p) => ({
      product: { slug: p.slug, name: p.name, imageUrl: p.imageUrl },
      listings: (listings.get(p.id) ?? []).sort(byPrice),
    }));
  }

  async function catalogue(marketCode: string): Promise<RetailerCatalogueEntry[]> {
    const code = getMarket(marketCode).code;
    return cached(code, () => load(code));
  }

  return {
    catalogue,
    async forProduct(productSlug, market) {
      return (await catalogue(market)).find((e) => e.product.slug === productSlug)?.listings ?? [];
    },
  };
}
