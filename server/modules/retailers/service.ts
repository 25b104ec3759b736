// Online retailers per product and market. (Contract stub.)
import type { RetailerListing } from '../../../shared/schemas/stores';
import type { ContentVersion } from '../../cache/content-version';
import type { Db } from '../../db/client';

export interface RetailerService {
  /** Listings of a product at the active retailers that ship to `market`. */
  forProduct(productSlug: string, market: string): Promise<RetailerListing[]>;
  /** Every product with its listings in `market` (the Buy online page). */
  catalogue(market: string): Promise<{ product: { slug: string; name: string; imageUrl: string }; listings: RetailerListing[] }[]>;
}

export function createRetailerService(_db: Db, _content: ContentVersion): RetailerService {
  return {
    async forProduct() {
      return [];
    },
    async catalogue() {
      return [];
    },
  };
}
