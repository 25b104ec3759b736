import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { auditLogs, rolePermissions, users } from '../../server/db/schema';
import type { Client } from '../support/client';
import { signedIn } from '../support/staff';
import { passGate, startTestServer, type TestServer } from '../support/test-server';

type Staff = Client & { userId: string };

let t: TestServer;
let gate: string;
let admin: Staff;
let employee: Staff;
let retailer: Staff;
let contactId: number;

beforeAll(async () => {
  t = await startTestServer();
  gate = await passGate(t.url, 'GB');
  admin = await signedIn(t, 'admin', 'inq');
  employee = await signedIn(t, 'employee', 'inq');
  retailer = await signedIn(t, 'retailer', 'inq');
});
afterAll(async () => {
  await t?.close();
});

const humanStart = () => String(Date.now() - 10_000);

/** The public contact page's own form post (no JavaScript), as a visitor sends it. */
async function submitContact(name: string): Promise<number> {
  const res = await fetch(`${t.url}/contact`, {
    method: 'POST',
    body: new URLSearchParams({
      name,
      email: 'visitor@example.com',
      subject: 'Events',
      message: 'Do you host gin tastings for twelve?',
      form_started: humanStart(),
    }),
    headers: { cookie: gate },
    redirect: 'manual',
  });
  expect(res.status).toBe(302);
  const list = await (await admin.json('GET', `/api/admin/inquiries?kind=contact&q=${encodeURIComponent(name)}`)).json();
  return list.items[0].id;
}

async function feed(c: Client) {
  const res = await c.json('GET', '/api/admin/notifications');
  expect(res.status).toBe(200);
  return res.json() as Promise<{ items: { id: number; title: string; link: string; read: boolean }[]; unreadCount: number; total: number }>;
}

describe('notifications for new inquiries', () => {
  it('a contact message lights the bell of every staff member who handles inquiries, not of partners', async () => {
    contactId = await submitContact('Grace Hopper');
    const mine = await feed(admin);
    expect(mine.unreadCount).toBe(1);
    expect(mine.items[0]).toMatchObject({ title: 'New message from Grace Hopper', link: `/admin/dashboard/inquiries/contact/${contactId}`, read: false });
    expect((await feed(employee)).unreadCount).toBe(1);
    expect((await retailer.json('GET', '/api/admin/notifications')).status).toBe(403);
    expect((await fetch(`${t.url}/api/admin/notifications`)).status).toBe(401);
  });

  it('marks read per user: a colleague still sees it unread', async () => {
    const [entry] = (await feed(admin)).items;
    expect((await admin.json('POST', `/api/admin/notifications/${entry!.id}/read`)).status).toBe(204);
    expect((await feed(admin)).unreadCount).toBe(0);
    expect((await feed(admin)).items[0]?.read).toBe(true);
    expect((await feed(employee)).unreadCount).toBe(1);
    expect((await employee.json('POST', '/api/admin/notifications/read-all')).status).toBe(204);
    expect((await feed(employee)).unreadCount).toBe(0);
    expect((await admin.json('POST', '/api/admin/notifications/999999/read')).status).toBe(404);
  });

  it('pushes a notification event to the staff sockets of staff who may see it', async () => {
    const ws = new WebSocket(`${t.url.replace('http', 'ws')}/ws/staff`, { headers: { cookie: employee.header() } });
    const events: { type: string }[] = [];
    ws.on('message', (raw) => events.push(JSON.parse(String(raw))));
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    const pushed = new Promise<void>((resolve) => ws.on('message', (raw) => JSON.parse(String(raw)).type === 'notification' && resolve()));
    await submitContact('Alan Turing');
    await pushed;
    expect(events.filter((e) => e.type === 'notification')).toHaveLength(1);
    ws.close();
    await employee.json('POST', '/api/admin/notifications/read-all');
    await admin.json('POST', '/api/admin/notifications/read-all');
  });

  it('a business inquiry through the API notifies too; staff who join later do not inherit old entries', async () => {
    const res = await fetch(`${t.url}/api/business-inquiries`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        company: 'Harbour Wines Ltd',
        contactName: 'Sam Reid',
        email: 'sam@harbour.example',
        partnerType: 'distributor',
        region: 'London',
        country: 'GB',
        expectedVolume: '250–1,000 cases a year',
        message: 'We supply 120 independent shops in London.',
        form_started: humanStart(),
      }),
    });
    expect(res.status).toBe(201);
    const { id } = await res.json();
    const mine = await feed(admin);
    expect(mine.unreadCount).toBe(1);
    expect(mine.items[0]).toMatchObject({ title: 'New business inquiry from Harbour Wines Ltd', link: `/admin/dashboard/inquiries/business/${id}` });
    const newcomer = await signedIn(t, 'employee', 'late');
    expect(await feed(newcomer)).toMatchObject({ unreadCount: 0, total: 0 });
  });
});

