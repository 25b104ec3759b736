// The partner catalogue's public entry: products as a trade partner sees them.
export { createPartnerCatalogService, type PartnerCatalogService } from './service';
