// Navigation (issue 18) on the real server: the built-in menus until one is stored, Start Building
// Navigation's seed, a save with the version check, the link rules with their stable codes (http(s)
// only, real routes only, published pages only), a page unpublished or deleted after it was linked
// (flagged for the editor, left out of the public menu), and the public header following a save.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLogs } from '../../server/db/schema';
import { type Client } from '../support/client';
import { signedIn } from '../support/staff';
import { passGate, startTestServer, type TestServer } from '../support/test-server';

let t: TestServer;
let master: Client & { userId: string };
let admin: Client;
let visitor: string;

beforeAll(async () => {
  t = await startTestServer();
  master = await signedIn(t, 'master_admin', 'nav');
  admin = await signedIn(t, 'admin', 'nav');
  visitor = await passGate(t.url, 'GB');
});
afterAll(async () => {
  await t?.close();
});

interface Item {
  label: string;
  kind: 'page' | 'route' | 'external';
  target: string;
  pageId: number | null;
  children: Item[];
  problem?: string | null;
}
interface Menu {
  menu: string;
  stored: boolean;
  version: number;
  items: Item[];
}

const route = (label: string, target: string, children: Item[] = []): Item => ({ label, kind: 'route', target, pageId: null, children });

async function editor(): Promise<{ menus: Menu[]; pages: { id: number; slug: string; published: boolean }[]; routes: string[] }> {
  const res = await master.json('GET', '/api/admin/navigation');
  expect(res.status).toBe(200);
  return res.json();
}
const menuOf = async (name: string) => (await editor()).menus.find((m) => m.menu === name)!;

/** The public header's links, in order, as a visitor past the gate sees them. */
async function headerLinks(): Promise<string[]> {
  const html = await (await fetch(`${t.url}/products`, { headers: { cookie: visitor } })).text();
  const header = html.slice(html.indexOf('data-testid="site-header"'), html.indexOf('</header>'));
  const main = header.slice(header.indexOf('class="hidden gap-6 lg:flex"'));
  return [...main.matchAll(/<a [^>]*href="([^"]+)"[^>]*>([^<]+)<\/a>/g)].map((m) => `${m[2]} ${m[1]}`);
}

async function save(menu: string, version: number, items: Item[]) {
  return master.json('PUT', `/api/admin/navigation/${menu}`, { version, items });
}

async function createPage(slug: string, publish: boolean): Promise<{ id: number; version: number }> {
  const res = await master.json('POST', '/api/admin/pages', { title: slug, slug, content: `# ${slug}`, publish });
  expect(res.status).toBe(201);
  return res.json();
}

