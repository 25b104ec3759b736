// On a phone (390 × 844) no staff or partner page scrolls sideways, and none has a serious or
// critical axe violation (issue 40). The pages are every route of app/routes.ts under the staff and
// the partner dashboards whose module has a default export (resource routes such as CSV exports
// have none), so a route added later is visited without touching this file. Each is opened by a
// role that may open it (shared/policy.ts): the master admin for staff pages, the roles a partner
// page belongs to, or — for every partner's pages — one of the demo partners. Lists hold rows: the
// first worker builds an order, an invoice, a shipment, a receipt and a payment (and what the other
// `:id` pages need) through the JSON API of the shared server, whose demo users are one per role;
// a `:id` route takes its URL from the first matching link on the nearest page its role may open,
// and the test fails when there is none.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, openSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, type APIResponse, expect, type Page, request as playwrightRequest, test } from '@playwright/test';
import type { RouteConfigEntry } from '@react-router/dev/routes';
import routes from '../../app/routes';
import { DEMO_PASSWORD, TIME_SCALE } from '../../playwright.config';
import { dashboardLanding, partnerPageRoles, type Role } from '../../shared/policy';
import { demoEmail, seriousAxeIssues } from './fixtures';

const PHONE = { width: 390, height: 844 };
const STAFF_ROOT = '/admin/dashboard';
const PARTNER_ROOT = '/partner/dashboard';
/** The demo partners with an organisation (DEMO_ROLE_ORGANISATION): the generic `partner` shares the importer's. */
const PARTNERS = ['retailer', 'distributor', 'importer'] as const satisfies readonly Role[];
/** The master admin opens every staff page (spec §6: its screens are its own whatever the grants say). */
const STAFF: Role = 'master_admin';
const STAFF_GROUPS = 3;

// ---- The pages, from app/routes.ts and the route modules ----

interface UiRoute {
  /** The URL pattern, e.g. `/admin/dashboard/products/:id`. */
  path: string;
  dynamic: boolean;
}

/** Every path of app/routes.ts without parameters, resource routes too (`store-locator/export.csv` is no store's id). */
const FIXED_PATHS = new Set<string>();

function uiRoutes(): UiRoute[] {
  const out = new Map<string, UiRoute>();
  const walk = (entries: readonly RouteConfigEntry[], parent: string) => {
    for (const r of entries) {
      const full = r.path ? `${parent.replace(/\/$/, '')}/${r.path}` : parent;
      if (!full.includes(':')) FIXED_PATHS.add(full);
      const source = readFileSync(path.join('app', r.file), 'utf8');
      // A UI route renders something; a resource route (a CSV, a sitemap) exports only a loader.
      const ui = /^export default\b/m.test(source);
      const inArea = full === STAFF_ROOT || full.startsWith(`${STAFF_ROOT}/`) || full === PARTNER_ROOT || full.startsWith(`${PARTNER_ROOT}/`);
      if (ui && inArea && !full.includes('*')) out.set(full, { path: full, dynamic: full.includes('/:') });
      if (r.children) walk(r.children, full);
    }
  };
  walk(routes, '');
  return [...out.values()];
}

const ALL = uiRoutes();
const isStaff = (p: string) => p.startsWith(STAFF_ROOT);
/** The roles that may open a page: the master admin for staff pages; a partner page's own roles, or every demo partner. */
const rolesFor = (p: string): Role[] =>
  isStaff(p) ? [STAFF] : [...(partnerPageRoles(p) ?? PARTNERS)].filter((r) => (PARTNERS as readonly Role[]).includes(r));

/** A `:param` pattern as a regular expression over a link's path. */
const patternOf = (p: string) => new RegExp(`^${p.replace(/:[^/]+/g, '[^/?#]+')}$`);
const STATIC = new Set(ALL.filter((r) => !r.dynamic).map((r) => r.path));

/**
 * Who visits what. Staff pages: the master admin, in a few groups. A partner page of some roles:
 * each of them (Payments differs for a retailer and a distributor). Every partner's page: the role
 * it is the landing of, or the next demo partner in turn. `:id` pages: decided with their link.
 */
