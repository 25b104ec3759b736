// Outgoing mail on the job runner (issue 13, item 2): an email is stored with its `mail.send` job in
// one transaction, sent over SMTP, retried with backoff when the server is down or says "try later",
// and left failed with the error when every attempt fails or the server refuses for good. The master
// admin's outbox (API and page) shows queued / sent / failed, the attempts and the error. A queued
// email survives a restart: a new process's runner sends it.
import { createServer } from 'node:net';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { jobs } from '../../server/db/schema';
import { createJobs } from '../../server/jobs/registry';
import { createMailer, MAIL_BACKOFF_MS, MAIL_MAX_ATTEMPTS } from '../../server/mail/mailer';
import { SYSTEM_ACTOR } from '../../server/core/actor';
import { Client } from '../support/client';
import { linkIn, startSmtp, type TestSmtp } from '../support/smtp';
import { startTestServer, type TestServer } from '../support/test-server';

let t: TestServer;
let smtp: TestSmtp | undefined;
let port: number;
let clock = Date.now();
const now = () => clock;
const PASSWORD = 'Mail-retry-password-2026';
const RESET = 'Reset your Frolic password';

interface Entry {
  id: number;
  to: string;
  subject: string;
  text: string;
  status: string;
  attempts: number;
  error: string | null;
  sentAt: string | null;
}

/** Recipients the SMTP server turns away: busy twice, busy always, or no such mailbox. */
function refuse(to: string, attempt: number) {
  if (to === 'busy.twice@example.com' && attempt <= 2) return { code: 451, message: 'Mailbox busy, try again later' };
  if (to === 'always.busy@example.com') return { code: 451, message: 'Mailbox busy, try again later' };
  if (to === 'no.such.mailbox@example.com') return { code: 550, message: 'No such mailbox here' };
  return null;
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port: p } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return p;
}

