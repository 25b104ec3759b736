// Marketing requests over JSON. Partners (`marketing:request`, their organisation's records): the
// collateral offered to them and its files, their requests, a new request and a comment (both only
// while the organisation can trade). Staff (`marketing:requests`): every request, the decision, the
// fulfilment and the thread; collateral files for anyone in the admin area.
import { type Request, Router } from 'express';
import {
  marketingRequestId,
  marketingRequestInput,
  partnerRequestListQuery,
  requestComment,
  requestDecision,
  requestFulfilment,
  staffRequestListQuery,
} from '../../../shared/schemas/marketing-requests';
import { marketingId } from '../../../shared/schemas/marketing';
import { parse, parseIdOr404 } from '../../core/parse';
import { authorizeApi, currentUser, requireApi } from '../../http/api-auth';
import { actorOf } from '../../http/actor';
import type { Services } from '../../services';
import { sendMediaFile } from '../media/api';

export function marketingRequestsApi(services: Services): Router {
  const router = Router();
  const requests = services.marketingRequests;
  const partner = requireApi(services, { permission: 'marketing:request' });
  // Placing or commenting: refused (403 with the standing's code) while the organisation cannot trade.
  const partnerAct = requireApi(services, { permission: 'marketing:request', act: true });
  const staff = requireApi(services, { permission: 'marketing:requests' });
  // Past the guard, the signed-in user (the guard resolved it).
  const me = async (req: Request) => (await currentUser(services, req))!;
  const requestIdOf = (raw: unknown) => parseIdOr404(marketingRequestId, raw, 'Request');
  const collateralIdOf = (raw: unknown) => parseIdOr404(marketingId, raw, 'Collateral item');

  // ---- Partners ----
  router.get('/partner/marketing/collateral', partner, async (req, res) => {
    res.json({ items: await requests.collateralFor(await me(req)) });
  });
  router.get('/partner/collateral/:id/file', async (req, res) => {
    const user = await authorizeApi(services, req, { permission: 'marketing:request' });
    const { mediaId } = await requests.collateralFile(user, collateralIdOf(req.params.id), 'partner');
    await sendMediaFile(services, res, mediaId, 'original', 'private');
  });
  router.get('/partner/marketing/requests', partner, async (req, res) => {
    res.json(await requests.listOwn(await me(req), parse(partnerRequestListQuery, req.query)));
  });
  router.post('/partner/marketing/requests', partnerAct, async (req, res) => {
    res.status(201).json(await requests.create(await me(req), parse(marketingRequestInput, req.body), actorOf(req)));
  });
  router.get('/partner/marketing/requests/:id', partner, async (req, res) => {
    res.json(await requests.getOwn(await me(req), requestIdOf(req.params.id)));
  });
  router.post('/partner/marketing/requests/:id/comments', partnerAct, async (req, res) => {
    const id = requestIdOf(req.params.id);
    res.status(201).json(await requests.commentOwn(await me(req), id, parse(requestComment, req.body), actorOf(req)));
  });

  // ---- Staff ----
  router.get('/admin/collateral/:id/file', async (req, res) => {
    const user = await authorizeApi(services, req, { area: 'admin' });
    const { mediaId } = await requests.collateralFile(user, collateralIdOf(req.params.id), 'staff');
    await sendMediaFile(services, res, mediaId, 'original', 'private');
  });
  router.get('/admin/marketing-requests', staff, async (req, res) => {
    res.json(await requests.list(await me(req), parse(staffRequestListQuery, req.query)));
  });
  router.get('/admin/marketing-requests/:id', staff, async (req, res) => {
    res.json(await requests.get(await me(req), requestIdOf(req.params.id)));
  });
  router.post('/admin/marketing-requests/:id/decision', staff, async (req, res) => {
    const id = requestIdOf(req.params.id);
    res.json(await requests.decide(await me(req), id, parse(requestDecision, req.body), actorOf(req)));
  });
  router.post('/admin/marketing-requests/:id/fulfil', staff, async (req, res) => {
    const id = requestIdOf(req.params.id);
    res.json(await requests.fulfil(await me(req), id, parse(requestFulfilment, req.body), actorOf(req)));
  });
  router.post('/admin/marketing-requests/:id/comments', staff, async (req, res) => {
    const id = requestIdOf(req.params.id);
    res.status(201).json(await requests.comment(await me(req), id, parse(requestComment, req.body), actorOf(req)));
  });
  return router;
}
