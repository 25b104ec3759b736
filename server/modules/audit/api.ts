// The audit log over JSON (master admin only, issue 17): the filtered list in keyset pages, one row
// with its old and new values, and the whole filtered set as CSV, streamed.
import { type Response, Router } from 'express';
import { auditLogFilters, auditLogId, auditLogQuery } from '../../../shared/schemas/audit';
import { parse, parseIdOr404 } from '../../core/parse';
import { currentUser, requireApi } from '../../http/api-auth';
import { actorOf } from '../../http/actor';
import type { Services } from '../../services';
import { auditCsvFileName } from './query';

export function auditApi(services: Services): Router {
  const router = Router();
  const master = requireApi(services, { masterAdmin: true });

  router.get('/admin/audit-logs', master, async (req, res) => {
    const query = parse(auditLogQuery, req.query);
    res.setHeader('Cache-Control', 'private, no-store');
    res.json(await services.audit.list(query));
  });

  // Before `/:id`. Written as the batches come, waiting for the socket to drain: constant memory.
  router.get('/admin/audit-logs/export.csv', master, async (req, res) => {
    const filters = parse(auditLogFilters, req.query);
    const u = (await currentUser(services, req))!;
    const chunks = await services.audit.exportCsv(filters, actorOf(req, u.id));
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="${auditCsvFileName(new Date())}"`);
    res.setHeader('Cache-Control', 'private, no-store');
    for await (const chunk of chunks) {
      if (res.destroyed) break;
      if (!res.write(chunk)) await drainedOrClosed(res);
    }
    res.end();
  });

  router.get('/admin/audit-logs/:id', master, async (req, res) => {
    const id = parseIdOr404(auditLogId, req.params.id, 'Audit log');
    res.setHeader('Cache-Control', 'private, no-store');
    res.json(await services.audit.get(id));
  });

  return router;
}

/** Resolves when the socket takes more, or when the client went away (a wait on 'drain' alone would never end). */
function drainedOrClosed(res: Response): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.once('drain', done);
    res.once('close', done);
  });
}
