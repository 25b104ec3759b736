// The lockout against guessing, without handing the guesser the power to lock the owner out (issue 12,
// item 6): failures count per account and source (TRUST_PROXY lets each request name its address),
// a device that signed in before keeps its way in, locks come back longer, and all of it is stored.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, signInFailures, users } from '../../server/db/schema';
import { SYSTEM_ACTOR } from '../../server/core/actor';
import { ACCOUNT_WIDE, subjectOf } from '../../server/modules/auth/lockout';
import { Client } from '../support/client';
import { linkIn, startSmtp, type TestSmtp } from '../support/smtp';
import { startTestServer, type TestServer } from '../support/test-server';

let t: TestServer;
let smtp: TestSmtp;
let clock = Date.now();
const now = () => clock;
const PASSWORD = 'Owner-knows-the-juniper-77';
const MINUTE = 60_000;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await startTestServer({ SMTP_URL: smtp.url, TRUST_PROXY: 'true' }, { now });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

let seq = 0;
async function makeUser(roles: string[] = ['admin']) {
  const email = `lock${++seq}@example.com`;
  await t.app.services.users.createUser({ email, firstName: 'Lock', lastName: `Test ${seq}`, roles, password: PASSWORD, confirmed: true }, SYSTEM_ACTOR);
  return email;
}

/** A browser at `ip` (through the trusted proxy), past the gate. */
async function browserAt(ip: string) {
  const c = new Client(t.url);
  await c.post('/age-gate', { year: '1980', country: 'GB' }, { 'x-forwarded-for': ip });
  return c;
}

async function attempt(c: Client, ip: string, email: string, password: string) {
  return c.post('/auth/login', { email, password }, { 'x-forwarded-for': ip });
}

async function guess(ip: string, email: string, times: number) {
  const c = await browserAt(ip);
  for (let i = 0; i < times; i++) expect((await attempt(c, ip, email, `Wrong-guess-${ip}-${i}`)).status).toBe(401);
  return c;
}

const db = () => t.db.database.db;
const rowOf = async (email: string, source: string) =>
  (
    await db()
      .select()
      .from(signInFailures)
      .where(and(eq(signInFailures.subject, subjectOf(email)), eq(signInFailures.source, source)))
  )[0];

