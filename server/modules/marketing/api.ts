// Collateral and events JSON handlers for staff: list, read, create, update (409 on an older
// version) and delete (catalog:delete, which employees do not hold). Plus the public side of
// events: the upcoming ones of a market and one published event.
import { Router } from 'express';
import {
  collateralInput,
  collateralListQuery,
  collateralUpdate,
  eventInput,
  eventListQuery,
  eventUpdate,
  marketingId,
  publicEventQuery,
} from '../../../shared/schemas/marketing';
import { eventIdFromParam } from '../../../shared/events';
import { parse } from '../../core/parse';
import { sendWithEtag, toCachedBody } from '../../http/api-helpers';
import { requireApi } from '../../http/api-auth';
import { actorOf } from '../../http/actor';
import { notFound } from '../../core/errors';
import { resolveMarket } from '../../http/market';
import type { Services } from '../../services';

const idParam = marketingId;

export function marketingApi(services: Services): Router {
  const router = Router();
  const read = requireApi(services, { permission: 'cms:access' });
  const write = requireApi(services, { permission: 'cms:access' });
  const remove = requireApi(services, { permission: 'catalog:delete' });
  const m = services.marketing;
  const noStore = (res: { setHeader(name: string, value: string): unknown }) => res.setHeader('Cache-Control', 'no-store');

  // Public: no sign-in; the market is the one asked for, else the visitor's (footer choice or gate).
  router.get('/events', async (req, res) => {
    const query = parse(publicEventQuery, req.query);
    const market = query.market ?? resolveMarket(req.headers.cookie, services.ageGate.read(req.headers.cookie)).code;
    res.vary('Cookie');
    sendWithEtag(req, res, toCachedBody({ market, items: await m.listUpcomingEvents(market) }));
  });
  router.get('/events/:id', async (req, res) => {
    const id = eventIdFromParam(req.params.id);
    if (id === null) throw notFound('Event');
    sendWithEtag(req, res, toCachedBody({ event: await m.getPublicEvent(id) }));
  });

  router.get('/admin/collateral', read, async (req, res) => {
    noStore(res);
    res.json(await m.listCollateral(parse(collateralListQuery, req.query)));
  });
  router.get('/admin/collateral/:id', read, async (req, res) => {
    noStore(res);
    res.json(await m.getCollateral(parse(idParam, req.params.id)));
  });
  router.post('/admin/collateral', write, async (req, res) => {
    res.status(201).json(await m.createCollateral(parse(collateralInput, req.body), actorOf(req)));
  });
  router.put('/admin/collateral/:id', write, async (req, res) => {
    res.json(await m.updateCollateral(parse(idParam, req.params.id), parse(collateralUpdate, req.body), actorOf(req)));
  });
  router.delete('/admin/collateral/:id', remove, async (req, res) => {
    await m.deleteCollateral(parse(idParam, req.params.id), actorOf(req));
    res.status(204).end();
  });

  router.get('/admin/events', read, async (req, res) => {
    noStore(res);
    res.json(await m.listEvents(parse(eventListQuery, req.query)));
  });
  router.get('/admin/events/:id', read, async (req, res) => {
    noStore(res);
    res.json(await m.getEvent(parse(idParam, req.params.id)));
  });
  router.post('/admin/events', write, async (req, res) => {
    res.status(201).json(await m.createEvent(parse(eventInput, req.body), actorOf(req)));
  });
  router.put('/admin/events/:id', write, async (req, res) => {
    res.json(await m.updateEvent(parse(idParam, req.params.id), parse(eventUpdate, req.body), actorOf(req)));
  });
  router.delete('/admin/events/:id', remove, async (req, res) => {
    await m.deleteEvent(parse(idParam, req.params.id), actorOf(req));
    res.status(204).end();
  });
  return router;
}
