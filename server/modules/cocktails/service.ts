// Cocktails: published recipes for the public site. (Contract stub; implementation in progress.)
import type { CocktailDetail, CocktailListQuery, CocktailSummary } from '../../../shared/schemas/cocktails';
import type { ContentVersion } from '../../cache/content-version';
import type { Db } from '../../db/client';
import { notFound } from '../../http/errors';

export interface CocktailService {
  listPublished(query: CocktailListQuery & { productSlug?: string; featured?: boolean; limit?: number }): Promise<CocktailSummary[]>;
  /** By slug, or by numeric id (the spec's /cocktails/{id}). */
  getPublished(idOrSlug: string): Promise<CocktailDetail>;
}

export function createCocktailService(_db: Db, _content: ContentVersion): CocktailService {
  return {
    async listPublished() {
      return [];
    },
    async getPublished() {
      throw notFound('Cocktail');
    },
  };
}
