// Small helpers every JSON handler uses: parse with a shared schema, answer with validators.
import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import type { z } from 'zod';
import { unstorableText } from '../../shared/schemas/text';
import { invalidFields, validationError } from './errors';

export function parse<S extends z.ZodType>(schema: S, data: unknown): z.infer<S> {
  const result = schema.safeParse(data);
  if (!result.success) throw validationError(result.error);
  // Checked on what the schema kept (a search box drops NULs itself): the database cannot store NUL,
  // and a lone surrogate becomes U+FFFD in text or an error in jsonb — a field error here, never a 500.
  const issue = unstorableText(result.data);
  if (issue) throw invalidFields([issue]);
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