type Group = { name: string; role: Role; paths: string[] };
function staticGroups(): Group[] {
  const staff = ALL.filter((r) => isStaff(r.path) && !r.dynamic);
  const groups: Group[] = Array.from({ length: STAFF_GROUPS }, (_, i) => ({ name: `staff ${i + 1}`, role: STAFF, paths: [] }));
  staff.forEach((r, i) => groups[i % STAFF_GROUPS]!.paths.push(r.path));
  const byRole = new Map<Role, Group>(PARTNERS.map((role) => [role, { name: role, role, paths: [] }]));
  let turn = 0;
  for (const r of ALL.filter((x) => !isStaff(x.path) && !x.dynamic)) {
    const own = partnerPageRoles(r.path);
    const visitors = own ? rolesFor(r.path) : [PARTNERS.find((role) => dashboardLanding([role]) === r.path) ?? PARTNERS[turn++ % PARTNERS.length]!];
    for (const role of visitors) byRole.get(role)!.paths.push(r.path);
  }
  return [...groups, ...byRole.values()];
}
const GROUPS = staticGroups();

// ---- The data the lists show, built once through the API ----

interface Plan {
  states: Record<string, Awaited<ReturnType<APIRequestContext['storageState']>>>;
  /** Per group: the URLs of its `:id` pages, each with the pattern it stands for. */
  dynamic: Record<string, { path: string; url: string }[]>;
}

async function json(res: APIResponse, what: string) {
  const text = await res.text();
  if (!res.ok()) throw new Error(`${what}: ${res.status()} ${text.slice(0, 500)}`);
  return text ? JSON.parse(text) : null;
}

async function signIn(baseURL: string, role: Role): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL });
  await api.post('/age-gate', { form: { year: '1980', country: 'GB' }, maxRedirects: 0 });
  const res = await api.post('/auth/login', { form: { email: demoEmail(role), password: DEMO_PASSWORD }, maxRedirects: 0 });
  if (res.status() !== 302) throw new Error(`Sign-in as ${role}: ${res.status()}`);
  return api;
}

/** A 16 × 16 PNG: a buyer's photo of the delivery. */
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAGElEQVQokWNoCDAgCTGMaggYDaWG4Zo0AGoIABAaJe6YAAAAAElFTkSuQmCC',
  'base64',
);
const today = () => new Date().toISOString().slice(0, 10);

/** The seller ships all of an approved order in one shipment, and the buyer confirms it with the photo, everything received. */
async function shipAndReceive(
  seller: APIRequestContext,
  buyer: APIRequestContext,
  order: { buyer: { id: string }; items: { id: number; cases: number }[] },
  trackingNumber: string,
) {
  const created = await json(
    await seller.post('/api/partner/shipments', {
      data: { recipientId: order.buyer.id, carrier: 'dhl', trackingNumber, note: '', lines: order.items.map((i) => ({ orderItemId: i.id, cases: i.cases })) },
    }),
    `shipment to ${order.buyer.id}`,
  );
  const shipped = await json(await seller.post(`/api/partner/shipments/${created.id}/status`, { data: { action: 'ship', version: created.version } }), 'ship');
  const lines = shipped.items.map((i: { id: number; cases: number }) => ({ shipmentItemId: i.id, casesReceived: i.cases, casesDamaged: 0 }));
  const photo = { name: 'delivery.png', mimeType: 'image/png', buffer: PHOTO };
  await json(
    await buyer.post(`/api/partner/shipments/${shipped.id}/receipt`, { multipart: { lines: JSON.stringify(lines), note: '', file: photo } }),
    'receipt',
  );
}

