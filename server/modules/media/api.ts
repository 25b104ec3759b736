// Media JSON and upload handlers (/api/admin/media), and the file route /media/:id/:variant.
import { pipeline } from 'node:stream/promises';
import express, { type NextFunction, type Request, type Response, Router } from 'express';
import multer from 'multer';
import { z } from 'zod';
import { MEDIA_MAX_DOCUMENT_BYTES, MEDIA_VARIANTS, type MediaVariant } from '../../../shared/media';
import { mediaAltUpdate, mediaListQuery, mediaUploadFields } from '../../../shared/schemas/media';
import { parse, parseIdOr404 } from '../../core/parse';
import { currentUser, requireApi } from '../../http/api-auth';
import { actorOf } from '../../http/actor';
import { AppError } from '../../core/errors';
import { requireJsonBody } from '../../http/security';
import type { Services } from '../../services';

/** Multipart framing around the file: a request much larger than the largest file is refused unread. */
const MULTIPART_OVERHEAD = 64 * 1024;

const tooLarge = () => new AppError('file_too_large', 'too_large', 'The file is larger than 25 MB.', { hint: 'Images may be up to 10 MB, PDFs up to 25 MB.' });

/** Reads one file (field `file`) into memory, within the largest limit; the service checks the rest by content. */
function receiveFile() {
  const parser = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: MEDIA_MAX_DOCUMENT_BYTES, files: 1, fields: 4, fieldSize: 4096, parts: 5 },
  }).single('file');
  return (req: Request, res: Response, next: NextFunction) => {
    if (Number(req.headers['content-length'] ?? 0) > MEDIA_MAX_DOCUMENT_BYTES + MULTIPART_OVERHEAD) return next(tooLarge());
    parser(req, res, (err?: unknown) => {
      if (!err) return next();
      if (err instanceof multer.MulterError) {
        if (err.code === 'LIMIT_FILE_SIZE') return next(tooLarge());
        return next(new AppError('invalid_upload', 'invalid', 'Send one file in the field "file" (and optionally altText and kind).'));
      }
      next(err);
    });
  };
}

/** The kind the uploading field takes (`kind` beside the file), when it takes only one. */
const uploadKind = z.object({ kind: z.enum(['image', 'document']).optional() });

const mediaId = (raw: unknown) => parseIdOr404(z.uuid(), raw, 'File');

/** Mounted under /api before the JSON-only body rule: uploads are multipart. Other paths fall through. */
export function mediaApi(services: Services): Router {
  const router = Router();
  const media = services.media;
  const write = requireApi(services, { permission: 'cms:access' });

  // The permission is checked before a byte of the body is parsed.
  router.post('/admin/media', write, receiveFile(), async (req, res) => {
    if (!req.file) throw new AppError('file_missing', 'invalid', 'Choose a file to upload.', { hint: 'Send it as multipart/form-data in the field "file".' });
    const fields = parse(mediaUploadFields, req.body ?? {});
    const { kind } = parse(uploadKind, req.body ?? {});
    const asset = await media.upload({ buffer: req.file.buffer, originalName: req.file.originalname }, { ...fields, kind }, actorOf(req));
    res.status(201).json({ media: asset });
  });

  router.get('/admin/media', write, async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(await media.list(parse(mediaListQuery, req.query)));
  });

  router.get('/admin/media/:id', write, async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ media: await media.get(mediaId(req.params.id)) });
  });

  router.patch('/admin/media/:id', write, requireJsonBody, express.json({ limit: '16kb' }), async (req, res) => {
    const { altText } = parse(mediaAltUpdate, req.body);
    res.json({ media: await media.updateAlt(mediaId(req.params.id), altText, actorOf(req)) });
  });

  router.delete('/admin/media/:id', requireApi(services, { permission: 'catalog:delete' }), async (req, res) => {
    await media.remove(mediaId(req.params.id), actorOf(req));
    res.status(204).end();
  });

  return router;
}

/** "Brochure 2026.pdf" for a Content-Disposition header: printable ASCII without quotes. */
function asciiFileName(name: string): string {
  const safe = name
    .replace(/[^A-Za-z0-9._ -]/g, '_')
    .replace(/^[.\s]+/, '')
    .slice(0, 120);
  return safe || 'document.pdf';
}

const notHere = (res: Response) => res.status(404).type('text/plain').send('Not found');

/**
 * Streams a stored file with the headers every file route sends: its sniffed type, `nosniff`, a
 * sandbox policy, and caching for good (`public`: an id never changes content) or never (`private`).
 * A file that is gone is the same plain 404 as one the asker may not see.
 */
export async function sendMediaFile(services: Services, res: Response, id: string, variant: MediaVariant, cache: 'public' | 'private'): Promise<void> {
  let file;
  try {
    file = await services.media.open(id, variant);
  } catch (err) {
    if (err instanceof AppError && err.kind === 'not_found') return void notHere(res);
    throw err;
  }
  res.setHeader('Content-Type', file.contentType);
  res.setHeader('Content-Length', String(file.size));
  res.setHeader('X-Content-Type-Options', 'nosniff');
  // An id never changes content, so a public file may be cached for good; a private one never.
  res.setHeader('Cache-Control', cache === 'public' ? 'public, max-age=31536000, immutable' : 'private, no-store');
  // Opened on its own, a stored file runs nothing and reaches nothing (Chromium's PDF viewer still
  // renders a top-level PDF under this policy; it refuses only inside sandboxed frames).
  res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
  if (file.contentType === 'application/pdf') res.setHeader('Content-Disposition', `inline; filename="${asciiFileName(file.fileName)}"`);
  try {
    await pipeline(file.stream, res);
  } catch (err) {
    // The client went away, or the disk failed mid-stream: nothing more can be sent.
    if (!res.writableEnded) res.destroy(err as Error);
  }
}

/** Mounted at /media: serves stored files. Ids never change content, so they cache for a year. */
export function mediaFiles(services: Services): Router {
  const router = Router();

  router.get('/:id/:variant', async (req, res) => {
    const id = z.uuid().safeParse(req.params.id);
    const variant = req.params.variant as MediaVariant;
    if (!id.success || !MEDIA_VARIANTS.includes(variant)) return notHere(res);
    // A file public content shows is public; any other (a fresh upload, a draft's image, partner
    // collateral) is for signed-in staff, and does not exist for anyone else.
    const shown = await services.media.isPublic(id.data);
    if (!shown) {
      // The admin shell's rule (signed in, staff, password current, two-factor where enforced); any
      // refusal is a 404, so a stranger cannot tell a private file from no file.
      if (!(await services.access.can(await currentUser(services, req), { area: 'admin' }))) return notHere(res);
    }
    await sendMediaFile(services, res, id.data, variant, shown ? 'public' : 'private');
  });

  return router;
}
