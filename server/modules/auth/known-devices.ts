// Known devices: a browser that completed a sign-in to an account gets a random id in a long-lived
// cookie (only its sha-256 is stored, per account). It counts as its own source for the lockout, so a
// stranger guessing from elsewhere cannot lock the owner's own browser out (lockout.ts). It never
// skips the password or the second factor; "remember device" (trusted_devices) is a separate thing.
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { knownDevices } from '../../db/schema';
import { hashToken } from '../../auth/tokens';
import { parseCookies, serializeCookie } from '../../core/cookies';

export const KNOWN_DEVICE_COOKIE_TLS = '__Host-frolic_known';
export const KNOWN_DEVICE_COOKIE_PLAIN = 'frolic_known';
/** Refreshed at every sign-in: a device stays known while it is used at least twice a year. */
export const KNOWN_DEVICE_DAYS = 180;
/** Stands for "no account" so that an unknown email runs the same statements. */
export const NIL_UUID = '00000000-0000-0000-0000-000000000000';

const SHAPE = /^[A-Za-z0-9_-]{20,100}$/;

/** The device id from the cookie (over TLS only the `__Host-` one), or null. */
export function readKnownDevice(cookieHeader: string | null | undefined, secure: boolean): string | null {
  const cookies = parseCookies(cookieHeader);
  const value = secure ? cookies[KNOWN_DEVICE_COOKIE_TLS] : (cookies[KNOWN_DEVICE_COOKIE_TLS] ?? cookies[KNOWN_DEVICE_COOKIE_PLAIN]);
  return value && SHAPE.test(value) ? value : null;
}

export function knownDeviceCookie(value: string, secure: boolean): string {
  return serializeCookie(secure ? KNOWN_DEVICE_COOKIE_TLS : KNOWN_DEVICE_COOKIE_PLAIN, value, { secure, maxAgeSeconds: KNOWN_DEVICE_DAYS * 86_400 });
}

export function createKnownDevices(db: Db, now: () => number) {
  return {
    /** The row id when this browser signed in to this account before; the same query with or without either. */
    async find(userId: string | null, token: string | null): Promise<number | null> {
      const [row] = await db
        .select({ id: knownDevices.id })
        .from(knownDevices)
        .where(
          and(eq(knownDevices.userId, userId ?? NIL_UUID), eq(knownDevices.tokenHash, hashToken(token ?? '')), gt(knownDevices.expiresAt, new Date(now()))),
        );
      return row?.id ?? null;
    },

    /** Marks the browser known to the account (or refreshes it), in the sign-in's transaction. */
    async remember(tx: DbOrTx, userId: string, token: string): Promise<void> {
      const at = new Date(now());
      const expiresAt = new Date(now() + KNOWN_DEVICE_DAYS * 86_400_000);
      await tx
        .insert(knownDevices)
        .values({ userId, tokenHash: hashToken(token), createdAt: at, lastUsedAt: at, expiresAt })
        .onConflictDoUpdate({ target: [knownDevices.userId, knownDevices.tokenHash], set: { lastUsedAt: at, expiresAt: sql`excluded.expires_at` } });
    },
  };
}

export type KnownDevices = ReturnType<typeof createKnownDevices>;
