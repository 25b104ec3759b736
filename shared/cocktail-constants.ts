// Cocktail constants the pages need without the validation library (kept out of page bundles).
export const COCKTAIL_DIFFICULTIES = ['easy', 'medium', 'hard'] as const;
export type CocktailDifficulty = (typeof COCKTAIL_DIFFICULTIES)[number];

export const DIFFICULTY_LABELS: Record<CocktailDifficulty, string> = {
  easy: 'Easy',
  medium: 'Medium',
  hard: 'Hard',
};

/**
 * Units staff choose from for an ingredient. The public page prints "<amount> <unit> <name>", so
 * plural forms are units of their own. No unit at all ("1 egg white") is allowed too.
 */
export const COCKTAIL_UNITS = [
  'ml',
  'cl',
  'l',
  'oz',
  'dash',
  'dashes',
  'drop',
  'drops',
  'barspoon',
  'barspoons',
  'teaspoon',
  'teaspoons',
  'slice',
  'slices',
  'wedge',
  'wedges',
  'leaf',
  'leaves',
  'sprig',
  'sprigs',
  'piece',
  'pieces',
  'to top',
  'to garnish',
] as const;
export type CocktailUnit = (typeof COCKTAIL_UNITS)[number];

/** Units that take no amount: "Indian tonic water, to top". */
export const AMOUNTLESS_UNITS: readonly CocktailUnit[] = ['to top', 'to garnish'];

export const COCKTAIL_MAX_INGREDIENTS = 30;
export const COCKTAIL_MAX_STEPS = 20;

/** The staff list's sortable columns. */
export const COCKTAIL_SORTS = ['name', 'baseSpirit', 'difficulty', 'updatedAt'] as const;

/** Glasses the editor suggests (any other name is fine). */
export const COCKTAIL_GLASSES = [
  'Rocks glass',
  'Highball glass',
  'Collins glass',
  'Coupe',
  'Copa glass',
  'Martini glass',
  'Nick & Nora glass',
  'Wine glass',
  'Flute',
  'Copper mug',
  'Punch cup',
] as const;
