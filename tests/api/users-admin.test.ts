// User administration (issue 17, spec §2 All Users, §4, §5): the master admin's list with search,
// filters, sort and pages; Create User with a real invitation (on the test SMTP server) or a one-time
// link; edits against the version read; the guard rails; suspension ending sessions and sockets;
// resets, sessions and two-factor; delete leaving a tombstone with the name and email redacted from
// the outbox and the audit trail; step-up where the issue asks for it; a foreign id is a 404.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../../server/auth/totp';
import { SYSTEM_ACTOR } from '../../server/core/actor';
import { auditLogs, outboxEmails, profiles, sessions, signInFailures, userRoles, users } from '../../server/db/schema';
import { recordAudit } from '../../server/modules/audit/service';
import { storedSubjectSql, subjectOf } from '../../server/modules/auth/lockout';
import type { UserPage, UserRow } from '../../shared/schemas/users-admin';
import { Client } from '../support/client';
import { openLive } from '../support/live-socket';
import { createOrganisation } from '../support/partners';
import { linkIn, startSmtp, type TestSmtp } from '../support/smtp';
import { describeOnPostgres } from '../support/test-db';
import { startTestServer, type TestServer } from '../support/test-server';

let t: TestServer;
let smtp: TestSmtp;
const PASSWORD = 'People-admin-tests-2026';
let seq = 0;
const db = () => t.db.database.db;

beforeAll(async () => {
  smtp = await startSmtp();
  // TRUST_PROXY: each sign-in names its own address, so the per-IP sign-in limit is not what this file meets.
  t = await startTestServer({ SMTP_URL: smtp.url, TRUST_PROXY: 'true' });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

type Person = Client & { userId: string; email: string };

/** A person with `roles` (and a password), signed in through the real form unless `signIn: false`. */
async function person(roles: string[], opts: { tag?: string; first?: string; last?: string; organisationId?: string; signIn?: boolean } = {}): Promise<Person> {
  const tag = opts.tag ?? `p${++seq}`;
  const email = `${roles.join('-').replace('_', '-')}-${tag}@people.example`;
  const { userId } = await t.app.services.users.createUser(
    {
      email,
      firstName: opts.first ?? 'Pat',
      lastName: opts.last ?? tag,
      roles,
      password: PASSWORD,
      confirmed: true,
      organisationId: opts.organisationId ?? null,
    },
    SYSTEM_ACTOR,
  );
  const c = await new Client(t.url).passGate();
  if (opts.signIn !== false)
    expect((await c.post('/auth/login', { email, password: PASSWORD }, { 'x-forwarded-for': `10.7.${seq >> 8}.${seq & 255}` })).status).toBe(302);
  return Object.assign(c, { userId, email });
}

const stepUp = async (c: Client) => expect((await c.json('POST', '/api/auth/step-up', { password: PASSWORD })).status).toBe(200);
const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; details?: { path: string }[] } }).error;
const rowOf = async (c: Client, id: string) => ((await (await c.json('GET', `/api/admin/users/${id}`)).json()) as { user: UserRow }).user;
const list = async (c: Client, query: string) => {
  const res = await c.json('GET', `/api/admin/users?${query}`);
  expect(res.status).toBe(200);
  return (await res.json()) as UserPage;
};

let master: Person;

