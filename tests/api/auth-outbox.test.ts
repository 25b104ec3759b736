// Live account-takeover links never reach the log (issue 12, item 8): without SMTP_URL every email is
// kept in the outbox, which only the master admin reads; the one link ever printed is the first
// master admin's set-up link, as a plain line on stdout; demo mode prints no password; a new reset
// link revokes the earlier ones.
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { pino } from 'pino';
import type { ServerBuild } from 'react-router';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { count } from 'drizzle-orm';
import { outboxEmails } from '../../server/db/schema';
import { type App, createApp } from '../../server/app';
import { ensureMasterAdmin, prepareDatabase, startDemoUsers } from '../../server/bootstrap';
import { loadConfig } from '../../server/config';
import { createJobs } from '../../server/jobs/registry';
import { createMailer } from '../../server/mail/mailer';
import { SYSTEM_ACTOR } from '../../server/core/actor';
import { BUILD_DIR } from '../../server/root';
import { Client } from '../support/client';
import { freshDatabase, type TestDatabase } from '../support/test-db';

let db: TestDatabase;
let app: App;
let url: string;
/** Everything the server logged (JSON lines) and printed (plain lines). */
const logged: string[] = [];
const printed: string[] = [];
const PASSWORD = 'Outbox-reader-password-31';

beforeAll(async () => {
  db = await freshDatabase();
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      logged.push(chunk.toString('utf8'));
      done();
    },
  });
  const logger = pino({ level: 'trace' }, sink);
  // Production: no SMTP_URL, links must not be printed.
  const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'frolic-data-')), LOG_LEVEL: 'trace' });
  await prepareDatabase(db.database, config, logger);
  const build = (await import(pathToFileURL(path.join(BUILD_DIR, 'server', 'index.js')).href)) as ServerBuild;
  app = await createApp({ config, database: db.database, logger, build, clientDir: path.join(BUILD_DIR, 'client') });
  await new Promise<void>((resolve) => app.server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  await ensureMasterAdmin(db.database, app.services, config, logger, url, (line) => printed.push(line));
});
afterAll(async () => {
  await app?.close();
  await db?.dispose();
});

const tokensIn = (text: string) => [...text.matchAll(/token=([A-Za-z0-9_-]+)/g)].map((m) => m[1] as string);

async function outbox(c: Client) {
  const res = await c.json('GET', '/api/admin/outbox');
  expect(res.status).toBe(200);
  return (await res.json()) as { items: { to: string; subject: string; text: string; status: string; createdAt: string }[]; smtp: boolean; total: number };
}