beforeAll(async () => {
  port = await freePort();
  // The SMTP server is down at first: the first test starts it.
  t = await startTestServer({ SMTP_URL: `smtp://127.0.0.1:${port}` }, { now });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

let master: Client | undefined;
async function outbox(): Promise<Entry[]> {
  if (!master) {
    const email = `outbox-master-${Math.random().toString(36).slice(2, 8)}@example.com`;
    await t.app.services.users.createUser(
      { email, firstName: 'Mail', lastName: 'Master', roles: ['master_admin'], password: PASSWORD, confirmed: true },
      SYSTEM_ACTOR,
    );
    master = await new Client(t.url).passGate();
    expect((await master.post('/admin-login', { email, password: PASSWORD })).status).toBe(302);
  }
  const res = await master.json('GET', '/api/admin/outbox');
  expect(res.status).toBe(200);
  return ((await res.json()) as { items: Entry[] }).items;
}

/** The reset email to `to`, once `check` holds for it (the runner works in the background too). */
async function resetMailTo(to: string, check: (e: Entry) => void): Promise<Entry> {
  return vi.waitFor(
    async () => {
      await t.app.services.jobs.drain();
      const found = (await outbox()).find((m) => m.to === to && m.subject === RESET);
      if (!found) throw new Error(`no email to ${to} yet`);
      check(found);
      return found;
    },
    { timeout: 15_000, interval: 50 },
  );
}

async function askForReset(email: string) {
  await t.app.services.users.createUser(
    { email, firstName: 'Mail', lastName: 'Retry', roles: ['customer'], password: PASSWORD, confirmed: true },
    SYSTEM_ACTOR,
  );
  const visitor = await new Client(t.url).passGate();
  expect((await visitor.post('/auth/forgot-password', { email })).status).toBeLessThan(400);
  return visitor;
}

describe('mail is retried until it leaves', () => {
  it('keeps the email queued while the SMTP server is down, and sends it once the server is up', async () => {
    const email = 'down.then.up@example.com';
    const visitor = await askForReset(email);
    const queued = await resetMailTo(email, (m) => expect(m).toMatchObject({ status: 'queued', attempts: 1 }));
    expect(queued.error).toMatch(/ECONNREFUSED/);
    // Not before its backoff.
    await t.app.services.jobs.drain();
    expect((await outbox()).find((m) => m.id === queued.id)).toMatchObject({ status: 'queued', attempts: 1 });

    smtp = await startSmtp({ port, refuse });
    clock += MAIL_BACKOFF_MS;
    const sent = await resetMailTo(email, (m) => expect(m).toMatchObject({ status: 'sent', attempts: 2, error: null }));
    expect(sent.sentAt).toEqual(expect.any(String));
    // The email that left is the one stored, and its link works.
    const mail = await smtp.next(email);
    expect(mail.subject).toBe(RESET);
    const link = new URL(linkIn(mail, '/auth/reset-password?token='));
    expect(link.searchParams.get('token')).toBe(/token=([\w-]+)/.exec(sent.text)?.[1]);
    const done = await visitor.post('/auth/reset-password', {
      token: link.searchParams.get('token') as string,
      password: 'Retried-link-password-7',
      confirm: 'Retried-link-password-7',
    });
    expect(done.status).toBe(302);
    expect(smtp.messages.filter((m) => m.to.includes(email))).toHaveLength(1);
  });

  it('retries after "try again later" replies with growing waits, then sends once', async () => {
    const email = 'busy.twice@example.com';
    await askForReset(email);
    const first = await resetMailTo(email, (m) => expect(m).toMatchObject({ status: 'queued', attempts: 1 }));
    expect(first.error).toContain('451');
    // The outbox page says so without opening the email.
    const page = await (master as Client).get('/admin/dashboard/outbox');
    const html = (await page.text()).replaceAll('<!-- -->', '');
    expect(html).toContain('Queued');
    expect(html).toContain('Will retry. Last error: Can&#x27;t send mail - all recipients were rejected: 451');

    clock += MAIL_BACKOFF_MS;
    await resetMailTo(email, (m) => expect(m).toMatchObject({ status: 'queued', attempts: 2 }));
    // The second retry waits twice as long.
    clock += MAIL_BACKOFF_MS;
    await t.app.services.jobs.drain();
    expect((await outbox()).find((m) => m.to === email)).toMatchObject({ status: 'queued', attempts: 2 });
    clock += MAIL_BACKOFF_MS;
    await resetMailTo(email, (m) => expect(m).toMatchObject({ status: 'sent', attempts: 3, error: null }));
    expect((smtp as TestSmtp).messages.filter((m) => m.to.includes(email))).toHaveLength(1);
  });

  it('gives up after the last attempt: failed, with the error, in the API and on the page', async () => {
    const email = 'always.busy@example.com';
    await askForReset(email);
    await resetMailTo(email, (m) => expect(m).toMatchObject({ status: 'queued', attempts: 1 }));
    for (let attempt = 2; attempt <= MAIL_MAX_ATTEMPTS; attempt++) {
      clock += 16 * MAIL_BACKOFF_MS;
      await resetMailTo(email, (m) => expect(m.attempts).toBe(attempt));
    }
    const failed = await resetMailTo(email, (m) => expect(m).toMatchObject({ status: 'failed', attempts: MAIL_MAX_ATTEMPTS }));
    expect(failed.error).toContain('Mailbox busy, try again later');
    clock += 3_600_000;
    await t.app.services.jobs.drain();
    expect((await outbox()).find((m) => m.id === failed.id)).toMatchObject({ status: 'failed', attempts: MAIL_MAX_ATTEMPTS });
    // (React separates adjacent text with empty comments.)
    const html = (await (await (master as Client).get('/admin/dashboard/outbox')).text()).replaceAll('<!-- -->', '');
    expect(html).toContain('Failed');
    expect(html).toContain('Error: Can&#x27;t send mail - all recipients were rejected: 451 Mailbox busy');
    expect(html).toContain(`${MAIL_MAX_ATTEMPTS} attempts`);
    expect((smtp as TestSmtp).messages.filter((m) => m.to.includes(email))).toHaveLength(0);
  });

  it('does not retry a permanent refusal (5xx)', async () => {
    const email = 'no.such.mailbox@example.com';
    await askForReset(email);
    const failed = await resetMailTo(email, (m) => expect(m).toMatchObject({ status: 'failed', attempts: 1 }));
    expect(failed.error).toContain('550');
    clock += 3_600_000;
    await t.app.services.jobs.drain();
    expect((await outbox()).find((m) => m.id === failed.id)).toMatchObject({ status: 'failed', attempts: 1 });
  });
});

describe('a restart loses no email', () => {
  it('sends an email queued before the restart from the new process', async () => {
    const db = t.db.database.db;
    const url = `smtp://127.0.0.1:${port}`;
    // The process that stored the email stops before sending it (its runner is not started).
    const before = createMailer(db, createJobs(db, { logger: pino({ level: 'silent' }), now }), {
      smtpUrl: url,
      from: 'Frolic <no-reply@frolic.example>',
      logger: pino({ level: 'silent' }),
    });
    const id = await before.send({ to: 'after.restart@example.com', subject: 'Kept across a restart', text: 'Hello again.' });
    before.close();
    expect(
      (await db.select().from(jobs).where(eq(jobs.name, 'mail.send'))).some(
        (j) => (j.payload as { outboxId: number }).outboxId === id && j.status === 'queued',
      ),
    ).toBe(true);

    // A new process: nothing in memory, only the database.
    const afterJobs = createJobs(db, { logger: pino({ level: 'silent' }), now });
    const after = createMailer(db, afterJobs, { smtpUrl: url, from: 'Frolic <no-reply@frolic.example>', logger: pino({ level: 'silent' }) });
    await vi.waitFor(async () => {
      await afterJobs.drain();
      expect((await after.list(1)).items.find((m) => m.id === id)).toMatchObject({ status: 'sent', attempts: 1 });
    });
    expect((await (smtp as TestSmtp).next('after.restart@example.com')).subject).toBe('Kept across a restart');
    after.close();
  });
});
