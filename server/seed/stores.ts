// Demo store locations (with the products each carries) and online retailers with their listings.
// Runs inside the seed transaction after the products, which it finds by slug.
import { inArray } from 'drizzle-orm';
import { DEMO_STORES, P } from './demo-stores';
import type { DbOrTx } from '../db/client';
import { onlineRetailers, products, retailerListings, storeLocations, storeProducts } from '../db/schema';
import { SEED_PRODUCTS } from './products';

async function productIds(tx: DbOrTx, slugs: string[]): Promise<Map<string, number>> {
  const rows = await tx.select({ id: products.id, slug: products.slug }).from(products).where(inArray(products.slug, slugs));
  return new Map(rows.map((r) => [r.slug, r.id]));
}

export async function seedStores(tx: DbOrTx): Promise<void> {
  const ids = await productIds(tx, Object.values(P));
  const inserted = await tx
    .insert(storeLocations)
    .values(DEMO_STORES.map(({ products: _carried, ...store }) => store))
    .returning({ id: storeLocations.id });
  const links = inserted.flatMap((row, i) =>
    (DEMO_STORES[i]?.products ?? []).flatMap((slug) => {
      const productId = ids.get(slug);
      return productId === undefined ? [] : [{ storeId: row.id, productId }];
    }),
  );
  if (links.length > 0) await tx.insert(storeProducts).values(links);
}

type MarketCode = keyof (typeof SEED_PRODUCTS)[number]['prices'];

interface DemoRetailer {
  name: string;
  url: string;
  markets: MarketCode[];
  /** The currency its prices are in, and the market whose list price they follow. */
  priceMarket: MarketCode;
  currency: string;
  /** Its price relative to our list price in `priceMarket`. */
  factor: number;
  listingPath: (slug: string) => string;
  carries: string[];
  /** Listings whose price the retailer does not publish to us. */
  unpriced?: string[];
}

const RETAILERS: DemoRetailer[] = [
  {
    name: 'The Whisky Vault',
    url: 'https://www.thewhiskyvault.example',
    markets: ['GB', 'EU', 'INT'],
    priceMarket: 'GB',
    currency: 'GBP',
    factor: 0.97,
    listingPath: (s) => `/spirits/frolic/${s}`,
    carries: [P.dry, P.pink, P.navy, P.vodka, P.malt, P.spiced, P.white],
  },
  {
    name: 'Juniper & Co.',
    url: 'https://www.juniperandco.example',
    markets: ['EU', 'GB'],
    priceMarket: 'EU',
    currency: 'EUR',
    factor: 1,
    listingPath: (s) => `/shop/${s}`,
    carries: [P.dry, P.pink, P.navy, P.vodka, P.coffee],
    unpriced: [P.navy],
  },
  {
    name: 'Spirit Cellar Direct',
    url: 'https://www.spiritcellardirect.example',
    markets: ['US', 'INT'],
    priceMarket: 'US',
    currency: 'USD',
    factor: 0.95,
    listingPath: (s) => `/p/${s}`,
    carries: Object.values(P),
  },
  {
    name: 'Maple & Malt',
    url: 'https://www.mapleandmalt.example',
    markets: ['CA', 'US'],
    priceMarket: 'CA',
    currency: 'CAD',
    factor: 1.02,
    listingPath: (s) => `/en/products/${s}`,
    carries: [P.dry, P.pink, P.vodka, P.malt, P.white],
  },
  {
    name: 'Down Under Drinks',
    url: 'https://www.downunderdrinks.example',
    markets: ['AU', 'INT'],
    priceMarket: 'AU',
    currency: 'AUD',
    factor: 0.98,
    listingPath: (s) => `/buy/${s}`,
    carries: [P.dry, P.pink, P.navy, P.malt, P.spiced, P.white],
    unpriced: [P.malt],
  },
];

/** A shelf price near ours: rounded to the whole unit, less one (28.99). */
const shelfPrice = (listMinor: number, factor: number) => Math.round((listMinor * factor) / 100) * 100 - 1;

export async function seedRetailers(tx: DbOrTx): Promise<void> {
  const ids = await productIds(tx, Object.values(P));
  const listPrice = new Map(SEED_PRODUCTS.map((p) => [p.slug, p.prices]));
  for (const r of RETAILERS) {
    const [row] = await tx.insert(onlineRetailers).values({ name: r.name, url: r.url, markets: r.markets }).returning({ id: onlineRetailers.id });
    const retailerId = (row as { id: number }).id;
    const listings = r.carries.flatMap((slug) => {
      const productId = ids.get(slug);
      const prices = listPrice.get(slug);
      if (productId === undefined || !prices) return [];
      const priced = !r.unpriced?.includes(slug);
      return [
        {
          retailerId,
          productId,
          url: `${r.url}${r.listingPath(slug)}`,
          priceMinor: priced ? shelfPrice(prices[r.priceMarket], r.factor) : null,
          currency: priced ? r.currency : null,
        },
      ];
    });
    if (listings.length > 0) await tx.insert(retailerListings).values(listings);
  }
}
