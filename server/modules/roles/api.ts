// JSON handlers of Roles & Permissions (master admin): the roles with their grants and holders, a
// role's switches saved, a custom role created or deleted. Writes need a fresh step-up (the service asks).
import { Router } from 'express';
import { roleCreate, roleDelete, roleName, roleUpdate } from '../../../shared/schemas/roles';
import { parse, parseIdOr404 } from '../../core/parse';
import { currentUser, requireApi } from '../../http/api-auth';
import { actorOf } from '../../http/actor';
import type { Services } from '../../services';

export function rolesApi(services: Services): Router {
  const router = Router();
  const master = requireApi(services, { masterAdmin: true });

  router.get('/admin/roles', master, async (_req, res) => {
    res.setHeader('Cache-Control', 'private, no-store');
    res.json({ items: await services.roles.list() });
  });

  router.post('/admin/roles', master, async (req, res) => {
    const input = parse(roleCreate, req.body);
    const u = (await currentUser(services, req))!;
    res.status(201).json(await services.roles.create(u, input, actorOf(req, u.id)));
  });

  router.put('/admin/roles/:name', master, async (req, res) => {
    const input = parse(roleUpdate, req.body);
    const name = parseIdOr404(roleName, req.params.name, 'Role');
    const u = (await currentUser(services, req))!;
    res.json(await services.roles.update(u, name, input, actorOf(req, u.id)));
  });

  router.delete('/admin/roles/:name', master, async (req, res) => {
    const { version } = parse(roleDelete, req.body ?? {});
    const name = parseIdOr404(roleName, req.params.name, 'Role');
    const u = (await currentUser(services, req))!;
    await services.roles.remove(u, name, version, actorOf(req, u.id));
    res.status(204).end();
  });

  return router;
}
