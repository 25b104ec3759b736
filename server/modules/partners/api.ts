// JSON handlers of the staff Partners section (`users:manage`): the list, the tree, one organisation,
// create, edit, status, terms, members and invitations; Brand details (Finance): the brand's own row,
// read and saved; and a partner organisation's business details (VAT number, bank): by staff holding
// Finance, and by the organisation's own members in the partner area — parse, call the service, respond.
import { Router } from 'express';
import {
  memberInvite,
  memberRef,
  organisationCreate,
  organisationIdParam,
  organisationListQuery,
  organisationStatusInput,
  organisationUpdate,
  tradeTermsInput,
} from '../../../shared/schemas/partners-admin';
import { brandDetailsInput, businessDetailsInput } from '../../../shared/schemas/brand';
import { parse, parseIdOr404 } from '../../core/parse';
import { currentUser, requireApi } from '../../http/api-auth';
import { actorOf } from '../../http/actor';
import type { Services } from '../../services';
import { serializeOrganisation, serializeTerms } from './admin';

export function partnersApi(services: Services, origin: string): Router {
  const router = Router();
  const manage = requireApi(services, { permission: 'users:manage' });
  const { partners } = services;
  const idOf = (raw: unknown) => parseIdOr404(organisationIdParam, raw, 'Organisation');
  const noStore = (res: { setHeader(k: string, v: string): unknown }) => res.setHeader('Cache-Control', 'no-store');

  router.get('/admin/partners', manage, async (req, res) => {
    noStore(res);
    res.json(await partners.list(parse(organisationListQuery, req.query)));
  });
  // Before `/:id`: "tree" is not an id.
  router.get('/admin/partners/tree', manage, async (_req, res) => {
    noStore(res);
    res.json({ items: await partners.tree() });
  });
  router.get('/admin/partners/:id', manage, async (req, res) => {
    noStore(res);
    res.json(await partners.detail(idOf(req.params.id)));
  });
  router.post('/admin/partners', manage, async (req, res) => {
    const org = await partners.createByStaff(parse(organisationCreate, req.body), actorOf(req));
    res.status(201).json({ organisation: serializeOrganisation(org) });
  });
  router.put('/admin/partners/:id', manage, async (req, res) => {
    const id = idOf(req.params.id);
    res.json({ organisation: serializeOrganisation(await partners.update(id, parse(organisationUpdate, req.body), actorOf(req))) });
  });
  router.post('/admin/partners/:id/status', manage, async (req, res) => {
    const id = idOf(req.params.id);
    res.json({ organisation: serializeOrganisation(await partners.setStatus(id, parse(organisationStatusInput, req.body), actorOf(req))) });
  });
  router.put('/admin/partners/:id/terms', manage, async (req, res) => {
    const id = idOf(req.params.id);
    res.json({ terms: serializeTerms(await partners.updateTerms(id, parse(tradeTermsInput, req.body), actorOf(req))) });
  });
  router.get('/admin/partners/:id/members', manage, async (req, res) => {
    noStore(res);
    const id = idOf(req.params.id);
    await partners.get(id);
    res.json({ items: await partners.members(id) });
  });
  router.post('/admin/partners/:id/members', manage, async (req, res) => {
    const id = idOf(req.params.id);
    res.status(201).json(await partners.invite(id, parse(memberInvite, req.body), actorOf(req), origin));
  });
  router.post('/admin/partners/:id/members/:userId/invitation', manage, async (req, res) => {
    const ref = parseIdOr404(memberRef, req.params, 'Member');
    await partners.resendInvitation(ref.id, ref.userId, actorOf(req), origin);
    res.json({ ok: true });
  });

  const finance = requireApi(services, { permission: 'finance:manage' });
  router.get('/admin/brand', finance, async (req, res) => {
    noStore(res);
    res.json({ brand: await partners.brandDetails(await currentUser(services, req)) });
  });
  router.put('/admin/brand', finance, async (req, res) => {
    const input = parse(brandDetailsInput, req.body);
    res.json({ brand: await partners.updateBrandDetails(await currentUser(services, req), input, actorOf(req)) });
  });
  router.get('/admin/partners/:id/business-details', finance, async (req, res) => {
    noStore(res);
    res.json({ details: await partners.businessDetails(await currentUser(services, req), idOf(req.params.id)) });
  });
  router.put('/admin/partners/:id/business-details', finance, async (req, res) => {
    const id = idOf(req.params.id);
    const input = parse(businessDetailsInput, req.body);
    res.json({ details: await partners.updateBusinessDetails(await currentUser(services, req), id, input, actorOf(req)) });
  });

  // The member's own organisation (the partner area; saving needs the organisation's type role, which the service checks).
  const partnerArea = requireApi(services, { area: 'partner' });
  router.get('/partner/business-details', partnerArea, async (req, res) => {
    noStore(res);
    res.json({ details: await partners.ownBusinessDetails(await currentUser(services, req)) });
  });
  router.put('/partner/business-details', partnerArea, async (req, res) => {
    const input = parse(businessDetailsInput, req.body);
    res.json({ details: await partners.updateOwnBusinessDetails(await currentUser(services, req), input, actorOf(req)) });
  });
  return router;
}
