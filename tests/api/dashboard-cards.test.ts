// A dashboard shows a card only for a screen its viewer may open (issue 40, "Screens that mislead":
// the Users card led an admin and an employee to Access Denied). For each staff role — the master
// admin, an admin, an employee and a custom role with one grant — every link of the admin dashboard
// (its cards and its panels) is followed as that person: each page answers 200, none redirects with
// Access Denied (the master admin also follows its own landing's, the Master Admin Panel's). The
// cards and the pages' guards ask the one decision the same need (shared/admin-screens.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '../support/client';
import { signedIn, stepUp } from '../support/staff';
import { startTestServer, type TestServer } from '../support/test-server';

let t: TestServer;
const people: Record<string, Client> = {};

/** The admin links inside the dashboard's main element (not the shell's sidebar), as the browser would follow them. */
function dashboardLinks(html: string): string[] {
  const start = html.indexOf('<main id="main"');
  expect(start, 'the dashboard has its main element').toBeGreaterThan(-1);
  const main = html.slice(start, html.indexOf('</main>', start));
  const hrefs = [...main.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replaceAll('&amp;', '&'));
  return [...new Set(hrefs.filter((h) => h.startsWith('/admin/dashboard/')))];
}

/** The links that do not open (anything but 200) for `c`, each with where it was sent. */
async function refusedLinks(c: Client, links: string[]): Promise<string[]> {
  const refused: string[] = [];
  for (const link of links) {
    const res = await c.get(link);
    if (res.status !== 200) refused.push(`${link} → ${res.status} ${res.headers.get('location') ?? ''}`);
    await res.body?.cancel();
  }
  return refused;
}

beforeAll(async () => {
  t = await startTestServer();
  people.master_admin = await signedIn(t, 'master_admin', 'cards');
  people.admin = await signedIn(t, 'admin', 'cards');
  people.employee = await signedIn(t, 'employee', 'cards');
  await stepUp(people.master_admin);
  const created = await people.master_admin.json('POST', '/api/admin/roles', { label: 'Chat Desk', area: 'staff', permissions: ['support:answer'] });
  expect(created.status).toBe(201);
  people.custom = await signedIn(t, 'chat_desk' as 'employee', 'cards');
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('every card on the admin dashboard opens for the person it is shown to', () => {
  for (const who of ['master_admin', 'admin', 'employee', 'custom'])
    it(`as ${who === 'custom' ? 'a custom role with one grant' : who}`, async () => {
      const c = people[who]!;
      // The admin dashboard, and the master admin's own landing (the Master Admin Panel's cards).
      const links: string[] = [];
      for (const dashboard of who === 'master_admin' ? ['/admin/dashboard', '/admin/dashboard/master-admin'] : ['/admin/dashboard']) {
        const page = await c.get(dashboard);
        expect(page.status).toBe(200);
        links.push(...dashboardLinks(await page.text()));
      }
      expect(await refusedLinks(c, links)).toEqual([]);
      // The master admin's own screen is a card for the master admin only.
      expect(links.includes('/admin/dashboard/users')).toBe(who === 'master_admin');
      if (who !== 'custom') expect(links).toContain('/admin/dashboard/products');
    });
});

/** The links of the shell's sidebar (its `nav` labelled Admin). */
function sidebarLinks(html: string): string[] {
  const start = html.indexOf('aria-label="Admin"');
  expect(start, 'the page has the admin sidebar').toBeGreaterThan(-1);
  const nav = html.slice(start, html.indexOf('</nav>', start));
  return [...new Set([...nav.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replaceAll('&amp;', '&')))];
}

describe("every link in the admin shell's sidebar opens for the person it is shown to", () => {
  for (const who of ['master_admin', 'admin', 'employee', 'custom'])
    it(`as ${who === 'custom' ? 'a custom role with one grant' : who}`, async () => {
      const c = people[who]!;
      const page = await c.get('/admin/dashboard');
      expect(page.status).toBe(200);
      const links = sidebarLinks(await page.text());
      expect(await refusedLinks(c, links)).toEqual([]);
      expect(links.includes('/admin/dashboard/users')).toBe(who === 'master_admin');
      // A custom role granted only the support inbox sees the dashboard and the inbox, not the content screens it cannot open.
      if (who === 'custom') expect(links).toEqual(['/admin/dashboard', '/admin/dashboard/support']);
      else expect(links).toContain('/admin/dashboard/products');
    });
});
