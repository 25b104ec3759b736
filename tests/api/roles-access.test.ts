// Roles & Permissions and Access Control (issue 17): the master admin's switches are stored and
// govern at once — an already signed-in person's next request, their open socket, on every instance
// — custom roles open the area stored with them and go only when nobody holds them, every write
// needs a fresh step-up and the version read, and each is audited.
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { and, eq } from 'drizzle-orm';
import { pino } from 'pino';
import type { ServerBuild } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoleView } from '../../shared/roles';
import { createApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { SYSTEM_ACTOR } from '../../server/core/actor';
import { openDatabase } from '../../server/db/client';
import { auditLogs, profiles, userRoles, users } from '../../server/db/schema';
import { BUILD_DIR } from '../../server/root';
import { USER_CHANGED_TOPIC } from '../../server/modules/auth/sessions';
import { type Client } from '../support/client';
import { openLive } from '../support/live-socket';
import { createOrganisation, signedInMember } from '../support/partners';
import { signedIn, stepUp } from '../support/staff';
import { describeOnPostgres } from '../support/test-db';
import { startTestServer, type TestServer } from '../support/test-server';

let t: TestServer;
let master: Client & { userId: string };

beforeAll(async () => {
  t = await startTestServer();
  master = await signedIn(t, 'master_admin', 'roles');
});
afterAll(async () => {
  await t?.close();
});

const rolesNow = async (): Promise<RoleView[]> => ((await (await master.json('GET', '/api/admin/roles')).json()) as { items: RoleView[] }).items;
const role = async (name: string) => (await rolesNow()).find((r) => r.name === name) as RoleView;
const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; details?: unknown } }).error;
const audits = (action: string, recordId: string) =>
  t.db.database.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.action, action), eq(auditLogs.recordId, recordId)))
    .orderBy(auditLogs.id);

