// Sessions: an opaque random token in the cookie, only its hash in the database; idle timeout from
// the Access Control settings, an absolute lifetime, and revocation (sign-out, password change,
// suspension) that takes effect on the next request.
import { and, eq, gt, ne } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { organisations, profiles, sessions, users } from '../../db/schema';
import { hashToken, newToken } from '../../auth/tokens';
import { accessOf } from '../users';
import type { ChangeFeed } from '../../realtime/changes';
import { SESSION_REVOKED_TOPIC } from './topics';
import type { SettingsService } from '../security';
import type { RoleArea, Scope } from '../../../shared/policy';
import { type OrganisationStatus, type OrganisationType, partnerTypeOf, type Standing, standingOf, todayUtc } from '../../../shared/partners';

/** However active, a session ends after this long. */
export const SESSION_MAX_AGE_MS = 7 * 24 * 3600_000;
/** A session waiting for its second factor lasts this long. */
export const MFA_PENDING_MAX_AGE_MS = 10 * 60_000;
/** last_seen_at is written at most this often (not on every request). */
const TOUCH_EVERY_MS = 60_000;

export interface CurrentUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  avatarUrl: string | null;
  roles: string[];
  /** The areas those roles open (`roles.area`: a custom role's decides its area). */
  areas: RoleArea[];
  /** Permissions held (what the browser mirrors to hide what the user may not do). */
  permissions: string[];
  /** Permission → scope (`any` through a staff role, `own` through a partner role): what authorize() reads. */
  grants: Record<string, Scope>;
  isMasterAdmin: boolean;
  requiresPasswordReset: boolean;
  twoFactorEnabled: boolean;
  sessionId: string;
  /** Password accepted; the two-factor code is still owed. */
  mfaPending: boolean;
  /** Until when (ms) a step-up confirmation holds for sensitive actions (server/auth/step-up.ts); null without one. */
  elevatedUntil: number | null;
  /**
   * The organisation a partner user belongs to, over whose records their `own` permissions reach.
   * Null for staff and customers.
   */
  organisationId: string | null;
  /** That organisation's type and name (what the shell shows); null without one. */
  organisation: { id: string; type: OrganisationType; name: string; status: OrganisationStatus; licenceExpiresOn: string } | null;
  /** Whether the organisation may trade today (shared/partners.ts); null without one. */
  standing: Standing | null;
}

export interface SessionStore {
  create(tx: DbOrTx, userId: string, meta: { ip: string | null; userAgent: string | null; mfaPending: boolean }): Promise<{ token: string; id: string }>;
  /**
   * The signed-in user of a token, or null once the session is gone. Resolving counts as activity
   * (it moves last_seen_at) unless `touch` is false: an open socket re-checking its session is not
   * the user doing something, so it must not keep an idle session alive.
   */
  resolve(token: string, opts?: { touch?: boolean }): Promise<CurrentUser | null>;
  revoke(token: string): Promise<string | null>;
  revokeAll(tx: DbOrTx, userId: string, exceptSessionId?: string): Promise<void>;
}

/** A resolved session is trusted from memory this long; any change to the user evicts it at once. */
export const SESSION_CACHE_MS = 15_000;
/**
 * Published whenever what a user may do or who they are changes: `{ userId }` for one user,
 * `{ roles }` for every holder of those roles (a role's permissions changed), nothing for everyone.
 */
export const USER_CHANGED_TOPIC = 'user_changed';
export interface UserChanged {
  userId?: string;
  roles?: readonly string[];
}

/** Whether a `user_changed` (or `session_revoked`) message concerns this user. */
export function concerns(data: unknown, user: { id: string; roles: readonly string[] }): boolean {
  const { userId, roles } = (data ?? {}) as UserChanged;
  if (userId) return user.id === userId;
  if (Array.isArray(roles)) return user.roles.some((r) => roles.includes(r));
  return true;
}

interface Cached {
  user: CurrentUser;
  createdAt: number;
  expiresAt: number;
  lastSeenAt: number;
  /** When the last_seen_at column was last written. */
  touchedAt: number;
  cachedAt: number;
}

