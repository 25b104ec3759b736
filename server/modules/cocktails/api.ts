// JSON handlers of the public cocktail recipes: parse, call the service, respond (with content ETags).
import { Router } from 'express';
import { cocktailIdOrSlug, cocktailListQuery } from '../../../shared/schemas/cocktails';
import { createContentCache } from '../../cache/content-version';
import { type CachedBody, parse, sendWithEtag, toCachedBody } from '../../http/api-helpers';
import type { Services } from '../../services';

export function cocktailsApi(services: Services): Router {
  const router = Router();
  // Serialised bodies per URL, dropped on any content change (the service caches the data itself).
  const cache = createContentCache(services.content);
  const cachedBody = (key: string, compute: () => Promise<unknown>): Promise<CachedBody> => cache(key, async () => toCachedBody(await compute()));

  router.get('/cocktails', async (req, res) => {
    const query = parse(cocktailListQuery, req.query);
    const body = await cachedBody(`list|${query.baseSpirit ?? ''}|${query.difficulty ?? ''}`, async () => {
      const items = await services.cocktails.listPublished(query);
      return { items, total: items.length };
    });
    sendWithEtag(req, res, body);
  });

  router.get('/cocktails/:idOrSlug', async (req, res) => {
    const idOrSlug = parse(cocktailIdOrSlug, req.params.idOrSlug);
    const body = await cachedBody(`detail|${idOrSlug}`, async () => ({ cocktail: await services.cocktails.getPublished(idOrSlug) }));
    sendWithEtag(req, res, body);
  });

  return router;
}