describe('a permission switched off', () => {
  it("refuses an already signed-in employee's next request, closes their open socket, and is audited", async () => {
    const employee = await signedIn(t, 'employee', 'switch');
    expect((await employee.json('GET', '/api/admin/products')).status).toBe(200);
    const live = await openLive(t, employee);
    const closed = new Promise<number>((resolve) => live.ws.once('close', (code) => resolve(code)));
    const before = await role('employee');
    expect(before.permissions).toContain('cms:access');
    const without = before.permissions.filter((p) => p !== 'cms:access');

    await stepUp(master);
    const saved = await master.json('PUT', '/api/admin/roles/employee', { permissions: without, version: before.version });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ name: 'employee', version: before.version + 1, permissions: without });

    // The session was cached a moment ago: the change evicted it, so the very next request decides again.
    const refused = await employee.json('GET', '/api/admin/products');
    expect(refused.status).toBe(403);
    expect(await errorOf(refused)).toMatchObject({ code: 'forbidden', details: { required: { permission: 'cms:access' } } });
    const page = await employee.get('/admin/dashboard/products');
    expect(page.headers.get('location')).toBe('/dashboard');
    expect(employee.flashedToast()).toMatchObject({ title: 'Access Denied' });
    // What the role still grants keeps working.
    expect((await employee.json('GET', '/api/admin/inquiries')).status).toBe(200);
    expect(await closed).toBe(4409);

    const [audit] = await audits('ROLE_UPDATE', 'employee');
    expect(audit).toMatchObject({ userId: master.userId, tableName: 'roles', source: 'service' });
    expect(audit?.oldValues).toMatchObject({ permissions: before.permissions, version: before.version });
    expect(audit?.newValues).toMatchObject({ permissions: without, version: before.version + 1 });

    const back = await master.json('PUT', '/api/admin/roles/employee', { permissions: before.permissions, version: before.version + 1 });
    expect(back.status).toBe(200);
    expect((await employee.json('GET', '/api/admin/products')).status).toBe(200);
  });

  it('needs a fresh step-up and the version read', async () => {
    const fresh = await signedIn(t, 'master_admin', 'no-step-up');
    const admin = await role('admin');
    const unconfirmed = await fresh.json('PUT', '/api/admin/roles/admin', { permissions: admin.permissions, version: admin.version });
    expect(unconfirmed.status).toBe(403);
    expect((await errorOf(unconfirmed)).code).toBe('step_up_required');
    expect((await fresh.json('POST', '/api/admin/roles', { label: 'Not yet', area: 'staff', permissions: [] })).status).toBe(403);

    await stepUp(fresh);
    const stale = await fresh.json('PUT', '/api/admin/roles/admin', { permissions: admin.permissions, version: admin.version - 1 || 99 });
    expect(stale.status).toBe(409);
    expect((await errorOf(stale)).code).toBe('version_conflict');
    // Two editors read the same version: the first save wins, the second is told.
    expect((await fresh.json('PUT', '/api/admin/roles/admin', { permissions: admin.permissions, version: admin.version })).status).toBe(200);
    const second = await master.json('PUT', '/api/admin/roles/admin', { permissions: [], version: admin.version });
    expect(second.status).toBe(409);
    expect((await role('admin')).permissions).toEqual(admin.permissions);
  });

  it('the Partner card saves one set for every partner role; staff permissions are refused there', async () => {
    await stepUp(master);
    const partner = await role('partner');
    const next = [...partner.permissions, 'reports:view'].sort();
    expect((await master.json('PUT', '/api/admin/roles/partner', { permissions: next, version: partner.version })).status).toBe(200);
    const after = await rolesNow();
    for (const name of ['partner', 'importer', 'distributor', 'retailer']) {
      expect(after.find((r) => r.name === name)).toMatchObject({ permissions: next, sharedWith: ['partner', 'importer', 'distributor', 'retailer'] });
    }
    expect(await audits('ROLE_UPDATE', 'retailer')).toHaveLength(1);
    const version = (after.find((r) => r.name === 'retailer') as RoleView).version;
    const refused = await master.json('PUT', '/api/admin/roles/retailer', { permissions: [...next, 'cms:access'], version });
    expect(refused.status).toBe(400);
    expect(await errorOf(refused)).toMatchObject({ code: 'validation_failed', details: [{ path: 'permissions' }] });
    expect((await master.json('PUT', '/api/admin/roles/retailer', { permissions: partner.permissions, version })).status).toBe(200);
  });

  it("leaves the master-admin screens the master admin's whatever the switches say, and does not edit the master admin or a customer", async () => {
    await stepUp(master);
    const admin = await role('admin');
    const everything = [...new Set([...admin.permissions, 'reports:view', 'inventory:view'])].sort();
    expect((await master.json('PUT', '/api/admin/roles/admin', { permissions: everything, version: admin.version })).status).toBe(200);
    const holder = await signedIn(t, 'admin', 'all-switches');
    expect((await holder.json('GET', '/api/admin/roles')).status).toBe(403);
    expect((await holder.json('GET', '/api/admin/security-settings')).status).toBe(403);
    expect((await holder.get('/admin/dashboard/advanced-user-management/roles')).headers.get('location')).toBe('/dashboard');
    const current = await role('admin');
    expect((await master.json('PUT', '/api/admin/roles/admin', { permissions: admin.permissions, version: current.version })).status).toBe(200);

    const masterRole = await role('master_admin');
    const locked = await master.json('PUT', '/api/admin/roles/master_admin', { permissions: [], version: masterRole.version });
    expect(locked.status).toBe(409);
    expect((await errorOf(locked)).code).toBe('role_locked');
    const customer = await role('customer');
    expect((await master.json('PUT', '/api/admin/roles/customer', { permissions: ['cms:access'], version: customer.version })).status).toBe(409);
    expect((await master.json('PUT', '/api/admin/roles/no_such_role', { permissions: [], version: 1 })).status).toBe(404);
  });
});

