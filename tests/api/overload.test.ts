// Load shedding on the real server: past the requests-in-flight limit, or after two seconds of
// event-loop delay over its limit, a new request is answered at once with 503 and Retry-After;
// /healthz and /assets/ are always served; the server takes requests again once it has caught up.
import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { OVERLOADED_MESSAGE } from '../../server/http/overload';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A JSON post whose body never finishes: in flight until destroyed. */
function heldRequest(url: string): http.ClientRequest {
  const req = http.request(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Content-Length': '1000' },
  });
  req.on('error', () => {});
  req.write('{"email":');
  return req;
}

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 8_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const status = async (url: string, headers: Record<string, string> = {}) => (await fetch(url, { headers })).status;

describe('load shedding', () => {
  it('refuses new requests past the in-flight limit, with the error shape, and takes them again when one ends', async () => {
    server = await startTestServer({ OVERLOAD_MAX_IN_FLIGHT: '2' });
    const { url } = server;
    expect(await status(`${url}/api/ping`)).toBe(200);
    const held = [heldRequest(url), heldRequest(url)];
    await until(async () => (await status(`${url}/api/ping`)) === 503, 'the limit to be reached');

    const res = await fetch(`${url}/api/ping`);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('2');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ error: { code: 'overloaded', message: OVERLOADED_MESSAGE } });
    // A page asks for HTML and gets a page.
    const page = await fetch(`${url}/products`, { headers: { Accept: 'text/html' } });
    expect(page.status).toBe(503);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await page.text()).toContain(OVERLOADED_MESSAGE);
    // The load balancer's check and a page's assets are never shed.
    expect(await status(`${url}/healthz`)).toBe(200);
    expect(await status(`${url}/assets/no-such-file.js`)).toBe(404);

    held[0]?.destroy();
    await until(async () => (await status(`${url}/api/ping`)) === 200, 'a slot to free');
    // One slot again: the second held request still counts.
    const another = heldRequest(url);
    await until(async () => (await status(`${url}/api/ping`)) === 503, 'the limit to be reached again');
    held[1]?.destroy();
    another.destroy();
    await until(async () => (await status(`${url}/api/ping`)) === 200, 'both slots to free');
  });

  it('sheds while the event loop stays behind, and stops once it catches up', async () => {
    // A limit of 300 ms, held 700 ms at a time: far from both, so a loaded machine's own delays
    // (100-odd ms now and then, beside a hundred test files) neither start nor prolong the shedding.
    server = await startTestServer({ OVERLOAD_MAX_LAG_MS: '300' });
    const { url } = server;
    expect(await status(`${url}/api/ping`)).toBe(200);
    // This process's event loop is the server's: hold it 700 ms at a time, as a starved server is.
    const blocker = setInterval(() => {
      const end = Date.now() + 700;
      while (Date.now() < end);
    }, 10);
    try {
      await until(async () => (await status(`${url}/api/ping`)) === 503, 'shedding to start');
      expect(await status(`${url}/healthz`)).toBe(200);
    } finally {
      clearInterval(blocker);
    }
    await until(async () => (await status(`${url}/api/ping`)) === 200, 'shedding to stop', 20_000);
  }, 60_000);
});