describe('guard rails', () => {
  beforeAll(async () => {
    master = await person(['master_admin'], { tag: 'boss', first: 'Morgan', last: 'Boss' });
  });

  it('never removes the last active master admin (last_master_admin)', async () => {
    // Asked by a master admin who is not among the active ones (as a second one would be who lost the role meanwhile).
    const ghost = { id: '00000000-0000-4000-8000-000000000001', roles: ['master_admin'], isMasterAdmin: true, elevatedUntil: Date.now() + 600_000 };
    const row = await t.app.services.usersAdmin.get(ghost, master.userId);
    for (const change of [
      { roles: ['admin'], status: 'active' as const },
      { roles: ['master_admin'], status: 'suspended' as const },
      { roles: ['master_admin'], status: 'inactive' as const },
    ])
      await expect(
        t.app.services.usersAdmin.update(ghost, master.userId, { firstName: 'Morgan', lastName: 'Boss', version: row.version, ...change }, SYSTEM_ACTOR),
      ).rejects.toMatchObject({ code: 'last_master_admin', kind: 'conflict' });
    await expect(t.app.services.usersAdmin.remove(ghost, master.userId, row.version, SYSTEM_ACTOR)).rejects.toMatchObject({ code: 'last_master_admin' });
    // With a second master admin the first may go.
    const second = await person(['master_admin'], { signIn: false });
    const demoted = await t.app.services.usersAdmin.update(
      ghost,
      second.userId,
      { firstName: 'Pat', lastName: 'x', roles: ['admin'], status: 'active', version: 1 },
      SYSTEM_ACTOR,
    );
    expect(demoted.roles).toEqual(['admin']);
  });

  it('refuses suspending, deactivating, demoting or deleting oneself', async () => {
    const me = await rowOf(master, master.userId);
    const edit = (patch: object) =>
      master.json('PUT', `/api/admin/users/${master.userId}`, {
        firstName: 'Morgan',
        lastName: 'Boss',
        roles: me.roles,
        status: 'active',
        version: me.version,
        ...patch,
      });
    expect(await errorOf(await edit({ status: 'suspended' }))).toMatchObject({ code: 'cannot_suspend_self' });
    expect(await errorOf(await edit({ status: 'inactive' }))).toMatchObject({ code: 'cannot_suspend_self' });
    expect(await errorOf(await edit({ roles: ['admin'] }))).toMatchObject({ code: 'cannot_demote_self' });
    const del = await master.json('DELETE', `/api/admin/users/${master.userId}`, { version: me.version });
    expect(del.status).toBe(409);
    expect((await errorOf(del)).code).toBe('cannot_delete_self');
    // Renaming oneself is fine (no step-up: no role changed).
    expect((await edit({ lastName: 'Boss-Hale' })).status).toBe(200);
  });

  it('keeps a person’s roles in one area and a partner’s to its organisation’s type (role_area_mismatch)', async () => {
    const staff = await person(['employee'], { signIn: false });
    const row = await rowOf(master, staff.userId);
    await stepUp(master);
    const mixed = await master.json('PUT', `/api/admin/users/${staff.userId}`, {
      firstName: 'Pat',
      lastName: 'x',
      roles: ['employee', 'retailer'],
      status: 'active',
      version: row.version,
    });
    expect(mixed.status).toBe(400);
    expect(await errorOf(mixed)).toMatchObject({ code: 'role_area_mismatch', details: [{ path: 'roles' }] });
    const partnerOnStaff = await master.json('PUT', `/api/admin/users/${staff.userId}`, {
      firstName: 'Pat',
      lastName: 'x',
      roles: ['retailer'],
      status: 'active',
      version: row.version,
    });
    expect((await errorOf(partnerOnStaff)).code).toBe('role_area_mismatch');

    const shop = await createOrganisation(t, 'retailer');
    const clerk = await person(['retailer'], { organisationId: shop.id, signIn: false });
    const clerkRow = await rowOf(master, clerk.userId);
    expect(clerkRow.organisation).toMatchObject({ id: shop.id, name: shop.tradingName, type: 'retailer' });
    const wrongType = await master.json('PUT', `/api/admin/users/${clerk.userId}`, {
      firstName: 'Pat',
      lastName: 'x',
      roles: ['distributor'],
      status: 'active',
      version: clerkRow.version,
    });
    expect((await errorOf(wrongType)).code).toBe('role_area_mismatch');
    const readOnly = await master.json('PUT', `/api/admin/users/${clerk.userId}`, {
      firstName: 'Pat',
      lastName: 'x',
      roles: ['partner'],
      status: 'active',
      version: clerkRow.version,
    });
    expect(readOnly.status).toBe(200);
    expect(((await readOnly.json()) as { user: UserRow }).user.roles).toEqual(['partner']);
  });

  it('refuses an edit or a delete made on a stale version (409 version_conflict)', async () => {
    const p = await person(['employee'], { signIn: false });
    const row = await rowOf(master, p.userId);
    const body = { firstName: 'Pat', lastName: 'Renamed', roles: ['employee'], status: 'active', version: row.version };
    expect((await master.json('PUT', `/api/admin/users/${p.userId}`, body)).status).toBe(200);
    const stale = await master.json('PUT', `/api/admin/users/${p.userId}`, { ...body, lastName: 'Again' });
    expect(stale.status).toBe(409);
    expect((await errorOf(stale)).code).toBe('version_conflict');
    await stepUp(master);
    const staleDelete = await master.json('DELETE', `/api/admin/users/${p.userId}`, { version: row.version });
    expect((await errorOf(staleDelete)).code).toBe('version_conflict');
    expect((await rowOf(master, p.userId)).lastName).toBe('Renamed');
  });

  it('answers 404 for an unknown id, an id that is no id, and a deleted person, on every route', async () => {
    const unknown = '7d3c9a52-1f0e-4c61-9a55-2b8f0d1e6a10';
    for (const id of [unknown, 'not-a-uuid', '1']) {
      for (const [method, path, body] of [
        ['GET', '', undefined],
        ['PUT', '', { firstName: 'A', lastName: 'B', roles: ['employee'], status: 'active', version: 1 }],
        ['DELETE', '', { version: 1 }],
        ['POST', '/unlock', undefined],
        ['POST', '/invitation', undefined],
        ['DELETE', '/invitation', undefined],
        ['POST', '/password-reset', undefined],
        ['POST', '/force-password-reset', undefined],
        ['DELETE', '/sessions', undefined],
        ['DELETE', '/two-factor', undefined],
      ] as const) {
        const res = await master.json(method, `/api/admin/users/${id}${path}`, body);
        expect(res.status, `${method} ${path} ${id}`).toBe(404);
      }
    }
  });
});

