// Accounts: sign-up with email confirmation, sign-in with lockout and password expiry, two-factor,
// password reset, profile, sessions. Every security event is audited in the same transaction. What
// administers users (create, invite, status, unlock) is the users module's (modules/users/service.ts).
//
// Whether an account exists must not show in how long an answer takes: sign-in and the "email me a
// link" requests run the same statements and one argon2 verification for a known and an unknown
// address (the parameters differ, not the work). The mail itself is the work of a job, enqueued in
// the same statement shape for every address: its handler looks the account up, creates the link and
// stores the email (or does nothing) after the answer is written.
import { and, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import { href } from 'react-router';
import { dashboardLanding } from '../../../shared/policy';
import type { Db, DbOrTx } from '../../db/client';
import { auditLogs, authTokens, profiles, recoveryCodes, sessions, trustedDevices, userRoles, users } from '../../db/schema';
import { STEP_UP_FAILURE_WINDOW_MS, STEP_UP_MAX_FAILURES, STEP_UP_MS } from '../../auth/step-up';
import { AppError } from '../../core/errors';
import { createRateLimiter } from '../../core/rate-limit';
import { dummyHash, hashPassword, passwordProblem, verifyPassword, weakPassword } from '../../auth/password';
import { hashToken, newToken, type Sealer } from '../../auth/tokens';
import { matchTotp, newRecoveryCodes, newTotpSecret, qrDataUrl, totpUri } from '../../auth/totp';
import type { Jobs } from '../../jobs/registry';
import type { Mailer } from '../../mail/mailer';
import * as templates from '../../mail/templates';
import type { ChangeFeed } from '../../realtime/changes';
import { type Actor } from '../../core/actor';
import { recordAudit } from '../audit';
import type { SettingsService } from '../security';
import { type CurrentUser, MFA_PENDING_MAX_AGE_MS, type SessionStore, USER_CHANGED_TOPIC } from './sessions';
import { findUserByEmail } from '../users';
import { createKnownDevices, knownDeviceCookie, readKnownDevice } from './known-devices';
import { createOneTimeTokens } from './one-time-tokens';
import { createLockout, type LockoutSettings, type NewLock, sourceOf, subjectOf } from './lockout';

const HOUR = 3600_000;

export { SESSION_REVOKED_TOPIC } from './topics';
import { SESSION_REVOKED_TOPIC } from './topics';

export type SignInResult =
  /** `knownDevice`: the id to keep in the browser's known-device cookie (new or refreshed). */
  | { kind: 'signed_in'; token: string; user: CurrentUser; landing: string; passwordExpired: boolean; knownDevice?: string }
  | { kind: 'two_factor'; token: string }
  | { kind: 'invalid' }
  | { kind: 'unconfirmed' }
  | { kind: 'suspended' };

export interface AuthDeps {
  db: Db;
  sessions: SessionStore;
  settings: SettingsService;
  mailer: Mailer;
  jobs: Jobs;
  sealer: Sealer;
  feed: ChangeFeed;
  now?: () => number;
}

/** Wrong second-factor codes allowed on one half-open session before it ends. */
export const MFA_MAX_FAILURES = 5;

/** The address as every lookup compares it (`findUserByEmail`), and as jobs carry it. */
const normalEmail = (email: string) => email.trim().toLowerCase();

export function createAuthService(deps: AuthDeps) {
  const { db, mailer, jobs, sealer, settings } = deps;
  const now = deps.now ?? Date.now;
  // Wrong codes per half-open session, in the shared rate_limits table: the next attempt may land on
  // another instance. The window is the half-open session's whole life.
  const mfaFailures = createRateLimiter(db, { name: 'mfa', limit: MFA_MAX_FAILURES, windowMs: MFA_PENDING_MAX_AGE_MS, now, what: 'wrong codes' });
  const lockout = createLockout(db, now);
  const knownDevices = createKnownDevices(db, now);
  const { issue: issueToken, consume: consumeToken } = createOneTimeTokens(now);

  // The emails of account requests, as jobs. Each looks the address up itself, so the request that
  // enqueued it did the same work whether or not an account has that address; each stores its token
  // and its email in one transaction, so a retry after a failure never sends two working links.

  /** A reset link to an account that exists (and, for forgot-password, is not suspended). */
  jobs.handle('auth.reset-request', async ({ email, origin, via }) => {
    const found = await findUserByEmail(db, email);
    if (!found || (via === 'forgot_password' && found.status === 'suspended')) return;
    await db.transaction(async (tx) => {
      // A new link replaces any earlier one (issueToken revokes them).
      const token = await issueToken(tx, found.id, 'reset_password');
      await mailer.send(templates.resetPassword(found.email, `${origin}${href('/auth/reset-password')}?token=${token}`), tx);
    });
  });

  /** A confirmation link to an account that exists and is not confirmed yet. */
  jobs.handle('auth.confirmation-request', async ({ email, origin }) => {
    const found = await findUserByEmail(db, email);
    if (!found || found.emailConfirmedAt) return;
    const [profile] = await db.select().from(profiles).where(eq(profiles.id, found.id));
    await db.transaction(async (tx) => {
      const token = await issueToken(tx, found.id, 'confirm_email');
      await mailer.send(templates.confirmEmail(found.email, profile?.firstName ?? '', `${origin}${href('/auth/confirm')}?token=${token}`), tx);
    });
  });

  /** The first lockout of a period emails the owner a reset link, which also unlocks. */
  jobs.handle('auth.lock-notice', async ({ email, origin, locks }) => {
    const found = await findUserByEmail(db, email);
    if (!found?.passwordHash || !locks.length) return;
    const cfg = await settings.get();
    if (!(await lockout.claimNotification(subjectOf(email), cfg.lockoutMinutes))) return;
    const lock = locks.find((l) => l.scope === 'account') ?? (locks[0] as NewLock);
    await db.transaction(async (tx) => {
      const token = await issueToken(tx, found.id, 'reset_password');
      await mailer.send(templates.accountLocked(found.email, `${origin}${href('/auth/reset-password')}?token=${token}`, lock.minutes, lock.scope), tx);
    });
  });

  /** Old sign-in failures are forgotten once an hour (once across instances). */
  jobs.every('auth.lockout-sweep', 'hour', () => lockout.sweep());

  async function revokeAll(tx: DbOrTx, userId: string, exceptSessionId?: string) {
    await deps.sessions.revokeAll(tx, userId, exceptSessionId);
  }

  /** Cached sessions of this user (on every instance) are dropped and read again. */
  async function announceChanged(userId: string) {
    await deps.feed.publish(USER_CHANGED_TOPIC, { userId });
  }

  async function announceRevoked(userId: string) {
    await deps.feed.publish(SESSION_REVOKED_TOPIC, { userId });
  }

  async function setPassword(tx: DbOrTx, userId: string, password: string) {
    // A new password also ends the trust given to devices for two-factor prompts.
    await tx.delete(trustedDevices).where(eq(trustedDevices.userId, userId));
    await tx
      .update(users)
      .set({ passwordHash: await hashPassword(password), updatedAt: new Date(now()) })
      .where(eq(users.id, userId));
    await tx
      .update(profiles)
      .set({ passwordLastUpdated: new Date(now()), requiresPasswordReset: false })
      .where(eq(profiles.id, userId));
  }

  async function passwordExpired(userId: string): Promise<boolean> {
    const [profile] = await db.select().from(profiles).where(eq(profiles.id, userId));
    if (!profile) return false;
    if (profile.requiresPasswordReset) return true;
    const cfg = await settings.get();
    if (!cfg.passwordExpiryEnabled) return false;
    const last = profile.passwordLastUpdated?.getTime() ?? 0;
    return now() - last > cfg.passwordExpiryDays * 24 * HOUR;
  }

  return {
    async register(input: { email: string; password: string; firstName: string; lastName: string }, actor: Actor, origin: string): Promise<{ userId: string }> {
      const problem = passwordProblem(input.password, input.email);
      if (problem) throw weakPassword(problem);
      const passwordHash = await hashPassword(input.password);
      const existing = await findUserByEmail(db, input.email);
      if (existing) {
        // Do not reveal the account exists: the owner gets a reset link instead.
        await jobs.enqueue(db, 'auth.reset-request', { email: normalEmail(input.email), origin, via: 'sign_up' });
        return { userId: '' };
      }
      const created = await db.transaction(async (tx) => {
        const [user] = await tx.insert(users).values({ email: input.email, passwordHash }).onConflictDoNothing().returning({ id: users.id });
        // Registered at the same moment by another request: answer as for an existing account.
        if (!user) return null;
        const id = (user as { id: string }).id;
        await tx.insert(profiles).values({ id, firstName: input.firstName, lastName: input.lastName, passwordLastUpdated: new Date(now()) });
        await tx.insert(userRoles).values({ userId: id, role: 'customer' });
        await recordAudit(tx, { ...actor, userId: id }, { action: 'SIGN_UP', tableName: 'users', recordId: id, newValues: { email: input.email } });
        // The confirmation email exists iff the account does.
        await jobs.enqueue(tx, 'auth.confirmation-request', { email: normalEmail(input.email), origin });
        return { userId: id };
      });
      if (!created) return { userId: '' };
      return { userId: created.userId };
    },

    /** Spends the link and confirms; a link opened again once its account is confirmed says so (`already`). */
    async confirmEmail(token: string, actor: Actor): Promise<{ userId: string; already: boolean }> {
      try {
        return await db.transaction(async (tx) => {
          const { userId } = await consumeToken(tx, token, ['confirm_email']);
          await tx
            .update(users)
            .set({ emailConfirmedAt: new Date(now()) })
            .where(eq(users.id, userId));
          await recordAudit(tx, { ...actor, userId }, { action: 'EMAIL_CONFIRMED', tableName: 'users', recordId: userId });
          return { userId, already: false };
        });
      } catch (err) {
        const [done] = await db
          .select({ userId: authTokens.userId })
          .from(authTokens)
          .innerJoin(users, eq(users.id, authTokens.userId))
          .where(and(eq(authTokens.tokenHash, hashToken(token)), eq(authTokens.purpose, 'confirm_email'), isNotNull(users.emailConfirmedAt)));
        if (done) return { userId: done.userId, already: true };
        throw err;
      }
    },

    /** Always answers the same, with the same work; sends a new link only to an unconfirmed account. */
    async resendConfirmation(email: string, origin: string): Promise<void> {
      // The job decides (no account, or confirmed already: nothing is sent).
      await jobs.enqueue(db, 'auth.confirmation-request', { email: normalEmail(email), origin });
    },

    /**
     * Password sign-in. Failures count per account and source (lockout.ts): the address that guesses
     * is the one locked out, a known device (`knownDevice`, the cookie's id) keeps its way in, and
     * the owner is emailed a reset link that unlocks. `deviceToken` is "remember this device" for
     * the second factor.
     */
    async signIn(
      input: { email: string; password: string; deviceToken?: string; knownDevice?: string | null },
      actor: Actor,
      origin: string,
    ): Promise<SignInResult> {
      const cfg: LockoutSettings = await settings.get();
      const subject = subjectOf(input.email);
      const found = await findUserByEmail(db, input.email);
      const user = found?.passwordHash ? found : undefined;
      // From here to the answer, an unknown email runs the same statements with other parameters,
      // and verifies the password against a fixed hash: the time taken tells nothing.
      const deviceId = await knownDevices.find(user?.id ?? null, input.knownDevice ?? null);
      const source = sourceOf(actor.ip, deviceId);
      const locked = await lockout.lockedFor(subject, source);
      const ok = await verifyPassword(user?.passwordHash ?? (await dummyHash()), input.password);
      if (locked || !ok || !user) {
        const reason = locked ? 'locked' : user ? 'wrong_password' : 'unknown_email';
        await db.transaction(async (tx) => {
          const started = locked ? [] : await lockout.recordFailure(tx, subject, source, cfg);
          const who = { ...actor, userId: user?.id ?? null };
          await recordAudit(tx, who, { action: 'SIGN_IN_FAILED', tableName: 'users', recordId: user?.id ?? null, newValues: { reason, source } });
          for (const lock of started) await recordAudit(tx, who, { action: 'LOCKOUT', tableName: 'users', recordId: user?.id ?? null, newValues: lock });
          // Known or not, a new lock enqueues the notice; its handler emails an owner if there is one.
          if (started.length) await jobs.enqueue(tx, 'auth.lock-notice', { email: normalEmail(input.email), origin, locks: started });
        });
        return { kind: 'invalid' };
      }
      // The right password for an account that may not sign in: a failure too (not counted towards a lock).
      const refused = user.status !== 'active' ? 'suspended' : !user.emailConfirmedAt ? 'unconfirmed' : null;
      if (refused) {
        await db.transaction((tx) =>
          recordAudit(
            tx,
            { ...actor, userId: user.id },
            { action: 'SIGN_IN_FAILED', tableName: 'users', recordId: user.id, newValues: { reason: refused, status: user.status } },
          ),
        );
        return { kind: refused };
      }

      const trusted = input.deviceToken ? await this.isTrustedDevice(user.id, input.deviceToken) : false;
      const needsCode = user.totpEnabledAt !== null && !trusted;
      // The browser becomes known once both factors are in (verifyTwoFactor does it after the code).
      const device = input.knownDevice ?? newToken();
      const created = await db.transaction(async (tx) => {
        await lockout.clearSource(tx, subject, source);
        if (!needsCode) {
          await tx
            .update(users)
            .set({ lastLoginAt: new Date(now()) })
            .where(eq(users.id, user.id));
          await knownDevices.remember(tx, user.id, device);
        }
        const session = await deps.sessions.create(tx, user.id, { ip: actor.ip, userAgent: actor.userAgent ?? null, mfaPending: needsCode });
        await recordAudit(tx, { ...actor, userId: user.id }, { action: needsCode ? 'SIGN_IN_PASSWORD_OK' : 'SIGN_IN', tableName: 'users', recordId: user.id });
        return session;
      });
      if (needsCode) return { kind: 'two_factor', token: created.token };
      const result = await this.finishSignIn(created.token);
      return result.kind === 'signed_in' ? { ...result, knownDevice: device } : result;
    },

    /** The known-device id from a request's cookies (over TLS only the `__Host-` cookie). */
    knownDeviceFrom: readKnownDevice,
    /** The Set-Cookie value that keeps a known-device id in the browser. */
    knownDeviceCookie,

    /** After the password (and the second factor), flag an expired password and find the landing. */
    async finishSignIn(token: string): Promise<SignInResult> {
      let user = await deps.sessions.resolve(token);
      if (!user) return { kind: 'invalid' };
      const expired = await passwordExpired(user.id);
      if (expired && !user.requiresPasswordReset) {
        await db.update(profiles).set({ requiresPasswordReset: true }).where(eq(profiles.id, user.id));
        await announceChanged(user.id);
        user = { ...user, requiresPasswordReset: true };
      }
      return { kind: 'signed_in', token, user, landing: dashboardLanding(user.roles, user.areas), passwordExpired: expired };
    },

    async verifyTwoFactor(
      token: string,
      code: string,
      remember: boolean,
      actor: Actor,
      knownDevice?: string | null,
    ): Promise<{ result: SignInResult; token?: string; deviceToken?: string; deviceDays?: number; knownDevice?: string }> {
      const user = await deps.sessions.resolve(token);
      if (!user || !user.mfaPending) return { result: { kind: 'invalid' } };
      const [row] = await db.select().from(users).where(eq(users.id, user.id));
      if (!row?.totpSecret) return { result: { kind: 'invalid' } };
      const ok = await this.checkSecondFactor(row, code);
      if (!ok) {
        const failures = await mfaFailures.count(user.sessionId);
        await db.transaction((tx) =>
          recordAudit(tx, { ...actor, userId: user.id }, { action: 'TWO_FACTOR_FAILED', tableName: 'users', recordId: user.id, newValues: { failures } }),
        );
        if (failures >= MFA_MAX_FAILURES) {
          // Too many wrong codes: the half-open session ends; the password is needed again. The
          // count stays until its window passes: an instance that has not yet heard of the
          // revocation (its session cache) still refuses every further code.
          await deps.sessions.revoke(token);
          throw new AppError('too_many_codes', 'limited', 'Too many wrong codes. Sign in again.');
        }
        throw new AppError('invalid_code', 'invalid', 'That code is not valid. Try the current code from your app, or a recovery code.');
      }
      const cfg = await settings.get();
      let deviceToken: string | undefined;
      let fresh = '';
      const device = knownDevice ?? newToken();
      const ended = await db.transaction(async (tx) => {
        // A new session token once both factors are in (the half-open one ends). The half-open
        // session must still exist: another instance may have ended it (too many wrong codes)
        // before this one's session cache heard.
        const [halfOpen] = await tx.delete(sessions).where(eq(sessions.id, user.sessionId)).returning({ id: sessions.id });
        if (!halfOpen) return false;
        await knownDevices.remember(tx, user.id, device);
        fresh = (await deps.sessions.create(tx, user.id, { ip: actor.ip, userAgent: actor.userAgent ?? null, mfaPending: false })).token;
        await tx
          .update(users)
          .set({ lastLoginAt: new Date(now()) })
          .where(eq(users.id, user.id));
        if (remember) {
          deviceToken = newToken();
          await tx
            .insert(trustedDevices)
            .values({ userId: user.id, tokenHash: hashToken(deviceToken), expiresAt: new Date(now() + cfg.rememberDeviceDays * 24 * HOUR) });
        }
        await recordAudit(tx, { ...actor, userId: user.id }, { action: 'SIGN_IN', tableName: 'users', recordId: user.id, newValues: { twoFactor: true } });
        return true;
      });
      if (!ended) return { result: { kind: 'invalid' } };
      await mfaFailures.forget(user.sessionId);
      return { result: await this.finishSignIn(fresh), token: fresh, deviceToken, deviceDays: cfg.rememberDeviceDays, knownDevice: device };
    },

    /** A TOTP code newer than the last accepted one, or an unused recovery code. */
    async checkSecondFactor(row: typeof users.$inferSelect, code: string): Promise<boolean> {
      const clean = code.replace(/\s/g, '');
      if (/^\d{6}$/.test(clean) && row.totpSecret) {
        const step = await matchTotp(sealer.open(row.totpSecret), clean, now(), row.totpLastStep ?? null);
        if (step === null) return false;
        // Conditional update: two concurrent requests with the same code cannot both win.
        const [won] = await db
          .update(users)
          .set({ totpLastStep: step })
          .where(and(eq(users.id, row.id), sql`coalesce(${users.totpLastStep}, -1) < ${step}`))
          .returning({ id: users.id });
        return !!won;
      }
      const [used] = await db
        .update(recoveryCodes)
        .set({ usedAt: new Date(now()) })
        .where(and(eq(recoveryCodes.userId, row.id), eq(recoveryCodes.codeHash, hashToken(clean.toLowerCase())), isNull(recoveryCodes.usedAt)))
        .returning({ id: recoveryCodes.id });
      return !!used;
    },

    async isTrustedDevice(userId: string, deviceToken: string): Promise<boolean> {
      const [row] = await db
        .select({ id: trustedDevices.id })
        .from(trustedDevices)
        .where(and(eq(trustedDevices.userId, userId), eq(trustedDevices.tokenHash, hashToken(deviceToken)), gt(trustedDevices.expiresAt, new Date(now()))));
      return !!row;
    },

    async signOut(token: string, actor: Actor): Promise<void> {
      const userId = await deps.sessions.revoke(token);
      if (userId) {
        await db.transaction((tx) => recordAudit(tx, { ...actor, userId }, { action: 'SIGN_OUT', tableName: 'sessions', recordId: null }));
        await announceRevoked(userId);
      }
    },

    async signOutOthers(user: CurrentUser, actor: Actor): Promise<void> {
      await db.transaction(async (tx) => {
        await revokeAll(tx, user.id, user.sessionId);
        await recordAudit(
          tx,
          { ...actor, userId: user.id },
          { action: 'SESSIONS_REVOKED', tableName: 'sessions', recordId: null, newValues: { kept: user.sessionId } },
        );
      });
      await announceRevoked(user.id);
    },

    async listSessions(userId: string) {
      return db
        .select({
          id: sessions.id,
          createdAt: sessions.createdAt,
          lastSeenAt: sessions.lastSeenAt,
          ipAddress: sessions.ipAddress,
          userAgent: sessions.userAgent,
        })
        .from(sessions)
        .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date(now()))))
        .orderBy(sql`${sessions.lastSeenAt} desc`);
    },

    /**
     * Always answers the same, with the same statements, whether or not the account exists: the
     * audit row and one `auth.reset-request` job, whose handler creates the link and the email.
     */
    async requestPasswordReset(email: string, actor: Actor, origin: string): Promise<void> {
      const found = await findUserByEmail(db, email);
      const user = found && found.status !== 'suspended' ? found : undefined;
      await db.transaction(async (tx) => {
        await recordAudit(tx, { ...actor, userId: user?.id ?? null }, { action: 'PASSWORD_RESET_REQUESTED', tableName: 'users', recordId: user?.id ?? null });
        await jobs.enqueue(tx, 'auth.reset-request', { email: normalEmail(email), origin, via: 'forgot_password' });
      });
    },

    /** With an emailed link: sets the password, unlocks, ends every session. Two-factor stays on. */
    /**
     * Sets the password a one-time link allows. An accepted invitation also signs the invitee in
     * (`session`: the new session's token) — the link proved the mailbox and the password was just
     * chosen — unless the account has two-factor (the code is still owed: they sign in as usual) or
     * is not active. A reset link never signs in.
     */
    async resetPasswordWithToken(token: string, password: string, actor: Actor): Promise<{ userId: string; session?: string }> {
      return db
        .transaction(async (tx) => {
          const { userId, purpose } = await consumeToken(tx, token, ['reset_password', 'invitation']);
          const [user] = await tx.select().from(users).where(eq(users.id, userId));
          const problem = passwordProblem(password, user?.email);
          if (problem) throw weakPassword(problem);
          await setPassword(tx, userId, password);
          // The link proves the mailbox: it unlocks (every source), and an invitation or reset also confirms the email.
          if (user) await lockout.clearAll(tx, subjectOf(user.email));
          await tx
            .update(users)
            .set({ emailConfirmedAt: user?.emailConfirmedAt ?? new Date(now()) })
            .where(eq(users.id, userId));
          await revokeAll(tx, userId);
          await recordAudit(
            tx,
            { ...actor, userId },
            { action: purpose === 'invitation' ? 'INVITATION_ACCEPTED' : 'PASSWORD_RESET', tableName: 'users', recordId: userId },
          );
          if (purpose !== 'invitation' || !user || user.status !== 'active' || user.totpEnabledAt !== null) return { userId };
          await tx
            .update(users)
            .set({ lastLoginAt: new Date(now()) })
            .where(eq(users.id, userId));
          const session = await deps.sessions.create(tx, userId, { ip: actor.ip, userAgent: actor.userAgent ?? null, mfaPending: false });
          await recordAudit(tx, { ...actor, userId }, { action: 'SIGN_IN', tableName: 'users', recordId: userId, newValues: { via: 'invitation' } });
          return { userId, session: session.token };
        })
        .then(async (r) => {
          await announceRevoked(r.userId);
          return r;
        });
    },

    /** A signed-in user sets a new password (forced reset or account page); other sessions end. */
    async changePassword(user: CurrentUser, input: { current?: string; password: string }, actor: Actor): Promise<void> {
      const [row] = await db.select().from(users).where(eq(users.id, user.id));
      if (!row) throw new AppError('not_found', 'not_found', 'Account not found.');
      if (input.current !== undefined && !(row.passwordHash && (await verifyPassword(row.passwordHash, input.current)))) {
        throw new AppError('wrong_password', 'invalid', 'Your current password is not correct.', {
          details: [{ path: 'current', message: 'Your current password is not correct.' }],
        });
      }
      const problem = passwordProblem(input.password, row.email);
      if (problem) throw weakPassword(problem);
      if (row.passwordHash && (await verifyPassword(row.passwordHash, input.password))) {
        throw weakPassword('Choose a password different from your current one.');
      }
      await db.transaction(async (tx) => {
        await setPassword(tx, user.id, input.password);
        await revokeAll(tx, user.id, user.sessionId);
        await recordAudit(tx, { ...actor, userId: user.id }, { action: 'PASSWORD_CHANGED', tableName: 'users', recordId: user.id });
      });
      await announceRevoked(user.id);
    },

    async updateProfile(user: CurrentUser, input: { firstName: string; lastName: string; avatarUrl: string | null }, actor: Actor): Promise<void> {
      await db.transaction(async (tx) => {
        const [before] = await tx.select().from(profiles).where(eq(profiles.id, user.id));
        await tx.update(profiles).set(input).where(eq(profiles.id, user.id));
        await recordAudit(
          tx,
          { ...actor, userId: user.id },
          {
            action: 'UPDATE',
            tableName: 'profiles',
            recordId: user.id,
            oldValues: before ? { firstName: before.firstName, lastName: before.lastName, avatarUrl: before.avatarUrl } : null,
            newValues: input,
          },
        );
      });
      await announceChanged(user.id);
    },

    /** Starts enrolment: a new secret kept (sealed) but not active until a code confirms it. */
    async beginTotp(user: CurrentUser): Promise<{ secret: string; uri: string; qr: string }> {
      if (user.twoFactorEnabled) throw new AppError('already_enabled', 'conflict', 'Two-factor authentication is already on.');
      const secret = newTotpSecret();
      await db
        .update(users)
        .set({ totpSecret: sealer.seal(secret), totpLastStep: null })
        .where(eq(users.id, user.id));
      const uri = totpUri(secret, user.email);
      return { secret, uri, qr: await qrDataUrl(uri) };
    },

    /** Confirms enrolment with a code; returns the recovery codes, shown once. */
    async confirmTotp(user: CurrentUser, code: string, actor: Actor): Promise<string[]> {
      const [row] = await db.select().from(users).where(eq(users.id, user.id));
      if (!row?.totpSecret || row.totpEnabledAt) throw new AppError('not_enrolling', 'conflict', 'Start two-factor set-up first.');
      const step = await matchTotp(sealer.open(row.totpSecret), code.replace(/\s/g, ''), now(), row.totpLastStep ?? null);
      if (step === null) throw new AppError('invalid_code', 'invalid', 'That code is not valid. Check the time on your phone and try the current code.');
      const codes = newRecoveryCodes();
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ totpEnabledAt: new Date(now()), totpLastStep: step })
          .where(eq(users.id, user.id));
        await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
        await tx.insert(recoveryCodes).values(codes.map((c) => ({ userId: user.id, codeHash: hashToken(c) })));
        await recordAudit(tx, { ...actor, userId: user.id }, { action: 'TWO_FACTOR_ENABLED', tableName: 'users', recordId: user.id });
      });
      await announceChanged(user.id);
      return codes;
    },

    /**
     * Step-up (server/auth/step-up.ts): a fresh password — and code, with two-factor — marks this
     * session elevated for STEP_UP_MS. Failures are audited and counted; past the limit the check
     * refuses for a while, whatever is typed.
     */
    async confirmStepUp(user: CurrentUser, input: { password: string; code?: string }, actor: Actor): Promise<{ elevatedUntil: number }> {
      const [{ failures }] = (await db
        .select({ failures: sql<number>`count(*)::int` })
        .from(auditLogs)
        .where(
          and(
            eq(auditLogs.tableName, 'users'),
            eq(auditLogs.recordId, user.id),
            eq(auditLogs.action, 'STEP_UP_FAILED'),
            // The database's clock, as the rows' created_at (every instance counts the same rows).
            sql`${auditLogs.createdAt} > now() - make_interval(secs => ${STEP_UP_FAILURE_WINDOW_MS / 1000})`,
          ),
        )) as [{ failures: number }];
      if (failures >= STEP_UP_MAX_FAILURES) {
        throw new AppError('too_many_attempts', 'limited', 'Too many wrong attempts. Try again in 15 minutes.');
      }
      const [row] = await db.select().from(users).where(eq(users.id, user.id));
      const passwordOk = !!row?.passwordHash && (await verifyPassword(row.passwordHash, input.password));
      const codeOk = !passwordOk || !row?.totpEnabledAt ? passwordOk : !!input.code && (await this.checkSecondFactor(row, input.code));
      if (!passwordOk || !codeOk) {
        await db.transaction((tx) =>
          recordAudit(
            tx,
            { ...actor, userId: user.id },
            { action: 'STEP_UP_FAILED', tableName: 'users', recordId: user.id, newValues: { reason: passwordOk ? 'code' : 'password' } },
          ),
        );
        if (!passwordOk)
          throw new AppError('wrong_password', 'invalid', 'Your password is not correct.', {
            details: [{ path: 'password', message: 'Your password is not correct.' }],
          });
        throw new AppError('wrong_code', 'invalid', input.code ? 'That code is not correct.' : 'Enter the code from your authenticator app.', {
          details: [{ path: 'code', message: input.code ? 'That code is not correct.' : 'Enter the code from your authenticator app.' }],
        });
      }
      const elevatedUntil = now() + STEP_UP_MS;
      await db.transaction(async (tx) => {
        await tx
          .update(sessions)
          .set({ elevatedUntil: new Date(elevatedUntil) })
          .where(eq(sessions.id, user.sessionId));
        await recordAudit(tx, { ...actor, userId: user.id }, { action: 'STEP_UP', tableName: 'sessions', recordId: user.sessionId });
      });
      // The cached session (on every instance) must see the confirmation on the next request.
      await announceChanged(user.id);
      return { elevatedUntil };
    },

    async disableTotp(user: CurrentUser, password: string, actor: Actor): Promise<void> {
      const [row] = await db.select().from(users).where(eq(users.id, user.id));
      if (!row?.passwordHash || !(await verifyPassword(row.passwordHash, password))) {
        throw new AppError('wrong_password', 'invalid', 'Your password is not correct.', {
          details: [{ path: 'password', message: 'Your password is not correct.' }],
        });
      }
      await db.transaction(async (tx) => {
        await tx.update(users).set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null }).where(eq(users.id, user.id));
        await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
        await tx.delete(trustedDevices).where(eq(trustedDevices.userId, user.id));
        await recordAudit(tx, { ...actor, userId: user.id }, { action: 'TWO_FACTOR_DISABLED', tableName: 'users', recordId: user.id });
      });
      await announceChanged(user.id);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
