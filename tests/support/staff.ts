// Signed-in clients per role for API tests: a real user, the real sign-in form, the gate passed.
import { expect } from 'vitest';
import type { Role } from '../../shared/policy';
import { SYSTEM_ACTOR } from '../../server/core/actor';
import { Client } from './client';
import type { TestServer } from './test-server';

export const STAFF_PASSWORD = 'Staff-tests-password-2026';
const PASSWORD = STAFF_PASSWORD;

/** Creates `<role>-<tag>@staff.example` with that role and returns a client signed in as them. */
export async function signedIn(t: TestServer, role: Role, tag = 'x'): Promise<Client & { userId: string }> {
  const email = `${role.replace('_', '-')}-${tag}@staff.example`;
  const user = await t.app.services.users.createUser(
    { email, firstName: role, lastName: tag, roles: [role], password: PASSWORD, confirmed: true },
    SYSTEM_ACTOR,
  );
  const c = await new Client(t.url).passGate();
  const res = await c.post('/auth/login', { email, password: PASSWORD });
  expect(res.status, `sign-in as ${role}`).toBe(302);
  return Object.assign(c, { userId: user.userId });
}

/** A fresh password check for the client's session (step-up: role and settings changes need one within ten minutes). */
export async function stepUp(c: Client, password = PASSWORD): Promise<void> {
  const res = await c.json('POST', '/api/auth/step-up', { password });
  expect(res.status, 'step-up').toBe(200);
}
