// Database Management over JSON (issue 19, master admin only): the table browser, the SQL editor's
// check and run, its saved queries and its history.
import { Router } from 'express';
import { z } from 'zod';
import { savedQueryBody, sqlCheckBody, sqlRunBody, tableRowsQuery } from '../../../shared/schemas/database';
import { recordId } from '../../../shared/schemas/admin';
import { parse, parseIdOr404 } from '../../core/parse';
import { currentUser, requireApi } from '../../http/api-auth';
import { actorOf } from '../../http/actor';
import type { Services } from '../../services';

const savedId = recordId('Choose a saved query.');
const tableName = z.string().min(1).max(63);

export function sqlApi(services: Services): Router {
  const router = Router();
  const master = requireApi(services, { masterAdmin: true });
  const noStore = (_req: unknown, res: { setHeader(k: string, v: string): void }, next: () => void) => {
    res.setHeader('Cache-Control', 'private, no-store');
    next();
  };

  router.get('/admin/database/tables', master, noStore, async (_req, res) => {
    res.json({ tables: await services.sql.tables(), status: await services.sql.status() });
  });

  router.get('/admin/database/tables/:name', master, noStore, async (req, res) => {
    const name = parseIdOr404(tableName, req.params.name, 'Table');
    const { after } = parse(tableRowsQuery, req.query);
    res.json(await services.sql.page(name, after));
  });

  router.get('/admin/database/tables/:name/count', master, noStore, async (req, res) => {
    const name = parseIdOr404(tableName, req.params.name, 'Table');
    res.json(await services.sql.count(name));
  });

  router.post('/admin/sql/check', master, noStore, async (req, res) => {
    const { sql } = parse(sqlCheckBody, req.body);
    res.json(await services.sql.check(sql));
  });

  router.post('/admin/sql/run', master, noStore, async (req, res) => {
    const input = parse(sqlRunBody, req.body);
    const u = (await currentUser(services, req))!;
    res.json(await services.sql.run(u, input, actorOf(req, u.id)));
  });

  router.get('/admin/sql/history', master, noStore, async (_req, res) => {
    res.json({ history: await services.sql.history() });
  });

  router.get('/admin/sql/saved', master, noStore, async (_req, res) => {
    res.json({ saved: await services.sql.saved() });
  });

  router.post('/admin/sql/saved', master, noStore, async (req, res) => {
    const input = parse(savedQueryBody, req.body);
    const u = (await currentUser(services, req))!;
    res.status(201).json(await services.sql.save(input, actorOf(req, u.id)));
  });

  router.put('/admin/sql/saved/:id', master, noStore, async (req, res) => {
    const id = parseIdOr404(savedId, req.params.id, 'Saved query');
    const input = parse(savedQueryBody, req.body);
    const u = (await currentUser(services, req))!;
    res.json(await services.sql.update(id, input, actorOf(req, u.id)));
  });

  router.delete('/admin/sql/saved/:id', master, noStore, async (req, res) => {
    const id = parseIdOr404(savedId, req.params.id, 'Saved query');
    const u = (await currentUser(services, req))!;
    await services.sql.remove(id, actorOf(req, u.id));
    res.status(204).end();
  });

  return router;
}
