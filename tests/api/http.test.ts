import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { pino } from 'pino';
import { PAGE_CACHE_UNTIL } from '../../shared/page-cache';
import { passGate, startTestServer, type TestServer } from '../support/test-server';

interface LogLine {
  level: number;
  requestId?: string;
  req?: { id?: string };
  res?: { statusCode?: number };
  err?: { message?: string };
}

let t: TestServer;
let cookie: string;
beforeAll(async () => {
  t = await startTestServer({ BODY_LIMIT: '1kb', CORS_ORIGINS: 'https://partner.example' });
  cookie = await passGate(t.url);
});
afterAll(async () => {
  await t?.close();
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${t.url}${path}`, { headers, redirect: 'manual' });
const postJson = (path: string, body: string, type = 'application/json') =>
  fetch(`${t.url}${path}`, { method: 'POST', body, headers: { 'content-type': type } });

describe('health and API basics', () => {
  it('answers /healthz and /api/ping', async () => {
    expect(await (await get('/healthz')).json()).toEqual({ status: 'ok' });
    expect(await (await get('/api/ping')).json()).toEqual({ pong: true });
  });

  it('computes no ETag over JSON answers; the public catalogue sets its own, and answers 304 to it', async () => {
    const ping = await get('/api/ping');
    expect(ping.headers.get('etag')).toBeNull();
    const products = await get('/api/products', { cookie });
    const etag = products.headers.get('etag');
    expect(etag).toMatch(/^W\/"/);
    expect((await get('/api/products', { cookie, 'if-none-match': etag as string })).status).toBe(304);
  });

  it('answers an unknown API route with a JSON 404', async () => {
    const res = await get('/api/nothing-here');
    expect(res.status).toBe(404);
    expect((await res.json()).error.code).toBe('not_found');
  });

  it('refuses a body over the limit with 413', async () => {
    const res = await postJson('/api/age-gate', JSON.stringify({ country: 'GB', year: 1990, pad: 'x'.repeat(5000) }));
    expect(res.status).toBe(413);
    expect((await res.json()).error.code).toBe('payload_too_large');
  });

  it('refuses a body that is not JSON with 415, and broken JSON with 400', async () => {
    const wrongType = await postJson('/api/age-gate', 'country=GB', 'application/x-www-form-urlencoded');
    expect(wrongType.status).toBe(415);
    expect((await wrongType.json()).error.code).toBe('unsupported_media_type');
    const broken = await postJson('/api/age-gate', '{"country":');
    expect(broken.status).toBe(400);
    expect((await broken.json()).error.code).toBe('invalid_json');
  });

  it('takes forms only on pages: 415 for JSON or text, 400 for a form that cannot be read or a NUL in a field', async () => {
    const post = (body: BodyInit, type?: string) =>
      fetch(`${t.url}/contact`, { method: 'POST', body, headers: type ? { 'content-type': type, cookie } : { cookie }, redirect: 'manual' });
    for (const [body, type] of [
      ['{"name":"A"}', 'application/json'],
      ['name=A', 'text/plain'],
      [new Uint8Array([110, 61, 65]), undefined],
    ] as const) {
      const res = await post(body, type);
      expect(res.status, type).toBe(415);
      expect((await res.json()).error.code).toBe('unsupported_media_type');
    }
    const broken = await post('--b\r\nContent-Disposition: form-data; name="name"\r\n\r\nA', 'multipart/form-data; boundary=b');
    expect(broken.status).toBe(400);
    expect((await broken.json()).error.code).toBe('invalid_form');
    const nul = await post('name=A%00&email=a%40example.com', 'application/x-www-form-urlencoded');
    expect(nul.status).toBe(400);
    expect((await nul.json()).error).toMatchObject({ code: 'validation_failed', details: [{ path: 'name', message: expect.stringContaining('NUL') }] });
    // A well-formed form still reaches the action (field errors, not a refusal).
    const form = await post('name=A', 'application/x-www-form-urlencoded');
    expect(form.status).toBe(400);
    expect(form.headers.get('content-type')).toContain('text/html');
  });

  it('gives CORS headers to configured origins only, never with credentials', async () => {
    const known = await get('/api/ping', { origin: 'https://partner.example' });
    expect(known.headers.get('access-control-allow-origin')).toBe('https://partner.example');
    expect(known.headers.get('access-control-allow-credentials')).toBeNull();
    const unknown = await get('/api/ping', { origin: 'https://evil.example' });
    expect(unknown.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('echoes a request id', async () => {
    const res = await get('/api/ping', { 'x-request-id': 'abc-123' });
    expect(res.headers.get('x-request-id')).toBe('abc-123');
  });
});

describe('security headers and compression', () => {
  it('sends a CSP whose script nonce matches every inline script, with no unsafe-inline or eval', async () => {
    const res = await get('/products', { cookie });
    const csp = res.headers.get('content-security-policy') ?? '';
    const scriptSrc = csp.split(';').find((d) => d.startsWith('script-src')) ?? '';
    expect(scriptSrc).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).toContain("frame-ancestors 'none'");
    const nonce = /'nonce-([^']+)'/.exec(scriptSrc)?.[1];
    expect(nonce).toBeTruthy();
    const html = await res.text();
    // JSON-LD blocks are data, not scripts: CSP does not apply to them.
    const scripts = [...html.matchAll(/<script([^>]*)>/g)].map((m) => m[1] ?? '').filter((a) => !a.includes('application/ld+json'));
    expect(scripts.length).toBeGreaterThan(0);
    for (const attrs of scripts) expect(attrs).toContain(`nonce="${nonce}"`);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it('serves cached pages with a fresh nonce each time', async () => {
    const a = await get('/products?category=gin', { cookie });
    const b = await get('/products?category=gin', { cookie });
    expect(b.headers.get('x-page-cache')).toBe('hit');
    const nonceOf = (r: Response) => /'nonce-([^']+)'/.exec(r.headers.get('content-security-policy') ?? '')?.[1];
    expect(nonceOf(a)).not.toBe(nonceOf(b));
    const html = await b.text();
    expect(html).toContain(`nonce="${nonceOf(b)}"`);
    expect(html).not.toContain('__NONCE_');
  });

  it('serves a cached page gzipped from its pre-compressed pieces, with that response’s nonce', async () => {
    await get('/products?category=whisky', { cookie, 'accept-encoding': 'gzip' });
    const hit = await get('/products?category=whisky', { cookie, 'accept-encoding': 'gzip' });
    expect(hit.headers.get('x-page-cache')).toBe('hit');
    expect(hit.headers.get('content-encoding')).toBe('gzip');
    expect(hit.headers.get('vary')).toMatch(/accept-encoding/i);
    const nonce = /'nonce-([^']+)'/.exec(hit.headers.get('content-security-policy') ?? '')?.[1];
    const html = await hit.text();
    expect(html).toContain(`nonce="${nonce}"`);
    expect(html).not.toContain('__NONCE_');
    expect(html).toContain('</html>');
  });

  it('serves a cached page in brotli when the client takes it (made once, in the background), gzip or plain otherwise, always with Vary', async () => {
    const path = '/products?category=rum';
    const raw = (encoding?: string) =>
      new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        const headers: Record<string, string> = { cookie };
        if (encoding !== undefined) headers['accept-encoding'] = encoding;
        httpGet(`${t.url}${path}`, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        }).on('error', reject);
      });
    const nonceOf = (h: IncomingHttpHeaders) => /'nonce-([^']+)'/.exec(String(h['content-security-policy']))?.[1];
    const check = (r: { headers: IncomingHttpHeaders }, html: string) => {
      expect(r.headers['vary']).toMatch(/accept-encoding/i);
      expect(html).toContain(`nonce="${nonceOf(r.headers)}"`);
      expect(html).not.toContain('__NONCE_');
      expect(html).toContain('</html>');
    };
    // Brotli is made after the page is stored; until then the same request is answered gzipped.
    let br = await raw('gzip, deflate, br');
    for (let i = 0; i < 100 && br.headers['content-encoding'] !== 'br'; i++) {
      expect(br.headers['content-encoding']).toBe('gzip');
      await new Promise((r) => setTimeout(r, 50));
      br = await raw('gzip, deflate, br');
    }
    expect(br.headers['x-page-cache']).toBe('hit');
    expect(br.headers['content-encoding']).toBe('br');
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    const html = brotliDecompressSync(br.body).toString();
    check(br, html);

    const gz = await raw('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    const fromGzip = gunzipSync(gz.body).toString();
    check(gz, fromGzip);
    expect(await raw('br;q=0.5, gzip').then((r) => r.headers['content-encoding'])).toBe('gzip');

    const plain = await raw();
    expect(plain.headers['content-encoding']).toBeUndefined();
    check(plain, plain.body.toString());
    // The same page in all three, but for the nonce.
    const strip = (s: string, h: IncomingHttpHeaders) => s.replaceAll(nonceOf(h) as string, 'N');
    expect(strip(html, br.headers)).toBe(strip(plain.body.toString(), plain.headers));
    expect(strip(fromGzip, gz.headers)).toBe(strip(plain.body.toString(), plain.headers));
    expect(br.body.length).toBeLessThan(gz.body.length);
  });

  it('holds a public page’s module script for the visitor’s first intent; sign-in pages start theirs at load', async () => {
    for (const path of ['/products', '/about', '/store-locator?q=London']) {
      const html = await (await get(path, { cookie })).text();
      expect(html, path).toContain('type="frolic/held-module"');
      expect(html, path).not.toMatch(/type="module"|rel="modulepreload"/);
    }
    const signIn = await (await get('/admin-login', { cookie })).text();
    expect(signIn).toContain('type="module"');
    expect(signIn).not.toContain('frolic/held-module');
  });

  it('marks each store’s today as rendered, and keeps the store locator’s cached copy to itself until the next midnight', async () => {
    const first = await get('/store-locator?q=London', { cookie });
    const again = await get('/store-locator?q=London', { cookie });
    expect(again.headers.get('x-page-cache')).toBe('hit');
    for (const res of [first, again]) expect(res.headers.has(PAGE_CACHE_UNTIL)).toBe(false);
    const html = await again.text();
    const today = new Intl.DateTimeFormat('en-GB', { weekday: 'long', timeZone: 'Europe/London' }).format(new Date());
    expect(html).toMatch(new RegExp(`data-today="true"[^>]*>.{0,200}${today}`, 's'));
  });

  it('keeps query parameters pages do not read out of the page cache', async () => {
    await get('/products?category=vodka', { cookie });
    expect((await get('/products?category=vodka', { cookie })).headers.get('x-page-cache')).toBe('hit');
    const tagged = await get('/products?category=vodka&utm_source=mail', { cookie });
    expect(tagged.status).toBe(200);
    expect(tagged.headers.get('x-page-cache')).toBeNull();
    // A disguised path to an uncached page is not cached either.
    await get('/%63ontact', { cookie });
    expect((await get('/%63ontact', { cookie })).headers.get('x-page-cache')).toBeNull();
  });

  it('compresses responses and caches hashed assets for good', async () => {
    const res = await get('/products', { cookie, 'accept-encoding': 'gzip' });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    const html = await res.text();
    const asset = /\/assets\/[^"]+\.js/.exec(html)?.[0];
    expect(asset).toBeTruthy();
    const assetRes = await get(asset as string);
    expect(assetRes.status).toBe(200);
    expect(assetRes.headers.get('cache-control')).toContain('immutable');
  });

  it('sends HSTS only over TLS', async () => {
    expect((await get('/api/ping')).headers.get('strict-transport-security')).toBeNull();
  });
});

describe('pages', () => {
  it('renders /products with the product names in the HTML once past the gate', async () => {
    const html = await (await get('/products', { cookie })).text();
    expect(html).toContain('Frolic London Dry Gin');
    expect(html).toContain('<title>Our spirits · Frolic</title>');
  });

  it('shows only the gate before the pass, with the page’s own title', async () => {
    const res = await get('/products');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('Are you of legal drinking age?');
    expect(html).toContain('<title>Our spirits · Frolic</title>');
    // The page's data may travel in the HTML (product.md §6), but nothing of it is rendered.
    expect(html).not.toContain('data-testid="product-grid"');
    expect(html).not.toContain('data-testid="site-header"');
  });

  it('answers an unknown page with a friendly 404', async () => {
    const res = await get('/no/such/page', { cookie });
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('couldn&#x27;t find that page');
  });

  it('sends visitors who are not signed in from the admin and partner areas to their sign-in pages', async () => {
    const admin = await get('/admin/dashboard/products', { cookie });
    expect(admin.status).toBe(302);
    expect(admin.headers.get('location')).toBe('/admin-login?redirectTo=%2Fadmin%2Fdashboard%2Fproducts');
    const partner = await get('/partner/dashboard/payments', { cookie });
    expect(partner.headers.get('location')).toContain('/partner-login');
    const role = await get('/dashboard/products', { cookie });
    expect(role.headers.get('location')).toBe('/auth/login');
  });

  it('filters /products by the category in the URL', async () => {
    const html = await (await get('/products?category=rum', { cookie })).text();
    expect(html).toContain('Frolic Spiced Rum');
    expect(html).not.toContain('Frolic London Dry Gin');
  });
});

describe('logging of failures', () => {
  let logged: LogLine[];
  let failing: TestServer;
  beforeAll(async () => {
    logged = [];
    const stream = { write: (line: string) => void logged.push(JSON.parse(line)) };
    failing = await startTestServer({}, { logger: pino({ level: 'info' }, stream) });
  });
  afterAll(async () => {
    await failing?.close();
  });

  const linesOf = (id: string | null) => logged.filter((l) => l.requestId === id || l.req?.id === id);

  it('logs a page loader that throws at error level with the request id, and answers 500 without internals', async () => {
    const catalog = failing.app.services.catalog;
    const original = catalog.listProducts;
    catalog.listProducts = async () => {
      throw new Error('boom in a loader');
    };
    try {
      const res = await fetch(`${failing.url}/products?category=gin&fail=page`, { headers: { cookie: await passGate(failing.url) } });
      expect(res.status).toBe(500);
      expect(await res.text()).not.toContain('boom in a loader');
      const id = res.headers.get('x-request-id');
      // The error itself, with its stack, and the request's own line (written once the response
      // has finished, so waited for): both at error (50).
      expect(linesOf(id).find((l) => l.err?.message === 'boom in a loader')).toMatchObject({ level: 50, requestId: id });
      await vi.waitFor(() => expect(linesOf(id).find((l) => l.res?.statusCode === 500)).toMatchObject({ level: 50 }), { timeout: 15_000 });
    } finally {
      catalog.listProducts = original;
    }
  });

  it('logs an API handler that throws at error level with the request id', async () => {
    const catalog = failing.app.services.catalog;
    const original = catalog.getProduct;
    catalog.getProduct = async () => {
      throw new Error('boom in a handler');
    };
    try {
      const res = await fetch(`${failing.url}/api/products/frolic-london-dry-gin`);
      expect(res.status).toBe(500);
      expect((await res.json()).error.code).toBe('internal_error');
      const id = res.headers.get('x-request-id');
      expect(linesOf(id).find((l) => l.err?.message === 'boom in a handler')).toMatchObject({ level: 50, requestId: id });
      await vi.waitFor(() => expect(linesOf(id).find((l) => l.res?.statusCode === 500)).toMatchObject({ level: 50 }), { timeout: 15_000 });
    } finally {
      catalog.getProduct = original;
    }
  });

  it('keeps 4xx answers out of the error level', async () => {
    const res = await fetch(`${failing.url}/no/such/page`, { headers: { cookie: await passGate(failing.url) } });
    expect(res.status).toBe(404);
    const id = res.headers.get('x-request-id');
    await vi.waitFor(() => expect(linesOf(id).find((l) => l.res?.statusCode === 404)).toMatchObject({ level: 30 }), { timeout: 15_000 });
    expect(linesOf(id).every((l) => l.level < 50)).toBe(true);
  });
});
