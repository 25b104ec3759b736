// Cocktail shapes and queries shared by the API, the pages and the staff editor.
import { z } from './zod';
import { requiredText } from './text';
import { PRODUCT_CATEGORIES } from '../limits-catalog';
import type { PickedMedia } from '../media';
import { adminListQuery, recordId, versionField } from './admin';
import { decimalNumber, wholeNumber } from './numbers';
import { slugSchema } from './catalog';

import {
  AMOUNTLESS_UNITS,
  COCKTAIL_DIFFICULTIES,
  COCKTAIL_MAX_INGREDIENTS,
  COCKTAIL_MAX_STEPS,
  COCKTAIL_SORTS,
  COCKTAIL_UNITS,
  type CocktailDifficulty,
  type CocktailUnit,
} from '../cocktail-constants';

export { COCKTAIL_DIFFICULTIES, DIFFICULTY_LABELS, type CocktailDifficulty } from '../cocktail-constants';

/** An empty value ("All", "Any" in a GET form: `?baseSpirit=`) means no filter. */
const emptyAsAbsent = (v: unknown) => (v === '' ? undefined : v);

export const cocktailListQuery = z.object({
  baseSpirit: z.preprocess(emptyAsAbsent, z.enum(PRODUCT_CATEGORIES).optional()),
  difficulty: z.preprocess(emptyAsAbsent, z.enum(COCKTAIL_DIFFICULTIES).optional()),
});
export type CocktailListQuery = z.infer<typeof cocktailListQuery>;

/** The `{id}` of /cocktails/{id}: a numeric id or a slug. */
export const cocktailIdOrSlug = z
  .string()
  .max(120)
  .regex(/^(\d{1,10}|[a-z0-9]+(-[a-z0-9]+)*)$/, 'Use a cocktail id or a slug such as negroni.');

export interface CocktailSummary {
  id: number;
  slug: string;
  name: string;
  description: string;
  baseSpirit: string;
  glass: string;
  difficulty: CocktailDifficulty;
  imageUrl: string;
  prepMinutes: number;
  featured: boolean;
}

export interface CocktailIngredient {
  position: number;
  name: string;
  amount: number | null;
  unit: string | null;
  product: { slug: string; name: string } | null;
}

/** One of our (active) products a recipe uses. */
export interface CocktailProduct {
  slug: string;
  name: string;
  category: string;
  imageUrl: string;
}

export interface CocktailDetail extends CocktailSummary {
  steps: string[];
  ingredients: CocktailIngredient[];
  /** Our products in the recipe, in ingredient order, each once. */
  products: CocktailProduct[];
}

// ---------------------------------------------------------------------------------------------
// Staff: the list query, the editor's input (create; update adds the version) and what it loads.

/** `?published=true|false`; empty means both. */
const publishedFilter = z.preprocess(
  emptyAsAbsent,
  z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
);

export const cocktailAdminQuery = adminListQuery(COCKTAIL_SORTS).extend({
  published: publishedFilter,
  baseSpirit: z.preprocess(emptyAsAbsent, z.enum(PRODUCT_CATEGORIES).optional()),
});
export type CocktailAdminQuery = z.infer<typeof cocktailAdminQuery>;

/** Form inputs send '' for "nothing": read it as null; numbers may arrive as text. */
const blankAsNull = (v: unknown) => (v === '' || v === undefined ? null : v);

/** numeric(8,2): positive, at most two decimals. */
const amountSchema = decimalNumber({
  min: Number.MIN_VALUE,
  max: 100_000,
  required: 'Enter an amount such as 25 or 0.5.',
  tooSmall: 'The amount must be more than 0.',
  tooBig: 'The amount must be at most 100,000.',
}).refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'Use at most two decimals.');

