// Store locations: search by origin, radius, name and product. (Contract stub.)
import type { StoreResult, StoreSearchQuery } from '../../../shared/schemas/stores';
import type { ContentVersion } from '../../cache/content-version';
import type { Db } from '../../db/client';

export interface StoreService {
  /** Active stores; ordered by distance from (lat, lng) when given, else by country, city and name. */
  search(query: Omit<StoreSearchQuery, 'unit'> & { radiusKm?: number }): Promise<StoreResult[]>;
}

export function createStoreService(_db: Db, _content: ContentVersion): StoreService {
  return {
    async search() {
      return [];
    },
  };
}
