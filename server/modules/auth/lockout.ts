// The spec's lockout (5 failed attempts) without handing a stranger the power to lock the owner out.
// Failures count per account and source: the source that guesses is the one locked. A browser that
// completed a sign-in before (a known device) is its own source, so it keeps its way in whatever
// others do. Guesses spread over many addresses (a distributed attack) add up on the account-wide
// row `*`, which locks every source but known devices. Each lock that comes back within a day lasts
// twice as long (backoff, at most a day). Rows are keyed by the email's hash whether or not an
// account has it: an unknown address costs the same statements and answers the same.
import { isIP } from 'node:net';
import { type AnyColumn, and, eq, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { signInFailures } from '../../db/schema';
import { hashToken } from '../../auth/tokens';

export const ACCOUNT_WIDE = '*';
/** The account-wide row locks at this many times the per-source threshold (5 × 4 = 20 guesses). */
export const ACCOUNT_WIDE_FACTOR = 4;
const DAY = 86_400_000;
/** A lock never lasts longer than this, however often it comes back. */
export const MAX_LOCK_MS = DAY;
/** Rows untouched this long (and not locked) are swept. */
const KEEP_MS = 7 * DAY;

export interface LockoutSettings {
  lockoutEnabled: boolean;
  lockoutThreshold: number;
  lockoutMinutes: number;
}

export interface NewLock {
  scope: 'source' | 'account';
  source: string;
  minutes: number;
}

/** The key of an account in the failure rows: the hashed, trimmed, lower-cased email. */
export function subjectOf(email: string): string {
  return hashToken(`sign-in:${email.trim().toLowerCase()}`);
}

/**
 * `subjectOf` in SQL, for an address as accounts store it (already trimmed and lower-cased): the
 * same SHA-256 in base64url, so a list can read each account's locks in its own query.
 */
export const storedSubjectSql = (storedEmail: SQL | AnyColumn): SQL<string> =>
  sql<string>`rtrim(translate(encode(sha256(convert_to('sign-in:' || ${storedEmail}, 'UTF8')), 'base64'), '+/', '-_'), '=')`;

/** An IPv4 address as it is; an IPv6 address as its /64 (one subscriber holds a whole /64). */
export function networkOf(ip: string | null | undefined): string {
  if (!ip) return 'unknown';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1] as string;
  if (isIP(ip) !== 6) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

export function sourceOf(ip: string | null | undefined, knownDeviceId: number | null): string {
  return knownDeviceId !== null ? `device:${knownDeviceId}` : `ip:${networkOf(ip)}`;
}

const isDevice = (source: string) => source.startsWith('device:');

export function createLockout(db: Db, now: () => number) {
  let nextSweep = 0;

  const rowsOf = (tx: DbOrTx, subject: string, source: string) =>
    tx
      .select()
      .from(signInFailures)
      .where(and(eq(signInFailures.subject, subject), inArray(signInFailures.source, [source, ACCOUNT_WIDE])));

  /** Whether this source is locked out of this account now (its own lock, or the account-wide one). */
  async function lockedFor(subject: string, source: string): Promise<boolean> {
    const t = now();
    const rows = await rowsOf(db, subject, source);
    return rows.some((r) => (r.source === source || !isDevice(source)) && r.lockedUntil !== null && r.lockedUntil.getTime() > t);
  }

  /**
   * Counts one failure from `source` (and on the account-wide row, unless from a known device),
   * inside the caller's transaction; returns the locks it started.
   */
  async function recordFailure(tx: DbOrTx, subject: string, source: string, cfg: LockoutSettings): Promise<NewLock[]> {
    const t = now();
    const at = new Date(t);
    const windowMs = cfg.lockoutMinutes * 60_000;
    await tx
      .insert(signInFailures)
      .values([source, ACCOUNT_WIDE].map((s) => ({ subject, source: s, windowStartedAt: at, updatedAt: at })))
      .onConflictDoNothing();
    const rows = await rowsOf(tx, subject, source).for('update');
    const locks: NewLock[] = [];
    for (const row of rows) {
      const accountWide = row.source === ACCOUNT_WIDE;
      if (accountWide && isDevice(source)) continue;
      // A guess made while locked is refused before it is checked; it does not count again.
      if (row.lockedUntil && row.lockedUntil.getTime() > t) continue;
      const fresh = row.windowStartedAt.getTime() <= t - windowMs;
      let failures = fresh ? 1 : row.failures + 1;
      const threshold = cfg.lockoutThreshold * (accountWide ? ACCOUNT_WIDE_FACTOR : 1);
      const next: Partial<typeof signInFailures.$inferInsert> = { failures, windowStartedAt: fresh ? at : row.windowStartedAt, updatedAt: at };
      if (cfg.lockoutEnabled && failures >= threshold) {
        const recent = row.lastLockedAt !== null && row.lastLockedAt.getTime() > t - DAY;
        const lockCount = recent ? row.lockCount + 1 : 1;
        const ms = Math.min(windowMs * 2 ** (lockCount - 1), MAX_LOCK_MS);
        failures = 0;
        Object.assign(next, { failures, lockCount, lockedUntil: new Date(t + ms), lastLockedAt: at, windowStartedAt: at });
        locks.push({ scope: accountWide ? 'account' : 'source', source, minutes: Math.round(ms / 60_000) });
      }
      await tx
        .update(signInFailures)
        .set(next)
        .where(and(eq(signInFailures.subject, subject), eq(signInFailures.source, row.source)));
    }
    return locks;
  }

  return {
    lockedFor,
    recordFailure,

    /** A successful sign-in from this source forgets its failures (the account-wide count stays). */
    async clearSource(tx: DbOrTx, subject: string, source: string): Promise<void> {
      await tx.delete(signInFailures).where(and(eq(signInFailures.subject, subject), eq(signInFailures.source, source)));
    },

    /** Unlock (a reset link or a master admin): every lock and count of the account goes. */
    async clearAll(tx: DbOrTx, subject: string): Promise<void> {
      await tx.delete(signInFailures).where(eq(signInFailures.subject, subject));
    },

    /** True for the first lockout of a period: the owner gets one email, not one per guessing address. */
    async claimNotification(subject: string, minutes: number): Promise<boolean> {
      const t = now();
      const rows = await db
        .update(signInFailures)
        .set({ notifiedAt: new Date(t) })
        .where(
          and(
            eq(signInFailures.subject, subject),
            eq(signInFailures.source, ACCOUNT_WIDE),
            or(isNull(signInFailures.notifiedAt), lt(signInFailures.notifiedAt, new Date(t - minutes * 60_000))),
          ),
        )
        .returning({ subject: signInFailures.subject });
      return rows.length > 0;
    },

    /** At most once an hour: drops rows nobody has touched for a week and that hold no lock. */
    async sweep(): Promise<void> {
      const t = now();
      if (t < nextSweep) return;
      nextSweep = t + 3_600_000;
      const old = new Date(t - KEEP_MS);
      await db
        .delete(signInFailures)
        .where(and(lt(signInFailures.updatedAt, old), or(isNull(signInFailures.lockedUntil), lt(signInFailures.lockedUntil, new Date(t)))));
    },
  };
}

export type Lockout = ReturnType<typeof createLockout>;
