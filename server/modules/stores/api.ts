// JSON handlers of the store locator and the online retailers: parse, call the service, respond.
import { type Request, Router } from 'express';
import { fromKm, toKm } from '../../../shared/geo';
import { getMarket } from '../../../shared/markets';
import {
  DEFAULT_RADIUS,
  retailerQuery,
  storeAdminId,
  storeAdminQuery,
  storeGeocodeQuery,
  storeImportBody,
  storeImportPreviewBody,
  storeInput,
  storeNearbyQuery,
  type StoreResult,
  type StoreSearchResponse,
  type StoreSearchResult,
  storeSearchQuery,
  storeUpdate,
} from '../../../shared/schemas/stores';
import { parse, parseIdOr404 } from '../../core/parse';
import { sendWithEtag, toCachedBody } from '../../http/api-helpers';
import { requireApi } from '../../http/api-auth';
import { actorOf } from '../../http/actor';
import { notFound } from '../../core/errors';
import { resolveMarket } from '../../http/market';
import type { Services } from '../../services';
import { gazetteer } from './gazetteer';
import { geocodeAddress, placesNear } from './locate';

const round1 = (n: number) => Math.round(n * 10) / 10;

/** The service's answer in the unit asked for, with a sentence for a search that found nothing. */
export function toStoreResponse(result: StoreSearchResult, unit: 'km' | 'mi', q?: string): StoreSearchResponse {
  const withDistance = (s: StoreResult) => ({ ...s, distance: s.distanceKm === null ? null : round1(fromKm(s.distanceKm, unit)) });
  return {
    match: result.match,
    origin: result.origin,
    unit,
    radius: result.radiusKm === null ? null : round1(fromKm(result.radiusKm, unit)),
    total: result.total,
    items: result.items.map(withDistance),
    nearest: result.nearest ? withDistance(result.nearest) : null,
    ...(result.match === 'not_found' ? { message: `We couldn't find a place, postcode or store called “${q ?? ''}”. Try a town, a city or a postcode.` } : {}),
  };
}

export function storesApi(services: Services): Router {
  const router = Router();
  const marketOf = (cookie: string | undefined) => resolveMarket(cookie, services.ageGate.read(cookie));

  router.get('/stores', async (req, res) => {
    const query = parse(storeSearchQuery, req.query);
    // Distances in the unit asked for, else the visitor's market's.
    const unit = query.unit ?? marketOf(req.headers.cookie).distanceUnit;
    const radius = query.radius ?? DEFAULT_RADIUS[unit];
    const result = await services.stores.find({
      q: query.q,
      lat: query.lat,
      lng: query.lng,
      radiusKm: toKm(radius, unit),
      product: query.product,
      limit: query.limit,
    });
    res.vary('Cookie');
    sendWithEtag(req, res, toCachedBody(toStoreResponse(result, unit, query.q)));
  });

  router.get('/retailers', async (req, res) => {
    const query = parse(retailerQuery, req.query);
    const market = query.market ? getMarket(query.market) : marketOf(req.headers.cookie);
    const head = { market: market.code, currency: market.currency };
    res.vary('Cookie');
    if (query.product) {
      const entry = (await services.retailers.catalogue(market.code)).find((e) => e.product.slug === query.product);
      if (!entry) throw notFound('Product');
      sendWithEtag(req, res, toCachedBody({ ...head, product: entry.product, items: entry.listings }));
      return;
    }
    sendWithEtag(req, res, toCachedBody({ ...head, items: await services.retailers.catalogue(market.code) }));
  });

  router.use(storesAdminApi(services));
  return router;
}

const idOf = (req: Request) => parseIdOr404(storeAdminId, req.params.id, 'Store');

/** Staff: the store list, editor, CSV import and export (`cms:access`; the CSV also `database:manage`; deleting needs `catalog:delete`). */
export function storesAdminApi(services: Services): Router {
  const router = Router();
  const write = requireApi(services, { permission: 'cms:access' });
  // Bulk data (Database Management) on top of the content permission: a file can rewrite every store.
  const bulk = requireApi(services, { permission: ['cms:access', 'database:manage'] });
  const del = requireApi(services, { permission: 'catalog:delete' });
  const stores = services.stores;

  router.get('/admin/stores', write, async (req, res) => {
    res.json(await stores.adminList(parse(storeAdminQuery, req.query)));
  });

  router.get('/admin/stores/export.csv', bulk, async (req, res) => {
    const { q, country, active } = parse(storeAdminQuery, req.query);
    const csv = await stores.exportCsv({ q, country, active });
    res.setHeader('Cache-Control', 'no-store');
    res.attachment(`stores-${new Date().toISOString().slice(0, 10)}.csv`);
    res.type('text/csv; charset=utf-8').send(csv);
  });

  router.post('/admin/stores/import/preview', bulk, async (req, res) => {
    const { csv } = parse(storeImportPreviewBody, req.body);
    res.json(await stores.previewImport(csv));
  });

  router.post('/admin/stores/import', bulk, async (req, res) => {
    const { csv, mode } = parse(storeImportBody, req.body);
    res.json(await stores.commitImport(csv, { mode }, actorOf(req)));
  });

  // The editor's position helpers: the gazetteer's answer for an address, and the towns around
  // typed coordinates. Before `/:id`, which would take "geocode" for an id.
  router.get('/admin/stores/geocode', write, (req, res) => {
    res.json(geocodeAddress(gazetteer(), parse(storeGeocodeQuery, req.query)));
  });

  router.get('/admin/stores/nearby', write, (req, res) => {
    const { lat, lng } = parse(storeNearbyQuery, req.query);
    res.json({ places: placesNear(gazetteer(), lat, lng) });
  });

  router.get('/admin/stores/:id', write, async (req, res) => {
    res.json(await stores.getForEdit(idOf(req)));
  });

  router.post('/admin/stores', write, async (req, res) => {
    res.status(201).json(await stores.createStore(parse(storeInput, req.body), actorOf(req)));
  });

  router.put('/admin/stores/:id', write, async (req, res) => {
    const id = idOf(req);
    res.json(await stores.updateStore(id, parse(storeUpdate, req.body), actorOf(req)));
  });

  router.delete('/admin/stores/:id', del, async (req, res) => {
    await stores.deleteStore(idOf(req), actorOf(req));
    res.status(204).end();
  });

  return router;
}
