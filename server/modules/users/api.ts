// JSON handlers of user administration (master admin only): the list, one person, create and invite,
// edit, delete, unlock, invitations, password resets, sessions and two-factor — parse with the shared
// schema, call services.usersAdmin, respond.
import { Router, type Request } from 'express';
import { userCreate, userDelete, userIdParam, userListQuery, userUpdate } from '../../../shared/schemas/users-admin';
import { parse, parseIdOr404 } from '../../core/parse';
import { currentUser, requireApi } from '../../http/api-auth';
import { actorOf } from '../../http/actor';
import type { Services } from '../../services';

export function usersApi(services: Services, origin: string): Router {
  const router = Router();
  const master = requireApi(services, { masterAdmin: true });
  const { usersAdmin } = services;
  const idOf = (req: Request) => parseIdOr404(userIdParam, req.params.id, 'User');
  const viewer = async (req: Request) => (await currentUser(services, req))!;

  router.get('/admin/users', master, async (req, res) => {
    res.json(await usersAdmin.list(await viewer(req), parse(userListQuery, req.query)));
  });
  router.post('/admin/users', master, async (req, res) => {
    res.status(201).json(await usersAdmin.create(await viewer(req), parse(userCreate, req.body), actorOf(req), origin));
  });
  router.get('/admin/users/:id', master, async (req, res) => {
    res.json({ user: await usersAdmin.get(await viewer(req), idOf(req)) });
  });
  router.put('/admin/users/:id', master, async (req, res) => {
    const id = idOf(req);
    res.json({ user: await usersAdmin.update(await viewer(req), id, parse(userUpdate, req.body), actorOf(req)) });
  });
  router.delete('/admin/users/:id', master, async (req, res) => {
    const id = idOf(req);
    await usersAdmin.remove(await viewer(req), id, parse(userDelete, req.body ?? {}).version, actorOf(req));
    res.status(204).end();
  });
  router.post('/admin/users/:id/unlock', master, async (req, res) => {
    await usersAdmin.unlock(await viewer(req), idOf(req), actorOf(req));
    res.status(204).end();
  });
  router.post('/admin/users/:id/invitation', master, async (req, res) => {
    await usersAdmin.resendInvitation(await viewer(req), idOf(req), actorOf(req), origin);
    res.status(204).end();
  });
  router.delete('/admin/users/:id/invitation', master, async (req, res) => {
    await usersAdmin.revokeInvitation(await viewer(req), idOf(req), actorOf(req));
    res.status(204).end();
  });
  router.post('/admin/users/:id/password-reset', master, async (req, res) => {
    await usersAdmin.sendPasswordReset(await viewer(req), idOf(req), actorOf(req), origin);
    res.status(204).end();
  });
  router.post('/admin/users/:id/force-password-reset', master, async (req, res) => {
    await usersAdmin.forcePasswordReset(await viewer(req), idOf(req), actorOf(req));
    res.status(204).end();
  });
  router.delete('/admin/users/:id/sessions', master, async (req, res) => {
    await usersAdmin.revokeSessions(await viewer(req), idOf(req), actorOf(req));
    res.status(204).end();
  });
  router.delete('/admin/users/:id/two-factor', master, async (req, res) => {
    await usersAdmin.disableTwoFactor(await viewer(req), idOf(req), actorOf(req), origin);
    res.status(204).end();
  });

  // The first door (issue 12): lifting a lockout before its time runs out — the same service call.
  router.post('/users/:id/unlock', master, async (req, res) => {
    await usersAdmin.unlock(await viewer(req), idOf(req), actorOf(req));
    res.status(204).end();
  });

  return router;
}
