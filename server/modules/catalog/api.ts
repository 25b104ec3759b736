// JSON handlers of the catalogue: the public list and detail (with content ETags) and the staff
// product API under /api/admin/products (cms:access; deleting needs catalog:delete).
import { Router } from 'express';
import { adminProductListQuery, productArchive, productInput, productListQuery, productUpdate, slugSchema } from '../../../shared/schemas/catalog';
import { parse } from '../../core/parse';
import { sendWithEtag, toCachedBody } from '../../http/api-helpers';
import { requireApi } from '../../http/api-auth';
import { actorOf } from '../../http/actor';
import { createContentCache } from '../../cache/content-version';
import { resolveMarket } from '../../http/market';
import type { Services } from '../../services';
import { recordId } from '../../../shared/schemas/admin';

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

  mountStaffProducts(router, services);
  return router;
}

const productId = recordId('The product id is a number.');

function mountStaffProducts(router: Router, services: Services): void {
  const catalog = services.catalog;
  const write = requireApi(services, { permission: 'cms:access' });
  const noStore = (res: { setHeader(k: string, v: string): unknown }) => res.setHeader('Cache-Control', 'no-store');

  router.get('/admin/products', write, async (req, res) => {
    noStore(res);
    res.json(await catalog.adminList(parse(adminProductListQuery, req.query)));
  });

  router.get('/admin/products/:id', write, async (req, res) => {
    noStore(res);
    res.json({ product: await catalog.getForEdit(parse(productId, req.params.id)) });
  });

  router.post('/admin/products', write, async (req, res) => {
    const input = parse(productInput, req.body);
    res.status(201).json({ product: await catalog.create(input, actorOf(req)) });
  });

  router.put('/admin/products/:id', write, async (req, res) => {
    const id = parse(productId, req.params.id);
    const input = parse(productUpdate, req.body);
    res.json({ product: await catalog.update(id, input, actorOf(req)) });
  });

  router.post('/admin/products/:id/archive', write, async (req, res) => {
    const id = parse(productId, req.params.id);
    const { version } = parse(productArchive, req.body ?? {});
    res.json({ product: await catalog.archive(id, version, actorOf(req)) });
  });

  router.delete('/admin/products/:id', requireApi(services, { permission: 'catalog:delete' }), async (req, res) => {
    await catalog.delete(parse(productId, req.params.id), actorOf(req));
    res.status(204).end();
  });
}