/** One order of each kind of document, with the rest of the chain behind it, all through the JSON API. */
async function buildDocuments(as: Record<string, APIRequestContext>) {
  const { master_admin: staff, importer, distributor, retailer } = as as Record<'master_admin' | 'importer' | 'distributor' | 'retailer', APIRequestContext>;
  const run = Date.now().toString(36);
  const catalog = await json(await retailer.get('/api/partner/catalog'), 'catalogue');
  const product = (catalog.items ?? catalog.products)[0];
  const productId: number = product.id;

  // The importer orders from the brand; staff approve it, invoice it and ship it (the brand's own
  // documents, as on every leg); the importer receives it with a photo: the importer holds stock.
  await json(
    await staff.post(`/api/admin/products/${productId}/stock-adjustments`, { data: { delta: 600, reason: 'Stock for the phone layout test' } }),
    'brand stock',
  );
  const brandOrder = await json(await importer.post('/api/partner/orders', { data: { lines: [{ productId, cases: 4 }], note: '' } }), 'importer order');
  const seen = await json(await staff.get(`/api/admin/trade-orders/${brandOrder.id}`), 'trade order');
  const approved = await json(await staff.post(`/api/admin/trade-orders/${brandOrder.id}/approve`, { data: { version: seen.version } }), 'trade order approve');
  await json(await staff.post('/api/admin/invoices/issue', { data: { orderIds: [approved.id] } }), 'the brand’s invoice');
  await shipAndReceive(staff, importer, approved, `JD0143${run.toUpperCase()}`);
  // A second brand order waits for staff (a list row with its actions).
  await json(await importer.post('/api/partner/orders', { data: { lines: [{ productId, cases: 1 }], note: '' } }), 'second importer order');

  // The importer offers its distributor an allocation (the demo distributor's organisation, found by
  // staff), which the distributor accepts: an approved order.
  const partners = await json(await staff.get('/api/admin/partners?pageSize=100'), 'partners');
  const distributorOrg = (partners.items as { id: string; tradingName: string }[]).find((o) => o.tradingName === 'Pennine Drinks');
  if (!distributorOrg) throw new Error('The demo distributor Pennine Drinks is missing.');
  const offer = await json(
    await importer.post('/api/partner/allocations', { data: { distributorId: distributorOrg.id, lines: [{ productId, cases: 4 }], note: '' } }),
    'allocation offer',
  );
  const accepted = await json(
    await distributor.post(`/api/partner/orders/${offer.order.id}/accept`, { data: { version: offer.order.version } }),
    'accept the offer',
  );
  // The importer ships it; the distributor receives it (the importer's supplier and the distributor's buyer shipment pages).
  await shipAndReceive(importer, distributor, accepted, `JD0144${run.toUpperCase()}`);

  // The retailer orders; the distributor approves, invoices and ships; the retailer receives and pays.
  const placed = await json(await retailer.post('/api/partner/orders', { data: { lines: [{ productId, cases: 2 }], note: '' } }), 'retailer order');
  const toApprove = await json(await distributor.get(`/api/partner/orders/${placed.id}`), 'order');
  const order = await json(await distributor.post(`/api/partner/orders/${placed.id}/approve`, { data: { version: toApprove.version } }), 'approve');
  const invoice = await json(await distributor.post('/api/partner/invoices/issue', { data: { orderIds: [order.id] } }), 'invoice');
  await shipAndReceive(distributor, retailer, order, `JD0146${run.toUpperCase()}`);
  await json(
    await retailer.post('/api/partner/payments', {
      data: {
        amountMinor: invoice.totalMinor,
        currency: invoice.currency,
        method: 'bank_transfer',
        reference: `PHONE-${run}`,
        paidOn: today(),
        allocations: [{ invoiceId: invoice.id, amountMinor: invoice.totalMinor }],
      },
    }),
    'payment',
  );
  // A second retailer order waits for the distributor's approval.
  await json(await retailer.post('/api/partner/orders', { data: { lines: [{ productId, cases: 1 }], note: '' } }), 'second retailer order');

  // What the other staff pages list: a contact message, a piece of collateral, a partner's request to join an event.
  await json(
    await staff.post('/api/contact', {
      data: { name: 'Phone Test', email: 'phone.test@example.com', subject: 'General question', message: 'Do you ship to the Isle of Wight?' },
    }),
    'contact message',
  );
  const uploaded = await json(
    await staff.post('/api/admin/media', {
      multipart: { file: { name: 'shelf-talker.png', mimeType: 'image/png', buffer: PHOTO }, altText: 'A shelf talker' },
    }),
    'media',
  );
  const mediaId: string = uploaded.media.id;
  await json(
    await staff.post('/api/admin/collateral', {
      data: { title: `Shelf talker ${run}`, kind: 'shelf_talker', description: 'For the gin shelf.', mediaId, audience: ['retailer'], published: true },
    }),
    'collateral',
  );
  const events = await json(await retailer.get('/api/events'), 'events');
  const eventId = (events.items ?? events)[0]?.id;
  if (!eventId) throw new Error('No event to join.');
  await json(
    await retailer.post('/api/partner/marketing/requests', { data: { kind: 'event_join', eventId, expectedGuests: 4, details: '' } }),
    'event request',
  );
}

