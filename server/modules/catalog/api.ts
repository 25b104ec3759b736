// JSON handlers of the public catalogue: parse, call the service, respond (with content ETags).
import { Router } from 'express';
import { productListQuery, slugSchema } from '../../../shared/schemas/catalog';
import { type CachedBody, parse, sendWithEtag, toCachedBody } from '../../http/api-helpers';
import { Lru } from '../../cache/lru';
import { resolveMarket } from '../../http/market';
import type { Services } from '../../services';

export function catalogApi(services: Services): Router {
  const router = Router();
  // Serialised bodies per URL, dropped on any content change (the service caches the data itself).
  const bodies = new Lru<CachedBody>(1000);
  services.content.onChange(() => bodies.clear());

  const defaultMarket = (cookie: string | undefined) => resolveMarket(cookie, services.ageGate.read(cookie)).code;

  router.get('/products', async (req, res) => {
    const query = parse(productListQuery, req.query);
    const market = query.market ?? defaultMarket(req.headers.cookie);
    const key = `${market}|${req.originalUrl}`;
    let cached = bodies.get(key);
    if (!cached) {
      const version = services.content.current;
      cached = toCachedBody(await services.catalog.listProducts({ ...query, market }));
      if (version === services.content.current) bodies.set(key, cached);
    }
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
