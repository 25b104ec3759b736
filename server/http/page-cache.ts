// Caches server-rendered public pages. A page is the same for every visitor past the gate in one
// market (no flash toast, no signed-in user, no form state), so its HTML is rendered once per content
// version with a placeholder nonce, and each response gets a fresh nonce swapped in.
import { randomBytes } from 'node:crypto';
import { constants as zlibConstants, crc32, deflateRawSync } from 'node:zlib';
import type { Request as ExpressRequest } from 'express';
import { Lru } from '../cache/lru';
import type { ContentVersion } from '../cache/content-version';
import { parseCookies } from '../core/cookies';
import { resolveMarket } from './market';
import { TOAST_COOKIE } from './flash';
import { SESSION_COOKIE_PLAIN, SESSION_COOKIE_TLS } from './request-auth';
import type { AgeGateService } from '../modules/age-gate/service';
import { UNCACHED_PAGES } from '../../shared/paths';

interface Entry {
  status: number;
  headers: [string, string][];
  body: string;
  /** The body compressed once, between the nonce placeholders (made on the first gzip answer). */
  gzip?: GzipParts;
}

/**
 * A cached page compressed once: the body split at the nonce placeholder, each piece deflated on its
 * own and ended with a full flush (no back-reference crosses a piece), so a response is the pieces
 * with the fresh nonce deflated between them, a final empty block and the gzip trailer — a CRC over
 * the bytes, no compression per request. A large page served gzipped from the cache costs little
 * more than a small one.
 */
export interface GzipParts {
  raw: Buffer[];
  deflated: Buffer[];
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]);
/** A final fixed-Huffman block holding only its end code: what zlib writes to finish after a flush. */
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);
const flushed = (b: Buffer) => deflateRawSync(b, { finishFlush: zlibConstants.Z_FULL_FLUSH });

export function gzipParts(body: string, placeholder: string): GzipParts {
  const raw = body.split(placeholder).map((piece) => Buffer.from(piece));
  return { raw, deflated: raw.map(flushed) };
}

/** One valid gzip member of the pieces with `nonce` between them. */
export function gzipWithNonce(parts: GzipParts, nonce: string): Buffer {
  const n = Buffer.from(nonce);
  const nd = flushed(n);
  const chunks: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let size = 0;
  parts.raw.forEach((piece, i) => {
    if (i > 0) {
      chunks.push(nd);
      crc = crc32(n, crc);
      size += n.length;
    }
    chunks.push(parts.deflated[i] as Buffer);
    crc = crc32(piece, crc);
    size += piece.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size % 2 ** 32, 4);
  chunks.push(FINAL_BLOCK, trailer);
  return Buffer.concat(chunks);
}

/** Whether an Accept-Encoding header takes gzip (by name or `*`, with a q above 0). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (name !== 'gzip' && name !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

export interface PageCache {
  readonly placeholder: string;
  version(): number;
  keyFor(req: ExpressRequest): string | null;
  get(key: string): Entry | undefined;
  capture(key: string, response: Response, version: number): Promise<Entry | null>;
  /** The cached page with `nonce`; gzipped from the pre-compressed pieces when the client takes gzip. */
  toResponse(entry: Entry, nonce: string, gzip?: boolean): Response;
  withNonce(response: Response, nonce: string): Promise<Response>;
}

const PAGE_PARAMS = new Set(['category', 'page', 'pageSize', 'baseSpirit', 'difficulty', 'q', 'lat', 'lng', 'radius', 'unit', 'product', 'sent', 'returnTo']);

/** Cookies whose presence makes a page personal: such requests are never served from the cache. */
const PERSONAL_COOKIES = [TOAST_COOKIE, SESSION_COOKIE_PLAIN, SESSION_COOKIE_TLS];

export function createPageCache(content: ContentVersion, ageGate: AgeGateService, max = 500): PageCache {
  const placeholder = `__NONCE_${randomBytes(12).toString('hex')}__`;
  const entries = new Lru<Entry>(max);
  content.onChange(() => entries.clear());
  const swap = (body: string, nonce: string) => body.replaceAll(placeholder, nonce);

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
    get: (key) => entries.get(key),
    async capture(key, response, version) {
      const type = response.headers.get('Content-Type') ?? '';
      if (response.status !== 200 || response.headers.has('Set-Cookie') || !type.startsWith('text/html')) return null;
      const entry: Entry = { status: response.status, headers: [...response.headers.entries()], body: await response.text() };
      if (version === content.current) entries.set(key, entry);
      return entry;
    },
    toResponse(entry, nonce, gzip = false) {
      if (!gzip) return new Response(swap(entry.body, nonce), { status: entry.status, headers: entry.headers });
      entry.gzip ??= gzipParts(entry.body, placeholder);
      const body = gzipWithNonce(entry.gzip, nonce);
      const headers = new Headers(entry.headers.filter(([k]) => k.toLowerCase() !== 'content-length'));
      headers.set('Content-Encoding', 'gzip');
      headers.set('Content-Length', String(body.length));
      headers.append('Vary', 'Accept-Encoding');
      return new Response(new Uint8Array(body), { status: entry.status, headers });
    },
    async withNonce(response, nonce) {
      const type = response.headers.get('Content-Type') ?? '';
      if (!response.body || !type.startsWith('text/html')) return response;
      const body = swap(await response.text(), nonce);
      return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
    },
  };
}
