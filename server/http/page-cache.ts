// Caches server-rendered public pages. A page is the same for every visitor past the gate in one
// market (no flash toast, no signed-in user, no form state), so its HTML is rendered once per content
// version with a placeholder nonce, and each response gets a fresh nonce swapped in. The compressed
// variants (gzip, brotli) are made once per page too, with the nonce spliced in uncompressed
// (server/http/nonce-compression.ts), so a cached hit costs no compression.
import { randomBytes } from 'node:crypto';
import type { Request as ExpressRequest, Response as ExpressResponse } from 'express';
import { Lru } from '../cache/lru';
import type { ContentVersion } from '../cache/content-version';
import { parseCookies } from '../core/cookies';
import { resolveMarket } from './market';
import { TOAST_COOKIE } from './flash';
import { SESSION_COOKIE_PLAIN, SESSION_COOKIE_TLS } from './request-auth';
import type { AgeGateService } from '../modules/age-gate';
import { UNCACHED_PAGES } from '../../shared/paths';
import {
  brotliParts,
  brotliWithNonce,
  type BrotliParts,
  type Encoding,
  gzipParts,
  gzipPartsAsync,
  gzipWithNonce,
  type GzipParts,
  pickEncoding,
} from './nonce-compression';
import { PAGE_CACHE_UNTIL } from '../../shared/page-cache';

export interface Entry {
  status: number;
  headers: [string, string][];
  body: string;
  /** The body deflated once, between the nonce placeholders (made in the background after capture). */
  gzip?: GzipParts;
  /** The body brotli-compressed once (made in the background after capture; null if it cannot be). */
  br?: BrotliParts | null;
  /** The response headers per encoding, made once. */
  heads: Partial<Record<Encoding, [string, string][]>>;
  /** When the page's loader said its copy goes stale (shared/page-cache.ts), epoch ms. */
  until?: number;
}

/** The length of the nonces the server makes (16 random bytes in base64; server/http/security.ts). */
export const NONCE_LENGTH = 24;

export interface PageCache {
  readonly placeholder: string;
  version(): number;
  keyFor(req: ExpressRequest): string | null;
  get(key: string): Entry | undefined;
  capture(key: string, response: Response, version: number): Promise<Entry | null>;
  /**
   * Sends the cached page with `nonce`, in the encoding the Accept-Encoding header prefers of those
   * made for it (brotli, gzip, none), with `Vary: Accept-Encoding` whichever it is.
   */
  send(res: ExpressResponse, entry: Entry, nonce: string, acceptEncoding: string | undefined): void;
  /** Resolves once the entry's compressed variants are made (or brotli known impossible). */
  compressed(entry: Entry): Promise<void>;
  withNonce(response: Response, nonce: string): Promise<Response>;
}

const PAGE_PARAMS = new Set(['category', 'page', 'pageSize', 'baseSpirit', 'difficulty', 'q', 'lat', 'lng', 'radius', 'unit', 'product', 'sent', 'returnTo']);

/** Cookies whose presence makes a page personal: such requests are never served from the cache. */
const PERSONAL_COOKIES = [TOAST_COOKIE, SESSION_COOKIE_PLAIN, SESSION_COOKIE_TLS];

/**
 * A cached page's headers for one encoding: the rendered response's, without a length or encoding of
 * its own, plus the encoding and `Accept-Encoding` in Vary (every cached page's body depends on it).
 */
function headersFor(headers: [string, string][], encoding: Encoding): [string, string][] {
  const out = headers.filter(([k]) => !['content-length', 'content-encoding', 'vary'].includes(k.toLowerCase()));
  const vary = headers
    .filter(([k]) => k.toLowerCase() === 'vary')
    .flatMap(([, v]) => v.split(','))
    .map((v) => v.trim())
    .filter((v) => v && v.toLowerCase() !== 'accept-encoding');
  out.push(['Vary', [...vary, 'Accept-Encoding'].join(', ')]);
  if (encoding !== 'identity') out.push(['Content-Encoding', encoding]);
  return out;
}

