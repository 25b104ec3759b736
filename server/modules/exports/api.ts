// Export to accounting over HTTP (issue 45): GET …/exports/{invoices,credit-notes,payments}.csv with
// ?format=xero|quickbooks|plain&from=&to= — a partner's for its organisation (Order Management, its
// type role), staff's for the brand (Finance). The query is checked and every refusal answered before
// the first byte; then the file streams, written as fast as the client reads it. A failure mid-file
// can only cut the response short (the status is sent): the client sees an incomplete download.
import { type Request, type Response, Router } from 'express';
import { exportApiPath, EXPORT_KINDS, type ExportKind, exportQuery } from '../../../shared/schemas/exports';
import { parse } from '../../core/parse';
import { actorOf } from '../../http/actor';
import { currentUser, requireApi } from '../../http/api-auth';
import type { Services } from '../../services';
import type { ExportChannel } from './index';

export function exportsApi(services: Services): Router {
  const router = Router();
  const partner = requireApi(services, { permission: 'orders:manage' });
  const finance = requireApi(services, { permission: 'finance:manage' });

  const send = (kind: ExportKind, channel: ExportChannel) => async (req: Request, res: Response) => {
    const query = parse(exportQuery, req.query);
    const file = await services.exports.download(await currentUser(services, req), kind, query, channel, actorOf(req));
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="${file.filename}"`);
    res.setHeader('Cache-Control', 'private, no-store');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    try {
      await file.writeTo(res);
    } catch (err) {
      if (!res.writableEnded) res.destroy(err as Error);
    }
  };

  // The paths the pages link to (shared), less the /api this router is mounted under.
  const path = (area: 'partner' | 'admin', kind: ExportKind) => exportApiPath(area, kind).replace(/^\/api/, '');
  for (const kind of EXPORT_KINDS) {
    router.get(path('partner', kind), partner, send(kind, 'partner'));
    router.get(path('admin', kind), finance, send(kind, 'staff'));
  }
  return router;
}
