// JSON handlers of user administration (master admin): lifting a lockout before its time runs out.
import { Router } from 'express';
import { z } from 'zod';
import { parse } from '../../core/parse';
import { currentUser, requireApi } from '../../http/api-auth';
import { actorOf } from '../../http/actor';
import type { Services } from '../../services';

export function usersApi(services: Services): Router {
  const router = Router();
  // Master admin: lift a lockout before its time runs out.
  router.post('/users/:id/unlock', requireApi(services, { masterAdmin: true }), async (req, res) => {
    const id = parse(z.uuid(), req.params.id);
    const u = (await currentUser(services, req))!;
    await services.users.unlock(id, actorOf(req, u.id));
    res.status(204).end();
  });

  return router;
}