/** The links (path and query) in a page's server-rendered HTML. */
function linksIn(html: string): string[] {
  return [...html.matchAll(/<a\b[^>]*\bhref="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&').replace(/#.*$/, ''));
}
const pathOf = (href: string) => href.replace(/\?.*$/, '');

const sharedSegments = (a: string, b: string) => {
  const x = a.split('/');
  const y = b.split('/');
  let n = 0;
  while (n < x.length && n < y.length && x[n] === y[n]) n++;
  return n;
};

/** For each `:id` page: the first matching link on the nearest page a role that may open it can open. */
async function findDynamicUrls(as: Record<string, APIRequestContext>): Promise<Plan['dynamic']> {
  const cache = new Map<string, Promise<string[]>>();
  const links = (role: Role, page: string) => {
    const key = `${role} ${page}`;
    if (!cache.has(key))
      cache.set(
        key,
        as[role]!.get(page).then(async (r) => linksIn(await r.text())),
      );
    return cache.get(key)!;
  };
  const dynamic: Plan['dynamic'] = Object.fromEntries(GROUPS.map((g) => [g.name, []]));
  const missing: string[] = [];
  for (const [index, r] of ALL.filter((x) => x.dynamic).entries()) {
    const pattern = patternOf(r.path);
    let found: { role: Role; url: string } | null = null;
    for (const role of rolesFor(r.path)) {
      const pages = [...STATIC]
        .filter((p) => isStaff(p) === isStaff(r.path) && rolesFor(p).includes(role))
        .sort((a, b) => sharedSegments(b, r.path) - sharedSegments(a, r.path) || a.length - b.length);
      for (const page of pages) {
        const matching = (hrefs: string[]) => hrefs.map(pathOf).find((href) => pattern.test(href) && !FIXED_PATHS.has(href));
        const onPage = await links(role, page);
        // A list may sit on one of the page's tabs (`?tab=requests`): the page's links to itself.
        const tabs = [...new Set(onPage.filter((href) => href.startsWith(`${page}?`) || href.startsWith('?')))].map((href) =>
          href.startsWith('?') ? `${page}${href}` : href,
        );
        let url = matching(onPage);
        for (const tab of tabs.slice(0, 6)) url ??= matching(await links(role, tab));
        if (url) {
          found = { role, url };
          break;
        }
      }
      if (found) break;
    }
    if (!found) {
      missing.push(r.path);
      continue;
    }
    const group = isStaff(r.path) ? `staff ${(index % STAFF_GROUPS) + 1}` : found.role;
    dynamic[group]!.push({ path: r.path, url: found.url });
  }
  if (missing.length) throw new Error(`No link to these pages on any page their roles may open: ${missing.join(', ')}`);
  return dynamic;
}

async function buildPlan(baseURL: string): Promise<Plan> {
  const roles: Role[] = [STAFF, ...PARTNERS];
  const as = Object.fromEntries(await Promise.all(roles.map(async (r) => [r, await signIn(baseURL, r)] as const)));
  try {
    await buildDocuments(as);
    const dynamic = await findDynamicUrls(as);
    const states = Object.fromEntries(await Promise.all(roles.map(async (r) => [r, await as[r]!.storageState()] as const)));
    return { states, dynamic };
  } finally {
    await Promise.all(Object.values(as).map((a) => a.dispose()));
  }
}

/** The first worker builds the plan; the others read it (the data must exist once on the shared server). */
async function sharedPlan(baseURL: string): Promise<Plan> {
  // In the run's output directory (emptied when a run starts), per shared server.
  const server = createHash('sha1').update(`${process.env.E2E_DATA_DIR}`).digest('hex').slice(0, 16);
  const dir = path.join(test.info().project.outputDir, `phone-routes-${server}`);
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'plan.json');
  const failed = path.join(dir, 'failed.txt');
  let first = true;
  try {
    openSync(path.join(dir, 'lock'), 'wx');
  } catch {
    first = false;
  }
  if (first) {
    try {
      const plan = await buildPlan(baseURL);
      writeFileSync(`${file}.tmp`, JSON.stringify(plan));
      renameSync(`${file}.tmp`, file);
      return plan;
    } catch (err) {
      writeFileSync(failed, String(err));
      throw err;
    }
  }
  await expect.poll(() => existsSync(file) || existsSync(failed), { timeout: 60_000 * TIME_SCALE, intervals: [100] }).toBe(true);
  if (existsSync(failed)) throw new Error(`Another worker could not build the data: ${readFileSync(failed, 'utf8')}`);
  return JSON.parse(readFileSync(file, 'utf8')) as Plan;
}

// ---- The visits ----

/**
 * Where a page's width comes from: the outermost elements past the screen's right edge that no
 * scrolling box clips (an absolutely positioned element escapes a scroller that does not contain it).
 */
async function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const limit = window.innerWidth + 0.5;
    const clipped = (start: Element) => {
      let el: Element | null = start;
      while (el && el !== document.body) {
        const position: string = getComputedStyle(el).position;
        if (position === 'fixed') return true;
        const next: Element | null = position === 'absolute' ? (el as HTMLElement).offsetParent : el.parentElement;
        if (next && next !== document.body && getComputedStyle(next).overflowX !== 'visible') return true;
        el = next;
      }
      return false;
    };
    const wide = [...document.body.querySelectorAll('*')].filter((el) => el.getBoundingClientRect().right > limit && !clipped(el));
    const set = new Set(wide);
    return wide
      .filter((el) => !el.parentElement || !set.has(el.parentElement))
      .slice(0, 5)
      .map((el) => {
        const cls = typeof el.className === 'string' ? el.className.slice(0, 80) : '';
        return `<${el.tagName.toLowerCase()} class="${cls}">${(el.textContent ?? '').trim().slice(0, 30)}… right edge ${Math.round(el.getBoundingClientRect().right)} px`;
      });
  });
}

