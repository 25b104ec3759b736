// JSON handlers of the store locator and the online retailers: parse, call the service, respond.
import { Router } from 'express';
import { fromKm, toKm } from '../../../shared/geo';
import { getMarket } from '../../../shared/markets';
import {
  DEFAULT_RADIUS, retailerQuery, type StoreResult, type StoreSearchResponse, type StoreSearchResult, storeSearchQuery,
} from '../../../shared/schemas/stores';
import { parse, sendWithEtag, toCachedBody } from '../../http/api-helpers';
import { notFound } from '../../http/errors';
import { resolveMarket } from '../../http/market';
import type { Services } from '../../services';

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
    ...(result.match === 'not_found'
      ? { message: `We couldn't find a place, postcode or store called “${q ?? ''}”. Try a town, a city or a postcode.` }
      : {}),
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

  return router;
}
