// Answering JSON with validators: the catalogue's bodies carry a content ETag and answer 304.
import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';

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
  if (
    inm &&
    inm
      .split(',')
      .map((s) => s.trim())
      .includes(cached.etag)
  ) {
    res.status(304).end();
    return;
  }
  res.type('application/json').send(cached.body);
}
