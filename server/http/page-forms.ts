// The one rule for writes to pages (form posts to React Router actions, and the router's own `.data`
// posts): a page action takes a form — application/x-www-form-urlencoded or multipart/form-data —
// and nothing else. Checked here, before React Router, because every action calls
// `request.formData()`, which throws on JSON, text or a broken multipart body (a 500 otherwise). The body is read once, parsed once to prove it is a readable form whose text can be
// stored, and handed to the adapter (react-router.ts) as bytes for React Router to parse again.
//
// - 411 `length_required`: a chunked body without Content-Length (page forms are small).
// - 413 `payload_too_large`: over the page's limit.
// - 415 `unsupported_media_type`: any other content type, or none (JSON, text/plain, XML …). The
//   staff editors send their nested value as JSON text in one form field (`JSON_FORM_FIELD`).
// - 400 `invalid_form`: the body is not a readable form (multipart without a boundary, cut short …).
// - 400 `validation_failed`: a field name or value with a NUL (`%00`) — the database cannot store it;
//   details name the field, as the API's do.
import type { NextFunction, Request, Response } from 'express';
import { unstorableText } from '../../shared/schemas/text';
import { AppError, invalidFields } from '../core/errors';

const FORM_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data']);
/** The methods React Router sends to an action; other methods (OPTIONS …) carry no form. */
const ACTION_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const bodies = new WeakMap<Request, Buffer>();

/** The form body `pageForms` read and checked, for the adapter to hand to React Router. */
export const pageBodyOf = (req: Request): Buffer | undefined => bodies.get(req);

/** `multipart/form-data; boundary=x` → `multipart/form-data`. */
export const mediaType = (header: string | undefined) => (header ?? '').split(';')[0]!.trim().toLowerCase();

async function readAll(req: Request, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > limit) throw new AppError('payload_too_large', 'too_large', 'The form is too large.');
      chunks.push(chunk);
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    // The client went away mid-body: its fault, and nobody is left to read the answer.
    throw new AppError('request_aborted', 'invalid', 'The request was cut short.');
  }
  return Buffer.concat(chunks);
}

/** Checks and reads the body of every write to a page; `limitFor(path)` is that page's size limit in bytes. */
export function pageForms(limitFor: (path: string) => number) {
  return async (req: Request, _res: Response, next: NextFunction): Promise<void> => {
    if (req.method === 'GET' || req.method === 'HEAD') return next();
    const length = Number(req.headers['content-length'] ?? NaN);
    if (req.headers['transfer-encoding'] && Number.isNaN(length))
      return next(new AppError('length_required', 'length_required', 'Send the form with a Content-Length.'));
    const limit = limitFor(req.path);
    if (length > limit) return next(new AppError('payload_too_large', 'too_large', 'The form is too large.'));
    if (!ACTION_METHODS.has(req.method)) return next();

    const type = req.headers['content-type'];
    if (!FORM_TYPES.has(mediaType(type))) {
      return next(
        new AppError('unsupported_media_type', 'unsupported', 'Pages accept forms only: send application/x-www-form-urlencoded or multipart/form-data.', {
          hint: 'Submit the form from the page, or use the JSON API under /api.',
        }),
      );
    }
    try {
      const body = await readAll(req, limit);
      let form: FormData;
      try {
        form = await new Response(new Uint8Array(body), { headers: { 'content-type': type as string } }).formData();
      } catch {
        throw new AppError('invalid_form', 'invalid', 'The form could not be read.', {
          hint: 'Send a complete, well-formed form body (multipart needs its boundary).',
        });
      }
      for (const [name, value] of form) {
        const issue = unstorableText(name) ?? (typeof value === 'string' ? unstorableText(value) : null);
        if (issue) throw invalidFields([{ path: name.replaceAll('\u0000', ''), message: issue.message }]);
      }
      bodies.set(req, body);
      next();
    } catch (err) {
      next(err);
    }
  };
}
