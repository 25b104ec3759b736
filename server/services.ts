// Builds the one instance of each service for the process. Route loaders get them through React
// Router's load context, API handlers as an argument: nothing creates a second copy.
import type { Config } from './config';
import { type ContentVersion, createContentVersion } from './cache/content-version';
import type { Database } from './db/client';
import { createSigner, type Signer } from './http/cookies';
import { type AgeGateService, createAgeGateService } from './modules/age-gate/service';
import { type CatalogService, createCatalogService } from './modules/catalog/service';
import type { ChangeFeed } from './realtime/changes';
import { type CocktailService, createCocktailService } from './modules/cocktails/service';
import { type StoreService, createStoreService } from './modules/stores/service';
import { type RetailerService, createRetailerService } from './modules/retailers/service';
import { type InquiryService, createInquiryService } from './modules/inquiries/service';

export interface Services {
  content: ContentVersion;
  catalog: CatalogService;
  ageGate: AgeGateService;
  cocktails: CocktailService;
  stores: StoreService;
  retailers: RetailerService;
  inquiries: InquiryService;
  signer: Signer;
}

export function createServices(config: Config, database: Database, feed: ChangeFeed): Services {
  const content = createContentVersion(feed);
  const signer = createSigner(config.SESSION_SECRET);
  return {
    content,
    signer,
    catalog: createCatalogService(database.db, content),
    ageGate: createAgeGateService(signer),
    cocktails: createCocktailService(database.db, content),
    stores: createStoreService(database.db, content),
    retailers: createRetailerService(database.db, content),
    inquiries: createInquiryService(database.db),
  };
}
