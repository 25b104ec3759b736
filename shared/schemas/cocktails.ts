// Cocktail shapes and queries shared by the API, the pages and (later) the admin forms.
import { z } from 'zod';
import { PRODUCT_CATEGORIES } from '../limits-catalog';

export const COCKTAIL_DIFFICULTIES = ['easy', 'medium', 'hard'] as const;
export type CocktailDifficulty = (typeof COCKTAIL_DIFFICULTIES)[number];

export const cocktailListQuery = z.object({
  baseSpirit: z.enum(PRODUCT_CATEGORIES).optional(),
  difficulty: z.enum(COCKTAIL_DIFFICULTIES).optional(),
});
export type CocktailListQuery = z.infer<typeof cocktailListQuery>;

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
}

export interface CocktailIngredient {
  position: number;
  name: string;
  amount: number | null;
  unit: string | null;
  product: { slug: string; name: string } | null;
}

export interface CocktailDetail extends CocktailSummary {
  steps: string[];
  ingredients: CocktailIngredient[];
}