describe('the list (spec §5)', () => {
  let importer: Awaited<ReturnType<typeof createOrganisation>>;
  beforeAll(async () => {
    importer = await createOrganisation(t, 'importer', { tradingName: 'Quillfeather Imports' });
    await person(['employee'], { tag: 'zq1', first: 'Zelda', last: 'Quartermaine', signIn: false });
    await person(['admin'], { tag: 'zq2', first: 'Ottoline', last: 'ZELDAVIC', signIn: false });
    await person(['importer'], { tag: 'zq3', first: 'Ivo', last: 'Quill', organisationId: importer.id, signIn: false });
    const suspended = await person(['employee'], { tag: 'zq4', first: 'Sven', last: 'Quarry', signIn: false });
    await t.app.services.users.setStatus(suspended.userId, 'suspended', SYSTEM_ACTOR);
    // A search term with LIKE's wildcards in it is taken literally.
    await person(['employee'], { tag: 'zq5', first: 'Per_cent', last: '100%', signIn: false });
  });

  it('searches email, first name, last name and any role, case-insensitively, on the server', async () => {
    expect((await list(master, 'q=zelda')).items.map((u) => u.lastName).sort()).toEqual(['Quartermaine', 'ZELDAVIC']);
    expect((await list(master, 'q=QUARTER')).items.map((u) => u.firstName)).toEqual(['Zelda']);
    expect((await list(master, 'q=employee-zq1@PEOPLE')).items.map((u) => u.firstName)).toEqual(['Zelda']);
    // "Any role": the role's name and its label.
    const importers = await list(master, 'q=importer');
    expect(importers.items.map((u) => u.email)).toContain('importer-zq3@people.example');
    expect(importers.items.every((u) => u.roles.includes('importer') || u.email.includes('importer'))).toBe(true);
    const masters = await list(master, 'q=Master%20Admin');
    expect(masters.items.map((u) => u.id)).toContain(master.userId);
    expect(masters.items.every((u) => u.roles.includes('master_admin'))).toBe(true);
    // A role named by the search, with a text search that matches nobody: only the role's holders.
    const employees = await list(master, 'q=Employee&pageSize=100');
    expect(employees.items.map((u) => u.firstName)).toEqual(expect.arrayContaining(['Zelda', 'Sven', 'Per_cent']));
    expect(employees.items.every((u) => u.roles.includes('employee') || u.email.includes('employee'))).toBe(true);
    expect((await list(master, 'role=master_admin&pageSize=100')).items.map((u) => u.id)).toContain(master.userId);
    expect((await list(master, 'q=per_c')).items.map((u) => u.lastName)).toEqual(['100%']);
    expect((await list(master, 'q=per%25c')).items).toEqual([]);
    expect((await list(master, 'q=0%25')).items.map((u) => u.firstName)).toEqual(['Per_cent']);
  });

  it('applies the role and status filters, combined with the search; pages and sorts; shows a partner’s organisation', async () => {
    expect((await list(master, 'q=zq&role=employee')).items.map((u) => u.firstName).sort()).toEqual(['Per_cent', 'Sven', 'Zelda']);
    expect((await list(master, 'q=zq&role=employee&status=suspended')).items.map((u) => u.firstName)).toEqual(['Sven']);
    expect((await list(master, 'q=zq&status=active&role=all')).total).toBe(4);
    expect((await list(master, 'q=zq&status=inactive')).total).toBe(0);
    const sorted = await list(master, 'q=zq&sort=name&dir=desc');
    expect(sorted.items.map((u) => u.lastName)).toEqual(['ZELDAVIC', 'Quill', 'Quartermaine', 'Quarry', '100%']);
    const page2 = await list(master, 'q=zq&sort=email&pageSize=2&page=2');
    expect(page2).toMatchObject({ total: 5, page: 2, pageSize: 2 });
    expect(page2.items.map((u) => u.email)).toEqual(['employee-zq4@people.example', 'employee-zq5@people.example']);
    // Past the end: no one, and still the count.
    expect(await list(master, 'q=zq&pageSize=2&page=9')).toMatchObject({ items: [], total: 5, page: 9 });
    const ivo = (await list(master, 'q=ivo')).items[0] as UserRow;
    expect(ivo.organisation).toEqual({ id: importer.id, name: 'Quillfeather Imports', type: 'importer' });
    expect(ivo).toMatchObject({ status: 'active', invited: false, locked: false, twoFactor: false });
    // User Management's tabs: staff and partner users.
    expect((await list(master, 'q=zq&kind=partner')).items.map((u) => u.firstName)).toEqual(['Ivo']);
    expect((await list(master, 'q=zq&kind=staff')).total).toBe(4);
    // A bad filter is a 400 naming it.
    const bad = await master.json('GET', '/api/admin/users?status=gone');
    expect(bad.status).toBe(400);
  });
});

