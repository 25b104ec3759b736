// The bell's JSON handlers, in each area: the signed-in staff member's or partner's own feed (the
// decision says which entries), marking one or all as read.
import { type Request, Router } from 'express';
import { z } from 'zod';
import { parse } from '../../core/parse';
import { recordId } from '../../../shared/schemas/admin';
import { pageNumber } from '../../../shared/schemas/numbers';
import { currentUser, requireApi } from '../../http/api-auth';
import type { Services } from '../../services';

const listQuery = z.object({
  unread: z
    .enum(['1', 'true', '0', 'false'])
    .optional()
    .transform((v) => v === '1' || v === 'true'),
  page: pageNumber('the page', 100_000, 1),
});

export function notificationsApi(services: Services): Router {
  const router = Router();
  const reader = async (req: Request) => (await currentUser(services, req))!;

  for (const area of ['admin', 'partner'] as const) {
    const inArea = requireApi(services, { area });

    router.get(`/${area}/notifications`, inArea, async (req, res) => {
      const query = parse(listQuery, req.query);
      const user = await reader(req);
      res.setHeader('Cache-Control', 'no-store');
      res.json(await services.notifications.list(user, { unreadOnly: query.unread, page: query.page }));
    });

    router.post(`/${area}/notifications/read-all`, inArea, async (req, res) => {
      await services.notifications.markAllRead(await reader(req));
      res.status(204).end();
    });

    router.post(`/${area}/notifications/:id/read`, inArea, async (req, res) => {
      const id = parse(recordId('Use a notification id.'), req.params.id);
      await services.notifications.markRead(await reader(req), id);
      res.status(204).end();
    });
  }

  return router;
}