describe('lockout per account and source', () => {
  it('locks the guessing address out after 5 failures, while the owner from another address signs in', async () => {
    const email = await makeUser(['master_admin']);
    const attacker = await guess('203.0.113.7', email, 5);
    // The spec's lock holds against the attacker, even with the right password.
    const during = await attempt(attacker, '203.0.113.7', email, PASSWORD);
    expect(during.status).toBe(401);
    expect(await during.text()).toContain('Invalid email or password.');
    // The owner, elsewhere, is not locked out.
    const owner = await browserAt('198.51.100.20');
    expect((await attempt(owner, '198.51.100.20', email, PASSWORD)).headers.get('location')).toBe('/admin/dashboard/master-admin');

    // The lock is stored (it survives a restart), audited, and the owner is told, with a link that unlocks.
    expect((await rowOf(email, 'ip:203.0.113.7'))?.lockedUntil?.getTime()).toBeGreaterThan(now());
    const [u] = await db().select().from(users).where(eq(users.email, email));
    const audit = await db().select().from(auditLogs).where(eq(auditLogs.recordId, u!.id));
    expect(audit.filter((a) => a.action === 'SIGN_IN_FAILED')).toHaveLength(6);
    expect(audit.find((a) => a.action === 'LOCKOUT')).toMatchObject({
      ipAddress: '203.0.113.7',
      newValues: { scope: 'source', source: 'ip:203.0.113.7', minutes: 15 },
    });
    const mail = await smtp.next(email);
    expect(mail.subject).toBe('Your Frolic account was locked');
    expect(linkIn(mail, '/auth/reset-password?token=')).toBeTruthy();
  });

  it('slows a returning guesser down: each new lock lasts twice as long', async () => {
    const email = await makeUser();
    const ip = '203.0.113.8';
    await guess(ip, email, 5);
    clock += 16 * MINUTE;
    // Free again after 15 minutes; five more wrong guesses lock for 30.
    await guess(ip, email, 5);
    expect((await rowOf(email, `ip:${ip}`))?.lockCount).toBe(2);
    clock += 16 * MINUTE;
    const c = await browserAt(ip);
    expect((await attempt(c, ip, email, PASSWORD)).status).toBe(401);
    clock += 15 * MINUTE;
    expect((await attempt(c, ip, email, PASSWORD)).status).toBe(302);
  });

  it('counts an IPv6 subscriber by its /64: changing the last bits does not buy more guesses', async () => {
    const email = await makeUser();
    for (let i = 1; i <= 5; i++) await guess(`2001:db8:1:2::${i}`, email, 1);
    const c = await browserAt('2001:db8:1:2:ffff::9');
    expect((await attempt(c, '2001:db8:1:2:ffff::9', email, PASSWORD)).status).toBe(401);
    const other = await browserAt('2001:db8:9:9::1');
    expect((await attempt(other, '2001:db8:9:9::1', email, PASSWORD)).status).toBe(302);
  });

  it('locks the account against every new address when guesses come from many, but a known device still signs in', async () => {
    const email = await makeUser();
    // The owner signed in from this browser before: it carries the known-device cookie.
    const laptop = await browserAt('198.51.100.30');
    const first = await attempt(laptop, '198.51.100.30', email, PASSWORD);
    expect(first.status).toBe(302);
    const cookie = first.headers.getSetCookie().find((h) => h.startsWith('frolic_known=')) as string;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/Max-Age=15552000/);

    // Twenty guesses from four addresses: each address is locked, and so is the account for new ones.
    for (const ip of ['192.0.2.1', '192.0.2.2', '192.0.2.3', '192.0.2.4']) await guess(ip, email, 5);
    expect((await rowOf(email, ACCOUNT_WIDE))?.lockedUntil?.getTime()).toBeGreaterThan(now());
    const stranger = await browserAt('198.51.100.31');
    expect((await attempt(stranger, '198.51.100.31', email, PASSWORD)).status).toBe(401);

    // The owner's laptop, even from an address the attacker used, still gets in.
    expect((await attempt(laptop, '192.0.2.1', email, PASSWORD)).status).toBe(302);
    const audit = await db().select().from(auditLogs).where(eq(auditLogs.action, 'LOCKOUT'));
    expect(audit.some((a) => (a.newValues as { scope?: string }).scope === 'account')).toBe(true);
  });

  it('a stolen known-device cookie gets no more guesses than anyone: the device locks itself out', async () => {
    const email = await makeUser();
    const laptop = await browserAt('198.51.100.40');
    expect((await attempt(laptop, '198.51.100.40', email, PASSWORD)).status).toBe(302);
    for (let i = 0; i < 5; i++) expect((await attempt(laptop, '198.51.100.40', email, `Wrong-from-device-${i}`)).status).toBe(401);
    expect((await attempt(laptop, '198.51.100.40', email, PASSWORD)).status).toBe(401);
    // The same address without the device cookie is a different source, not locked.
    const other = await browserAt('198.51.100.40');
    expect((await attempt(other, '198.51.100.40', email, PASSWORD)).status).toBe(302);
  });

  it('the emailed reset link and a master admin both unlock every source', async () => {
    const email = await makeUser();
    for (const ip of ['192.0.2.11', '192.0.2.12', '192.0.2.13', '192.0.2.14']) await guess(ip, email, 5);
    const link = new URL(linkIn(await smtp.next(email), '/auth/reset-password?token='));
    const c = await browserAt('198.51.100.50');
    const reset = await c.post(
      '/auth/reset-password',
      { token: link.searchParams.get('token') as string, password: 'Unlocked-by-the-owner-2026', confirm: 'Unlocked-by-the-owner-2026' },
      { 'x-forwarded-for': '198.51.100.50' },
    );
    expect(reset.status).toBe(302);
    expect((await attempt(c, '192.0.2.11', email, 'Unlocked-by-the-owner-2026')).status).toBe(302);

    const other = await makeUser();
    await guess('192.0.2.21', other, 5);
    const [u] = await db().select().from(users).where(eq(users.email, other));
    await t.app.services.users.unlock(u!.id, SYSTEM_ACTOR);
    const again = await browserAt('192.0.2.21');
    expect((await attempt(again, '192.0.2.21', other, PASSWORD)).status).toBe(302);
  });

  it('locks an unknown email the same way, so the lock tells nothing about who has an account', async () => {
    await guess('203.0.113.60', 'nobody-here@example.com', 5);
    expect((await rowOf('nobody-here@example.com', 'ip:203.0.113.60'))?.lockedUntil?.getTime()).toBeGreaterThan(now());
  });
});
