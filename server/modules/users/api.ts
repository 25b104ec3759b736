// JSON handlers of user administration (master admin): lifting a lockout before its time runs out.
import { type Request, Router } from 'express';
import { z } from 'zod';
import { parse } from '../../core/parse';
import { currentUser, requireApi } from '../../http/api-auth';
import type { Services } from '../../services';

export function usersApi(services: Services): Router {
  const router = Router();
  const actor = (req: Request, userId: string | null) => ({ userId, ip: req.ip ?? null, userAgent: req.headers['user-agent'] ?? null });

  // Master admin: lift a lockout before its time runs out.
  router.post('/users/:id/unlock', requireApi(services, { masterAdmin: true }), async (req, res) => {
    const id = parse(z.uuid(), req.params.id);
    const u = (await currentUser(services, req))!;
    await services.users.unlock(id, actor(req, u.id));
    res.status(204).end();
  });

  return router;
}
