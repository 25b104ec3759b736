// Shipments and receipts over JSON (partners with Order Management, own organisation: the sender or
// the recipient of the shipment, anything else a 404). The sender: its retailers and what is left to
// ship, creating, moving along the transition table, calling off, answering a discrepancy; the
// recipient: the receipt — multipart (the photo or PDF beside the lines), so it is mounted before the
// JSON-only rule, its permission checked before a byte of the body is read. Writes need `act: true`.
// Attachments: `GET /api/attachments/:id`, to the two organisations' members and staff holding Order
// Management; everyone else gets the same 404 as for no file.
import { pipeline } from 'node:stream/promises';
import { type NextFunction, type Request, type Response, Router } from 'express';
import multer from 'multer';
import { z } from 'zod';
import { ATTACHMENT_MAX_BYTES } from '../../../shared/shipments';
import {
  createShipmentInput,
  receiptFormFields,
  receiptId,
  receiptInput,
  remainingQuery,
  resolveReceiptInput,
  shipmentId,
  shipmentListQuery,
  shipmentStatusInput,
} from '../../../shared/schemas/shipments';
import { versionField } from '../../../shared/schemas/admin';
import { AppError } from '../../core/errors';
import { parse, parseIdOr404 } from '../../core/parse';
import { currentUser, requireApi } from '../../http/api-auth';
import { actorOf } from '../../http/actor';
import type { Services } from '../../services';
import { attachmentTooLarge } from '../attachments';

/** Multipart framing around the file: a request much larger than the largest file is refused unread. */
const MULTIPART_OVERHEAD = 128 * 1024;

/** Reads one file (field `file`) and the text fields into memory within the limits; the service checks the file by its content. */
function receiveReceipt() {
  const parser = multer({
    storage: multer.memoryStorage(),
    // Browsers send a file's name in UTF-8 ("Bon de livraison é.pdf").
    defParamCharset: 'utf8',
    limits: { fileSize: ATTACHMENT_MAX_BYTES, files: 1, fields: 4, fieldSize: 64 * 1024, parts: 6 },
  }).single('file');
  return (req: Request, res: Response, next: NextFunction) => {
    if (Number(req.headers['content-length'] ?? 0) > ATTACHMENT_MAX_BYTES + MULTIPART_OVERHEAD) return next(attachmentTooLarge());
    parser(req, res, (err?: unknown) => {
      if (!err) return next();
      if (err instanceof multer.MulterError) {
        if (err.code === 'LIMIT_FILE_SIZE') return next(attachmentTooLarge());
        return next(new AppError('invalid_upload', 'invalid', 'Send one file in the field "file", the lines as JSON in "lines" and an optional "note".'));
      }
      // A body multer cannot read (cut short, a bad boundary): the request's fault.
      next(new AppError('invalid_upload', 'invalid', 'The upload could not be read.', { hint: 'Send multipart/form-data with the file in the field "file".' }));
    });
  };
}

const idOf = (raw: unknown) => parseIdOr404(shipmentId, raw, 'Shipment');

/** Mounted under /api before the JSON-only body rule: the receipt is multipart. Other paths fall through. */
export function receiptUploadApi(services: Services): Router {
  const router = Router();
  const act = requireApi(services, { permission: 'orders:manage', act: true });
  router.post('/partner/shipments/:id/receipt', act, receiveReceipt(), async (req, res) => {
    const id = idOf(req.params.id);
    const fields = parse(receiptFormFields, req.body ?? {});
    const input = parse(receiptInput, { lines: fields.lines, note: fields.note ?? '' });
    const user = (await currentUser(services, req))!;
    const file = req.file ? { buffer: req.file.buffer, originalName: req.file.originalname } : null;
    await services.shipments.receive(user, id, input, file, actorOf(req));
    res.status(201).json(await services.shipments.get(user, id));
  });
  return router;
}

export function shipmentsApi(services: Services): Router {
  const router = Router();
  const shipments = services.shipments;
  const read = requireApi(services, { permission: 'orders:manage' });
  const act = requireApi(services, { permission: 'orders:manage', act: true });
  const me = async (req: Request) => (await currentUser(services, req))!;

  router.get('/partner/shipments', read, async (req, res) => {
    res.json(await shipments.list(await me(req), parse(shipmentListQuery, req.query)));
  });
  router.post('/partner/shipments', act, async (req, res) => {
    res.status(201).json(await shipments.create(await me(req), parse(createShipmentInput, req.body), actorOf(req)));
  });
  router.get('/partner/shipments/buyers', read, async (req, res) => {
    res.json({ items: await shipments.buyers(await me(req)) });
  });
  router.get('/partner/shipments/remaining', read, async (req, res) => {
    const { recipientId } = parse(remainingQuery, req.query);
    res.json({ orders: await shipments.remaining(await me(req), recipientId) });
  });
  router.get('/partner/shipments/:id', read, async (req, res) => {
    res.json(await shipments.get(await me(req), idOf(req.params.id)));
  });
  router.post('/partner/shipments/:id/status', act, async (req, res) => {
    const id = idOf(req.params.id);
    res.json(await shipments.move(await me(req), id, parse(shipmentStatusInput, req.body), actorOf(req)));
  });
  router.post('/partner/shipments/:id/discard', act, async (req, res) => {
    const id = idOf(req.params.id);
    const { version } = parse(z.object({ version: versionField }), req.body);
    await shipments.discard(await me(req), id, version, actorOf(req));
    res.status(204).end();
  });
  router.post('/partner/receipts/:id/resolve', act, async (req, res) => {
    const id = parseIdOr404(receiptId, req.params.id, 'Receipt');
    const user = await me(req);
    const row = await shipments.resolve(user, id, parse(resolveReceiptInput, req.body), actorOf(req));
    res.json(await shipments.get(user, row.id));
  });
  return router;
}

/** "Delivery note.pdf" for a Content-Disposition header: printable ASCII without quotes, and the UTF-8 name beside it. */
function disposition(name: string): string {
  const ascii = name.replace(/[^A-Za-z0-9._ -]/g, '_').slice(0, 120) || 'attachment';
  return `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** Serves an attachment to whom may see it: its sniffed type, never sniffed again by the browser, sandboxed, never cached by others. */
export function attachmentsApi(services: Services): Router {
  const router = Router();
  router.get('/attachments/:id', async (req, res) => {
    const file = await services.attachments.open(await currentUser(services, req), String(req.params.id));
    res.setHeader('Content-Type', file.contentType);
    res.setHeader('Content-Length', String(file.size));
    res.setHeader('Content-Disposition', disposition(file.filename));
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Cache-Control', 'private, no-store');
    res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
    try {
      await pipeline(file.stream, res);
    } catch (err) {
      if (!res.writableEnded) res.destroy(err as Error);
    }
  });
  return router;
}
