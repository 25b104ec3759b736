// JSON handlers of accounts: who am I (spec's profile + roles), the has_role rpc, sign-out, and for
// the master admin the email outbox (unlocking a user: users/api.ts; Access Control: security/api.ts).
import { Router } from 'express';
import { z } from 'zod';
import { pageNumber } from '../../../shared/schemas/numbers';
import { parse } from '../../core/parse';
import { currentUser, requireApi } from '../../http/api-auth';
import { actorOf } from '../../http/actor';
import { readSessionToken } from '../../http/request-auth';
import type { Services } from '../../services';

const hasRoleBody = z.object({ user_id: z.uuid().optional(), role_name: z.string().min(1).max(50) });
const stepUpBody = z.object({ password: z.string().min(1).max(1000), code: z.string().max(64).optional() });
const outboxQuery = z.object({ page: pageNumber('the page', 100_000, 1) });

export function authApi(services: Services): Router {
  const router = Router();

  router.get('/me', requireApi(services, { signedIn: true }), async (req, res) => {
    const u = (await currentUser(services, req))!;
    res.setHeader('Cache-Control', 'no-store');
    res.json({
      profile: {
        id: u.id,
        first_name: u.firstName,
        last_name: u.lastName,
        avatar_url: u.avatarUrl,
        is_master_admin: u.isMasterAdmin,
        requires_password_reset: u.requiresPasswordReset,
      },
      email: u.email,
      roles: u.roles,
      permissions: u.permissions,
      twoFactorEnabled: u.twoFactorEnabled,
    });
  });

  // The spec's `has_role` rpc: for yourself, or (master admin) anyone.
  router.post('/rpc/has_role', requireApi(services, { signedIn: true }), async (req, res) => {
    const body = parse(hasRoleBody, req.body);
    const u = (await currentUser(services, req))!;
    const target = body.user_id ?? u.id;
    if (target !== u.id && !(await services.access.can(u, { masterAdmin: true }))) {
      res.status(403).json({ error: { code: 'forbidden', message: 'You can only ask about your own roles.' } });
      return;
    }
    const roles = target === u.id ? u.roles : await services.users.rolesOf(target);
    res.json(roles.includes(body.role_name));
  });

  // Step-up (server/auth/step-up.ts): a fresh password (and code) for the next sensitive actions.
  router.post('/auth/step-up', requireApi(services, { signedIn: true }), async (req, res) => {
    const body = parse(stepUpBody, req.body);
    const u = (await currentUser(services, req))!;
    const { elevatedUntil } = await services.auth.confirmStepUp(u, body, actorOf(req, u.id));
    res.setHeader('Cache-Control', 'no-store');
    res.json({ elevatedUntil: new Date(elevatedUntil).toISOString() });
  });

  router.post('/auth/logout', async (req, res) => {
    const token = readSessionToken(req.headers.cookie, req.secure);
    if (token) await services.auth.signOut(token, actorOf(req, null));
    res.status(204).end();
  });

  // The outbox (master admin): every email the product stored, with its links — the way to read
  // them without SMTP_URL, since links are never printed outside development.
  router.get('/admin/outbox', requireApi(services, { masterAdmin: true }), async (req, res) => {
    const page = parse(outboxQuery, req.query).page;
    res.setHeader('Cache-Control', 'private, no-store');
    res.json(await services.mailer.list(page));
  });

  return router;
}