describe('the inquiries list and triage', () => {
  it('lists both kinds, filters by kind, status and search, and pages', async () => {
    const all = await (await admin.json('GET', '/api/admin/inquiries')).json();
    expect(all.total).toBe(3);
    expect(all.items.map((i: { kind: string }) => i.kind)).toEqual(['business', 'contact', 'contact']);
    expect(all.items[2]).toMatchObject({ kind: 'contact', id: contactId, from: 'Grace Hopper', subject: 'Events', status: 'new', assigneeId: null });
    expect((await (await admin.json('GET', '/api/admin/inquiries?kind=business')).json()).items).toMatchObject([
      { from: 'Sam Reid', subject: 'Harbour Wines Ltd' },
    ]);
    expect((await (await admin.json('GET', '/api/admin/inquiries?q=harbour')).json()).total).toBe(1);
    expect((await (await admin.json('GET', '/api/admin/inquiries?status=done')).json()).total).toBe(0);
    const paged = await (await admin.json('GET', '/api/admin/inquiries?pageSize=1&page=2')).json();
    expect(paged).toMatchObject({ total: 3, page: 2, items: [{ kind: 'contact', from: 'Alan Turing' }] });
    const oldest = await (await admin.json('GET', '/api/admin/inquiries?sort=receivedAt&dir=asc&pageSize=1')).json();
    expect(oldest.items).toMatchObject([{ from: 'Grace Hopper' }]);
  });

  it('sets status, assignee and notes, with old and new values in the audit log', async () => {
    const { record } = await (await admin.json('GET', `/api/admin/inquiries/contact/${contactId}`)).json();
    expect(record).toMatchObject({ name: 'Grace Hopper', message: 'Do you host gin tastings for twelve?', status: 'new' });
    const res = await employee.json('PATCH', `/api/admin/inquiries/contact/${contactId}`, {
      status: 'in_progress',
      assigneeId: employee.userId,
      notes: 'Called back, sending the events brochure.',
      updatedAt: record.updatedAt,
    });
    expect(res.status).toBe(200);
    expect((await res.json()).record).toMatchObject({ status: 'in_progress', assigneeId: employee.userId, notes: 'Called back, sending the events brochure.' });
    const [audit] = await t.db.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.tableName, 'contact_messages'), eq(auditLogs.action, 'UPDATE')))
      .orderBy(desc(auditLogs.id))
      .limit(1);
    expect(audit).toMatchObject({
      userId: employee.userId,
      recordId: String(contactId),
      oldValues: { status: 'new', assigneeId: null, notes: null },
      newValues: { status: 'in_progress', assigneeId: employee.userId },
    });
    const listed = await (await admin.json('GET', '/api/admin/inquiries?status=in_progress')).json();
    expect(listed.items).toMatchObject([{ id: contactId, assigneeName: 'employee inq' }]);
  });

  it('refuses a save over a newer one with 409 version_conflict', async () => {
    const { record } = await (await admin.json('GET', `/api/admin/inquiries/contact/${contactId}`)).json();
    const first = await admin.json('PATCH', `/api/admin/inquiries/contact/${contactId}`, {
      status: 'done',
      assigneeId: null,
      notes: '',
      updatedAt: record.updatedAt,
    });
    expect(first.status).toBe(200);
    const stale = await employee.json('PATCH', `/api/admin/inquiries/contact/${contactId}`, {
      status: 'new',
      assigneeId: null,
      notes: 'x',
      updatedAt: record.updatedAt,
    });
    expect(stale.status).toBe(409);
    expect((await stale.json()).error.code).toBe('version_conflict');
  });

  it('validates the body and the assignee', async () => {
    const { record } = await (await admin.json('GET', `/api/admin/inquiries/contact/${contactId}`)).json();
    const bad = await admin.json('PATCH', `/api/admin/inquiries/contact/${contactId}`, { status: 'closed', updatedAt: record.updatedAt });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.details).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'status' })]));
    const partner = await admin.json('PATCH', `/api/admin/inquiries/contact/${contactId}`, {
      status: 'new',
      assigneeId: retailer.userId,
      updatedAt: record.updatedAt,
    });
    expect(partner.status).toBe(400);
    expect((await partner.json()).error.details).toEqual([expect.objectContaining({ path: 'assigneeId' })]);
    expect((await admin.json('GET', '/api/admin/inquiries/other/1')).status).toBe(400);
    expect((await admin.json('GET', '/api/admin/inquiries/business/99999')).status).toBe(404);
    // Beyond the id column's range: a 400, not a database error.
    expect((await admin.json('GET', '/api/admin/inquiries/business/99999999999')).status).toBe(400);
    expect((await admin.json('PATCH', '/api/admin/inquiries/contact/99999999999', { status: 'done', updatedAt: record.updatedAt })).status).toBe(400);
    expect((await admin.get('/admin/dashboard/inquiries/contact/99999999999')).status).toBe(404);
  });

  it('a PATCH without assignee or notes keeps them; an assignee who left stays until changed', async () => {
    const leaver = await signedIn(t, 'employee', 'leaver');
    let { record } = await (await admin.json('GET', `/api/admin/inquiries/contact/${contactId}`)).json();
    let res = await admin.json('PATCH', `/api/admin/inquiries/contact/${contactId}`, {
      status: 'in_progress',
      assigneeId: leaver.userId,
      notes: 'Tasting booked.',
      updatedAt: record.updatedAt,
    });
    expect(res.status).toBe(200);
    ({ record } = await res.json());
    res = await admin.json('PATCH', `/api/admin/inquiries/contact/${contactId}`, { status: 'done', updatedAt: record.updatedAt });
    expect(res.status).toBe(200);
    ({ record } = await res.json());
    expect(record).toMatchObject({ status: 'done', assigneeId: leaver.userId, notes: 'Tasting booked.' });

    await t.db.database.db.update(users).set({ status: 'suspended' }).where(eq(users.id, leaver.userId));
    // The editor sends the assignee it shows: saving other changes is not refused because they left.
    const page = await (await admin.get(`/admin/dashboard/inquiries/contact/${contactId}`)).text();
    expect(page).toContain('Former colleague (no longer handles inquiries)');
    // The list says the same of them (the name comes from the list's own query).
    const listed = await (await admin.json('GET', '/api/admin/inquiries?kind=contact&status=done')).json();
    expect(listed.items.find((i: { id: number }) => i.id === contactId)).toMatchObject({ assigneeId: leaver.userId, assigneeName: 'Former colleague' });
    res = await admin.json('PATCH', `/api/admin/inquiries/contact/${contactId}`, {
      status: 'in_progress',
      assigneeId: leaver.userId,
      notes: 'Tasting booked.',
      updatedAt: record.updatedAt,
    });
    expect(res.status).toBe(200);
    ({ record } = await res.json());
    // Choosing them anew is.
    res = await admin.json('PATCH', `/api/admin/inquiries/contact/${contactId}`, { status: 'in_progress', assigneeId: null, updatedAt: record.updatedAt });
    ({ record } = await res.json());
    const again = await admin.json('PATCH', `/api/admin/inquiries/contact/${contactId}`, {
      status: 'in_progress',
      assigneeId: leaver.userId,
      updatedAt: record.updatedAt,
    });
    expect(again.status).toBe(400);
    expect((await again.json()).error.details).toEqual([expect.objectContaining({ path: 'assigneeId' })]);
  });

  it('is for staff who handle inquiries only', async () => {
    expect((await retailer.json('GET', '/api/admin/inquiries')).status).toBe(403);
    expect((await retailer.json('PATCH', `/api/admin/inquiries/contact/${contactId}`, { status: 'done', updatedAt: new Date().toISOString() })).status).toBe(
      403,
    );
    expect((await fetch(`${t.url}/api/admin/inquiries`)).status).toBe(401);
  });
});