describe('counting', () => {
  it('counts up to 1,000 and says there are more; the pages go on past the count', async () => {
    await db().execute(sql`
      with made as (
        insert into ${users} (email, email_confirmed_at)
        select 'capped.' || g || '@many.example', now() from generate_series(1, 1010) g returning id, email)
      insert into ${profiles} (id, first_name, last_name) select id, 'Capped', split_part(email, '@', 1) from made`);
    const first = await list(master, 'q=capped');
    expect(first).toMatchObject({ total: 1000, totalIsLowerBound: true });
    const last = await list(master, 'q=capped&page=41');
    expect(last.items).toHaveLength(10);
    expect(last).toMatchObject({ total: 1000, totalIsLowerBound: true });
    expect((await list(master, 'q=capped.100')).total).toBe(11); // 100 and 1000–1009
    expect((await list(master, 'q=capped.100')).totalIsLowerBound).toBe(false);
  });
});

describe('Create User (spec §2)', () => {
  it('creates the person and emails a real invitation whose link sets the password and lands them per role', async () => {
    const res = await master.json('POST', '/api/admin/users', {
      firstName: 'Iris',
      lastName: 'Newcombe',
      email: 'Iris.Newcombe@People.example',
      role: 'employee',
    });
    expect(res.status).toBe(201);
    const { user, link } = (await res.json()) as { user: UserRow; link: string | null };
    expect(link).toBeNull();
    expect(user).toMatchObject({ email: 'iris.newcombe@people.example', roles: ['employee'], status: 'active', invited: true });
    const mail = await smtp.next('iris.newcombe@people.example');
    expect(mail.subject).toBe('You are invited to Frolic');
    const url = new URL(linkIn(mail, '/auth/reset-password?'));
    expect(url.searchParams.get('type')).toBe('admin');
    const invitee = await new Client(t.url).passGate();
    const done = await invitee.post('/auth/reset-password', {
      token: url.searchParams.get('token') as string,
      password: 'Iris-chooses-a-password-1',
      confirm: 'Iris-chooses-a-password-1',
    });
    expect(done.status).toBe(302);
    expect(done.headers.get('location')).toBe('/admin/dashboard');
    expect((await rowOf(master, user.id)).invited).toBe(false);
    // The audit rows carry ids, not the address or the name.
    const rows = await db().select().from(auditLogs).where(eq(auditLogs.recordId, user.id));
    expect(rows.map((r) => r.action)).toEqual(expect.arrayContaining(['INSERT', 'INVITATION_SENT', 'INVITATION_ACCEPTED']));
    expect(JSON.stringify(rows.map((r) => [r.oldValues, r.newValues]))).not.toMatch(/iris|newcombe/i);
  });

  it('without the invitation, hands the master admin a one-time link and sends nothing', async () => {
    const res = await master.json('POST', '/api/admin/users', {
      firstName: 'Hal',
      lastName: 'Handover',
      email: 'hal@people.example',
      role: 'admin',
      sendInvitation: false,
    });
    expect(res.status).toBe(201);
    const { link } = (await res.json()) as { link: string };
    expect(link).toMatch(/\/auth\/reset-password\?type=admin&token=/);
    expect(await db().select().from(outboxEmails).where(eq(outboxEmails.to, 'hal@people.example'))).toEqual([]);
    const c = await new Client(t.url).passGate();
    const token = new URL(link).searchParams.get('token') as string;
    expect((await c.post('/auth/reset-password', { token, password: 'Hal-handed-over-2026', confirm: 'Hal-handed-over-2026' })).headers.get('location')).toBe(
      '/admin/dashboard',
    );
  });

  it('asks a partner role for its organisation, whose type the role must match; the partner lands on its dashboard', async () => {
    const distributor = await createOrganisation(t, 'distributor', { tradingName: 'Tidewater Distribution' });
    const base = { firstName: 'Dora', lastName: 'Tide', email: 'dora@tidewater.example', role: 'distributor' };
    const missing = await master.json('POST', '/api/admin/users', base);
    expect(missing.status).toBe(400);
    expect((await errorOf(missing)).details).toEqual([{ path: 'organisationId', message: 'Choose the organisation this partner belongs to.' }]);
    const wrong = await master.json('POST', '/api/admin/users', { ...base, role: 'retailer', organisationId: distributor.id });
    expect(await errorOf(wrong)).toMatchObject({ code: 'role_area_mismatch', details: [{ path: 'role' }] });
    const staffInOrg = await master.json('POST', '/api/admin/users', { ...base, role: 'employee', organisationId: distributor.id });
    expect((await errorOf(staffInOrg)).code).toBe('role_area_mismatch');
    const ok = await master.json('POST', '/api/admin/users', { ...base, organisationId: distributor.id });
    expect(ok.status).toBe(201);
    expect(((await ok.json()) as { user: UserRow }).user.organisation).toMatchObject({ name: 'Tidewater Distribution' });
    const mail = await smtp.next('dora@tidewater.example');
    expect(mail.subject).toMatch(/^You are invited to the Frolic partner portal for Tidewater/);
    expect(mail.body).toContain('created a partner portal account for you at Tidewater Distribution');
    const url = new URL(linkIn(mail, '/auth/reset-password?'));
    expect(url.searchParams.get('type')).toBe('partner');
    const c = await new Client(t.url).passGate();
    const done = await c.post('/auth/reset-password', {
      token: url.searchParams.get('token') as string,
      password: 'Sea-breeze-cellar-2026',
      confirm: 'Sea-breeze-cellar-2026',
    });
    expect(done.headers.get('location')).toBe('/partner/dashboard/distributor');
    // The same address twice: said on the field.
    const again = await master.json('POST', '/api/admin/users', { ...base, organisationId: distributor.id });
    expect(again.status).toBe(409);
    expect(await errorOf(again)).toMatchObject({ code: 'email_taken', details: [{ path: 'email' }] });
  });

  it('needs a fresh step-up to create a master admin', async () => {
    const other = await person(['master_admin']);
    const body = { firstName: 'Max', lastName: 'Power', email: 'max.power@people.example', role: 'master_admin' };
    const refused = await other.json('POST', '/api/admin/users', body);
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).code).toBe('step_up_required');
    await stepUp(other);
    expect((await other.json('POST', '/api/admin/users', body)).status).toBe(201);
  });

  it('refuses a role that does not exist, an invalid address and missing names, on their fields', async () => {
    const res = await master.json('POST', '/api/admin/users', { firstName: ' ', lastName: '', email: 'nope', role: 'emperor' });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).details?.map((d) => d.path).sort()).toEqual(['email', 'firstName', 'lastName']);
    const noRole = await master.json('POST', '/api/admin/users', { firstName: 'A', lastName: 'B', email: 'ab@people.example', role: 'emperor' });
    expect(await errorOf(noRole)).toMatchObject({ code: 'validation_failed', details: [{ path: 'role' }] });
  });
});

