// Retailers' public entry: the online retailers the Buy Online page lists.
export { createRetailerService, type RetailerService } from './service';