describe('navigation', () => {
  it('is the master admin’s', async () => {
    expect((await admin.json('GET', '/api/admin/navigation')).status).toBe(403);
    expect((await admin.json('PUT', '/api/admin/navigation/header', { version: 0, items: [] })).status).toBe(403);
    expect((await fetch(`${t.url}/api/admin/navigation`)).status).toBe(401);
  });

  it('shows the built-in menus until one is stored', async () => {
    const view = await editor();
    expect(view.menus.map((m) => [m.menu, m.stored, m.version])).toEqual([
      ['header', false, 0],
      ['footer-main', false, 0],
      ['footer-legal', false, 0],
    ]);
    expect(view.menus[0]!.items.map((i) => i.target)).toContain('/products');
    const pub = await (await fetch(`${t.url}/api/navigation`)).json();
    expect(pub.menus).toEqual({ header: null, 'footer-main': null, 'footer-legal': null });
    expect(await headerLinks()).toContain('Products /products');
  });

  it('refuses what a link cannot go to, with stable codes', async () => {
    const cases: [Item, string, string][] = [
      [{ label: 'X', kind: 'external', target: 'javascript:alert(1)', pageId: null, children: [] }, 'nav_external_not_http', 'items.0.target'],
      [{ label: 'X', kind: 'external', target: 'ftp://example.com/', pageId: null, children: [] }, 'nav_external_not_http', 'items.0.target'],
      [route('X', '/no-such-place'), 'nav_unknown_route', 'items.0.target'],
      [route('X', '//evil.example'), 'nav_unknown_route', 'items.0.target'],
      [route('X', 'products'), 'nav_unknown_route', 'items.0.target'],
      [{ label: 'X', kind: 'page', target: '', pageId: 999999, children: [] }, 'nav_page_not_published', 'items.0.pageId'],
    ];
    for (const [item, code, path] of cases) {
      const res = await save('header', 0, [item]);
      expect(res.status, JSON.stringify(item)).toBe(400);
      const body = await res.json();
      expect(body.error.code).toBe(code);
      expect(body.error.details[0].path).toBe(path);
    }
    // A child's path names it.
    const res = await save('header', 0, [route('Shop', '/products', [route('Bad', '/nowhere')])]);
    expect((await res.json()).error.details[0].path).toBe('items.0.children.0.target');
    // Two levels of nesting are not a shape the API takes.
    const deep = await master.json('PUT', '/api/admin/navigation/header', {
      version: 0,
      items: [{ ...route('A', '/products'), children: [{ ...route('B', '/products'), children: [route('C', '/products')] }] }],
    });
    expect([200, 400]).toContain(deep.status);
    if (deep.status === 200) expect((await menuOf('header')).items[0]!.children[0]!.children).toEqual([]);
    expect((await master.json('PUT', '/api/admin/navigation/sidebar', { version: 0, items: [] })).status).toBe(404);
  });

  it('refuses a link to an unpublished page', async () => {
    const draft = await createPage('nav-draft', false);
    const res = await save('footer-legal', 0, [{ label: 'Draft', kind: 'page', target: '', pageId: draft.id, children: [] }]);
    expect(res.status).toBe(400);
    expect((await res.json()).error.code).toBe('nav_page_not_published');
  });

  it('Start Building Navigation stores today’s menus, once', async () => {
    const before = await menuOf('header');
    const seeded = await master.json('POST', '/api/admin/navigation/seed', {});
    expect(seeded.status).toBe(200);
    const view = (await seeded.json()) as { menus: Menu[] };
    for (const m of view.menus) expect(m.stored).toBe(true);
    const header = view.menus.find((m) => m.menu === 'header')!;
    expect(header.items.map((i) => i.target)).toEqual(before.items.map((i) => i.target));
    // Again: nothing changes.
    const again = (await (await master.json('POST', '/api/admin/navigation/seed', {})).json()) as { menus: Menu[] };
    expect(again.menus.map((m) => m.version)).toEqual(view.menus.map((m) => m.version));
    const pub = await (await fetch(`${t.url}/api/navigation`)).json();
    expect(pub.menus.header.map((i: { href: string }) => i.href)).toEqual(before.items.map((i) => i.target));
  });

  it('saves a whole menu with the version check, audited, and the public header follows at once', async () => {
    const header = await menuOf('header');
    const page = await createPage('nav-story', true);
    const items: Item[] = [
      route('Cocktails', '/cocktails'),
      route('Products', '/products', [route('Gin', '/products?category=gin')]),
      { label: 'Our story', kind: 'page', target: 'ignored', pageId: page.id, children: [] },
      { label: 'Press', kind: 'external', target: 'https://press.example.com/frolic', pageId: null, children: [] },
    ];
    const res = await save('header', header.version, items);
    expect(res.status, await res.clone().text()).toBe(200);
    const saved = (await res.json()) as Menu;
    expect(saved.version).toBe(header.version + 1);
    expect(saved.items.map((i) => i.label)).toEqual(['Cocktails', 'Products', 'Our story', 'Press']);
    expect(saved.items[1]!.children.map((c) => c.label)).toEqual(['Gin']);
    expect(saved.items[2]!.target).toBe('');

    // The same version again: someone else saved meanwhile.
    const stale = await save('header', header.version, [route('Old', '/events')]);
    expect(stale.status).toBe(409);
    expect((await stale.json()).error.code).toBe('version_conflict');

    const links = await headerLinks();
    expect(links.slice(0, 2)).toEqual(['Cocktails /cocktails', 'Products /products']);
    expect(links).toContain('Our story /nav-story');
    expect(links.join('|')).toContain('https://press.example.com/frolic');
    expect(links).not.toContain('About /about');

    const audit = await t.db.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.tableName, 'navigation_menus'), eq(auditLogs.recordId, 'header'), eq(auditLogs.action, 'UPDATE')));
    expect(audit.length).toBe(1);
    expect(audit[0]!.userId).toBe(master.userId);
  });

  it('flags a linked page unpublished or deleted, and the public menu skips it', async () => {
    const page = await createPage('nav-gone', true);
    const header = await menuOf('header');
    const items = [...header.items, { label: 'Gone soon', kind: 'page' as const, target: '', pageId: page.id, children: [] }];
    expect((await save('header', header.version, items)).status).toBe(200);
    expect((await headerLinks()).join('|')).toContain('Gone soon /nav-gone');

    const detail = await (await master.json('GET', `/api/admin/pages/${page.id}`)).json();
    expect((await master.json('POST', `/api/admin/pages/${page.id}/unpublish`, { version: detail.version })).status).toBe(200);
    let flagged = (await menuOf('header')).items.find((i) => i.label === 'Gone soon')!;
    expect(flagged.problem).toBe('page_unpublished');
    expect((await headerLinks()).join('|')).not.toContain('Gone soon');
    // Saving the menu with the flagged link is refused until it is fixed.
    const current = await menuOf('header');
    const res = await save('header', current.version, current.items);
    expect((await res.json()).error.code).toBe('nav_page_not_published');

    const after = await (await master.json('GET', `/api/admin/pages/${page.id}`)).json();
    expect((await master.json('DELETE', `/api/admin/pages/${page.id}?version=${after.version}`)).status).toBe(204);
    flagged = (await menuOf('header')).items.find((i) => i.label === 'Gone soon')!;
    expect(flagged.problem).toBe('page_deleted');
    expect(flagged.pageId).toBeNull();
    expect((await headerLinks()).join('|')).not.toContain('Gone soon');
  });
});