describe('the staff shell', () => {
  it('labels each person by their role: Master Admin, Admin, Employee (product.md §6)', async () => {
    for (const [role, label] of [
      ['master_admin', 'Master Admin'],
      ['admin', 'Admin'],
      ['employee', 'Employee'],
    ] as const) {
      const person = await signedIn(t, role, `shell-${role}`);
      const page = await person.get(role === 'master_admin' ? '/admin/dashboard/master-admin' : '/admin/dashboard');
      expect(await page.text(), role).toMatch(new RegExp(`data-testid="shell-role-label"[^>]*>${label}<`));
    }
  });
});

describe('custom roles', () => {
  it('a staff role: created, given to a person, opens the admin area with its switches only; deleted once nobody holds it', async () => {
    await stepUp(master);
    const created = await master.json('POST', '/api/admin/roles', {
      label: 'Warehouse Lead',
      area: 'staff',
      description: 'Keeps the catalogue in order',
      permissions: ['cms:access', 'inquiries:manage'],
    });
    expect(created.status).toBe(201);
    const made = (await created.json()) as RoleView;
    expect(made).toMatchObject({
      name: 'warehouse_lead',
      label: 'Warehouse Lead',
      area: 'staff',
      isSystem: false,
      users: 0,
      permissions: ['cms:access', 'inquiries:manage'],
    });
    const again = await master.json('POST', '/api/admin/roles', { label: 'warehouse lead', area: 'partner', permissions: [] });
    expect(again.status).toBe(409);
    expect((await errorOf(again)).code).toBe('role_exists');
    expect(await audits('ROLE_CREATE', 'warehouse_lead')).toHaveLength(1);

    const lead = await signedIn(t, 'warehouse_lead' as 'employee', 'custom');
    // Its sign-in landed in the admin area, where its grants are over everything.
    expect((await lead.json('GET', '/api/me')).status).toBe(200);
    const shell = await lead.get('/admin/dashboard');
    expect(shell.status).toBe(200);
    // The staff shell labels the person by their role's own name (product.md §6).
    expect(await shell.text()).toMatch(/data-testid="shell-role-label"[^>]*>Warehouse Lead</);
    expect((await lead.json('GET', '/api/admin/products')).status).toBe(200);
    expect((await lead.json('GET', '/api/admin/inquiries')).status).toBe(200);
    expect((await lead.json('GET', '/api/admin/partners')).status).toBe(403);
    expect((await lead.json('GET', '/api/chat/conversations')).status).toBe(403);
    expect((await lead.get('/dashboard/products')).headers.get('location')).toBe('/admin/dashboard/products');
    expect((await lead.get('/partner/dashboard')).headers.get('location')).toBe('/admin-login');
    expect((await lead.json('POST', '/api/rpc/has_role', { role_name: 'warehouse_lead' })).status).toBe(200);
    expect(await (await lead.json('POST', '/api/rpc/has_role', { role_name: 'warehouse_lead' })).json()).toBe(true);

    const held = await role('warehouse_lead');
    expect(held.users).toBe(1);
    const inUse = await master.json('DELETE', '/api/admin/roles/warehouse_lead', { version: held.version });
    expect(inUse.status).toBe(409);
    expect(await errorOf(inUse)).toMatchObject({ code: 'role_in_use', details: { users: 1 } });

    await t.db.database.db.delete(userRoles).where(eq(userRoles.role, 'warehouse_lead'));
    expect((await master.json('DELETE', '/api/admin/roles/warehouse_lead', { version: held.version + 1 })).status).toBe(409);
    expect((await master.json('DELETE', '/api/admin/roles/warehouse_lead', { version: held.version })).status).toBe(204);
    expect((await rolesNow()).some((r) => r.name === 'warehouse_lead')).toBe(false);
    const [gone] = await audits('ROLE_DELETE', 'warehouse_lead');
    expect(gone?.oldValues).toMatchObject({ label: 'Warehouse Lead', area: 'staff', permissions: ['cms:access', 'inquiries:manage'] });

    const builtIn = await master.json('DELETE', '/api/admin/roles/employee', { version: (await role('employee')).version });
    expect(builtIn.status).toBe(409);
    expect((await errorOf(builtIn)).code).toBe('role_locked');
  });

  it('a partner role opens the partner portal over its own organisation, and holds partner switches only', async () => {
    await stepUp(master);
    const refused = await master.json('POST', '/api/admin/roles', { label: 'Sales Agent', area: 'partner', permissions: ['orders:manage', 'cms:access'] });
    expect(refused.status).toBe(400);
    const created = await master.json('POST', '/api/admin/roles', { label: 'Sales Agent', area: 'partner', permissions: ['orders:manage'] });
    expect(created.status).toBe(201);
    const org = await createOrganisation(t, 'retailer');
    const agent = await signedInMember(t, org, { role: 'sales_agent' });
    expect((await agent.get('/partner/dashboard')).status).toBe(200);
    expect((await agent.json('GET', '/api/partner/orders')).status).toBe(200);
    expect((await agent.json('GET', '/api/partner/stock')).status).toBe(403);
    expect((await agent.json('GET', '/api/admin/products')).status).toBe(403);
    expect((await agent.get('/admin/dashboard')).headers.get('location')).toBe('/partner-login');
  });

  it('refuses names that are not names, and step-up comes before deleting', async () => {
    await stepUp(master);
    expect((await master.json('POST', '/api/admin/roles', { label: '<script>', area: 'staff', permissions: [] })).status).toBe(400);
    expect((await master.json('POST', '/api/admin/roles', { label: 'Ops', area: 'nowhere', permissions: [] })).status).toBe(400);
    expect((await master.json('POST', '/api/admin/roles', { label: 'Ops', area: 'staff', permissions: ['everything'] })).status).toBe(400);
    const fresh = await signedIn(t, 'master_admin', 'delete-no-step-up');
    const made = (await (await master.json('POST', '/api/admin/roles', { label: 'Temp', area: 'staff', permissions: [] })).json()) as RoleView;
    const res = await fresh.json('DELETE', `/api/admin/roles/${made.name}`, { version: made.version });
    expect(res.status).toBe(403);
    expect((await errorOf(res)).code).toBe('step_up_required');
  });
});

