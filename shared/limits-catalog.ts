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
