// How a recipe reads: ingredient quantities ("50 ml", "½ barspoon"), ingredient lines, labels.
import { CATEGORY_LABELS, type ProductCategory } from '@shared/limits-catalog';
import { type CocktailDifficulty, DIFFICULTY_LABELS } from '@shared/cocktail-constants';
import type { CocktailIngredient } from '@shared/schemas/cocktails';
import { plural } from '@shared/plural';

const FRACTIONS: Record<string, string> = { '0.25': '¼', '0.5': '½', '0.75': '¾' };

/** Millilitres stay decimal (12.5 ml); counts and spoons use the fractions bartenders write. */
export function formatAmount(amount: number, unit: string | null): string {
  if (Number.isInteger(amount) || unit === 'ml' || unit === 'cl' || unit === 'l') return String(amount);
  const whole = Math.trunc(amount);
  const fraction = FRACTIONS[String(Math.round((amount - whole) * 100) / 100)];
  return fraction ? `${whole > 0 ? whole : ''}${fraction}` : String(amount);
}

/** "50 ml", "2 dashes", "1"; null when the ingredient has no amount ("to top", "to garnish"). */
export function ingredientQuantity(i: Pick<CocktailIngredient, 'amount' | 'unit'>): string | null {
  if (i.amount === null) return null;
  const amount = formatAmount(i.amount, i.unit);
  return i.unit ? `${amount} ${i.unit}` : amount;
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** What follows the name when there is no amount: ", to top". */
export function ingredientSuffix(i: Pick<CocktailIngredient, 'amount' | 'unit'>): string {
  return i.amount === null && i.unit ? `, ${i.unit}` : '';
}

/** The name as the line shows it: capitalised when it starts the line. */
export function ingredientName(i: Pick<CocktailIngredient, 'amount' | 'name'>): string {
  return i.amount === null ? capitalise(i.name) : i.name;
}

/** One line of the ingredient list: "50 ml Frolic London Dry Gin", "Soda water, to top". */
export function ingredientText(i: CocktailIngredient): string {
  const quantity = ingredientQuantity(i);
  return `${quantity ? `${quantity} ` : ''}${ingredientName(i)}${ingredientSuffix(i)}`;
}

export const spiritLabel = (category: string) => CATEGORY_LABELS[category as ProductCategory] ?? capitalise(category);
export const difficultyLabel = (d: CocktailDifficulty) => DIFFICULTY_LABELS[d];
export const minutesLabel = (n: number) => plural(n, 'minute');
