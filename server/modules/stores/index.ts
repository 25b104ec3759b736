// The store locator's public entry: the stores service (search, edit, CSV import and export).
export { createStoreService, type StoreService } from './service';
