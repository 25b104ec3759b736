// Cross-cutting checks of the staff catalogue: what no per-area test owns — caching of personal
// responses, text the database cannot store (NUL), and cross-site writes to the editors' page actions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSON_FORM_FIELD } from '../../shared/form-constants';
import { Client } from '../support/client';
import { signedIn } from '../support/staff';
import { startTestServer, type TestServer } from '../support/test-server';

let t: TestServer;
let admin: Client & { userId: string };
let employee: Client & { userId: string };

beforeAll(async () => {
  t = await startTestServer();
  admin = await signedIn(t, 'admin', 'hard');
  employee = await signedIn(t, 'employee', 'hard');
});
afterAll(async () => {
  await t?.close();
});

const product = (over: Record<string, unknown> = {}) => ({
  name: 'Hardening Gin',
  slug: 'hardening-gin',
  category: 'gin',
  abv: 40,
  volumeMl: 700,
  caseSize: 6,
  description: 'A test gin.',
  tastingNotes: { nose: 'a', palate: 'b', finish: 'c' },
  lowStockThreshold: 1,
  status: 'draft',
  ...over,
});

describe('caching of personal responses', () => {
  it('marks staff pages, their data requests and every staff API answer private and unstored', async () => {
    for (const path of ['/admin/dashboard/products', '/admin/dashboard/store-locator', '/admin/dashboard/products.data']) {
      const res = await admin.get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control'), path).toBe('private, no-store');
    }
    for (const path of ['/api/admin/stores', '/api/admin/stores/1', '/api/admin/products', '/api/admin/collateral', '/api/admin/notifications']) {
      const res = await admin.json('GET', path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control'), path).toMatch(/no-store/);
    }
    // Refusals too: a 403 says who is asking.
    const refused = await employee.json('DELETE', '/api/admin/stores/1');
    expect(refused.status).toBe(403);
    expect(refused.headers.get('cache-control')).toBe('private, no-store');
  });

  it('keeps public pages shareable for visitors, but not when rendered for a signed-in user', async () => {
    const visitor = await new Client(t.url).passGate();
    const anonymous = await visitor.get('/products');
    expect(anonymous.status).toBe(200);
    expect(anonymous.headers.get('cache-control') ?? '').not.toMatch(/private/);
    const staff = await admin.get('/products');
    expect(staff.headers.get('cache-control')).toBe('private, no-store');
    // A route's own header stands (the CSV export).
    expect((await admin.get('/admin/dashboard/store-locator/export.csv')).headers.get('cache-control')).toBe('no-store');
  });
});

describe('NUL characters (PostgreSQL text cannot hold them)', () => {
  it('refuses them in a JSON body on the field, 400 not 500', async () => {
    const res = await admin.json('POST', '/api/admin/products', product({ name: 'Gin\u0000' }));
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error.code).toBe('validation_failed');
    expect(body.error.details).toEqual([{ path: 'name', message: expect.stringContaining('NUL') }]);
    const nested = await admin.json('POST', '/api/admin/cocktails', {
      slug: 'nul-sour',
      name: 'Nul Sour',
      description: 'd',
      baseSpirit: 'gin',
      glass: 'Coupe',
      difficulty: 'easy',
      prepMinutes: 5,
      featured: false,
      published: false,
      imageMediaId: null,
      ingredients: [{ name: 'g\u0000in', amount: 50, unit: 'ml', productId: null }],
      steps: ['stir'],
    });
    expect(nested.status).toBe(400);
    expect((await nested.json()).error.details[0].path).toBe('ingredients.0.name');
  });

  it('refuses them in a page action with a field error', async () => {
    // The editors send their value as JSON text in one form field (pages take forms only).
    const res = await admin.post('/admin/dashboard/products/new', { [JSON_FORM_FIELD]: JSON.stringify(product({ description: 'x\u0000y' })) });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('NUL character');
  });

  it('drops them from searches and lists instead of failing', async () => {
    for (const path of [
      '/api/admin/products?q=a%00b',
      '/api/admin/stores?q=a%00b',
      '/api/admin/cocktails?q=a%00b',
      '/api/admin/collateral?q=a%00b',
      '/api/admin/media?q=a%00b',
      '/api/admin/inquiries?q=a%00b',
      '/api/stores?q=a%00b',
    ]) {
      expect((await admin.json('GET', path)).status, path).toBe(200);
    }
    for (const path of ['/admin/dashboard/products?q=a%00b', '/admin/dashboard/search?q=a%00b', '/admin/dashboard/media?q=a%00b', '/store-locator?q=a%00b']) {
      expect((await admin.get(path)).status, path).toBe(200);
    }
    expect((await admin.get('/products/a%00b')).status).toBe(404);
  });
});

describe('cross-site writes', () => {
  it('refuses the editors JSON posts to page actions from another origin', async () => {
    const res = await admin.json('POST', '/admin/dashboard/products/new', product({ slug: 'evil-gin' }), { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect((await res.json()).error.code).toBe('cross_site_request');
    const fetchMeta = await admin.json('POST', '/admin/dashboard/products/new.data', product({ slug: 'evil-gin' }), { 'sec-fetch-site': 'cross-site' });
    expect(fetchMeta.status).toBe(403);
    expect((await admin.json('GET', '/api/admin/products?q=evil')).status).toBe(200);
    expect((await (await admin.json('GET', '/api/admin/products?q=evil')).json()).total).toBe(0);
  });
});