describe('edits, resets, sessions and two-factor', () => {
  it('changes roles only after a step-up, and the person’s cached session and socket see it at once', async () => {
    const other = await person(['master_admin']);
    const p = await person(['employee']);
    const live = await openLive(t, p);
    const closed = new Promise<number>((resolve) => live.ws.once('close', (code) => resolve(code)));
    const row = await rowOf(other, p.userId);
    const body = { firstName: 'Pat', lastName: 'Promoted', roles: ['admin', 'employee'], status: 'active', version: row.version };
    const refused = await other.json('PUT', `/api/admin/users/${p.userId}`, body);
    expect((await errorOf(refused)).code).toBe('step_up_required');
    expect((await rowOf(other, p.userId)).version).toBe(row.version);
    await stepUp(other);
    const ok = await other.json('PUT', `/api/admin/users/${p.userId}`, body);
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { user: UserRow }).user).toMatchObject({ roles: ['admin', 'employee'], lastName: 'Promoted', version: row.version + 1 });
    expect(await closed).toBe(4409);
    // Admin only: Trade orders (orders:manage) opens for the promoted employee on the next request.
    expect((await p.json('GET', '/api/admin/trade-orders')).status).toBe(200);
    const [audit] = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.recordId, p.userId), eq(auditLogs.action, 'ROLE_CHANGE')));
    expect(audit).toMatchObject({ userId: other.userId, oldValues: { roles: ['employee'] }, newValues: { roles: ['admin', 'employee'], nameChanged: true } });
  });

  it('suspending ends the person’s sessions and open sockets at once', async () => {
    const p = await person(['admin']);
    const live = await openLive(t, p);
    const closed = new Promise<number>((resolve) => live.ws.once('close', (code) => resolve(code)));
    expect((await p.json('GET', '/api/admin/trade-orders')).status).toBe(200);
    const row = await rowOf(master, p.userId);
    const res = await master.json('PUT', `/api/admin/users/${p.userId}`, {
      firstName: 'Pat',
      lastName: row.lastName,
      roles: ['admin'],
      status: 'suspended',
      version: row.version,
    });
    expect(res.status).toBe(200);
    expect(await closed).toBe(4401);
    expect((await p.json('GET', '/api/admin/trade-orders')).status).toBe(401);
    expect(await db().select().from(sessions).where(eq(sessions.userId, p.userId))).toEqual([]);
    // And cannot sign in again.
    const again = await new Client(t.url).passGate();
    expect((await again.post('/auth/login', { email: p.email, password: PASSWORD })).status).not.toBe(302);
    expect((await list(master, `q=${p.email}&status=suspended`)).total).toBe(1);
  });

  it('keys the lock state in SQL as sign-in keys it (the list reads it in its own query)', async () => {
    for (const email of ['owner@example.com', 'zoë.ñandú+tag@bücher.example', "o'brien@example.ie", 'ünïcødé@例え.jp']) {
      const result = (await db().execute(sql`select ${storedSubjectSql(sql`${email}::text`)} as subject`)) as unknown as { rows: { subject: string }[] };
      const [row] = result.rows;
      expect(row?.subject, email).toBe(subjectOf(email));
    }
  });

  it('unlocks a locked account', async () => {
    const p = await person(['employee'], { signIn: false });
    for (let i = 0; i < 5; i++) await new Client(t.url).post('/auth/login', { email: p.email, password: `Wrong-${i}-password-x` });
    expect((await rowOf(master, p.userId)).locked).toBe(true);
    expect((await list(master, `q=${p.email}`)).items.map((u) => u.locked)).toEqual([true]);
    expect((await master.json('POST', `/api/admin/users/${p.userId}/unlock`)).status).toBe(204);
    expect((await rowOf(master, p.userId)).locked).toBe(false);
    expect((await list(master, `q=${p.email}`)).items.map((u) => u.locked)).toEqual([false]);
    expect(
      await db()
        .select()
        .from(signInFailures)
        .where(eq(signInFailures.subject, subjectOf(p.email))),
    ).toEqual([]);
    expect((await new Client(t.url).post('/auth/login', { email: p.email, password: PASSWORD })).status).toBe(302);
  });

  it('sends an invitation again (the earlier link stops working) and revokes it', async () => {
    const res = await master.json('POST', '/api/admin/users', { firstName: 'Rhea', lastName: 'Resend', email: 'rhea@people.example', role: 'employee' });
    const { user } = (await res.json()) as { user: UserRow };
    const first = new URL(linkIn(await smtp.next('rhea@people.example'), '/auth/reset-password?')).searchParams.get('token') as string;
    expect((await master.json('POST', `/api/admin/users/${user.id}/invitation`)).status).toBe(204);
    const second = new URL(linkIn(await smtp.next('rhea@people.example'), '/auth/reset-password?')).searchParams.get('token') as string;
    const c = await new Client(t.url).passGate();
    expect((await c.post('/auth/reset-password', { token: first, password: 'Rhea-old-link-2026', confirm: 'Rhea-old-link-2026' })).status).toBe(400);
    expect((await master.json('DELETE', `/api/admin/users/${user.id}/invitation`)).status).toBe(204);
    expect((await c.post('/auth/reset-password', { token: second, password: 'Rhea-revoked-2026', confirm: 'Rhea-revoked-2026' })).status).toBe(400);
    // Someone with a password gets a reset link, not an invitation.
    const p = await person(['employee'], { signIn: false });
    expect((await errorOf(await master.json('POST', `/api/admin/users/${p.userId}/invitation`))).code).toBe('invitation_accepted');
  });

  it('sends a password reset link by email, and forces a reset at the next request', async () => {
    const p = await person(['employee']);
    expect((await master.json('POST', `/api/admin/users/${p.userId}/password-reset`)).status).toBe(204);
    const mail = await smtp.next(p.email);
    expect(mail.subject).toBe('Choose a new Frolic password');
    expect(new URL(linkIn(mail, '/auth/reset-password?')).searchParams.get('token')).toBeTruthy();
    expect((await master.json('POST', `/api/admin/users/${p.userId}/force-password-reset`)).status).toBe(204);
    expect((await rowOf(master, p.userId)).requiresPasswordReset).toBe(true);
    const page = await p.get('/admin/dashboard');
    expect(page.headers.get('location')).toBe('/auth/reset-password?type=admin');
  });

  it('revokes every session of the person', async () => {
    const p = await person(['employee']);
    expect((await p.get('/admin/dashboard')).status).toBe(200);
    expect((await master.json('DELETE', `/api/admin/users/${p.userId}/sessions`)).status).toBe(204);
    expect((await p.get('/admin/dashboard')).status).toBe(302);
    const [row] = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.recordId, p.userId), eq(auditLogs.action, 'SESSIONS_REVOKED')));
    expect(row?.userId).toBe(master.userId);
  });

  it('switches two-factor off for someone who lost the device: step-up, audited, the person emailed', async () => {
    const other = await person(['master_admin']);
    const p = await person(['admin']);
    const started = await p.post('/account/two-factor', { intent: 'start' });
    const secret = /data-testid="totp-secret">([A-Z2-7]+)</.exec(await started.text())?.[1] as string;
    expect((await p.post('/account/two-factor', { intent: 'confirm', code: await totpCode(secret, Date.now() / 1000) })).status).toBe(200);
    expect((await rowOf(other, p.userId)).twoFactor).toBe(true);
    expect((await errorOf(await other.json('DELETE', `/api/admin/users/${p.userId}/two-factor`))).code).toBe('step_up_required');
    await stepUp(other);
    expect((await other.json('DELETE', `/api/admin/users/${p.userId}/two-factor`)).status).toBe(204);
    expect((await rowOf(other, p.userId)).twoFactor).toBe(false);
    expect((await smtp.next(p.email)).subject).toBe('Two-factor authentication was switched off on your Frolic account');
    const [row] = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.recordId, p.userId), eq(auditLogs.action, 'TWO_FACTOR_DISABLED')));
    expect(row).toMatchObject({ userId: other.userId, newValues: { by: other.userId } });
    expect((await errorOf(await other.json('DELETE', `/api/admin/users/${p.userId}/two-factor`))).code).toBe('two_factor_off');
  });
});