describe('the Roles & Permissions page', () => {
  it('shows a card per role with what each switch governs, and saves through its action after the step-up', async () => {
    const page = await master.get('/admin/dashboard/advanced-user-management/roles');
    expect(page.status).toBe(200);
    const html = await page.text();
    for (const text of [
      'Admin',
      'Employee',
      'Partner',
      'Create New Role',
      'Edit Role',
      'CMS Access',
      'The Code Editor is master admin only, so this switch changes nothing.',
    ])
      expect(html).toContain(text);
    const employee = await role('employee');
    const fresh = await signedIn(t, 'master_admin', 'page');
    const refused = await fresh.editor('/admin/dashboard/advanced-user-management/roles', {
      intent: 'update',
      name: 'employee',
      permissions: employee.permissions,
      version: employee.version,
    });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain('Confirm your password to continue.');
    await stepUp(fresh);
    const saved = await fresh.editor('/admin/dashboard/advanced-user-management/roles', {
      intent: 'update',
      name: 'employee',
      description: 'Day-to-day content and support',
      permissions: employee.permissions,
      version: employee.version,
    });
    expect(saved.status).toBe(302);
    expect(fresh.flashedToast()).toMatchObject({ title: 'Role updated' });
    expect((await role('employee')).description).toBe('Day-to-day content and support');
  });
});

