// The catalogue's public entry: the products service, and a gallery image as every product page shows it.
export { type CatalogService, createCatalogService, toGalleryImage } from './service';