export function createSessionStore(db: Db, settings: SettingsService, now: () => number, feed?: ChangeFeed): SessionStore {
  // The auth check runs on every request: keep resolved sessions in memory for a few seconds, and
  // drop a user's entries on every instance the moment a session is revoked or the user changes.
  const cache = new Map<string, Cached>();
  const evictUser = (data: unknown) => {
    for (const [k, v] of cache) if (concerns(data, v.user)) cache.delete(k);
  };
  feed?.subscribe(SESSION_REVOKED_TOPIC, evictUser);
  feed?.subscribe(USER_CHANGED_TOPIC, evictUser);

  async function fromCache(hash: string, touch: boolean): Promise<CurrentUser | null | undefined> {
    const hit = cache.get(hash);
    if (!hit) return undefined;
    const t = now();
    if (t - hit.cachedAt > SESSION_CACHE_MS) {
      cache.delete(hash);
      return undefined;
    }
    const cfg = await settings.get();
    const idle = cfg.sessionTimeoutEnabled && t - hit.lastSeenAt > cfg.sessionTimeoutMinutes * 60_000;
    const pendingTooLong = hit.user.mfaPending && t - hit.createdAt > MFA_PENDING_MAX_AGE_MS;
    if (idle || pendingTooLong || t >= hit.expiresAt) {
      cache.delete(hash);
      return undefined; // the database path ends it properly
    }
    if (!touch) return hit.user;
    hit.lastSeenAt = t;
    if (t - hit.touchedAt > TOUCH_EVERY_MS) {
      hit.touchedAt = t;
      await db
        .update(sessions)
        .set({ lastSeenAt: new Date(t) })
        .where(eq(sessions.id, hit.user.sessionId));
    }
    return hit.user;
  }

  return {
    async create(tx, userId, meta) {
      const token = newToken();
      const [row] = await tx
        .insert(sessions)
        .values({
          userId,
          tokenHash: hashToken(token),
          mfaPending: meta.mfaPending,
          ipAddress: meta.ip,
          userAgent: meta.userAgent?.slice(0, 300) ?? null,
          createdAt: new Date(now()),
          lastSeenAt: new Date(now()),
          expiresAt: new Date(now() + SESSION_MAX_AGE_MS),
        })
        .returning({ id: sessions.id });
      return { token, id: (row as { id: string }).id };
    },

    async resolve(token, { touch = true } = {}) {
      if (!token || token.length > 100) return null;
      const hash = hashToken(token);
      const cached = await fromCache(hash, touch);
      if (cached !== undefined) return cached;
      const [row] = await db
        .select({
          session: sessions,
          user: users,
          profile: profiles,
          org: {
            id: organisations.id,
            type: organisations.type,
            name: organisations.tradingName,
            status: organisations.status,
            licenceExpiresOn: organisations.licenceExpiresOn,
          },
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .leftJoin(profiles, eq(profiles.id, users.id))
        .leftJoin(organisations, eq(organisations.id, users.organisationId))
        .where(and(eq(sessions.tokenHash, hash), gt(sessions.expiresAt, new Date(now()))));
      if (!row) return null;
      const { session, user, profile, org } = row;
      const cfg = await settings.get();
      const idleMs = now() - session.lastSeenAt.getTime();
      const pendingTooLong = session.mfaPending && now() - session.createdAt.getTime() > MFA_PENDING_MAX_AGE_MS;
      if ((cfg.sessionTimeoutEnabled && idleMs > cfg.sessionTimeoutMinutes * 60_000) || user.status !== 'active' || pendingTooLong) {
        await db.delete(sessions).where(eq(sessions.id, session.id));
        return null;
      }
      const touched = touch && idleMs > TOUCH_EVERY_MS;
      if (touched)
        await db
          .update(sessions)
          .set({ lastSeenAt: new Date(now()) })
          .where(eq(sessions.id, session.id));
      const access = await accessOf(db, user.id, profile?.isMasterAdmin ?? false);
      const current: CurrentUser = {
        id: user.id,
        email: user.email,
        firstName: profile?.firstName ?? '',
        lastName: profile?.lastName ?? '',
        avatarUrl: profile?.avatarUrl ?? null,
        roles: access.roles,
        areas: access.areas,
        permissions: access.permissions,
        grants: access.grants,
        isMasterAdmin: access.roles.includes('master_admin'),
        requiresPasswordReset: profile?.requiresPasswordReset ?? false,
        twoFactorEnabled: user.totpEnabledAt !== null,
        sessionId: session.id,
        mfaPending: session.mfaPending,
        elevatedUntil: session.elevatedUntil?.getTime() ?? null,
        organisationId: org?.id ?? null,
        organisation: org ? { ...org, type: partnerTypeOf(org.type) } : null,
        standing: org ? standingOf(org, todayUtc(now())) : null,
      };
      cache.set(hash, {
        user: current,
        createdAt: session.createdAt.getTime(),
        expiresAt: session.expiresAt.getTime(),
        lastSeenAt: touched ? now() : session.lastSeenAt.getTime(),
        touchedAt: touched ? now() : session.lastSeenAt.getTime(),
        cachedAt: now(),
      });
      if (cache.size > 10_000) cache.delete(cache.keys().next().value as string);
      return current;
    },

    async revoke(token) {
      cache.delete(hashToken(token));
      const [row] = await db
        .delete(sessions)
        .where(eq(sessions.tokenHash, hashToken(token)))
        .returning({ userId: sessions.userId });
      return row?.userId ?? null;
    },

    async revokeAll(tx, userId, exceptSessionId) {
      evictUser({ userId });
      await tx.delete(sessions).where(exceptSessionId ? and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionId)) : eq(sessions.userId, userId));
    },
  };
}