export const cocktailIngredientInput = z
  .object({
    name: requiredText('Name the ingredient.').max(120, 'Keep the name under 120 characters.'),
    amount: z.preprocess(blankAsNull, amountSchema.nullable()),
    unit: z.preprocess(blankAsNull, z.enum(COCKTAIL_UNITS, { error: 'Choose a unit from the list.' }).nullable()),
    /** One of our products this ingredient is. */
    productId: z.preprocess(blankAsNull, recordId('Choose one of our products.').nullable()),
  })
  .superRefine((i, ctx) => {
    const amountless = i.unit !== null && AMOUNTLESS_UNITS.includes(i.unit);
    if (amountless && i.amount !== null) ctx.addIssue({ code: 'custom', path: ['amount'], message: `Leave the amount empty for "${i.unit}".` });
    if (!amountless && i.amount === null) ctx.addIssue({ code: 'custom', path: ['amount'], message: 'Enter an amount, or choose "to top" or "to garnish".' });
  });
export type CocktailIngredientInput = z.infer<typeof cocktailIngredientInput>;

/**
 * A recipe as staff write it. `imageMediaId` is an image from the media library; publishing needs
 * an image — the chosen one, or the built-in picture a seeded recipe already has (checked by the
 * service, which knows the stored row).
 */
export const cocktailInput = z.object({
  name: requiredText('Name the cocktail.').max(120, 'Keep the name under 120 characters.'),
  slug: slugSchema,
  description: requiredText('Describe the cocktail in a sentence or two.').max(2000, 'Keep the description under 2,000 characters.'),
  baseSpirit: z.enum(PRODUCT_CATEGORIES, { error: 'Choose the base spirit.' }),
  glass: requiredText('Name the glass, e.g. Rocks glass.').max(60, 'Keep the glass under 60 characters.'),
  difficulty: z.enum(COCKTAIL_DIFFICULTIES, { error: 'Choose a difficulty.' }),
  prepMinutes: wholeNumber({
    min: 1,
    max: 240,
    required: 'Enter the minutes it takes.',
    whole: 'Use whole minutes.',
    tooSmall: 'The time must be at least 1 minute.',
    tooBig: 'The time must be at most 240 minutes.',
  }),
  ingredients: z
    .array(cocktailIngredientInput)
    .min(1, 'Add at least one ingredient.')
    .max(COCKTAIL_MAX_INGREDIENTS, `At most ${COCKTAIL_MAX_INGREDIENTS} ingredients.`),
  steps: z
    .array(requiredText('Write this step or remove it.').max(1000, 'Keep a step under 1,000 characters.'))
    .min(1, 'Add at least one step.')
    .max(COCKTAIL_MAX_STEPS, `At most ${COCKTAIL_MAX_STEPS} steps.`),
  imageMediaId: z.preprocess(blankAsNull, z.uuid({ error: 'Choose an image from the media library.' }).nullable()),
  featured: z.boolean().default(false),
  published: z.boolean().default(false),
});
export type CocktailInput = z.infer<typeof cocktailInput>;

export const cocktailUpdate = cocktailInput.extend({ version: versionField });
export type CocktailUpdate = z.infer<typeof cocktailUpdate>;

/** Publish / unpublish on its own: only the version the editor read. */
export const cocktailVersionOnly = z.object({ version: versionField });

/** The staff id of a recipe in a path. */
export const cocktailAdminId = recordId('Use a cocktail id.');

export interface CocktailAdminRow {
  id: number;
  slug: string;
  name: string;
  baseSpirit: string;
  difficulty: CocktailDifficulty;
  glass: string;
  published: boolean;
  featured: boolean;
  imageUrl: string;
  ingredientCount: number;
  updatedAt: string;
}

export interface CocktailEditIngredient {
  name: string;
  amount: number | null;
  unit: CocktailUnit | null;
  productId: number | null;
  product: { id: number; slug: string; name: string } | null;
}

/** What the editor loads: the stored recipe, its image as the picker shows it, and its version. */
export interface CocktailEdit {
  id: number;
  slug: string;
  name: string;
  description: string;
  baseSpirit: string;
  glass: string;
  difficulty: CocktailDifficulty;
  prepMinutes: number;
  featured: boolean;
  published: boolean;
  version: number;
  /** What the public page shows: the chosen image's web version, or a seeded recipe's own picture. */
  imageUrl: string;
  image: PickedMedia | null;
  ingredients: CocktailEditIngredient[];
  steps: string[];
  updatedAt: string;
}

/** A product the "Our product" select offers. */
export interface CocktailProductOption {
  id: number;
  name: string;
  status: string;
}
