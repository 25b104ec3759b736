// Cocktail shapes and queries shared by the API, the pages and (later) the admin forms.
import { z } from 'zod';
import { PRODUCT_CATEGORIES } from '../limits-catalog';

import { COCKTAIL_DIFFICULTIES, type CocktailDifficulty } from '../cocktail-constants';

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
