// Cocktails: published recipes for the public site — the list (filtered by base spirit, difficulty,
// the product used, featured) and one recipe with its ingredients, our products and its method.
// Drafts never leave this module except through the staff side (admin.ts). Public reads are cached
// per content version.
import { and, asc, eq, exists, type SQL } from 'drizzle-orm';
import type { CocktailDetail, CocktailIngredient, CocktailListQuery, CocktailProduct, CocktailSummary } from '../../../shared/schemas/cocktails';
import { type ContentVersion, createContentCache } from '../../cache/content-version';
import type { Db } from '../../db/client';
import { cocktailIngredients, cocktails, products } from '../../db/schema';
import { notFound } from '../../core/errors';
import { recordId } from '../../../shared/schemas/admin';
import { type CocktailAdmin, createCocktailAdmin } from './admin';

export type CocktailQuery = CocktailListQuery & { productSlug?: string; featured?: boolean; limit?: number };

export interface CocktailService extends CocktailAdmin {
  /** Published cocktails only, ordered by name. */
  listPublished(query: CocktailQuery): Promise<CocktailSummary[]>;
  /** By slug, or by numeric id (the spec's /cocktails/{id}). */
  getPublished(idOrSlug: string): Promise<CocktailDetail>;
}

const MAX_LIMIT = 100;

const summaryColumns = {
  id: cocktails.id,
  slug: cocktails.slug,
  name: cocktails.name,
  description: cocktails.description,
  baseSpirit: cocktails.baseSpirit,
  glass: cocktails.glass,
  difficulty: cocktails.difficulty,
  imageUrl: cocktails.imageUrl,
  prepMinutes: cocktails.prepMinutes,
  featured: cocktails.featured,
};

const anId = recordId('Not an id.');

/** `{id}` as the id column's value when it is all digits and fits, else null (then it is a slug). */
function numericId(idOrSlug: string): number | null {
  const id = anId.safeParse(idOrSlug);
  return id.success ? id.data : null;
}

export function createCocktailService(db: Db, content: ContentVersion): CocktailService {
  const cached = createContentCache(content);

  /** Cocktails that use the active product `slug` for one of their ingredients. */
  const usesProduct = (slug: string) =>
    exists(
      db
        .select({ id: cocktailIngredients.id })
        .from(cocktailIngredients)
        .innerJoin(products, eq(products.id, cocktailIngredients.productId))
        .where(and(eq(cocktailIngredients.cocktailId, cocktails.id), eq(products.slug, slug), eq(products.status, 'active'))),
    );

  async function loadDetail(idOrSlug: string): Promise<CocktailDetail> {
    const id = numericId(idOrSlug);
    const [row] = await db
      .select({ ...summaryColumns, steps: cocktails.steps })
      .from(cocktails)
      .where(and(eq(cocktails.published, true), id === null ? eq(cocktails.slug, idOrSlug) : eq(cocktails.id, id)))
      .limit(1);
    if (!row) throw notFound('Cocktail');

    const rows = await db
      .select({
        position: cocktailIngredients.position,
        name: cocktailIngredients.name,
        amount: cocktailIngredients.amount,
        unit: cocktailIngredients.unit,
        product: { slug: products.slug, name: products.name, category: products.category, imageUrl: products.imageUrl },
      })
      .from(cocktailIngredients)
      // A product that is not on sale any more keeps its ingredient line but loses the link.
      .leftJoin(products, and(eq(products.id, cocktailIngredients.productId), eq(products.status, 'active')))
      .where(eq(cocktailIngredients.cocktailId, row.id))
      .orderBy(asc(cocktailIngredients.position));

    const ingredients: CocktailIngredient[] = rows.map((r) => ({
      position: r.position,
      name: r.name,
      amount: r.amount === null ? null : Number(r.amount),
      unit: r.unit,
      product: r.product ? { slug: r.product.slug, name: r.product.name } : null,
    }));
    const used = new Map<string, CocktailProduct>();
    for (const r of rows) if (r.product && !used.has(r.product.slug)) used.set(r.product.slug, r.product);
    return { ...row, ingredients, products: [...used.values()] };
  }

  return {
    ...createCocktailAdmin(db, content),

    listPublished(query) {
      const limit = query.limit === undefined ? undefined : Math.min(Math.max(1, Math.trunc(query.limit)), MAX_LIMIT);
      const key = `list:${query.baseSpirit ?? ''}:${query.difficulty ?? ''}:${query.productSlug ?? ''}:${query.featured ?? ''}:${limit ?? ''}`;
      return cached(key, async () => {
        const where: SQL[] = [eq(cocktails.published, true)];
        if (query.baseSpirit) where.push(eq(cocktails.baseSpirit, query.baseSpirit));
        if (query.difficulty) where.push(eq(cocktails.difficulty, query.difficulty));
        if (query.featured !== undefined) where.push(eq(cocktails.featured, query.featured));
        if (query.productSlug) where.push(usesProduct(query.productSlug));
        const select = db
          .select(summaryColumns)
          .from(cocktails)
          .where(and(...where))
          .orderBy(asc(cocktails.name), asc(cocktails.id));
        return limit === undefined ? await select : await select.limit(limit);
      });
    },

    getPublished(idOrSlug) {
      return cached(`detail:${idOrSlug}`, () => loadDetail(idOrSlug));
    },
  };
}
