// Zod schemas of the catalogue: query strings, request bodies and the public product shape.
import { z } from 'zod';
import { isMarketCode } from '../markets';
import { PRODUCT_CATEGORIES, PRODUCTS_PAGE_SIZE_DEFAULT, PRODUCTS_PAGE_SIZE_MAX } from '../limits-catalog';

export const productListQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(PRODUCTS_PAGE_SIZE_MAX).default(PRODUCTS_PAGE_SIZE_DEFAULT),
  category: z.enum(PRODUCT_CATEGORIES).optional(),
  market: z.string().refine(isMarketCode, 'Unknown market').optional(),
});
export type ProductListQuery = z.infer<typeof productListQuery>;

export const slugSchema = z
  .string()
  .min(1)
  .max(120)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lowercase letters, digits and hyphens');

export const tastingNotesSchema = z.object({
  nose: z.string().max(500),
  palate: z.string().max(500),
  finish: z.string().max(500),
});

/** Fields staff may change on a product; `version` is the one they read (optimistic concurrency). */
export const productUpdate = z.object({
  version: z.number().int().min(1),
  name: z.string().trim().min(1).max(120).optional(),
  description: z.string().trim().min(1).max(4000).optional(),
  category: z.enum(PRODUCT_CATEGORIES).optional(),
  status: z.enum(['draft', 'active', 'archived']).optional(),
  featured: z.boolean().optional(),
  tastingNotes: tastingNotesSchema.optional(),
});
export type ProductUpdate = z.infer<typeof productUpdate>;

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
  price: { amountMinor: number; currency: string } | null;
}

export interface ProductPage {
  items: PublicProduct[];
  page: number;
  pageSize: number;
  total: number;
  market: string;
}