describe('the live bell and what each member of staff may see', () => {
  const db = () => t.db.database.db;
  const grant = (role: string, permission: string) => db().insert(rolePermissions).values({ role, permission }).onConflictDoNothing();
  const revoke = (role: string, permission: string) =>
    db()
      .delete(rolePermissions)
      .where(and(eq(rolePermissions.role, role), eq(rolePermissions.permission, permission)));

  function staffSocket(c: Client): Promise<{ ws: WebSocket; events: Record<string, unknown>[] }> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(`${t.url.replace('http', 'ws')}/ws/staff`, { headers: { cookie: c.header() } });
      const events: Record<string, unknown>[] = [];
      ws.on('message', (raw) => events.push(JSON.parse(String(raw))));
      ws.once('open', () => resolve({ ws, events })).once('error', reject);
    });
  }

  it('opens the staff socket for any admin-area user: chat events only to those who answer chats, the bell by permission', async () => {
    // Here employees handle inquiries but not the chat, and admins answer the chat but not inquiries.
    await revoke('employee', 'support:answer');
    await revoke('admin', 'inquiries:manage');
    try {
      const clerk = await signedIn(t, 'employee', 'nochat');
      const manager = await signedIn(t, 'admin', 'noinq');
      const clerkSocket = await staffSocket(clerk);
      const managerSocket = await staffSocket(manager);

      const chat = await (await fetch(`${t.url}/api/chat/sessions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).json();
      const sent = await fetch(`${t.url}/api/chat/sessions/${chat.sessionId}/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-chat-secret': chat.secret },
        body: JSON.stringify({ clientId: 'client-bell-0001', content: 'Anyone there?' }),
      });
      expect(sent.status).toBe(201);
      await expect.poll(() => managerSocket.events.some((e) => e.type === 'message')).toBe(true);
      await submitContact('Ada Lovelace');
      await expect.poll(() => clerkSocket.events.some((e) => e.type === 'notification')).toBe(true);
      // The chat message went out before the notification: had the clerk been sent it, it would be here.
      expect(clerkSocket.events.map((e) => e.type)).toEqual(['notification']);
      expect(managerSocket.events.some((e) => e.type === 'notification')).toBe(false);
      // Typing into a conversation is for those who answer chats.
      clerkSocket.ws.send(JSON.stringify({ type: 'typing', sessionId: chat.sessionId }));
      await expect.poll(() => clerkSocket.events.some((e) => e.type === 'error' && e.code === 'forbidden')).toBe(true);

      // The feed and marking read follow the permission too, through the API and the page.
      const entry = (await feed(clerk)).items.find((n) => n.title === 'New message from Ada Lovelace');
      expect(entry).toBeDefined();
      expect(await feed(manager)).toMatchObject({ total: 0, unreadCount: 0 });
      expect((await manager.json('POST', `/api/admin/notifications/${entry!.id}/read`)).status).toBe(404);
      const viaPage = await manager.post('/admin/dashboard/notifications', { id: String(entry!.id) });
      expect(viaPage.status).toBe(200);
      expect(await viaPage.text()).toContain('That notification is not yours to open.');
      expect((await manager.json('POST', '/api/admin/notifications/read-all')).status).toBe(204);
      expect((await feed(clerk)).items.find((n) => n.id === entry!.id)?.read).toBe(false);
      // Ids beyond the column's range are refused, not a database error.
      expect((await clerk.json('POST', '/api/admin/notifications/99999999999/read')).status).toBe(400);
      expect((await clerk.post('/admin/dashboard/notifications', { id: '99999999999' })).status).toBe(200);

      // The dashboard shows inquiries (who wrote, how many) only to staff who handle them.
      expect(await (await clerk.get('/admin/dashboard')).text()).toContain('Ada Lovelace');
      const managerDashboard = await (await manager.get('/admin/dashboard')).text();
      expect(managerDashboard).not.toContain('Ada Lovelace');
      expect(managerDashboard).not.toContain('New inquiries');

      clerkSocket.ws.close();
      managerSocket.ws.close();
    } finally {
      await grant('employee', 'support:answer');
      await grant('admin', 'inquiries:manage');
    }
  });

  it('refuses the staff socket to partners', async () => {
    await expect(staffSocket(retailer)).rejects.toThrow(/403/);
  });
});
