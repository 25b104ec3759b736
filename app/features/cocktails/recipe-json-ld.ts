// schema.org Recipe data for a cocktail page, for search engines and assistants.
import type { CocktailDetail } from '@shared/schemas/cocktails';
import { ingredientText, spiritLabel } from './format';

export function recipeJsonLd(cocktail: CocktailDetail, path: string): Record<string, unknown> {
  const duration = `PT${cocktail.prepMinutes}M`;
  return {
    '@context': 'https://schema.org',
    '@type': 'Recipe',
    name: cocktail.name,
    description: cocktail.description,
    image: [cocktail.imageUrl],
    url: path,
    author: { '@type': 'Organization', name: 'Frolic' },
    recipeCategory: 'Cocktail',
    keywords: `${spiritLabel(cocktail.baseSpirit).toLowerCase()} cocktail, ${cocktail.difficulty}`,
    prepTime: duration,
    totalTime: duration,
    recipeYield: '1 drink',
    tool: [cocktail.glass],
    recipeIngredient: cocktail.ingredients.map(ingredientText),
    recipeInstructions: cocktail.steps.map((text, i) => ({ '@type': 'HowToStep', position: i + 1, text })),
  };
}
