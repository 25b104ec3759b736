// Zod schemas of the catalogue: query strings, request bodies, the public product shape and the
// staff editor's product.
import { z } from './zod';
import { numberRule, pageNumber, wholeNumber } from './numbers';
import { requiredText } from './text';
import type { PickedMedia } from '../media';
import type { StockBalanceView } from './stock';
import { isMarketCode, type MarketPrice, MARKETS } from '../markets';
import {
  PRODUCT_CASE_SIZE_MAX,
  PRODUCT_CATEGORIES,
  PRODUCT_IMAGES_MAX,
  PRODUCT_SORT_COLUMNS,
  PRODUCT_STATUSES,
  PRODUCTS_PAGE_SIZE_DEFAULT,
  PRODUCTS_PAGE_SIZE_MAX,
  type ProductStatus,
  type TradeTier,
} from '../limits-catalog';
import { adminListQuery, versionField } from './admin';

export const productListQuery = z.object({
  page: pageNumber('the page', 10_000, 1),
  pageSize: pageNumber('the page size', PRODUCTS_PAGE_SIZE_MAX, PRODUCTS_PAGE_SIZE_DEFAULT),
  category: z.enum(PRODUCT_CATEGORIES).optional(),
  market: z.string().refine(isMarketCode, 'Choose a market we sell in, e.g. GB or US.').optional(),
});
export type ProductListQuery = z.infer<typeof productListQuery>;

export const slugSchema = z
  .string({ error: 'Enter a slug.' })
  .min(1, 'Enter a slug.')
  .max(120, 'Keep the slug to 120 characters.')
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lowercase letters, digits and single hyphens, e.g. frolic-london-dry-gin.');

/**
 * A stock-keeping unit: what a buyer's own system orders by. Typed in any case, kept in capitals
 * (the database checks the same form: server/db/schema/catalog.ts `products_sku_format`).
 */
export const skuSchema = z
  .string({ error: 'Enter a SKU.' })
  .trim()
  .toUpperCase()
  .min(2, 'Use at least 2 characters for the SKU.')
  .max(32, 'Keep the SKU to 32 characters.')
  .regex(/^[A-Z0-9]([A-Z0-9-]{0,30}[A-Z0-9])?$/, 'Use letters, digits and hyphens, starting and ending with a letter or digit, e.g. FRL-GIN-70.');

export const tastingNotesSchema = z.object({
  nose: z.string().max(500),
  palate: z.string().max(500),
  finish: z.string().max(500),
});

/** A patch of a few fields (tests and scripts); staff editors use `productUpdate`, a full replace. */
export const productPatch = z.object({
  version: z.number().int().min(1),
  name: z.string().trim().min(1).max(120).optional(),
  description: z.string().trim().min(1).max(4000).optional(),
  category: z.enum(PRODUCT_CATEGORIES).optional(),
  status: z.enum(PRODUCT_STATUSES).optional(),
  featured: z.boolean().optional(),
  tastingNotes: tastingNotesSchema.optional(),
});
export type ProductPatch = z.infer<typeof productPatch>;

// ---------------------------------------------------------------------------------------------
// Staff catalogue: the product editor and the staff list.

const MARKET_CODES = MARKETS.map((m) => m.code) as [string, ...string[]];

const whole = (what: string, min: number, max: number) => wholeNumber(numberRule(what, min, max));

/** Minor units (cents, pence); `null` or a missing market means "not sold there at this tier". */
const amountMinor = wholeNumber({
  min: 0,
  max: 100_000_000,
  required: 'Enter a price, e.g. 34.99.',
  whole: 'Enter a price with at most two decimals.',
  tooSmall: 'A price cannot be negative.',
  tooBig: 'A price cannot be more than 1,000,000.00.',
}).nullable();

/** Prices per market code, e.g. `{ US: 3499, GB: 2895 }`; the currency is the market's own. */
const marketPrices = z.partialRecord(z.enum(MARKET_CODES), amountMinor).default({});
export type MarketPrices = Partial<Record<string, number | null>>;

/**
 * A product as the editor sends it. `images` are media library ids in display order; the first is
 * the picture the public pages show. Without images a product keeps the picture it has (the seeded
 * bottle illustrations); a product with no picture at all may only be a draft (the service checks).
 */
