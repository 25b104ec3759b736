// The authorization matrix: every protected page and API route × every role (and anonymous),
// expectations derived from the shared policy, checked against the running server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import routes from '../../app/routes';
import { DEFAULT_GRANTS, hasAdminAccess, hasPartnerAccess, isMasterAdmin, loginPathFor, type Permission, type Role, ROLES } from '../../shared/policy';
import { SYSTEM_ACTOR } from '../../server/core/actor';
import { Client } from '../support/client';
import { startTestServer, type TestServer } from '../support/test-server';

type RouteEntry = { path?: string; file: string; index?: boolean; children?: RouteEntry[] };

/** Master-admin screens with their own route module (the rest share master-page.tsx). */
const MASTER_ONLY_FILES = ['routes/admin/outbox.tsx'];

// Editors take an id: the first seeded row, or a 404 where nothing is seeded (still past the guard).
const PARAMS: Record<string, string> = { ':id': '1', ':kind': 'contact' };

function pagesUnder(prefix: string): { path: string; masterOnly: boolean; dynamic: boolean }[] {
  const parent = (routes as RouteEntry[]).find((r) => r.path === prefix);
  if (!parent) throw new Error(`no ${prefix} in routes.ts`);
  return (parent.children ?? []).map((c) => ({
    path: `/${prefix}${c.index ? '' : `/${(c.path ?? '').replace(/:\w+/g, (p) => PARAMS[p] ?? '1')}`}`,
    masterOnly: c.file.endsWith('master-page.tsx') || MASTER_ONLY_FILES.includes(c.file),
    dynamic: (c.path ?? '').includes(':'),
  }));
}

const PASSWORD = 'Matrix-check-password-42';
let t: TestServer;
const clients = new Map<string, Client>();

beforeAll(async () => {
  t = await startTestServer();
  for (const role of ROLES) {
    const email = `${role}@matrix.example`;
    await t.app.services.users.createUser({ email, firstName: role, lastName: 'Matrix', roles: [role], password: PASSWORD, confirmed: true }, SYSTEM_ACTOR);
    const c = await new Client(t.url).passGate();
    const res = await c.post('/auth/login', { email, password: PASSWORD });
    expect(res.status).toBe(302);
    clients.set(role, c);
  }
  clients.set('anonymous', await new Client(t.url).passGate());
});
afterAll(async () => {
  await t?.close();
});

const who = ['anonymous', ...ROLES];
const grants = (p: Permission) => (roles: string[]) => roles.some((r) => DEFAULT_GRANTS[r as Role]?.includes(p));
const userOf = (role: string) => ({ roles: role === 'anonymous' ? [] : [role], isMasterAdmin: false });

describe('protected pages', () => {
  const admin = pagesUnder('admin/dashboard');
  const partner = pagesUnder('partner/dashboard');

  it('covers every child of both areas', () => {
    expect(admin.length).toBeGreaterThanOrEqual(12);
    expect(partner.length).toBeGreaterThanOrEqual(17);
  });

  for (const role of who) {
    it(`admin area as ${role}`, async () => {
      const c = clients.get(role) as Client;
      for (const page of admin) {
        const res = await c.get(page.path);
        const u = userOf(role);
        const where = `${role} ${page.path}`;
        if (role === 'anonymous') {
          expect(res.headers.get('location'), where).toBe(`/admin-login?redirectTo=${encodeURIComponent(page.path)}`);
        } else if (!hasAdminAccess(u.roles)) {
          expect(res.headers.get('location'), where).toBe(loginPathFor([role]));
          expect(c.flashedToast(), where).toMatchObject({ title: 'Access Denied', description: "You don't have permission to access the admin dashboard" });
        } else if (page.masterOnly && !isMasterAdmin(u)) {
          expect(res.headers.get('location'), where).toBe('/dashboard');
          expect(c.flashedToast(), where).toMatchObject({ title: 'Access Denied', description: "You don't have permission to access this page." });
        } else if (page.dynamic) {
          expect([200, 404], where).toContain(res.status);
        } else {
          expect(res.status, where).toBe(200);
        }
      }
    });

    it(`partner area as ${role}`, async () => {
      const c = clients.get(role) as Client;
      for (const page of partner) {
        const res = await c.get(page.path);
        const where = `${role} ${page.path}`;
        if (role === 'anonymous') expect(res.headers.get('location'), where).toBe(`/partner-login?redirectTo=${encodeURIComponent(page.path)}`);
        else if (!hasPartnerAccess([role])) {
          expect(res.headers.get('location'), where).toBe(loginPathFor([role]));
          expect(c.flashedToast(), where).toMatchObject({ title: 'Access Denied', description: "You don't have permission to access the partner dashboard" });
        } else expect(res.status, where).toBe(200);
      }
    });
  }
});