async function staff(roles: string[]) {
  const email = `${roles.join('-')}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  await app.services.users.createUser({ email, firstName: 'Out', lastName: 'Box', roles, password: PASSWORD, confirmed: true }, SYSTEM_ACTOR);
  const c = await new Client(url).passGate();
  expect((await c.post('/admin-login', { email, password: PASSWORD })).status).toBe(302);
  return c;
}

/** The newest email to `to`, once it is in the outbox (mail leaves just after the answer; up to 15 s: a hang detector). */
async function mailTo(master: Client, to: string, subject: string) {
  return vi.waitFor(
    async () => {
      await app.services.jobs.drain();
      const found = (await outbox(master)).items.find((m) => m.to === to && m.subject === subject);
      if (!found) throw new Error(`no "${subject}" to ${to} yet`);
      return found;
    },
    { timeout: 15_000, interval: 50 },
  );
}

describe('links stay out of the log', () => {
  it('prints the first master admin’s set-up link as a plain line on stdout, and nowhere in the log', async () => {
    const line = printed.find((l) => l.includes('/auth/reset-password?token='));
    expect(line?.trim()).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/auth\/reset-password\?token=[\w-]+$/);
    const [token] = tokensIn(line as string);
    expect(logged.join('')).not.toContain(token);
    expect(logged.join('')).toContain('set-up link is printed on stdout');
    // The link works: the master admin chooses a password with it.
    const c = await new Client(url).passGate();
    const res = await c.post('/auth/reset-password', { token: token as string, password: 'Master-setup-password-2026', confirm: 'Master-setup-password-2026' });
    expect(res.status).toBe(302);
    expect((await c.post('/admin-login', { email: 'admin@frolic.local', password: 'Master-setup-password-2026' })).headers.get('location')).toBe(
      '/admin/dashboard/master-admin',
    );
  });

  it('keeps confirmation, reset and lockout emails in the outbox and never logs their tokens', async () => {
    const master = await staff(['master_admin']);
    const visitor = await new Client(url).passGate();
    expect(
      (
        await visitor.post('/auth/register', {
          email: 'quiet.visitor@example.com',
          password: 'Quiet-visitor-password-9',
          firstName: 'Quinn',
          lastName: 'Visitor',
        })
      ).status,
    ).toBe(302);
    await visitor.post('/auth/resend-confirmation', { email: 'quiet.visitor@example.com' });
    await app.services.users.createUser(
      { email: 'locked.owner@example.com', firstName: 'Lou', lastName: 'Locked', roles: ['employee'], password: PASSWORD, confirmed: true },
      SYSTEM_ACTOR,
    );
    await visitor.post('/auth/forgot-password', { email: 'locked.owner@example.com' });
    for (let i = 0; i < 5; i++) await visitor.post('/auth/login', { email: 'locked.owner@example.com', password: `Wrong-guess-number-${i}` });

    const emails = [
      await mailTo(master, 'quiet.visitor@example.com', 'Confirm your Frolic account'),
      await mailTo(master, 'locked.owner@example.com', 'Reset your Frolic password'),
      await mailTo(master, 'locked.owner@example.com', 'Your Frolic account was locked'),
    ];
    const tokens = emails.flatMap((m) => tokensIn(m.text));
    expect(tokens.length).toBeGreaterThanOrEqual(3);
    for (const m of emails) expect(m.status).toBe('kept');
    const log = logged.join('');
    expect(log).toContain('email kept in the outbox');
    for (const token of tokens) expect(log).not.toContain(token);
    expect(log).not.toContain('/auth/confirm?token=');
    expect(printed.filter((l) => l.includes('token='))).toHaveLength(1);
  });

  it('prints links in development only', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    const email = { to: 'dev@example.com', subject: 'Link', text: 'Open http://localhost:3000/auth/confirm?token=dev-token-123' };
    const jobs = createJobs(db.database.db, { logger: pino(sink) });
    await createMailer(db.database.db, jobs, { from: 'x <x@example.com>', logger: pino(sink), printLinks: false }).send(email);
    expect(lines.join('')).not.toContain('dev-token-123');
    await createMailer(db.database.db, jobs, { from: 'x <x@example.com>', logger: pino(sink), printLinks: true }).send(email);
    expect(lines.join('')).toContain('dev-token-123');
  });

  it('demo mode names the demo users but never prints their password', async () => {
    const start = logged.length;
    await startDemoUsers(
      app.services,
      db.database,
      pino({ level: 'trace' }, new Writable({ write: (c: Buffer, _e, done) => (logged.push(c.toString('utf8')), done()) })),
      'Chosen-demo-password-2026',
    );
    await startDemoUsers(
      app.services,
      db.database,
      pino({ level: 'trace' }, new Writable({ write: (c: Buffer, _e, done) => (logged.push(c.toString('utf8')), done()) })),
      undefined,
    );
    const demoLog = logged.slice(start).join('');
    expect(demoLog).toContain('master-admin@demo.frolic.example');
    expect(demoLog).toContain('set DEMO_PASSWORD');
    expect(demoLog).not.toContain('Chosen-demo-password-2026');
    expect(demoLog).not.toMatch(/Demo-[\w-]{12}/);
  });
});

describe('reset links', () => {
  it('a new reset link (a request or a lockout) revokes the earlier ones', async () => {
    const master = await staff(['master_admin']);
    await app.services.users.createUser(
      { email: 'twice@example.com', firstName: 'Two', lastName: 'Links', roles: ['retailer'], password: PASSWORD, confirmed: true },
      SYSTEM_ACTOR,
    );
    const c = await new Client(url).passGate();
    await c.post('/auth/forgot-password', { email: 'twice@example.com' });
    const [first] = tokensIn((await mailTo(master, 'twice@example.com', 'Reset your Frolic password')).text);
    // A lockout's email carries a new link, which replaces the first.
    for (let i = 0; i < 5; i++) await c.post('/auth/login', { email: 'twice@example.com', password: `Wrong-guess-twice-${i}` });
    const [second] = tokensIn((await mailTo(master, 'twice@example.com', 'Your Frolic account was locked')).text);
    expect(second).not.toBe(first);

    const old = await c.post('/auth/reset-password', { token: first as string, password: 'Replaced-link-password-1', confirm: 'Replaced-link-password-1' });
    expect(old.status).toBe(400);
    expect(await old.text()).toContain('This link is invalid or has expired.');
    const fresh = await c.post('/auth/reset-password', { token: second as string, password: 'Latest-link-password-22', confirm: 'Latest-link-password-22' });
    expect(fresh.status).toBe(302);
  });
});

describe('the outbox is for the master admin only', () => {
  it('answers the API and the page to the master admin, and refuses everyone else', async () => {
    const master = await staff(['master_admin']);
    const body = await outbox(master);
    expect(body.smtp).toBe(false);
    expect(body.total).toBeGreaterThan(0);
    // The total is every email kept, on any page, even one past the end.
    const [{ n }] = (await db.database.db.select({ n: count() }).from(outboxEmails)) as [{ n: number }];
    expect(body.total).toBe(n);
    const past = (await (await master.json('GET', '/api/admin/outbox?page=999')).json()) as { items: unknown[]; total: number; page: number };
    expect(past).toMatchObject({ items: [], total: n, page: 999 });
    expect(body.items[0]).toMatchObject({
      to: expect.any(String),
      subject: expect.any(String),
      status: 'kept',
      text: expect.any(String),
      createdAt: expect.any(String),
    });
    const page = await master.get('/admin/dashboard/outbox');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('SMTP_URL is not set');
    expect(html).toContain(body.items[0]!.subject);

    const admin = await staff(['admin']);
    const refused = await admin.json('GET', '/api/admin/outbox');
    expect(refused.status).toBe(403);
    expect((await refused.json()).error.code).toBe('forbidden');
    expect((await admin.get('/admin/dashboard/outbox')).headers.get('location')).toBe('/dashboard');
    const anonymous = await new Client(url).passGate();
    expect((await anonymous.json('GET', '/api/admin/outbox')).status).toBe(401);
    expect((await anonymous.get('/admin/dashboard/outbox')).headers.get('location')).toBe('/admin-login?redirectTo=%2Fadmin%2Fdashboard%2Foutbox');
  });
});
