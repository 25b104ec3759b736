// JSON handlers of the public catalogue: parse, call the service, respond (with content ETags).
import { Router } from 'express';
import { productListQuery, slugSchema } from '../../../shared/schemas/catalog';
import { parse, sendWithEtag, toCachedBody } from '../../http/api-helpers';
import { createContentCache } from '../../cache/content-version';
import { resolveMarket } from '../../http/market';
import type { Services } from '../../services';

export function catalogApi(services: Services): Router {
  const router = Router();
  // Serialised bodies per URL, dropped on any content change (the service caches the data itself).
  const cachedBody = createContentCache(services.content, 1000);

  const defaultMarket = (cookie: string | undefined) => resolveMarket(cookie, services.ageGate.read(cookie)).code;

  router.get('/products', async (req, res) => {
    const query = parse(productListQuery, req.query);
    const market = query.market ?? defaultMarket(req.headers.cookie);
    const key = `${market}|${req.originalUrl}`;
    const cached = await cachedBody(key, async () => toCachedBody(await services.catalog.listProducts({ ...query, market })));
    res.vary('Cookie');
    sendWithEtag(req, res, cached);
  });

  router.get('/products/:slug', async (req, res) => {
    const slug = parse(slugSchema, req.params.slug);
    const query = parse(productListQuery.pick({ market: true }), req.query);
    const product = await services.catalog.getProduct(slug, query.market ?? defaultMarket(req.headers.cookie));
    res.vary('Cookie');
    sendWithEtag(req, res, toCachedBody({ product }));
  });

  return router;
}
