// The trade catalogue as partners see it, without zod (pages import it): the product with its
// tier's trade price in the organisation's market, its case size and — for whom the decision grants
// Inventory Viewing — its availability. The query's schema: shared/schemas/partner-catalog.ts.
import type { TradeTier } from './limits-catalog';

export const PARTNER_CATALOG_PAGE_SIZE = 24;
export const PARTNER_CATALOG_PAGE_SIZE_MAX = 100;
/** How many suggestions the header's search box shows. */
export const PARTNER_SEARCH_SUGGESTIONS = 6;
export const PARTNER_SEARCH_MAX = 120;

/** The tier's trade price: per bottle as stored, per case (× case size) as orders will be placed. */
export interface TradePrice {
  bottleMinor: number;
  caseMinor: number;
  currency: string;
}

/** A holder's stock of a product, from its ledger: available = on hand − reserved. */
export interface Availability {
  /** Bottles available now (on hand − reserved). */
  bottles: number;
  /** Whole cases. */
  cases: number;
  lowStock: boolean;
}

export interface TradeProduct {
  id: number;
  slug: string;
  /** What a buyer's own system orders by (an uploaded order names it). */
  sku: string;
  name: string;
  category: string;
  abv: number;
  volumeMl: number;
  caseSize: number;
  imageUrl: string;
  /** Null: no trade price for this tier in this market — "Price on request". */
  price: TradePrice | null;
  /** What the viewer's supplier (the brand for an importer) can sell it now; null when the viewer may not see stock levels or has no supplier. */
  availability: Availability | null;
  /** The viewer's own organisation's stock (an importer or a distributor holds a ledger); null otherwise. */
  own: Availability | null;
}

export interface TradeProductDetail extends TradeProduct {
  description: string;
  tastingNotes: { nose: string; palate: string; finish: string };
  images: { url: string; thumbUrl: string; alt: string }[];
}

/** Whose prices the viewer sees: its organisation's tier and market, or none without one. */
export interface TradePricing {
  tier: TradeTier | null;
  market: string | null;
  currency: string | null;
  /** Whether availability is shown (Inventory Viewing). */
  inventory: boolean;
  /** Who the viewer orders from: its supplier's trading name ('Frolic' for an importer); null without one. */
  supplierName: string | null;
}

export interface TradeCatalogPage extends TradePricing {
  items: TradeProduct[];
  page: number;
  pageSize: number;
  total: number;
}

/** What a product without a trade price for the viewer's tier and market shows. */
export const PRICE_ON_REQUEST = 'Price on request';