describe('Access Control', () => {
  it('saves after a step-up and the version read, audits what changed, and enforces two-factor for admins and employees apart', async () => {
    const admin = await signedIn(t, 'admin', 'tfa');
    const employee = await signedIn(t, 'employee', 'tfa');
    // A master admin with two-factor (requiring it of admins must not send the one saving away).
    const boss = await signedIn(t, 'master_admin', 'tfa-boss');
    const current = await (await boss.json('GET', '/api/admin/security-settings')).json();
    const unconfirmed = await boss.json('PUT', '/api/admin/security-settings', { ...current, requireTwoFactorForStaff: true });
    expect(unconfirmed.status).toBe(403);
    expect((await errorOf(unconfirmed)).code).toBe('step_up_required');
    await stepUp(boss);
    await t.db.database.db.update(users).set({ totpEnabledAt: new Date() }).where(eq(users.id, boss.userId));
    await t.app.feed.publish(USER_CHANGED_TOPIC, { userId: boss.userId });

    const preview = await boss.json('POST', '/api/admin/security-settings/preview', { ...current, requireTwoFactorForStaff: true });
    expect(preview.status).toBe(200);
    const { changes } = (await preview.json()) as { changes: { setting: string; who: string; what: string }[] };
    expect(changes.map((c) => c.setting)).toEqual(['twoFactorAdmins']);
    expect(changes[0]?.what).toMatch(/\d+ (people|person) without it will be sent to set it up/);

    const saved = await boss.json('PUT', '/api/admin/security-settings', { ...current, requireTwoFactorForStaff: true });
    expect(saved.status).toBe(200);
    const after = await saved.json();
    expect(after).toMatchObject({ requireTwoFactorForStaff: true, requireTwoFactorForEmployees: false, version: current.version + 1 });
    const stale = await boss.json('PUT', '/api/admin/security-settings', { ...current, version: current.version });
    expect(stale.status).toBe(409);
    expect((await errorOf(stale)).code).toBe('version_conflict');

    expect(await errorOf(await admin.json('GET', '/api/admin/products'))).toMatchObject({ code: 'two_factor_required' });
    expect((await employee.json('GET', '/api/admin/products')).status).toBe(200);

    const swapped = { ...current, requireTwoFactorForStaff: false, requireTwoFactorForEmployees: true, version: after.version };
    expect((await boss.json('PUT', '/api/admin/security-settings', swapped)).status).toBe(200);
    expect((await admin.json('GET', '/api/admin/products')).status).toBe(200);
    expect(await errorOf(await employee.json('GET', '/api/admin/products'))).toMatchObject({ code: 'two_factor_required' });
    expect((await employee.get('/admin/dashboard')).headers.get('location')).toBe('/account/two-factor?required=1');

    const mine = (await t.db.database.db.select().from(auditLogs).where(eq(auditLogs.action, 'SETTINGS_UPDATE')).orderBy(auditLogs.id)).filter(
      (r) => r.userId === boss.userId,
    );
    expect(mine).toHaveLength(2);
    expect(mine[0]).toMatchObject({
      oldValues: { requireTwoFactorForStaff: false, version: current.version },
      newValues: { requireTwoFactorForStaff: true, version: current.version + 1 },
    });
    expect(Object.keys(mine[1]?.newValues as object).sort()).toEqual(['requireTwoFactorForEmployees', 'requireTwoFactorForStaff', 'version']);
    await t.app.services.settings.update(current, SYSTEM_ACTOR);
  });

  it('previews what a shorter expiry and timeout mean, counting the people and sessions they reach', async () => {
    const current = await (await master.json('GET', '/api/admin/security-settings')).json();
    const old = await signedIn(t, 'employee', 'old-password');
    await t.db.database.db
      .update(profiles)
      .set({ passwordLastUpdated: new Date(Date.now() - 40 * 86_400_000) })
      .where(eq(profiles.id, old.userId));
    const res = await master.json('POST', '/api/admin/security-settings/preview', { ...current, passwordExpiryDays: 30, sessionTimeoutMinutes: 15 });
    const { changes } = (await res.json()) as { changes: { setting: string; what: string }[] };
    expect(changes.find((c) => c.setting === 'passwordExpiry')?.what).toMatch(
      /^Passwords expire 30 days after they were set\. \d+ (people|person) will be asked/,
    );
    expect(changes.find((c) => c.setting === 'sessionTimeout')?.what).toMatch(/^Sessions idle for more than 15 minutes end\./);
    expect((await master.json('POST', '/api/admin/security-settings/preview', { ...current, sessionTimeoutMinutes: 45 })).status).toBe(400);
  });

  it('the page shows the spec\u2019s switches and saves through its action with the step-up', async () => {
    const html = await (await master.get('/admin/dashboard/advanced-user-management/access-control')).text();
    for (const text of [
      'Require Two-Factor Authentication (admins and master admin)',
      'Require Two-Factor Authentication (employees)',
      'Password Expiry',
      'Account Locking',
      'Session Timeout',
      'Remember device',
      'Save Security Settings',
    ])
      expect(html).toContain(text);
    const { version, updatedAt: _a, updatedBy: _b, ...settings } = await (await master.json('GET', '/api/admin/security-settings')).json();
    const fresh = await signedIn(t, 'master_admin', 'settings-page');
    const preview = await fresh.editor('/admin/dashboard/advanced-user-management/access-control.data', {
      intent: 'preview',
      ...settings,
      rememberDeviceDays: 7,
    });
    expect(preview.status).toBe(200);
    expect(await preview.text()).toContain('A device remembered from now on skips the code for 7 days');
    const refused = await fresh.editor('/admin/dashboard/advanced-user-management/access-control.data', {
      intent: 'save',
      ...settings,
      rememberDeviceDays: 7,
      version,
    });
    expect(await refused.text()).toContain('step_up_required');
    expect((await master.json('GET', '/api/admin/security-settings')).ok).toBe(true);
    await stepUp(fresh);
    const saved = await fresh.editor('/admin/dashboard/advanced-user-management/access-control', {
      intent: 'save',
      ...settings,
      rememberDeviceDays: 7,
      version,
    });
    expect(saved.status).toBe(302);
    expect(fresh.flashedToast()).toMatchObject({ title: 'Security settings saved' });
    await t.app.services.settings.update(settings, SYSTEM_ACTOR);
  });
});

