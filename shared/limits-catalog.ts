// Catalogue constants shared by the schemas and the pages.
export const PRODUCT_CATEGORIES = ['gin', 'vodka', 'whisky', 'rum', 'liqueur'] as const;
export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number];
export const PRODUCTS_PAGE_SIZE_DEFAULT = 24;
export const PRODUCTS_PAGE_SIZE_MAX = 100;

export const CATEGORY_LABELS: Record<ProductCategory, string> = {
  gin: 'Gin',
  vodka: 'Vodka',
  whisky: 'Whisky',
  rum: 'Rum',
  liqueur: 'Liqueur',
};

export const PRODUCT_STATUSES = ['draft', 'active', 'archived'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];
export const PRODUCT_STATUS_LABELS: Record<ProductStatus, string> = { draft: 'Draft', active: 'Active', archived: 'Archived' };

/** Partner tiers with their own trade price, in the order the price grid shows them. */
export const TRADE_TIERS = ['importer', 'distributor', 'retailer'] as const;
export type TradeTier = (typeof TRADE_TIERS)[number];

export const PRODUCT_IMAGES_MAX = 8;
export const PRODUCT_CASE_SIZE_MAX = 48;
/** Columns the staff product list sorts by (`?sort=`). */
export const PRODUCT_SORT_COLUMNS = ['name', 'category', 'status', 'stock', 'updatedAt'] as const;
