// The trade catalogue's query as partners send it (View Products, Browse Catalog, the header's
// search); the shapes of its answer are in shared/partner-catalog-constants.ts (no zod in pages).
import { z } from './zod';
import { pageNumber } from './numbers';
import { PRODUCT_CATEGORIES } from '../limits-catalog';
import { PARTNER_CATALOG_PAGE_SIZE, PARTNER_CATALOG_PAGE_SIZE_MAX, PARTNER_SEARCH_MAX } from '../partner-catalog-constants';
import { withoutNul } from './admin';

export * from '../partner-catalog-constants';

const emptyAsUnset = (v: unknown) => (v === '' ? undefined : v);

/** `?q=&category=&page=&pageSize=` of `GET /api/partner/catalog` and of the pages. */
export const partnerCatalogQuery = z.object({
  // A NUL in a search is noise (PostgreSQL text cannot hold one): dropped, not an error.
  q: z
    .string()
    .max(PARTNER_SEARCH_MAX, `Keep the search to ${PARTNER_SEARCH_MAX} characters.`)
    .optional()
    .transform((v) => withoutNul(v)?.trim() || undefined),
  category: z.preprocess(emptyAsUnset, z.enum(PRODUCT_CATEGORIES, { error: 'Choose a category from the list.' }).optional()),
  page: pageNumber('the page', 10_000, 1),
  pageSize: pageNumber('the page size', PARTNER_CATALOG_PAGE_SIZE_MAX, PARTNER_CATALOG_PAGE_SIZE),
});
export type PartnerCatalogQuery = z.infer<typeof partnerCatalogQuery>;
