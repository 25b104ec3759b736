// Cocktail constants the pages need without the validation library (kept out of page bundles).
export const COCKTAIL_DIFFICULTIES = ['easy', 'medium', 'hard'] as const;
export type CocktailDifficulty = (typeof COCKTAIL_DIFFICULTIES)[number];

export const DIFFICULTY_LABELS: Record<CocktailDifficulty, string> = {
  easy: 'Easy',
  medium: 'Medium',
  hard: 'Hard',
};
