// The staff-wide search page: groups per kind, only the kinds the user's grants open, each linking
// to its editor and to its own list with the same query; `%` and `_` are plain characters.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rolePermissions } from '../../server/db/schema';
import { Client } from '../support/client';
import { signedIn } from '../support/staff';
import { passGate, startTestServer, type TestServer } from '../support/test-server';

const SEARCH = '/admin/dashboard/search';
let t: TestServer;

beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

async function search(c: Client, q: string) {
  const res = await c.get(`${SEARCH}?q=${encodeURIComponent(q)}`);
  expect(res.status, q).toBe(200);
  return res.text();
}

const group = (html: string, kind: string) => html.includes(`data-testid="search-group-${kind}"`);

describe('staff search', () => {
  it('shows an admin the products and recipes that match, with links to each and to the lists', async () => {
    const admin = await signedIn(t, 'admin', 'search');
    const html = await search(admin, 'gin');
    expect(html).toContain('<title>Search · Frolic</title>');
    expect(group(html, 'products')).toBe(true);
    expect(group(html, 'cocktails')).toBe(true);
    expect(html).toContain('Frolic London Dry Gin');
    expect(html).toMatch(/href="\/admin\/dashboard\/products\/\d+"/);
    expect(html).toContain('href="/admin/dashboard/products?q=gin"');
    expect(html).toContain('Gin &amp; Tonic');
    expect(html).toMatch(/href="\/admin\/dashboard\/cocktails\/\d+"/);
    expect(html).toContain('href="/admin/dashboard/cocktails?q=gin"');
    expect(html).toMatch(/See all \d+ recipes/);
    // The top bar keeps the query on the search page.
    expect(html).toMatch(/<input[^>]*name="q"[^>]*value="gin"/);
  });

  it('shows an employee the same groups, a hint without a query and a plain answer without a match', async () => {
    const employee = await signedIn(t, 'employee', 'search');
    const html = await search(employee, 'gin');
    expect(group(html, 'products')).toBe(true);
    expect(group(html, 'cocktails')).toBe(true);
    expect(await search(employee, '')).toContain('in the search box at the top');
    expect(await search(employee, 'Xyzzy quux')).toContain('Nothing matches “Xyzzy quux”.');
  });

  it('takes % and _ literally', async () => {
    const admin = await signedIn(t, 'admin', 'literal');
    // As a wildcard `%` would match everything.
    expect(await search(admin, '%')).toContain('Nothing matches');
    const gate = await passGate(t.url);
    const sent = await fetch(`${t.url}/contact`, {
      method: 'POST',
      body: new URLSearchParams({
        name: 'Percy 100% rye_mash',
        email: 'percy@example.com',
        subject: 'Events',
        message: 'Do you host tastings for twelve?',
        form_started: String(Date.now() - 10_000),
      }),
      headers: { cookie: gate },
      redirect: 'manual',
    });
    expect(sent.status).toBe(302);
    const hit = await search(admin, '100% rye_');
    expect(group(hit, 'inquiries')).toBe(true);
    expect(hit).toContain('Percy 100% rye_mash');
    expect(hit).toMatch(/href="\/admin\/dashboard\/inquiries\/contact\/\d+"/);
    // As wildcards these would match the message above.
    expect(await search(admin, '10_% r')).toContain('Nothing matches');
  });

  it('leaves out the kinds a role may not open', async () => {
    const revoked = and(eq(rolePermissions.role, 'employee'), eq(rolePermissions.permission, 'cms:access'));
    await t.db.database.db.delete(rolePermissions).where(revoked);
    try {
      // A new session reads the grants as they are now.
      const clerk = await signedIn(t, 'employee', 'no-catalog');
      const html = await search(clerk, 'gin');
      expect(group(html, 'products')).toBe(false);
      expect(group(html, 'cocktails')).toBe(false);
      expect(html).not.toContain('Frolic London Dry Gin');
      expect(html).toContain('Nothing matches “gin”.');
    } finally {
      await t.db.database.db.insert(rolePermissions).values({ role: 'employee', permission: 'cms:access' }).onConflictDoNothing();
    }
  });

  it('sends the anonymous to the staff sign-in and refuses partners', async () => {
    const anonymous = await new Client(t.url).passGate();
    const res = await anonymous.get(`${SEARCH}?q=gin`);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`/admin-login?redirectTo=${encodeURIComponent(`${SEARCH}?q=gin`)}`);

    const retailer = await signedIn(t, 'retailer', 'search');
    const refused = await retailer.get(`${SEARCH}?q=gin`);
    expect(refused.status).toBe(302);
    expect(retailer.flashedToast()).toMatchObject({ title: 'Access Denied' });
    expect(refused.headers.get('location')).not.toContain(SEARCH);
  });
});
