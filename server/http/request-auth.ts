// The signed-in user of one request, resolved once and only when asked, and the cookies that carry
// a session. Over TLS the session cookie is `__Host-` prefixed (Secure, Path=/, no Domain); over
// plain http (local runs, tests) browsers refuse Secure cookies, so it goes without the prefix.
import type { Actor } from '../core/actor';
import type { CurrentUser, SessionStore } from '../modules/auth';
import { expireCookie, parseCookies, serializeCookie } from '../core/cookies';

export const SESSION_COOKIE_TLS = '__Host-frolic_session';
export const SESSION_COOKIE_PLAIN = 'frolic_session';
export const DEVICE_COOKIE = 'frolic_device';

export interface RequestAuth {
  token: string | null;
  deviceToken: string | null;
  user(): Promise<CurrentUser | null>;
  sessionCookie(token: string): string;
  clearSessionCookie(): string;
  deviceCookie(token: string, days: number): string;
  actor(userId?: string | null): Actor;
}

/**
 * Over TLS only the `__Host-` cookie counts: a sibling subdomain could plant the plain one. `secure`
 * is required (the request's, as Express sees it behind TRUST_PROXY): a caller that forgot it would
 * accept the plain cookie over TLS.
 */
export function readSessionToken(cookieHeader: string | null | undefined, secure: boolean): string | null {
  const cookies = parseCookies(cookieHeader);
  if (secure) return cookies[SESSION_COOKIE_TLS] ?? null;
  return cookies[SESSION_COOKIE_TLS] ?? cookies[SESSION_COOKIE_PLAIN] ?? null;
}

export function createRequestAuth(
  sessions: SessionStore,
  req: { cookie: string | undefined; secure: boolean; ip: string | null; userAgent: string | null },
): RequestAuth {
  const token = readSessionToken(req.cookie, req.secure);
  const name = req.secure ? SESSION_COOKIE_TLS : SESSION_COOKIE_PLAIN;
  let resolved: Promise<CurrentUser | null> | undefined;
  return {
    token,
    deviceToken: parseCookies(req.cookie)[DEVICE_COOKIE] ?? null,
    user() {
      resolved ??= token ? sessions.resolve(token) : Promise.resolve(null);
      return resolved;
    },
    sessionCookie: (value) => serializeCookie(name, value, { secure: req.secure }),
    clearSessionCookie: () => expireCookie(name, req.secure),
    deviceCookie: (value, days) => serializeCookie(DEVICE_COOKIE, value, { secure: req.secure, maxAgeSeconds: days * 86_400 }),
    actor: (userId = null) => ({ userId, ip: req.ip, userAgent: req.userAgent }),
  };
}
