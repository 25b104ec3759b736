// JSON handlers of the Master Admin Panel (master admin only): its figures, and sending an email
// from the outbox again.
import { Router } from 'express';
import { recordId } from '../../../shared/schemas/admin';
import { parseIdOr404 } from '../../core/parse';
import { currentUser, requireApi } from '../../http/api-auth';
import { actorOf } from '../../http/actor';
import type { Services } from '../../services';

const outboxId = recordId('Choose an email.');

export function masterApi(services: Services): Router {
  const router = Router();
  const master = requireApi(services, { masterAdmin: true });

  router.get('/admin/master-panel', master, async (_req, res) => {
    res.setHeader('Cache-Control', 'private, no-store');
    res.json(await services.masterPanel.summary());
  });

  router.post('/admin/outbox/:id/resend', master, async (req, res) => {
    const id = parseIdOr404(outboxId, req.params.id, 'Email');
    const u = (await currentUser(services, req))!;
    res.status(202).json(await services.mailer.resend(id, actorOf(req, u.id)));
  });

  return router;
}
