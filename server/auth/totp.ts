// TOTP (RFC 6238, 30-second steps, 6 digits) on otplib: secrets, otpauth URIs, QR codes, and
// verification that reports the matched time step so a code is never accepted twice.
import { generate, generateSecret, generateURI } from 'otplib';
import QRCode from 'qrcode';
import { randomBytes } from 'node:crypto';

export const TOTP_PERIOD = 30;
/** Steps either side of now that still count (clock drift): ±30 s. */
export const TOTP_WINDOW = 1;

export function newTotpSecret(): string {
  return generateSecret({ length: 20 });
}

export function totpUri(secret: string, email: string): string {
  return generateURI({ issuer: 'Frolic', label: email, secret, period: TOTP_PERIOD });
}

export function qrDataUrl(uri: string): Promise<string> {
  return QRCode.toDataURL(uri, { margin: 1, width: 220 });
}

export function totpCode(secret: string, epochSeconds: number): Promise<string> {
  return generate({ secret, epoch: epochSeconds, period: TOTP_PERIOD });
}

/**
 * The time step the code belongs to, if it is valid within the window and newer than `lastStep`;
 * otherwise null (wrong, too old or too far ahead, or already used).
 */
export async function matchTotp(secret: string, code: string, nowMs: number, lastStep: number | null): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const current = Math.floor(nowMs / 1000 / TOTP_PERIOD);
  for (let delta = -TOTP_WINDOW; delta <= TOTP_WINDOW; delta++) {
    const step = current + delta;
    if (lastStep !== null && step <= lastStep) continue;
    if ((await totpCode(secret, step * TOTP_PERIOD)) === code) return step;
  }
  return null;
}

/** Ten recovery codes like "k3f9-x2m7-p8q4": shown once, stored hashed, each usable once. */
export function newRecoveryCodes(count = 10): string[] {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  return Array.from({ length: count }, () => {
    const bytes = randomBytes(12);
    const chars = [...bytes].map((b) => alphabet[b % alphabet.length]).join('');
    return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8, 12)}`;
  });
}
