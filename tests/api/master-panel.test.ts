// The Master Admin Panel (issue 17): people by role and status, locked accounts with unlock, pending
// invitations, recent security events (a tombstone reads "Deleted user"), health — database,
// instances, jobs and the outbox — and resending an email from the outbox.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLogs, outboxEmails, signInFailures, users } from '../../server/db/schema';
import { SYSTEM_ACTOR } from '../../server/core/actor';
import { subjectOf } from '../../server/modules/auth/lockout';
import type { MasterPanel } from '../../server/modules/master/panel';
import { Client } from '../support/client';
import { startSmtp, type TestSmtp } from '../support/smtp';
import { signedIn } from '../support/staff';
import { startTestServer, type TestServer } from '../support/test-server';

let t: TestServer;
let smtp: TestSmtp;
let master: Client & { userId: string };
let employee: Client & { userId: string };

beforeAll(async () => {
  // The first delivery to bounce@ is refused for good (a failed email); later ones go through.
  smtp = await startSmtp({ refuse: (to, attempt) => (to === 'bounce@example.com' && attempt === 1 ? { code: 550, message: 'No such mailbox' } : null) });
  t = await startTestServer({ SMTP_URL: smtp.url });
  master = await signedIn(t, 'master_admin', 'panel');
  employee = await signedIn(t, 'employee', 'panel');
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

async function panel(): Promise<MasterPanel> {
  const res = await master.json('GET', '/api/admin/master-panel');
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toContain('no-store');
  return (await res.json()) as MasterPanel;
}

const actorOf = (userId: string) => ({ ...SYSTEM_ACTOR, userId });

describe('who may read it', () => {
  it('is the master admin only', async () => {
    expect((await employee.json('GET', '/api/admin/master-panel')).status).toBe(403);
    expect((await new Client(t.url).json('GET', '/api/admin/master-panel')).status).toBe(401);
    expect((await employee.get('/admin/dashboard/master-admin')).status).toBe(302);
  });
});

describe('people, locks and invitations', () => {
  it('counts users by status and role, leaving tombstones out', async () => {
    const before = await panel();
    const { userId: suspended } = await t.app.services.users.createUser(
      { email: 'suspend.me@example.com', firstName: 'Sus', lastName: 'Pended', roles: ['employee'], password: 'Panel-password-2026-x', confirmed: true },
      SYSTEM_ACTOR,
    );
    await t.app.services.users.setStatus(suspended, 'suspended', actorOf(master.userId));
    const { userId: gone } = await t.app.services.users.createUser(
      { email: 'gone@example.com', firstName: 'Gone', lastName: 'Person', roles: ['employee'], password: 'Panel-password-2026-x', confirmed: true },
      SYSTEM_ACTOR,
    );
    await t.db.database.db
      .update(users)
      .set({ deletedAt: new Date(), email: `deleted-${gone}@invalid` })
      .where(eq(users.id, gone));

    const after = await panel();
    expect(after.users.byStatus.suspended).toBe(before.users.byStatus.suspended + 1);
    expect(after.users.total).toBe(before.users.total + 1);
    const employees = (p: MasterPanel) => p.users.byRole.find((r) => r.role === 'employee')?.count;
    expect(employees(after)).toBe((employees(before) ?? 0) + 1);
    expect(after.users.masterAdmins).toBeGreaterThanOrEqual(1);

    // The suspension is a security event, by the master admin, by email.
    const event = after.events.find((e) => e.action === 'STATUS_CHANGE' && e.recordId === suspended);
    expect(event?.user).toBe('master-admin-panel@staff.example');

    // An event by a person since deleted reads "Deleted user", never their old address.
    await t.app.services.users.setStatus(suspended, 'inactive', actorOf(gone));
    const byGone = (await panel()).events.find((e) => e.userId === gone);
    expect(byGone?.user).toBe('Deleted user');
  });

  it('lists a locked account (the lockout key matches) until the master admin unlocks it from the page', async () => {
    const email = 'locked.out@example.com';
    const { userId } = await t.app.services.users.createUser(
      { email, firstName: 'Locked', lastName: 'Out', roles: ['employee'], password: 'Panel-password-2026-x', confirmed: true },
      SYSTEM_ACTOR,
    );
    await t.db.database.db
      .insert(signInFailures)
      .values({ subject: subjectOf(email), source: '*', failures: 20, lockedUntil: new Date(Date.now() + 3_600_000), lockCount: 1 });
    await t.db.database.db
      .insert(signInFailures)
      .values({ subject: subjectOf(email), source: 'ip:10.0.0.1', failures: 5, lockedUntil: new Date(Date.now() + 600_000), lockCount: 1 });

    const lines = (await panel()).locked.filter((l) => l.userId === userId);
    expect(lines).toEqual([expect.objectContaining({ email, name: 'Locked Out', scope: 'account' })]);

    const page = await master.get('/admin/dashboard/master-admin');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`Unlock ${email}`);

    const res = await master.post('/admin/dashboard/master-admin', { intent: 'unlock', userId, email });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/admin/dashboard/master-admin');
    expect((await panel()).locked.some((l) => l.userId === userId)).toBe(false);
    expect(
      await t.db.database.db
        .select()
        .from(signInFailures)
        .where(eq(signInFailures.subject, subjectOf(email))),
    ).toEqual([]);
    const audit = await t.db.database.db.select().from(auditLogs).where(eq(auditLogs.recordId, userId));
    expect(audit.some((a) => a.action === 'UNLOCK' && a.userId === master.userId)).toBe(true);

    // A foreign or malformed id changes nothing and says so.
    const bad = await master.post('/admin/dashboard/master-admin', { intent: 'unlock', userId: 'not-a-uuid' });
    expect(bad.status).toBe(302);
    // The employee cannot unlock anyone through the page.
    const refused = await employee.post('/admin/dashboard/master-admin', { intent: 'unlock', userId });
    expect(refused.headers.get('location')).toBe('/dashboard');
  });

  it('lists pending invitations, not used or expired ones', async () => {
    const { userId } = await t.app.services.users.createUser(
      { email: 'invitee@example.com', firstName: 'In', lastName: 'Vitee', roles: ['employee'] },
      SYSTEM_ACTOR,
    );
    const p = await panel();
    expect(p.invitations.items).toContainEqual(expect.objectContaining({ userId, email: 'invitee@example.com', name: 'In Vitee' }));
    expect(p.invitations.total).toBeGreaterThanOrEqual(1);
  });
});

describe('health', () => {
  it('names the database, this instance and the job runner', async () => {
    const { health } = await panel();
    expect(health.database).toMatchObject({ engine: t.db.database.kind === 'pglite' ? 'PGlite' : 'PostgreSQL', ok: true });
    expect(health.database.sizeBytes).toBeGreaterThan(0);
    expect(health.instances.filter((i) => i.current)).toHaveLength(1);
    expect(health.instances.find((i) => i.current)?.id).toBe(t.app.services.instances.id);
    expect(health.outbox.smtp).toBe(true);
  });
});

describe('the outbox: resend', () => {
  async function emailTo(to: string) {
    const [row] = await t.db.database.db.select().from(outboxEmails).where(eq(outboxEmails.to, to)).orderBy(outboxEmails.id);
    return row!;
  }

  it('sends a failed email again, copies a sent one, refuses a queued one, and audits it', async () => {
    await t.app.services.mailer.send({ to: 'bounce@example.com', subject: 'Hello', text: 'First try' });
    const failed = await vi.waitFor(
      async () => {
        await t.app.services.jobs.drain();
        const row = await emailTo('bounce@example.com');
        if (row.status !== 'failed') throw new Error(row.status);
        return row;
      },
      { timeout: 15_000 },
    );
    expect(failed.error).toContain('No such mailbox');
    const { health } = await panel();
    expect(health.outbox.failed).toBeGreaterThanOrEqual(1);
    expect(health.jobs.failedLastDay).toBeGreaterThanOrEqual(1);
    expect(health.jobs.recentFailures.some((j) => j.name === 'mail.send')).toBe(true);

    const arrived = smtp.next('bounce@example.com');
    const res = await master.json('POST', `/api/admin/outbox/${failed.id}/resend`);
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ id: failed.id });
    expect((await arrived).body).toContain('First try');
    await vi.waitFor(async () => expect((await emailTo('bounce@example.com')).status).toBe('sent'), { timeout: 15_000 });

    // A sent email goes again as a copy: the outbox keeps both.
    const again = smtp.next('bounce@example.com');
    const copy = await master.json('POST', `/api/admin/outbox/${failed.id}/resend`);
    expect(copy.status).toBe(202);
    const { id: copyId } = (await copy.json()) as { id: number };
    expect(copyId).not.toBe(failed.id);
    await again;

    const audits = await t.db.database.db.select().from(auditLogs).where(eq(auditLogs.action, 'EMAIL_RESENT'));
    expect(audits.map((a) => [a.recordId, a.userId])).toEqual([
      [String(failed.id), master.userId],
      [String(failed.id), master.userId],
    ]);
  });

  it('answers an unknown or malformed id with 404, a queued email with 409, and is the master admin’s alone', async () => {
    expect((await master.json('POST', '/api/admin/outbox/999999/resend')).status).toBe(404);
    expect((await master.json('POST', '/api/admin/outbox/abc/resend')).status).toBe(404);
    const [queued] = await t.db.database.db
      .insert(outboxEmails)
      .values({ to: 'waiting@example.com', subject: 'Waiting', text: 'x', status: 'queued' })
      .returning({ id: outboxEmails.id });
    const res = await master.json('POST', `/api/admin/outbox/${queued!.id}/resend`);
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('already_queued');
    expect((await employee.json('POST', `/api/admin/outbox/${queued!.id}/resend`)).status).toBe(403);
  });

  it('resends from the outbox page with a toast', async () => {
    const row = await emailTo('bounce@example.com');
    const res = await master.post('/admin/dashboard/outbox', { intent: 'resend', id: String(row.id), to: row.to });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/admin/dashboard/outbox');
    expect(res.headers.getSetCookie().some((c) => c.startsWith('frolic_toast='))).toBe(true);
  });
});

describe('without SMTP', () => {
  it('refuses to resend: there is nothing to send through', async () => {
    const bare = await startTestServer();
    try {
      const m = await signedIn(bare, 'master_admin', 'bare');
      const id = await bare.app.services.mailer.send({ to: 'someone@example.com', subject: 'Kept', text: 'x' });
      const res = await m.json('POST', `/api/admin/outbox/${id}/resend`);
      expect(res.status).toBe(409);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('smtp_not_configured');
      expect((await bare.app.services.masterPanel.summary()).health.outbox.smtp).toBe(false);
    } finally {
      await bare.close();
    }
  });
});