export function createPageCache(content: ContentVersion, ageGate: AgeGateService, max = 500, now: () => number = Date.now): PageCache {
  const placeholder = `__NONCE_${randomBytes(12).toString('hex')}__`;
  const entries = new Lru<Entry>(max);
  content.onChange(() => entries.clear());
  const swap = (body: string, nonce: string) => body.replaceAll(placeholder, () => nonce);
  const pending = new WeakMap<Entry, Promise<void>>();

  return {
    placeholder,
    version: () => content.current,
    keyFor(req) {
      if (req.method !== 'GET' && req.method !== 'HEAD') return null;
      // React Router's data requests (`.data`) and non-HTML requests are not cached here.
      let path: string;
      try {
        path = decodeURIComponent(req.path).toLowerCase().replace(/\/+$/, '') || '/';
      } catch {
        return null;
      }
      if (path.endsWith('.data') || path.startsWith('/api/') || UNCACHED_PAGES.includes(path)) return null;
      const cookies = parseCookies(req.headers.cookie);
      if (PERSONAL_COOKIES.some((c) => c in cookies)) return null;
      const gate = ageGate.read(req.headers.cookie);
      const market = resolveMarket(req.headers.cookie, gate).code;
      const remember = gate.status === 'pass' && gate.remember ? 'r' : '';
      // The country orders some results (stores near the visitor's country first).
      const country = gate.status === 'none' ? '-' : gate.country;
      // Only the query parameters public pages read make a page differ; a URL with any other
      // (tracking tags, junk) is rendered but not stored, so it cannot crowd real pages out.
      const params = [...new URLSearchParams(req.originalUrl.split('?')[1] ?? '')];
      if (params.some(([k]) => !PAGE_PARAMS.has(k))) return null;
      const query = params
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => `${k}=${v}`)
        .join('&');
      return `${content.current}|${gate.status}${remember}|${country}|${market}|${path}?${query}`;
    },
    get(key) {
      const entry = entries.get(key);
      if (entry?.until !== undefined && now() >= entry.until) {
        entries.delete(key);
        return undefined;
      }
      return entry;
    },
    async capture(key, response, version) {
      const type = response.headers.get('Content-Type') ?? '';
      if (response.status !== 200 || response.headers.has('Set-Cookie') || !type.startsWith('text/html')) return null;
      const until = Number(response.headers.get(PAGE_CACHE_UNTIL) ?? NaN);
      const entry: Entry = {
        status: response.status,
        headers: [...response.headers.entries()].filter(([k]) => k !== PAGE_CACHE_UNTIL),
        body: await response.text(),
        heads: {},
        ...(Number.isFinite(until) ? { until } : {}),
      };
      if (version === content.current) {
        entries.set(key, entry);
        // Compressed off the event loop (brotli at its best quality takes tens of milliseconds a
        // page); until brotli is done the page goes out gzipped, and a gzip answer needed before
        // the background one is done makes it there and then.
        const gzip = gzipPartsAsync(entry.body, placeholder, NONCE_LENGTH).then((parts) => {
          entry.gzip ??= parts;
        });
        const br = brotliParts(entry.body, placeholder, NONCE_LENGTH).then(
          (parts) => {
            entry.br = parts;
          },
          () => {
            entry.br = null;
          },
        );
        pending.set(
          entry,
          Promise.all([gzip.catch(() => undefined), br]).then(() => undefined),
        );
      }
      return entry;
    },
    send(res, entry, nonce, acceptEncoding) {
      const wanted = pickEncoding(acceptEncoding);
      let encoding: Encoding = 'identity';
      let body: Buffer | string | null = null;
      if (wanted === 'br' && entry.br) {
        body = brotliWithNonce(entry.br, nonce);
        if (body) encoding = 'br';
      }
      // Brotli not made (yet) for this page: gzip, which every client taking br takes too.
      if (!body && wanted !== 'identity') {
        body = gzipWithNonce((entry.gzip ??= gzipParts(entry.body, placeholder, NONCE_LENGTH)), nonce);
        if (body) encoding = 'gzip';
      }
      body ??= swap(entry.body, nonce);
      res.status(entry.status);
      for (const [name, value] of (entry.heads[encoding] ??= headersFor(entry.headers, encoding))) res.setHeader(name, value);
      res.setHeader('Content-Length', Buffer.byteLength(body));
      res.end(body);
    },
    compressed: (entry) => pending.get(entry) ?? Promise.resolve(),
    async withNonce(response, nonce) {
      const type = response.headers.get('Content-Type') ?? '';
      if (!response.body || !type.startsWith('text/html')) return response;
      const body = swap(await response.text(), nonce);
      return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
    },
  };
}
