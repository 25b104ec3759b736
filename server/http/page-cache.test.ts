import type { Request as ExpressRequest } from 'express';
import { describe, expect, it } from 'vitest';
import { PAGE_CACHE_UNTIL } from '../../shared/page-cache';
import type { ContentVersion } from '../cache/content-version';
import type { AgeGateService } from '../modules/age-gate/service';
import { createPageCache } from './page-cache';

const content: ContentVersion = { current: 1, onChange: () => () => {} } as unknown as ContentVersion;
const ageGate = { read: () => ({ status: 'pass', country: 'GB', remember: false }) } as unknown as AgeGateService;
const request = (path: string) => ({ method: 'GET', path, originalUrl: path, headers: {} }) as unknown as ExpressRequest;
const page = (headers: Record<string, string> = {}) =>
  new Response('<html><body>today</body></html>', { status: 200, headers: { 'Content-Type': 'text/html; charset=utf-8', ...headers } });

describe('page cache: a page that names when its copy goes stale', () => {
  it('keeps the copy until then, not after, and never stores the header', async () => {
    let now = 1_000;
    const cache = createPageCache(content, ageGate, 10, () => now);
    const key = cache.keyFor(request('/store-locator'))!;
    const entry = await cache.capture(key, page({ [PAGE_CACHE_UNTIL]: '5000' }), 1);
    expect(entry?.headers.map(([k]) => k.toLowerCase())).not.toContain(PAGE_CACHE_UNTIL);
    expect(cache.get(key)).toBe(entry);
    now = 4_999;
    expect(cache.get(key)).toBe(entry);
    now = 5_000;
    expect(cache.get(key)).toBeUndefined();
    // Gone for good: asked again later, it is still a miss.
    now = 1_000;
    expect(cache.get(key)).toBeUndefined();
  });

  it('keeps a page that names nothing for as long as its content version', async () => {
    let now = 1_000;
    const cache = createPageCache(content, ageGate, 10, () => now);
    const key = cache.keyFor(request('/about'))!;
    const entry = await cache.capture(key, page(), 1);
    now = Number.MAX_SAFE_INTEGER;
    expect(cache.get(key)).toBe(entry);
  });
});
