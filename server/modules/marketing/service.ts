// Collateral items and brand events. (Filled by the marketing work.)
import type { ContentVersion } from '../../cache/content-version';
import type { Db } from '../../db/client';

// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface MarketingService {}

export function createMarketingService(_db: Db, _content: ContentVersion): MarketingService {
  return {};
}
