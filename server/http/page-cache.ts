// Caches server-rendered public pages. A page is the same for every visitor past the gate in one
// market (no flash toast, no signed-in user, no form state), so its HTML is rendered once per content
// version with a placeholder nonce, and each response gets a fresh nonce swapped in.
import { randomBytes } from 'node:crypto';
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
}

export interface PageCache {
  readonly placeholder: string;
  version(): number;
  keyFor(req: ExpressRequest): string | null;
  get(key: string): Entry | undefined;
  capture(key: string, response: Response, version: number): Promise<Entry | null>;
  toResponse(entry: Entry, nonce: string): Response;
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
    toResponse(entry, nonce) {
      return new Response(swap(entry.body, nonce), { status: entry.status, headers: entry.headers });
    },
    async withNonce(response, nonce) {
      const type = response.headers.get('Content-Type') ?? '';
      if (!response.body || !type.startsWith('text/html')) return response;
      const body = swap(await response.text(), nonce);
      return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
    },
  };
}
