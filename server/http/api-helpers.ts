// Small helpers every JSON handler uses: parse with a shared schema, answer with validators.
import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import type { z } from 'zod';
import { NUL_MESSAGE, nulPath } from '../../shared/schemas/admin';
import { AppError, validationError } from './errors';

export function parse<S extends z.ZodType>(schema: S, data: unknown): z.infer<S> {
  const result = schema.safeParse(data);
  if (!result.success) throw validationError(result.error);
  // Checked on what the schema kept (a search box drops NULs itself): the database refuses NUL in text.
  const nul = nulPath(result.data);
  if (nul !== null) {
    throw new AppError('validation_failed', 400, 'The request is not valid.', {
      details: [{ path: nul, message: NUL_MESSAGE }],
      hint: 'Correct the fields listed in details and try again.',
    });
  }
  return result.data;
}

export interface CachedBody {
  body: string;
  etag: string;
}

export function toCachedBody(value: unknown): CachedBody {
  const body = JSON.stringify(value);
  return { body, etag: `W/"${createHash('sha1').update(body).digest('base64url')}"` };
}

/** Sends JSON with an ETag derived from the content; answers 304 when the client has it already. */
export function sendWithEtag(req: Request, res: Response, cached: CachedBody, maxAgeSeconds = 0): void {
  res.setHeader('ETag', cached.etag);
  res.setHeader('Cache-Control', `public, max-age=${maxAgeSeconds}, must-revalidate`);
  const inm = req.headers['if-none-match'];
  if (inm && inm.split(',').map((s) => s.trim()).includes(cached.etag)) {
    res.status(304).end();
    return;
  }
  res.type('application/json').send(cached.body);
}
