// JSON handlers of the cocktail recipes: the public list and detail (with content ETags), and the
// staff's /api/admin/cocktails (cms:access; deleting needs catalog:delete).
import { type Request, Router } from 'express';
import { z } from 'zod';
import {
  cocktailAdminId,
  cocktailAdminQuery,
  cocktailIdOrSlug,
  cocktailInput,
  cocktailListQuery,
  cocktailUpdate,
  cocktailVersionOnly,
} from '../../../shared/schemas/cocktails';
import { versionField } from '../../../shared/schemas/admin';
import { createContentCache } from '../../cache/content-version';
import { parse } from '../../core/parse';
import { type CachedBody, sendWithEtag, toCachedBody } from '../../http/api-helpers';
import { requireApi } from '../../http/api-auth';
import { actorOf } from '../../http/actor';
import type { Services } from '../../services';

const deleteQuery = z.object({ version: versionField.optional() });

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

  staffRoutes(router, services);
  return router;
}

function staffRoutes(router: Router, services: Services): void {
  const write = requireApi(services, { permission: 'cms:access' });
  const remove = requireApi(services, { permission: 'catalog:delete' });
  const cocktails = services.cocktails;
  const idOf = (req: Request) => parse(cocktailAdminId, req.params.id);

  // Staff answers are per user and change with every save: never stored by a cache.
  router.use('/admin/cocktails', (_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });

  router.get('/admin/cocktails', write, async (req, res) => {
    res.json(await cocktails.adminList(parse(cocktailAdminQuery, req.query)));
  });

  router.get('/admin/cocktails/:id', write, async (req, res) => {
    res.json({ cocktail: await cocktails.getForEdit(idOf(req)) });
  });

  router.post('/admin/cocktails', write, async (req, res) => {
    const input = parse(cocktailInput, req.body);
    res.status(201).json({ cocktail: await cocktails.create(input, actorOf(req)) });
  });

  router.put('/admin/cocktails/:id', write, async (req, res) => {
    const id = idOf(req);
    const input = parse(cocktailUpdate, req.body);
    res.json({ cocktail: await cocktails.update(id, input, actorOf(req)) });
  });

  for (const [action, publish] of [
    ['publish', true],
    ['unpublish', false],
  ] as const) {
    router.post(`/admin/cocktails/:id/${action}`, write, async (req, res) => {
      const id = idOf(req);
      const { version } = parse(cocktailVersionOnly, req.body);
      res.json({ cocktail: await cocktails.setPublished(id, publish, version, actorOf(req)) });
    });
  }

  router.delete('/admin/cocktails/:id', remove, async (req, res) => {
    const id = idOf(req);
    const { version } = parse(deleteQuery, req.query);
    await cocktails.remove(id, version, actorOf(req));
    res.status(204).end();
  });
}
