// The Cookie header's format and signed values (value + HMAC-SHA256, so the server can trust what it set
// itself): plain string functions, used by the request layer and by the services that own a cookie's
// value (the age gate's pass, the known-device id).
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface CookieOptions {
  maxAgeSeconds?: number; // omitted = session cookie
  httpOnly?: boolean;
  secure: boolean;
  sameSite?: 'Lax' | 'Strict';
}

export function parseCookies(header: string | null | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!header) return out;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (!name || name in out) continue;
    try {
      out[name] = decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      // A malformed value is ignored, as a browser would.
    }
  }
  return out;
}

export function serializeCookie(name: string, value: string, opts: CookieOptions): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, 'Path=/', `SameSite=${opts.sameSite ?? 'Lax'}`];
  if (opts.maxAgeSeconds !== undefined) parts.push(`Max-Age=${Math.floor(opts.maxAgeSeconds)}`);
  if (opts.httpOnly !== false) parts.push('HttpOnly');
  if (opts.secure) parts.push('Secure');
  return parts.join('; ');
}

export function expireCookie(name: string, secure: boolean): string {
  return serializeCookie(name, '', { maxAgeSeconds: 0, secure });
}

export interface Signer {
  sign(value: string): string;
  /** The original value, or null when the signature does not match. */
  unsign(signed: string): string | null;
}

export function createSigner(secret: string): Signer {
  const mac = (value: string) => createHmac('sha256', secret).update(value).digest('base64url');
  return {
    sign: (value) => `${value}.${mac(value)}`,
    unsign(signed) {
      const dot = signed.lastIndexOf('.');
      if (dot <= 0) return null;
      const value = signed.slice(0, dot);
      const given = Buffer.from(signed.slice(dot + 1));
      const expected = Buffer.from(mac(value));
      return given.length === expected.length && timingSafeEqual(given, expected) ? value : null;
    },
  };
}