let plan: Plan;
test.use({ viewport: PHONE });
test.beforeAll(async ({ baseURL }) => {
  test.setTimeout(90_000 * TIME_SCALE);
  plan = await sharedPlan(baseURL!);
});

for (const group of GROUPS) {
  test(`on a phone no page is wider than the screen, and none has a serious axe violation: ${group.name}`, async ({ browser, baseURL }) => {
    test.setTimeout(90_000 * TIME_SCALE);
    const context = await browser.newContext({ baseURL, viewport: PHONE, storageState: plan.states[group.role] });
    const page = await context.newPage();
    const visits = [...group.paths.map((p) => ({ path: p, url: p })), ...(plan.dynamic[group.name] ?? [])];
    expect(visits.length, 'pages to visit').toBeGreaterThan(0);
    const axe: string[] = [];
    try {
      for (const { path: pattern, url } of visits) {
        const res = await page.goto(url);
        expect(res?.status(), `${url} (${pattern}) as ${group.role}`).toBe(200);
        expect(new URL(page.url()).pathname, `${url} as ${group.role} stays on the page`).toBe(url);
        // Hydrated: React's client entry has run (the layout may change once it has).
        await page.waitForFunction(() => Object.keys(document.body).some((k) => k.startsWith('__reactFiber')));
        const width = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
        if (width.scroll > width.inner) {
          expect
            .soft(width.scroll, `${url} (${pattern}) as ${group.role} is wider than the screen: ${(await overflowing(page)).join('; ')}`)
            .toBeLessThanOrEqual(width.inner);
        }
        axe.push(...(await seriousAxeIssues(page)));
      }
    } finally {
      await context.close();
    }
    expect(axe).toEqual([]);
  });
}
