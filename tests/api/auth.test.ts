import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, profiles, signInFailures, users } from '../../server/db/schema';
import { subjectOf } from '../../server/modules/auth/lockout';
import { SYSTEM_ACTOR } from '../../server/core/actor';
import { totpCode } from '../../server/auth/totp';
import { Client } from '../support/client';
import { linkIn, startSmtp, type TestSmtp } from '../support/smtp';
import { startTestServer, type TestServer } from '../support/test-server';

let t: TestServer;
let smtp: TestSmtp;
let clock = Date.now();
const now = () => clock;
const PASSWORD = 'Juniper-and-copper-stills-1998';

beforeAll(async () => {
  smtp = await startSmtp();
  t = await startTestServer({ SMTP_URL: smtp.url }, { now });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

let seq = 0;
async function makeUser(roles: string[], extra: { password?: string; confirmed?: boolean } = {}) {
  const email = `user${++seq}-${roles.join('-') || 'none'}@example.com`;
  await t.app.services.users.createUser(
    { email, firstName: 'Test', lastName: `User ${seq}`, roles, password: extra.password ?? PASSWORD, confirmed: extra.confirmed ?? true },
    SYSTEM_ACTOR,
  );
  return email;
}

async function signIn(email: string, password = PASSWORD, path = '/auth/login') {
  const c = await new Client(t.url).passGate();
  const res = await c.post(path, { email, password });
  return { c, res };
}

const db = () => t.db.database.db;

describe('sign-up and email confirmation', () => {
  it('answers a sign-up with neither email nor password with the spec message', async () => {
    const c = await new Client(t.url).passGate();
    const res = await c.post('/auth/register', { email: '', password: '', firstName: 'A', lastName: 'B' });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('You must provide either an email or phone number and a password');
  });

  it('refuses a common password', async () => {
    const c = await new Client(t.url).passGate();
    const res = await c.post('/auth/register', { email: 'common@example.com', password: 'password1234', firstName: 'A', lastName: 'B' });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('too common');
  });

  it('sends a confirmation email over SMTP whose one-time link confirms the account', async () => {
    const c = await new Client(t.url).passGate();
    const res = await c.post('/auth/register', { email: 'New.Visitor@Example.com', password: PASSWORD, firstName: 'Nina', lastName: 'Visitor' });
    expect(res.status).toBe(302);
    expect(c.flashedToast()).toEqual({ title: 'Registration successful', description: 'Please check your email to confirm your account' });

    // Not confirmed yet: 'Login failed' with the reason and a way to resend.
    const early = await signIn('new.visitor@example.com');
    expect(early.res.status).toBe(403);
    const html = await early.res.text();
    expect(html).toContain('Email not confirmed');
    expect(html).toContain('Send a new confirmation link');

    const mail = await smtp.next('new.visitor@example.com');
    expect(mail.subject).toBe('Confirm your Frolic account');
    const link = new URL(linkIn(mail, '/auth/confirm?token='));
    // Opened in a browser that has not passed the gate: the gate shows and the link is not spent
    // (product.md §6), so the load after the pass confirms.
    const fresh = new Client(t.url);
    const gated = await (await fresh.get(link.pathname + link.search)).text();
    expect(gated).toContain('Are you of legal drinking age?');
    const [pending] = await db().select().from(users).where(eq(users.email, 'new.visitor@example.com'));
    expect(pending?.emailConfirmedAt).toBeNull();
    await fresh.passGate();
    const confirmed = await fresh.get(link.pathname + link.search);
    expect(await confirmed.text()).toContain('Email confirmed');
    // Opened again: the account is confirmed, and the page says so rather than 'expired'.
    const again = await c.get(link.pathname + link.search);
    expect(await again.text()).toContain('Email confirmed');
    const bogus = await c.get('/auth/confirm?token=not-a-real-token');
    expect(await bogus.text()).toContain('This link has expired');

    const { res: ok, c: signedIn } = await signIn('NEW.visitor@example.com');
    expect(ok.status).toBe(302);
    expect(ok.headers.get('location')).toBe('/account');
    const me = await (await signedIn.json('GET', '/api/me')).json();
    expect(me.roles).toEqual(['customer']);
    expect(me.profile).toMatchObject({ first_name: 'Nina', last_name: 'Visitor', requires_password_reset: false });
  });
});

describe('sign-in', () => {
  it('lands each role where spec §6 says, with the welcome toast', async () => {
    const cases: [string[], string][] = [
      [['master_admin'], '/admin/dashboard/master-admin'],
      [['admin'], '/admin/dashboard'],
      [['employee'], '/admin/dashboard'],
      [['importer'], '/partner/dashboard'],
      [['distributor'], '/partner/dashboard/distributor'],
      [['retailer'], '/partner/dashboard/retailer'],
      [['partner'], '/partner/dashboard'],
    ];
    for (const [roles, landing] of cases) {
      const { res, c } = await signIn(await makeUser(roles));
      expect(res.headers.get('location'), roles.join()).toBe(landing);
      expect(c.flashedToast()).toEqual({ title: 'Login successful', description: 'Welcome back' });
    }
  });

  it('issues a fresh, HttpOnly, SameSite session cookie at every sign-in', async () => {
    const email = await makeUser(['admin']);
    const { res, c } = await signIn(email);
    const cookie = res.headers.getSetCookie().find((h) => h.startsWith('frolic_session=')) as string;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    const first = c.cookies.get('frolic_session');
    await c.post('/auth/login', { email, password: PASSWORD });
    expect(c.cookies.get('frolic_session')).not.toBe(first);
    // The planted (previous) token no longer works.
    const replay = await fetch(`${t.url}/api/me`, { headers: { cookie: `frolic_session=${first}` } });
    expect(replay.status).toBe(401);
  });

  it('names the session cookie __Host- and marks it Secure behind TLS', async () => {
    const tls = await startTestServer({ TRUST_PROXY: 'true' });
    try {
      await tls.app.services.users.createUser(
        { email: 'tls@example.com', firstName: 'T', lastName: 'L', roles: ['admin'], password: PASSWORD, confirmed: true },
        SYSTEM_ACTOR,
      );
      const res = await fetch(`${tls.url}/auth/login`, {
        method: 'POST',
        body: new URLSearchParams({ email: 'tls@example.com', password: PASSWORD }),
        headers: { 'x-forwarded-proto': 'https' },
        redirect: 'manual',
      });
      const cookie = res.headers.getSetCookie().find((h) => h.startsWith('__Host-frolic_session=')) as string;
      expect(cookie).toMatch(/; Secure/);
      expect(cookie).toMatch(/Path=\//);
      expect(cookie).not.toMatch(/Domain=/);
    } finally {
      await tls.close();
    }
  });

  it('gives the same answer for an unknown email, a wrong password and a locked account', async () => {
    const email = await makeUser(['admin']);
    const unknown = await (await signIn('nobody@example.com')).res.text();
    const wrong = await (await signIn(email, 'Wrong-password-entirely-1')).res.text();
    expect(unknown).toContain('Invalid email or password.');
    expect(wrong).toContain('Invalid email or password.');
  });

  it('locks the account after 5 failed attempts, emails a reset link that unlocks, and unlocks after the period', async () => {
    const email = await makeUser(['employee']);
    for (let i = 1; i <= 4; i++) {
      const { res } = await signIn(email, `Wrong-password-number-${i}`);
      expect(res.status).toBe(401);
    }
    const lockOf = async () =>
      (
        await db()
          .select()
          .from(signInFailures)
          .where(and(eq(signInFailures.subject, subjectOf(email)), eq(signInFailures.source, 'ip:127.0.0.1')))
      )[0]?.lockedUntil ?? null;
    expect(await lockOf()).toBeNull();
    await signIn(email, 'Wrong-password-number-5');
    expect((await lockOf())?.getTime()).toBeGreaterThan(now());
    const [locked] = await db().select().from(users).where(eq(users.email, email));
    // The right password does not help while locked, and the answer is the same.
    const during = await signIn(email);
    expect(during.res.status).toBe(401);
    expect(await during.res.text()).toContain('Invalid email or password.');
    const actions = (await db().select().from(auditLogs).where(eq(auditLogs.recordId, locked!.id))).map((r) => r.action);
    expect(actions).toContain('LOCKOUT');

    const mail = await smtp.next(email);
    expect(mail.subject).toBe('Your Frolic account was locked');
    expect(linkIn(mail, '/auth/reset-password?token=')).toBeTruthy();

    clock += 16 * 60_000;
    expect((await signIn(email)).res.status).toBe(302);
  });

  it('lets a master admin unlock a locked account at once', async () => {
    const email = await makeUser(['employee']);
    for (let i = 0; i < 5; i++) await signIn(email, `Wrong-password-unlock-${i}`);
    expect((await signIn(email)).res.status).toBe(401);
    const [u] = await db().select().from(users).where(eq(users.email, email));
    const { c: master } = await signIn(await makeUser(['master_admin']));
    const admin = await signIn(await makeUser(['admin']));
    expect((await admin.c.json('POST', `/api/users/${u!.id}/unlock`)).status).toBe(403);
    expect((await master.json('POST', `/api/users/${u!.id}/unlock`)).status).toBe(204);
    expect((await signIn(email)).res.status).toBe(302);
  });

  it('lets the lockout email’s link set a new password and unlock at once', async () => {
    const email = await makeUser(['employee']);
    for (let i = 0; i < 5; i++) await signIn(email, `Wrong-password-again-${i}`);
    const link = new URL(linkIn(await smtp.next(email), '/auth/reset-password?token='));
    const c = await new Client(t.url).passGate();
    const token = link.searchParams.get('token') as string;
    const res = await c.post('/auth/reset-password', { token, password: 'Brand-new-botanicals-2026', confirm: 'Brand-new-botanicals-2026' });
    expect(res.status).toBe(302);
    expect(c.flashedToast()?.title).toBe('Password updated');
    expect((await signIn(email, 'Brand-new-botanicals-2026')).res.status).toBe(302);
    // The link works once.
    const reuse = await c.post('/auth/reset-password', { token, password: 'Another-new-password-2026', confirm: 'Another-new-password-2026' });
    expect(reuse.status).toBe(400);
    expect(await reuse.text()).toContain('This link is invalid or has expired.');
  });
});

describe('password reset and expiry', () => {
  it('always answers the same to a reset request, and the link expires after an hour', async () => {
    const email = await makeUser(['retailer']);
    const c = await new Client(t.url).passGate();
    const a = await (await c.post('/auth/forgot-password', { email: 'ghost@example.com' })).text();
    const b = await (await c.post('/auth/forgot-password', { email })).text();
    const sent = 'If an account exists with that email, we&#x27;ve sent password reset instructions.';
    expect(a).toContain(sent);
    expect(b).toContain(sent);
    const link = new URL(linkIn(await smtp.next(email), '/auth/reset-password?token='));
    clock += 61 * 60_000;
    const res = await c.post('/auth/reset-password', {
      token: link.searchParams.get('token') as string,
      password: 'Expired-link-password-1',
      confirm: 'Expired-link-password-1',
    });
    expect(res.status).toBe(400);
  });

  it('flags an expired password at sign-in and sends every dashboard path to the reset page until it changes', async () => {
    const email = await makeUser(['admin']);
    const [u] = await db().select().from(users).where(eq(users.email, email));
    await db()
      .update(profiles)
      .set({ passwordLastUpdated: new Date(now() - 91 * 86_400_000) })
      .where(eq(profiles.id, u!.id));
    const { res, c } = await signIn(email);
    expect(res.headers.get('location')).toBe('/auth/reset-password?type=admin');
    expect(c.flashedToast()).toMatchObject({ title: 'Password Reset Required', description: 'Your password has expired. You will be redirected to reset it.' });
    const [p] = await db().select().from(profiles).where(eq(profiles.id, u!.id));
    expect(p?.requiresPasswordReset).toBe(true);

    const dash = await c.get('/admin/dashboard/products');
    expect(dash.headers.get('location')).toBe('/auth/reset-password?type=admin');
    expect(c.flashedToast()?.description).toBe('Your password has expired. Please reset it now.');

    const reset = await c.post('/auth/reset-password?type=admin', { password: 'Fresh-juniper-harvest-2026', confirm: 'Fresh-juniper-harvest-2026' });
    expect(reset.status).toBe(302);
    const [after] = await db().select().from(profiles).where(eq(profiles.id, u!.id));
    expect(after?.requiresPasswordReset).toBe(false);
    expect(after!.passwordLastUpdated!.getTime()).toBeGreaterThan(now() - 5000);
    expect((await c.get('/admin/dashboard')).status).toBe(200);
  });

  it('stops expiring passwords when the master admin turns expiry off', async () => {
    const email = await makeUser(['admin']);
    const [u] = await db().select().from(users).where(eq(users.email, email));
    await db()
      .update(profiles)
      .set({ passwordLastUpdated: new Date(now() - 400 * 86_400_000) })
      .where(eq(profiles.id, u!.id));
    const settings = await t.app.services.settings.get();
    await t.app.services.settings.update({ ...settings, passwordExpiryEnabled: false }, SYSTEM_ACTOR);
    try {
      expect((await signIn(email)).res.headers.get('location')).toBe('/admin/dashboard');
    } finally {
      await t.app.services.settings.update(settings, SYSTEM_ACTOR);
    }
  });
});

describe('sessions', () => {
  it('ends a session idle longer than the timeout', async () => {
    const { c } = await signIn(await makeUser(['employee']));
    expect((await c.json('GET', '/api/me')).status).toBe(200);
    clock += 61 * 60_000;
    expect((await c.json('GET', '/api/me')).status).toBe(401);
  });

  it('signs out to / with the spec toast, and the old cookie no longer works', async () => {
    const { c } = await signIn(await makeUser(['admin']));
    const token = c.cookies.get('frolic_session');
    const res = await c.post('/auth/logout', {});
    expect(res.headers.get('location')).toBe('/');
    expect(c.flashedToast()).toEqual({ title: 'Logged out', description: 'You have been successfully logged out' });
    expect((await fetch(`${t.url}/api/me`, { headers: { cookie: `frolic_session=${token}` } })).status).toBe(401);
  });

  it('a password change ends the other sessions; suspending a user ends all of them', async () => {
    const email = await makeUser(['admin']);
    const one = await signIn(email);
    const two = await signIn(email);
    const res = await one.c.post('/account', {
      intent: 'password',
      current: PASSWORD,
      password: 'Second-distillation-run-7',
      confirm: 'Second-distillation-run-7',
    });
    expect(res.status).toBe(200);
    expect((await one.c.json('GET', '/api/me')).status).toBe(200);
    expect((await two.c.json('GET', '/api/me')).status).toBe(401);

    const [u] = await db().select().from(users).where(eq(users.email, email));
    await t.app.services.users.setStatus(u!.id, 'suspended', SYSTEM_ACTOR);
    expect((await one.c.json('GET', '/api/me')).status).toBe(401);
  });

  it('refuses a cross-site write', async () => {
    const { c } = await signIn(await makeUser(['admin']));
    const res = await c.post('/account', { intent: 'sign-out-others' }, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
    expect(res.status).toBe(403);
    expect((await res.json()).error.code).toBe('cross_site_request');
  });

  it('updates the profile', async () => {
    const { c } = await signIn(await makeUser(['retailer']));
    const res = await c.post('/account', { intent: 'profile', firstName: 'Rita', lastName: 'Retail', avatarUrl: '' });
    expect(await res.text()).toContain('Profile updated');
    expect((await (await c.json('GET', '/api/me')).json()).profile.first_name).toBe('Rita');
  });
});

describe('two-factor authentication', () => {
  it('enrols with a code, then asks for one at sign-in; reused codes are refused; recovery codes work once; a reset does not bypass it', async () => {
    const email = await makeUser(['admin']);
    const { c } = await signIn(email);
    const started = await c.post('/account/two-factor', { intent: 'start' });
    const secret = /data-testid="totp-secret">([A-Z2-7]+)</.exec(await started.text())?.[1] as string;
    expect(secret).toBeTruthy();
    const confirm = await c.post('/account/two-factor', { intent: 'confirm', code: await totpCode(secret, now() / 1000) });
    const codes = [...(await confirm.text()).matchAll(/<li class="rounded bg-stone-100 px-3 py-2">([a-z2-9-]+)<\/li>/g)].map((m) => m[1] as string);
    expect(codes).toHaveLength(10);

    clock += 60_000;
    const second = await signIn(email);
    expect(second.res.headers.get('location')).toMatch(/^\/auth\/two-factor/);
    expect((await second.c.json('GET', '/api/me')).status).toBe(401);
    expect((await second.c.get('/admin/dashboard')).headers.get('location')).toMatch(/^\/auth\/two-factor/);
    const code = await totpCode(secret, now() / 1000);
    const ok = await second.c.post('/auth/two-factor', { code });
    expect(ok.headers.get('location')).toBe('/admin/dashboard');
    expect((await second.c.json('GET', '/api/me')).status).toBe(200);

    const third = await signIn(email);
    const reused = await third.c.post('/auth/two-factor', { code });
    expect(reused.status).toBe(400);
    const far = await third.c.post('/auth/two-factor', { code: await totpCode(secret, now() / 1000 - 600) });
    expect(far.status).toBe(400);
    expect((await third.c.post('/auth/two-factor', { code: codes[0] as string })).status).toBe(302);
    const fourth = await signIn(email);
    expect((await fourth.c.post('/auth/two-factor', { code: codes[0] as string })).status).toBe(400);

    // A password reset by email leaves two-factor in place.
    await new Client(t.url).post('/auth/forgot-password', { email });
    const link = new URL(linkIn(await smtp.next(email), '/auth/reset-password?token='));
    await new Client(t.url).post('/auth/reset-password', {
      token: link.searchParams.get('token') as string,
      password: 'After-reset-still-2fa-1',
      confirm: 'After-reset-still-2fa-1',
    });
    expect((await signIn(email, 'After-reset-still-2fa-1')).res.headers.get('location')).toMatch(/^\/auth\/two-factor/);
  });

  it('ends the half-open session after 5 wrong codes', async () => {
    const email = await makeUser(['employee']);
    const { c } = await signIn(email);
    const started = await c.post('/account/two-factor', { intent: 'start' });
    const secret = /data-testid="totp-secret">([A-Z2-7]+)</.exec(await started.text())?.[1] as string;
    await c.post('/account/two-factor', { intent: 'confirm', code: await totpCode(secret, now() / 1000) });
    const second = await signIn(email);
    for (let i = 0; i < 4; i++) expect((await second.c.post('/auth/two-factor', { code: '000000' })).status).toBe(400);
    const fifth = await second.c.post('/auth/two-factor', { code: '000000' });
    expect(fifth.headers.get('location')).toBe('/auth/login');
    clock += 31_000;
    const late = await second.c.post('/auth/two-factor', { code: await totpCode(secret, now() / 1000) });
    expect(late.headers.get('location')).toBe('/auth/login');
    expect((await second.c.json('GET', '/api/me')).status).toBe(401);
  });

  it('sends a signed-in user without an expired password to the account page to change it', async () => {
    const { c } = await signIn(await makeUser(['retailer']));
    expect((await c.get('/auth/reset-password')).headers.get('location')).toBe('/account');
    const res = await c.post('/auth/reset-password', { password: 'Sneaky-takeover-attempt-1', confirm: 'Sneaky-takeover-attempt-1' });
    expect(res.headers.get('location')).toBe('/account');
  });

  it('sends staff without two-factor to set it up when the master admin requires it — admins and employees each by their own switch', async () => {
    const settings = await t.app.services.settings.get();
    const employee = (await signIn(await makeUser(['employee']))).c;
    const admin = (await signIn(await makeUser(['admin']))).c;
    const where = async (c: Client) => (await c.get('/admin/dashboard')).headers.get('location');
    try {
      await t.app.services.settings.update({ ...settings, requireTwoFactorForEmployees: true }, SYSTEM_ACTOR);
      expect(await where(employee)).toBe('/account/two-factor?required=1');
      expect(await where(admin)).toBeNull();
      await t.app.services.settings.update({ ...settings, requireTwoFactorForStaff: true }, SYSTEM_ACTOR);
      expect(await where(employee)).toBeNull();
      expect(await where(admin)).toBe('/account/two-factor?required=1');
    } finally {
      await t.app.services.settings.update(settings, SYSTEM_ACTOR);
    }
  });
});

describe('roles over the API', () => {
  it('answers has_role for the signed-in user', async () => {
    const { c } = await signIn(await makeUser(['distributor']));
    expect(await (await c.json('POST', '/api/rpc/has_role', { role_name: 'distributor' })).json()).toBe(true);
    expect(await (await c.json('POST', '/api/rpc/has_role', { role_name: 'admin' })).json()).toBe(false);
  });
});
