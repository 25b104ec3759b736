// Navigation over JSON. Staff side (`/api/admin/navigation…`): the master admin's, as all of
// Content Management. Public side (`/api/navigation`): the stored menus as the header and footer
// show them (null for a menu not stored: the site's built-in links).
import { Router } from 'express';
import { navMenuName, navMenuSave } from '../../../shared/schemas/navigation';
import { notFound } from '../../core/errors';
import { parse } from '../../core/parse';
import { requireApi } from '../../http/api-auth';
import { actorOf } from '../../http/actor';
import { sendWithEtag, toCachedBody } from '../../http/api-helpers';
import type { Services } from '../../services';

export function navigationApi(services: Services): Router {
  const router = Router();
  const master = requireApi(services, { masterAdmin: true });
  const nav = services.navigation;
  const noStore = (res: { setHeader(name: string, value: string): unknown }) => res.setHeader('Cache-Control', 'private, no-store');

  router.get('/navigation', async (req, res) => {
    sendWithEtag(req, res, toCachedBody({ menus: await nav.publicMenus() }));
  });
  router.get('/admin/navigation', master, async (_req, res) => {
    noStore(res);
    res.json(await nav.editor());
  });
  router.post('/admin/navigation/seed', master, async (req, res) => {
    res.json(await nav.seed(actorOf(req)));
  });
  router.put('/admin/navigation/:menu', master, async (req, res) => {
    const menu = navMenuName.safeParse(req.params.menu);
    if (!menu.success) throw notFound('Menu');
    res.json(await nav.save(menu.data, parse(navMenuSave, req.body), actorOf(req)));
  });
  return router;
}
