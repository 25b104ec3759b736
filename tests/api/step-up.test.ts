// Step-up (issue 17): a fresh password — and code, with two-factor — elevates the session for ten
// minutes; wrong answers are audited and, past five in fifteen minutes, refused whatever is typed.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireStepUp, STEP_UP_MS } from '../../server/auth/step-up';
import { totpCode } from '../../server/auth/totp';
import { SYSTEM_ACTOR } from '../../server/core/actor';
import { auditLogs } from '../../server/db/schema';
import { readSessionToken } from '../../server/http/request-auth';
import { Client } from '../support/client';
import { startTestServer, type TestServer } from '../support/test-server';

let t: TestServer;
let clock = Date.UTC(2026, 10, 24, 9);
const now = () => clock;
const PASSWORD = 'Step-up-tests-password-2026';

beforeAll(async () => {
  t = await startTestServer({}, { now });
});
afterAll(async () => {
  await t?.close();
});

async function signedIn(tag: string): Promise<{ c: Client; userId: string; email: string }> {
  const email = `step-up-${tag}@staff.example`;
  const { userId } = await t.app.services.users.createUser(
    { email, firstName: 'Step', lastName: tag, roles: ['admin'], password: PASSWORD, confirmed: true },
    SYSTEM_ACTOR,
  );
  const c = await new Client(t.url).passGate();
  expect((await c.post('/auth/login', { email, password: PASSWORD })).status).toBe(302);
  return { c, userId, email };
}

const sessionOf = async (c: Client) => (await t.app.services.sessions.resolve(readSessionToken(c.header(), false) as string, { touch: false }))!;

describe('POST /api/auth/step-up', () => {
  it('elevates the session for ten minutes after the right password, audited; the session says so at once', async () => {
    const { c, userId } = await signedIn('ok');
    const before = await sessionOf(c);
    expect(before.elevatedUntil).toBeNull();
    expect(() => requireStepUp(before, now())).toThrow(expect.objectContaining({ code: 'step_up_required', kind: 'forbidden' }));

    const res = await c.json('POST', '/api/auth/step-up', { password: PASSWORD });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(new Date((await res.json()).elevatedUntil).getTime()).toBe(now() + STEP_UP_MS);
    const after = await sessionOf(c);
    expect(after.elevatedUntil).toBe(now() + STEP_UP_MS);
    expect(() => requireStepUp(after, now())).not.toThrow();
    expect(() => requireStepUp(after, now() + STEP_UP_MS)).toThrow(expect.objectContaining({ code: 'step_up_required' }));

    const rows = await t.db.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.userId, userId), eq(auditLogs.action, 'STEP_UP')));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ tableName: 'sessions', recordId: after.sessionId, source: 'service' });
  });

  it('refuses a wrong password with the field named, audits it, and after five refuses even the right one (for fifteen minutes, by the database clock)', async () => {
    const { c, userId } = await signedIn('wrong');
    for (let i = 0; i < 5; i++) {
      const res = await c.json('POST', '/api/auth/step-up', { password: 'not-it' });
      expect(res.status).toBe(400);
      const { error } = await res.json();
      expect(error).toMatchObject({ code: 'wrong_password', details: [{ path: 'password' }] });
    }
    const locked = await c.json('POST', '/api/auth/step-up', { password: PASSWORD });
    expect(locked.status).toBe(429);
    expect((await locked.json()).error.code).toBe('too_many_attempts');
    expect((await sessionOf(c)).elevatedUntil).toBeNull();
    const failures = await t.db.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.recordId, userId), eq(auditLogs.action, 'STEP_UP_FAILED')));
    expect(failures).toHaveLength(5);
    // Another person's failures are theirs: this one still steps up.
    const other = await signedIn('other');
    expect((await other.c.json('POST', '/api/auth/step-up', { password: PASSWORD })).status).toBe(200);
  });

  it('with two-factor on, asks for the code too and accepts it once', async () => {
    const { c } = await signedIn('totp');
    const started = await c.post('/account/two-factor', { intent: 'start' });
    const secret = /data-testid="totp-secret">([A-Z2-7]+)</.exec(await started.text())?.[1] as string;
    expect((await c.post('/account/two-factor', { intent: 'confirm', code: await totpCode(secret, now() / 1000) })).status).toBe(200);
    clock += 60_000;

    const noCode = await c.json('POST', '/api/auth/step-up', { password: PASSWORD });
    expect(noCode.status).toBe(400);
    expect((await noCode.json()).error).toMatchObject({ code: 'wrong_code', details: [{ path: 'code' }] });
    const code = await totpCode(secret, now() / 1000);
    expect((await c.json('POST', '/api/auth/step-up', { password: PASSWORD, code })).status).toBe(200);
    // The same code twice is refused (the last accepted time step).
    expect((await c.json('POST', '/api/auth/step-up', { password: PASSWORD, code })).status).toBe(400);
  });

  it('needs a signed-in session and a password', async () => {
    expect((await new Client(t.url).json('POST', '/api/auth/step-up', { password: PASSWORD })).status).toBe(401);
    const { c } = await signedIn('shape');
    expect((await c.json('POST', '/api/auth/step-up', {})).status).toBe(400);
  });
});
