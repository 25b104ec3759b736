import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

function postGate(fields: Record<string, string>, cookie = '', returnTo = '/products') {
  return fetch(`${t.url}/age-gate?returnTo=${encodeURIComponent(returnTo)}`, {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: cookie ? { cookie } : {},
    redirect: 'manual',
  });
}

const cookieOf = (res: Response) => res.headers.getSetCookie().find((c) => c.startsWith('frolic_age='));

describe('age gate without JavaScript (plain form posts)', () => {
  it('lets an adult in and returns them to the page they asked for, for this session only', async () => {
    const res = await postGate({ year: '1980', country: 'GB' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/products');
    const cookie = cookieOf(res) as string;
    expect(cookie).toContain('HttpOnly');
    expect(cookie).not.toContain('Max-Age');
  });

  it('keeps the pass for 30 days with remember me', async () => {
    const res = await postGate({ year: '1980', country: 'GB', remember: 'on' });
    expect(cookieOf(res)).toContain(`Max-Age=${30 * 86400}`);
  });

  it('never redirects off the site', async () => {
    const res = await postGate({ year: '1980', country: 'GB' }, '', '//evil.example/x');
    expect(res.headers.get('location')).toBe('/');
  });

  it('asks for month and day when the year alone cannot decide', async () => {
    const year = String(new Date().getUTCFullYear() - 21);
    const res = await postGate({ year, country: 'US' });
    expect(res.status).toBe(200);
    expect(cookieOf(res)).toBeUndefined();
    const html = await res.text();
    expect(html).toContain('Month of birth');
    expect(html).toContain(`value="${year}"`);
  });

  it('refuses an underage visitor and blocks a retry from the same browser', async () => {
    const res = await postGate({ year: String(new Date().getUTCFullYear() - 15), country: 'GB' });
    expect(res.status).toBe(403);
    const denied = (cookieOf(res) as string).split(';')[0] as string;
    expect(await res.text()).toContain('we can&#x27;t let you in');
    const retry = await postGate({ year: '1970', country: 'GB' }, denied);
    expect(retry.status).toBe(403);
    expect(cookieOf(retry)).toBeUndefined();
    const page = await (await fetch(`${t.url}/products`, { headers: { cookie: denied } })).text();
    expect(page).toContain('we can&#x27;t let you in');
    expect(page).not.toContain('data-testid="product-grid"');
  });

  it('refuses a country where alcohol is prohibited', async () => {
    const res = await postGate({ year: '1970', country: 'SA' });
    expect(res.status).toBe(403);
    expect(await res.text()).toContain('Not available in your country');
  });

  it('shows field errors for a missing year or country', async () => {
    const res = await postGate({ year: '', country: '' });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('Choose your country.');
  });

  it('ignores a forged pass cookie', async () => {
    const html = await (await fetch(`${t.url}/products`, { headers: { cookie: 'frolic_age=pass%3AGB%3A1.forged' } })).text();
    expect(html).toContain('Are you of legal drinking age?');
  });
});

describe('POST /api/age-gate', () => {
  it('answers JSON clients with the verdict', async () => {
    const res = await fetch(`${t.url}/api/age-gate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ country: 'SE', year: new Date().getUTCFullYear() - 19 }),
    });
    expect(res.status).toBe(200);
    expect((await res.json()).verdict).toBe('underage');
  });

  it('rejects an unknown country with a validation error', async () => {
    const res = await fetch(`${t.url}/api/age-gate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ country: 'XX', year: 1990 }),
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error.details[0].path).toBe('country');
  });
});
