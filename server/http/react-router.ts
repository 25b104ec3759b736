// Hosts React Router's request handler in Express, with a cache of rendered public pages.
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from 'express';
import { createReadableStreamFromReadable, writeReadableStreamToWritable } from '@react-router/node';
import { type AppLoadContext, createRequestHandler, type HandleErrorFunction, isRouteErrorResponse, type ServerBuild } from 'react-router';
import './load-context';
import type { PageCache } from './page-cache';
import { pageBodyOf } from './page-forms';
import { readSessionToken } from './request-auth';
import { PAGE_CACHE_UNTIL } from '../../shared/page-cache';

export type BuildSource = ServerBuild | (() => Promise<ServerBuild>);

function toFetchRequest(req: ExpressRequest, res: ExpressResponse): Request {
  const url = new URL(req.originalUrl, `${req.protocol}://${req.get('host') ?? 'localhost'}`);
  const controller = new AbortController();
  res.on('close', () => controller.abort());
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else if (value !== undefined) headers.set(key, value);
  }
  const init: RequestInit & { duplex?: 'half' } = { method: req.method, headers, signal: controller.signal };
  // A write's form was read and checked by `pageForms` already; other methods' bodies stream through.
  const form = pageBodyOf(req);
  if (form) init.body = new Uint8Array(form);
  else if (req.method !== 'GET' && req.method !== 'HEAD') {
    init.body = createReadableStreamFromReadable(req);
    init.duplex = 'half';
  }
  return new Request(url, init);
}

/** Areas whose pages are per user (and their `.data` requests). */
const PERSONAL_AREAS = /^\/(admin|partner|account|auth)(\/|\.data$|$)/;

/**
 * Pages in the staff, partner and account areas, and any page rendered for a request carrying a
 * session cookie, are never stored by a cache (a proxy or CDN would hand one user's page to the
 * next). Set before the route's headers are copied, so a route with its own Cache-Control keeps it.
 */
function markPersonal(req: ExpressRequest, res: ExpressResponse): void {
  if (PERSONAL_AREAS.test(req.path) || readSessionToken(req.headers.cookie, req.secure) !== null) {
    res.setHeader('Cache-Control', 'private, no-store');
  }
}

async function sendResponse(res: ExpressResponse, response: Response): Promise<void> {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers.entries()) {
    // The page cache's own (shared/page-cache.ts): for the cache, never for the browser.
    if (key === 'set-cookie' || key === PAGE_CACHE_UNTIL) continue;
    res.setHeader(key, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length) res.append('Set-Cookie', cookies);
  if (response.headers.get('Content-Type')?.match(/text\/event-stream/i)) res.flushHeaders();
  if (response.body) await writeReadableStreamToWritable(response.body, res);
  else res.end();
}

/**
 * React Router answers a loader, action or render that throws (anything but a Response) with a 500
 * and hands the error to the entry's `handleError` — by default `console.error`, without the request.
 * Every such error is logged here at error level with the request id, through the request's logger;
 * a 4xx the router raises itself (no route, no action) is not an error of ours. The app's own
 * `handleError`, if it ever exports one, still runs.
 */
function withErrorLog(build: ServerBuild): ServerBuild {
  const own = build.entry.module.handleError;
  const handleError: HandleErrorFunction = (error, args) => {
    const context = args.context as AppLoadContext | undefined;
    if (!args.request.signal.aborted && !(isRouteErrorResponse(error) && error.status < 500)) {
      const err = isRouteErrorResponse(error) && (error as { error?: unknown }).error ? (error as { error?: unknown }).error : error;
      const url = new URL(args.request.url);
      if (context?.log) context.log.error({ err, requestId: context.requestId }, `page failed: ${args.request.method} ${url.pathname}`);
      else console.error(err);
    }
    own?.(error, args);
  };
  return { ...build, entry: { ...build.entry, module: { ...build.entry.module, handleError } } };
}

export function reactRouterHandler(
  source: BuildSource,
  mode: string,
  makeContext: (req: ExpressRequest, res: ExpressResponse, nonce: string) => AppLoadContext,
  pageCache: PageCache | null,
) {
  let handle: ReturnType<typeof createRequestHandler> | undefined;
  const getHandler = () => {
    if (typeof source === 'function') return createRequestHandler(async () => withErrorLog(await source()), mode);
    handle ??= createRequestHandler(withErrorLog(source), mode);
    return handle;
  };

  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    try {
      const nonce = res.locals.nonce as string;
      markPersonal(req, res);
      const handler = getHandler();
      const key = pageCache?.keyFor(req);
      if (pageCache && key) {
        const hit = pageCache.get(key);
        if (hit) {
          res.setHeader('X-Page-Cache', 'hit');
          // Compressed once per cached page, not per request (the compression middleware sees it is encoded).
          pageCache.send(res, hit, nonce, req.headers['accept-encoding']);
          return;
        }
        const version = pageCache.version();
        const placeholder = pageCache.placeholder;
        const response = await handler(toFetchRequest(req, res), makeContext(req, res, placeholder));
        const entry = await pageCache.capture(key, response, version);
        if (entry) {
          res.setHeader('X-Page-Cache', 'miss');
          pageCache.send(res, entry, nonce, req.headers['accept-encoding']);
          return;
        }
        // Not cacheable after all (a redirect, a cookie, an error): still send it, with the real nonce.
        await sendResponse(res, await pageCache.withNonce(response, nonce));
        return;
      }
      const response = await handler(toFetchRequest(req, res), makeContext(req, res, nonce));
      await sendResponse(res, response);
    } catch (err) {
      // The browser went away mid-answer (a closed tab, a navigation): nothing failed on our side, so
      // it is no 5xx to log at error level.
      if (res.destroyed || res.writableEnded || req.socket.destroyed) {
        req.log.debug({ err }, 'client closed the connection mid-response');
        return;
      }
      next(err);
    }
  };
}