describe('protected API routes', () => {
  const routesToCheck: { method: string; path: string; body?: unknown; allowed: (roles: string[]) => boolean }[] = [
    { method: 'GET', path: '/api/me', allowed: () => true },
    { method: 'POST', path: '/api/rpc/has_role', body: { role_name: 'admin' }, allowed: () => true },
    { method: 'GET', path: '/api/security-settings', allowed: (r) => isMasterAdmin({ roles: r, isMasterAdmin: false }) },
    { method: 'GET', path: '/api/admin/outbox', allowed: (r) => isMasterAdmin({ roles: r, isMasterAdmin: false }) },
    // The staff catalogue: reads need the entity's permission, per the default grants.
    ...['products', 'stores', 'cocktails', 'media', 'collateral', 'events'].map((e) => ({ method: 'GET', path: `/api/admin/${e}`, allowed: grants('cms:access') })),
    { method: 'GET', path: '/api/admin/stores/export.csv', allowed: grants('cms:access') },
    { method: 'GET', path: '/api/admin/stores/geocode?city=London&country=GB', allowed: grants('cms:access') },
    { method: 'GET', path: '/api/admin/stores/nearby?lat=51.5&lng=-0.12', allowed: grants('cms:access') },
    { method: 'GET', path: '/api/admin/inquiries', allowed: grants('inquiries:manage') },
    { method: 'GET', path: '/api/admin/notifications', allowed: (r: string[]) => hasAdminAccess(r) },
  ];

  for (const role of who) {
    it(`as ${role}`, async () => {
      const c = clients.get(role) as Client;
      for (const r of routesToCheck) {
        const res = await c.json(r.method, r.path, r.body);
        const where = `${role} ${r.method} ${r.path}`;
        if (role === 'anonymous') {
          expect(res.status, where).toBe(401);
          expect((await res.json()).error.code).toBe('unauthenticated');
        } else if (r.allowed([role])) expect(res.status, where).toBe(200);
        else {
          expect(res.status, where).toBe(403);
          expect((await res.json()).error.code).toBe('forbidden');
        }
      }
    });
  }

  it('lets only the master admin change the access-control settings, validated', async () => {
    const master = clients.get('master_admin') as Client;
    const current = await (await master.json('GET', '/api/security-settings')).json();
    expect(current).toMatchObject({ passwordExpiryEnabled: true, passwordExpiryDays: 90, lockoutThreshold: 5, sessionTimeoutMinutes: 60, rememberDeviceDays: 30 });
    expect((await master.json('PUT', '/api/security-settings', { ...current, sessionTimeoutMinutes: 45 })).status).toBe(400);
    const saved = await master.json('PUT', '/api/security-settings', { ...current, sessionTimeoutMinutes: 120 });
    expect((await saved.json()).sessionTimeoutMinutes).toBe(120);
    expect((await (clients.get('admin') as Client).json('PUT', '/api/security-settings', current)).status).toBe(403);
    await master.json('PUT', '/api/security-settings', current);
  });
});
