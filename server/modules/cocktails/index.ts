// Cocktails' public entry: the recipes service.
export { type CocktailService, createCocktailService } from './service';