export const productInput = z.object({
  name: requiredText('Enter the product name.').max(120, 'Keep the name to 120 characters.'),
  slug: slugSchema,
  /** Left empty, a new product gets the next `FRL-0001`-style number and an edited one keeps its SKU. */
  sku: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), skuSchema.optional()),
  category: z.enum(PRODUCT_CATEGORIES, { error: 'Choose a category.' }),
  abv: z
    .number({ error: 'Enter the ABV as a number, e.g. 40.5.' })
    .min(0, 'ABV cannot be negative.')
    .max(100, 'ABV cannot be more than 100 %.')
    .refine((v) => Math.abs(v * 10 - Math.round(v * 10)) < 1e-6, 'Use at most one decimal, e.g. 40.5.'),
  volumeMl: whole('the volume in ml', 1, 100_000),
  caseSize: whole('the case size', 1, PRODUCT_CASE_SIZE_MAX),
  description: requiredText('Enter a description.').max(4000, 'Keep the description to 4,000 characters.'),
  tastingNotes: tastingNotesSchema,
  images: z
    .array(z.uuid('Choose the image from the media library.'))
    .max(PRODUCT_IMAGES_MAX, `A product has at most ${PRODUCT_IMAGES_MAX} images.`)
    .refine((ids) => new Set(ids).size === ids.length, 'The same image is in the list twice.')
    .default([]),
  retailPrices: marketPrices,
  tradePrices: z.object({ importer: marketPrices, distributor: marketPrices, retailer: marketPrices }).default({ importer: {}, distributor: {}, retailer: {} }),
  lowStockThreshold: whole('the low-stock threshold', 0, 10_000_000),
  featured: z.boolean().default(false),
  status: z.enum(PRODUCT_STATUSES, { error: 'Choose a status.' }),
});
export type ProductInput = z.infer<typeof productInput>;

/** A save from the editor: every field again (a full replace) and the version the editor read. */
export const productUpdate = productInput.extend({ version: versionField });
export type ProductUpdate = z.infer<typeof productUpdate>;

/** Archiving names the version too, so it never lands on top of an edit the archiver has not seen. */
export const productArchive = z.object({ version: versionField });
/** Deleting sends nothing but the id in the path. */
export const productDelete = z.object({});

const booleanFlag = z.preprocess((v) => v === true || v === 'true' || v === '1' || v === 'on', z.boolean());
const emptyAsUnset = (v: unknown) => (v === '' ? undefined : v);

export const adminProductListQuery = adminListQuery(PRODUCT_SORT_COLUMNS).extend({
  status: z.preprocess(emptyAsUnset, z.enum(PRODUCT_STATUSES).optional()),
  category: z.preprocess(emptyAsUnset, z.enum(PRODUCT_CATEGORIES).optional()),
  lowStock: booleanFlag.default(false),
});
export type AdminProductListQuery = z.infer<typeof adminProductListQuery>;

/** One row of the staff list. */
export interface AdminProductRow {
  id: number;
  slug: string;
  sku: string;
  name: string;
  category: string;
  status: ProductStatus;
  /** The brand warehouse's balance, read from its stock ledger. */
  stock: StockBalanceView;
  lowStockThreshold: number;
  /** Available (on hand − reserved) at or below the threshold. */
  lowStock: boolean;
  imageUrl: string;
  updatedAt: Date;
}

/** A product as the editor loads it. */
export interface ProductForEdit {
  id: number;
  version: number;
  name: string;
  slug: string;
  sku: string;
  category: string;
  abv: number;
  volumeMl: number;
  caseSize: number;
  description: string;
  tastingNotes: { nose: string; palate: string; finish: string };
  /** The picture the public pages show (the first image, or the seeded illustration). */
  imageUrl: string;
  images: PickedMedia[];
  retailPrices: Record<string, number>;
  tradePrices: Record<TradeTier, Record<string, number>>;
  /** The brand warehouse's balance, read from its stock ledger (a save never writes it). */
  stock: StockBalanceView;
  lowStockThreshold: number;
  featured: boolean;
  status: ProductStatus;
  updatedAt: Date;
}

export interface PublicProduct {
  id: number;
  slug: string;
  name: string;
  category: string;
  abv: number; // percent, one decimal
  volumeMl: number;
  description: string;
  tastingNotes: { nose: string; palate: string; finish: string };
  imageUrl: string;
  featured: boolean;
  price: MarketPrice | null;
}

/** One picture of a product's gallery: the web version, its thumbnail and the text that replaces it. */
export interface PublicProductImage {
  url: string;
  thumbUrl: string;
  alt: string;
}

/**
 * A product's own page: the list fields plus its gallery in order (the first is `imageUrl`). Empty
 * for products that only have their seeded illustration. Lists leave it out to stay lean.
 */
export interface PublicProductDetail extends PublicProduct {
  images: PublicProductImage[];
}

export interface ProductPage {
  items: PublicProduct[];
  page: number;
  pageSize: number;
  total: number;
  market: string;
}
