// JSON handlers of Access Control (master admin): read the settings, preview what a save would
// change for whom, and save (a fresh step-up, the version read).
import { Router } from 'express';
import { securitySettingsSave, securitySettingsSchema } from '../../../shared/schemas/security';
import { parse } from '../../core/parse';
import { currentUser, requireApi } from '../../http/api-auth';
import { actorOf } from '../../http/actor';
import type { Services } from '../../services';

export function securityApi(services: Services): Router {
  const router = Router();
  const master = requireApi(services, { masterAdmin: true });

  router.get('/admin/security-settings', master, async (_req, res) => {
    res.setHeader('Cache-Control', 'private, no-store');
    res.json(await services.settings.get());
  });

  router.post('/admin/security-settings/preview', master, async (req, res) => {
    const next = parse(securitySettingsSchema, req.body);
    res.setHeader('Cache-Control', 'private, no-store');
    res.json(await services.settings.preview(next));
  });

  router.put('/admin/security-settings', master, async (req, res) => {
    const input = parse(securitySettingsSave, req.body);
    const u = (await currentUser(services, req))!;
    res.json(await services.settings.save(u, input, actorOf(req, u.id)));
  });

  return router;
}
