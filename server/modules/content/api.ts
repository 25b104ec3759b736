// CMS pages over JSON. Staff side (`/api/admin/pages…`): Content Management is the master admin's
// (spec §6), whatever the permission switches say. Public side (`/api/pages/:slug`): only ever the
// published version; a draft, an unpublished or an unknown page is the same 404.
// Navigation (`/api/admin/navigation…`, the master admin's; `/api/navigation`, public): the stored
// menus as the header and footer show them (null for a menu not stored: the site's built-in links).
import { Router } from 'express';
import { z } from 'zod';
import {
  pageDiffQuery,
  pageId,
  pageInput,
  pageListQuery,
  pagePreview,
  pageSave,
  pageSchedule,
  pageSlug,
  pageVersionBody,
  versionNumber,
} from '../../../shared/schemas/pages';
import { versionField } from '../../../shared/schemas/admin';
import { navMenuName, navMenuSave } from '../../../shared/schemas/navigation';
import { notFound } from '../../core/errors';
import { parse, parseIdOr404 } from '../../core/parse';
import { requireApi } from '../../http/api-auth';
import { actorOf } from '../../http/actor';
import { sendWithEtag, toCachedBody } from '../../http/api-helpers';
import type { Services } from '../../services';

const createBody = pageInput.extend({ publish: z.boolean().default(false) });
const deleteQuery = z.object({ version: versionField.optional() });

export function pagesApi(services: Services): Router {
  const router = Router();
  const master = requireApi(services, { masterAdmin: true });
  const p = services.pages;
  const id = (raw: unknown) => parseIdOr404(pageId, raw, 'Page');
  const noStore = (res: { setHeader(name: string, value: string): unknown }) => res.setHeader('Cache-Control', 'private, no-store');

  router.get('/pages/:slug', async (req, res) => {
    const slug = pageSlug.safeParse(req.params.slug);
    const page = slug.success ? await p.publicPage(slug.data) : null;
    if (!page) throw notFound('Page');
    sendWithEtag(req, res, toCachedBody({ page }));
  });

  router.get('/admin/pages', master, async (req, res) => {
    noStore(res);
    res.json(await p.list(parse(pageListQuery, req.query)));
  });
  router.post('/admin/pages/preview', master, async (req, res) => {
    noStore(res);
    res.json(await p.preview(parse(pagePreview, req.body)));
  });
  router.post('/admin/pages', master, async (req, res) => {
    const { publish, ...input } = parse(createBody, req.body);
    res.status(201).json(await p.create(input, actorOf(req), { publish }));
  });
  router.get('/admin/pages/:id', master, async (req, res) => {
    noStore(res);
    res.json(await p.get(id(req.params.id)));
  });
  router.put('/admin/pages/:id', master, async (req, res) => {
    res.json(await p.save(id(req.params.id), parse(pageSave, req.body), actorOf(req)));
  });
  router.delete('/admin/pages/:id', master, async (req, res) => {
    await p.remove(id(req.params.id), parse(deleteQuery, req.query).version, actorOf(req));
    res.status(204).end();
  });
  router.post('/admin/pages/:id/publish', master, async (req, res) => {
    // The editor's unsaved working copy (when sent) is saved first, in the same transaction.
    const carriesCopy = typeof req.body === 'object' && req.body !== null && 'title' in req.body;
    if (carriesCopy) {
      const { version, ...input } = parse(pageSave, req.body);
      res.json(await p.publish(id(req.params.id), version, actorOf(req), input));
    } else {
      res.json(await p.publish(id(req.params.id), parse(pageVersionBody, req.body).version, actorOf(req)));
    }
  });
  router.post('/admin/pages/:id/unpublish', master, async (req, res) => {
    res.json(await p.unpublish(id(req.params.id), parse(pageVersionBody, req.body).version, actorOf(req)));
  });
  router.post('/admin/pages/:id/schedule', master, async (req, res) => {
    const { at, version } = parse(pageSchedule, req.body);
    res.json(await p.schedule(id(req.params.id), at, version, actorOf(req)));
  });
  router.post('/admin/pages/:id/schedule/cancel', master, async (req, res) => {
    res.json(await p.cancelSchedule(id(req.params.id), parse(pageVersionBody, req.body).version, actorOf(req)));
  });
  router.get('/admin/pages/:id/versions', master, async (req, res) => {
    noStore(res);
    res.json({ items: await p.versions(id(req.params.id)) });
  });
  router.get('/admin/pages/:id/diff', master, async (req, res) => {
    noStore(res);
    const { from, to } = parse(pageDiffQuery, req.query);
    res.json(await p.diff(id(req.params.id), from, to));
  });
  router.post('/admin/pages/:id/versions/:n/restore', master, async (req, res) => {
    const n = parseIdOr404(versionNumber, req.params.n, 'Version');
    res.json(await p.restore(id(req.params.id), n, parse(pageVersionBody, req.body).version, actorOf(req)));
  });
  return router;
}

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