describeOnPostgres('on every instance', () => {
  it("a switch saved on one instance refuses the employee's next request on another at once", async () => {
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'frolic-data-')), LOG_LEVEL: 'silent' });
    const database = await openDatabase({ databaseUrl: t.db.url as string, poolSize: 3 });
    const build = (await import(pathToFileURL(path.join(BUILD_DIR, 'server', 'index.js')).href)) as ServerBuild;
    const other = await createApp({ config, database, logger: pino({ level: 'silent' }), build, clientDir: path.join(BUILD_DIR, 'client') });
    await new Promise<void>((resolve) => other.server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(other.server.address() as AddressInfo).port}`;
      const employee = await signedIn({ ...t, url }, 'employee', 'elsewhere');
      const first = await employee.json('GET', '/api/admin/products');
      expect(first.status, await first.text()).toBe(200);
      const before = await role('employee');
      await stepUp(master);
      expect(
        (await master.json('PUT', '/api/admin/roles/employee', { permissions: before.permissions.filter((p) => p !== 'cms:access'), version: before.version }))
          .status,
      ).toBe(200);
      // NOTIFY crosses to the other instance's feed: its cached session goes within moments, not 15 s.
      let status = 0;
      for (let i = 0; i < 50 && status !== 403; i++) {
        status = (await employee.json('GET', '/api/admin/products')).status;
        if (status !== 403) await new Promise((r) => setTimeout(r, 50));
      }
      expect(status).toBe(403);
      await master.json('PUT', '/api/admin/roles/employee', { permissions: before.permissions, version: before.version + 1 });
    } finally {
      await other.close();
      await database.close();
    }
  });
});