describe('delete (spec §4)', () => {
  it('needs a step-up, then leaves a tombstone: "Deleted user", no address, no roles, no sessions; history keeps the id', async () => {
    const other = await person(['master_admin']);
    const p = await person(['employee'], { first: 'Rosalind', last: 'Vantongeren' });
    const live = await openLive(t, p);
    const closed = new Promise<number>((resolve) => live.ws.once('close', (code) => resolve(code)));
    const row = await rowOf(other, p.userId);
    // Mail to them (kept, and one still queued) and old audit values that name them.
    await t.app.services.usersAdmin.sendPasswordReset(
      { id: other.userId, roles: ['master_admin'], isMasterAdmin: true, elevatedUntil: null },
      p.userId,
      SYSTEM_ACTOR,
      'http://localhost',
    );
    await smtp.next(p.email);
    await db()
      .insert(outboxEmails)
      .values({
        to: 'someone@else.example',
        subject: 'About Rosalind Vantongeren',
        text: `Rosalind Vantongeren (${p.email}) placed an order.`,
        status: 'kept',
      });
    await db().insert(outboxEmails).values({ to: p.email, subject: 'Queued', text: 'Hello Rosalind,', status: 'queued' });
    await db().transaction((tx) =>
      recordAudit(tx, SYSTEM_ACTOR, {
        action: 'UPDATE',
        tableName: 'users',
        recordId: p.userId,
        oldValues: { email: p.email, firstName: 'Rosalind' },
        newValues: { note: 'Rosalind Vantongeren' },
      }),
    );

    const refused = await other.json('DELETE', `/api/admin/users/${p.userId}`, { version: row.version });
    expect((await errorOf(refused)).code).toBe('step_up_required');
    await stepUp(other);
    expect((await other.json('DELETE', `/api/admin/users/${p.userId}`, { version: row.version })).status).toBe(204);
    expect(await closed).toBe(4401);

    const [u] = await db().select().from(users).where(eq(users.id, p.userId));
    expect(u).toMatchObject({ email: `deleted-${p.userId}@invalid`, passwordHash: null, status: 'inactive', organisationId: null });
    expect(u?.deletedAt).toBeInstanceOf(Date);
    const [profile] = await db().select().from(profiles).where(eq(profiles.id, p.userId));
    expect(`${profile?.firstName} ${profile?.lastName}`).toBe('Deleted user');
    expect(await db().select().from(userRoles).where(eq(userRoles.userId, p.userId))).toEqual([]);
    expect(await db().select().from(sessions).where(eq(sessions.userId, p.userId))).toEqual([]);
    expect((await other.json('GET', `/api/admin/users/${p.userId}`)).status).toBe(404);
    expect((await list(other, 'q=Vantongeren')).total).toBe(0);
    expect((await list(other, 'q=deleted')).items.map((x) => x.id)).not.toContain(p.userId);
    // Gone from the outbox: the address everywhere, the name as words; the queued email is not sent.
    const outbox = await db().select().from(outboxEmails);
    expect(JSON.stringify(outbox)).not.toMatch(/vantongeren/i);
    expect(JSON.stringify(outbox)).not.toContain(p.email);
    const queued = outbox.find((m) => m.subject === 'Queued');
    expect(queued).toMatchObject({ to: '[redacted]', status: 'failed', text: 'Hello [redacted],' });
    // Gone from the audit trail, which keeps the id; the redaction and the delete are audited (by id).
    const trail = await db()
      .select()
      .from(auditLogs)
      .where(sql`${auditLogs.recordId} = ${p.userId} or ${auditLogs.userId} = ${p.userId}`);
    expect(JSON.stringify(trail)).not.toMatch(/rosalind|vantongeren/i);
    expect(JSON.stringify(trail)).not.toContain(p.email);
    expect(trail.map((r) => r.action)).toEqual(expect.arrayContaining(['REDACT', 'DELETE', 'SIGN_IN']));
    expect(trail.find((r) => r.action === 'DELETE')).toMatchObject({ userId: other.userId, tableName: 'users' });
    // No way back in.
    expect((await new Client(t.url).post('/auth/login', { email: p.email, password: PASSWORD })).status).not.toBe(302);
    // A second delete finds nobody.
    expect((await other.json('DELETE', `/api/admin/users/${p.userId}`, { version: row.version + 1 })).status).toBe(404);
  });
});

