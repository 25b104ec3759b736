// User administration: creating users (invited, or with a password for demo and tests), their status,
// unlocking a locked-out account, and reading anyone's effective roles. Signing in, sessions, one-time
// links and two-factor are the auth module's (modules/auth/service.ts).
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { authTokens, profiles, userRoles, users } from '../../db/schema';
import { AppError } from '../../core/errors';
import { hashPassword, passwordProblem, weakPassword } from '../../auth/password';
import type { ChangeFeed } from '../../realtime/changes';
import { type Actor } from '../../core/actor';
import { recordAudit } from '../audit';
import { createLockout, subjectOf, createOneTimeTokens, type SessionStore, USER_CHANGED_TOPIC, SESSION_REVOKED_TOPIC } from '../auth';
import { accessOf } from './access';

/** The account with this address, compared trimmed and lower-cased (as it is stored). */
export async function findUserByEmail(tx: DbOrTx, email: string) {
  const [row] = await tx
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`);
  return row;
}

export interface NewUser {
  email: string;
  firstName: string;
  lastName: string;
  roles: string[];
  password?: string;
  /** A hash made already (demo seeding hashes its one password once for many users). */
  passwordHash?: string;
  isMasterAdmin?: boolean;
  confirmed?: boolean;
  /** A partner user's organisation. */
  organisationId?: string | null;
}

export interface UserDeps {
  db: Db;
  sessions: SessionStore;
  feed: ChangeFeed;
  now?: () => number;
}

export function createUserService(deps: UserDeps) {
  const { db, feed } = deps;
  const now = deps.now ?? Date.now;
  const lockout = createLockout(db, now);
  const tokens = createOneTimeTokens(now);

  async function checkedHash(input: NewUser): Promise<string | null> {
    if (input.passwordHash) return input.passwordHash;
    if (input.password) {
      const problem = passwordProblem(input.password, input.email);
      if (problem) throw weakPassword(problem);
    }
    return input.password ? hashPassword(input.password) : null;
  }

  async function insertUser(tx: DbOrTx, input: NewUser, passwordHash: string | null, actor: Actor): Promise<{ userId: string; inviteToken?: string }> {
    if (await findUserByEmail(tx, input.email)) throw new AppError('email_taken', 'conflict', 'A user with this email address already exists.');
    const [u] = await tx
      .insert(users)
      .values({
        email: input.email.trim().toLowerCase(),
        passwordHash,
        emailConfirmedAt: input.confirmed ? new Date(now()) : null,
        organisationId: input.organisationId ?? null,
      })
      .returning({ id: users.id });
    const userId = (u as { id: string }).id;
    await tx.insert(profiles).values({
      id: userId,
      firstName: input.firstName,
      lastName: input.lastName,
      isMasterAdmin: input.isMasterAdmin ?? false,
      passwordLastUpdated: passwordHash ? new Date(now()) : null,
    });
    if (input.roles.length) await tx.insert(userRoles).values(input.roles.map((role) => ({ userId, role })));
    await recordAudit(tx, actor, {
      action: 'INSERT',
      tableName: 'users',
      recordId: userId,
      // Ids and roles only: the person's email and name never enter audit values (a deletion removes them everywhere else).
      newValues: { userId, roles: input.roles, organisationId: input.organisationId ?? null },
    });
    if (passwordHash) return { userId };
    const inviteToken = await tokens.issue(tx, userId, 'invitation');
    await recordAudit(tx, actor, { action: 'INVITATION_ISSUED', tableName: 'users', recordId: userId });
    return { userId, inviteToken };
  }

  return {
    /** Active, inactive or suspended; anything but active ends every session (and open sockets). */
    async setStatus(userId: string, status: 'active' | 'inactive' | 'suspended', actor: Actor): Promise<void> {
      await db.transaction(async (tx) => {
        const [before] = await tx.select({ status: users.status }).from(users).where(eq(users.id, userId));
        if (!before) throw new AppError('not_found', 'not_found', 'User not found.');
        await tx
          .update(users)
          .set({ status, updatedAt: new Date(now()) })
          .where(eq(users.id, userId));
        if (status !== 'active') await deps.sessions.revokeAll(tx, userId);
        await recordAudit(tx, actor, { action: 'STATUS_CHANGE', tableName: 'users', recordId: userId, oldValues: before, newValues: { status } });
      });
      await (status === 'active' ? feed.publish(USER_CHANGED_TOPIC, { userId }) : feed.publish(SESSION_REVOKED_TOPIC, { userId }));
    },

    /** Effective roles of any user (the has_role rpc). */
    async rolesOf(userId: string): Promise<string[]> {
      const [profile] = await db.select().from(profiles).where(eq(profiles.id, userId));
      return (await accessOf(db, userId, profile?.isMasterAdmin ?? false)).roles;
    },

    /** Master admin: lift every lock of the account (all sources) and forget its failures. */
    async unlock(userId: string, actor: Actor): Promise<void> {
      await db.transaction(async (tx) => {
        const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
        if (!user) throw new AppError('not_found', 'not_found', 'User not found.');
        await lockout.clearAll(tx, subjectOf(user.email));
        await recordAudit(tx, actor, { action: 'UNLOCK', tableName: 'users', recordId: userId });
      });
    },

    /** Demo start-up: the demo users' locks go with their reset passwords. */
    async clearLockout(email: string): Promise<void> {
      await lockout.clearAll(db, subjectOf(email));
    },

    /** Creates a user with roles (invitation or demo); returns the invitation token when asked. */
    async createUser(input: NewUser, actor: Actor): Promise<{ userId: string; inviteToken?: string }> {
      const passwordHash = await checkedHash(input);
      return db.transaction((tx) => insertUser(tx, input, passwordHash, actor));
    },

    /**
     * The same inside the caller's transaction (an organisation and its first user are one write).
     * The caller checks that the roles suit the organisation.
     */
    async createUserIn(tx: DbOrTx, input: NewUser, actor: Actor): Promise<{ userId: string; inviteToken?: string }> {
      const passwordHash = await checkedHash(input);
      return insertUser(tx, input, passwordHash, actor);
    },

    /**
     * A new invitation link for a user who has not chosen a password yet, inside the caller's
     * transaction: the earlier unused links stop working (only the latest email's link does).
     */
    async reissueInvitationIn(tx: DbOrTx, userId: string): Promise<string> {
      await tx
        .update(authTokens)
        .set({ usedAt: new Date(now()) })
        .where(and(eq(authTokens.userId, userId), eq(authTokens.purpose, 'invitation'), isNull(authTokens.usedAt)));
      return tokens.issue(tx, userId, 'invitation');
    },
  };
}

export type UserService = ReturnType<typeof createUserService>;