describe('who may', () => {
  it('lets only the master admin in (admins and employees are refused)', async () => {
    for (const role of ['admin', 'employee', 'retailer']) {
      const p = await person([role === 'retailer' ? 'customer' : role]);
      expect((await p.json('GET', '/api/admin/users')).status).toBe(403);
      expect((await p.json('POST', '/api/admin/users', { firstName: 'A', lastName: 'B', email: 'a@b.example', role: 'admin' })).status).toBe(403);
    }
    expect((await new Client(t.url).json('GET', '/api/admin/users')).status).toBe(401);
  });
});

describeOnPostgres('two master admins demoting each other at once', () => {
  it('leaves one of them a master admin (the count runs one change at a time)', async () => {
    const a = await person(['master_admin']);
    const b = await person(['master_admin']);
    // Every other master admin steps aside first, so these two are the last.
    const others = await db().select({ id: userRoles.userId }).from(userRoles).where(eq(userRoles.role, 'master_admin'));
    const ghost = { id: '00000000-0000-4000-8000-000000000002', roles: ['master_admin'], isMasterAdmin: true, elevatedUntil: Date.now() + 600_000 };
    for (const { id } of others) {
      if (id === a.userId || id === b.userId) continue;
      const row = await t.app.services.usersAdmin.get(ghost, id);
      await t.app.services.usersAdmin.update(
        ghost,
        id,
        { firstName: row.firstName, lastName: row.lastName, roles: ['admin'], status: 'active', version: row.version },
        SYSTEM_ACTOR,
      );
    }
    await stepUp(a);
    await stepUp(b);
    const ra = await rowOf(a, b.userId);
    const rb = await rowOf(b, a.userId);
    const [x, y] = await Promise.all([
      a.json('PUT', `/api/admin/users/${b.userId}`, {
        firstName: ra.firstName,
        lastName: ra.lastName,
        roles: ['admin'],
        status: 'active',
        version: ra.version,
      }),
      b.json('PUT', `/api/admin/users/${a.userId}`, {
        firstName: rb.firstName,
        lastName: rb.lastName,
        roles: ['admin'],
        status: 'active',
        version: rb.version,
      }),
    ]);
    expect([x.status, y.status].sort()).toEqual([200, 409]);
    const left = await db().select().from(userRoles).where(eq(userRoles.role, 'master_admin'));
    expect(left).toHaveLength(1);
  });
});
