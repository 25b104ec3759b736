// Password hashing (argon2id, OWASP parameters) and the password policy.
// The module object (not its bindings), so a test can count the verifications a request makes.
import argon2 from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';
import { AppError } from '../core/errors';

/** OWASP Password Storage Cheat Sheet: argon2id, m = 19 MiB, t = 2, p = 1. */
export const ARGON2_OPTIONS = { algorithm: 2 /* Argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 256;

const COMMON = new Set((dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase()));

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password.normalize('NFC'), ARGON2_OPTIONS);
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(stored, password.normalize('NFC'));
  } catch {
    return false;
  }
}

// Verifying against this keeps an unknown email as slow as a wrong password.
let dummy: Promise<string> | undefined;
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword('frolic-dummy-password-for-timing');
  return dummy;
}

/** The refusal of a password the policy does not accept, on the password field. */
export function weakPassword(problem: string): AppError {
  return new AppError('weak_password', 'invalid', problem, { details: [{ path: 'password', message: problem }] });
}

/** The reason a password is refused, or null. Length counts characters, not bytes; nothing is truncated. */
export function passwordProblem(password: string, email?: string): string | null {
  const length = [...password.normalize('NFC')].length;
  if (length < PASSWORD_MIN) return `Use at least ${PASSWORD_MIN} characters.`;
  if (length > PASSWORD_MAX) return `Use at most ${PASSWORD_MAX} characters.`;
  const lower = password.toLowerCase();
  if (COMMON.has(lower)) return 'This password is too common. Choose one that is harder to guess.';
  const local = email?.split('@')[0]?.toLowerCase();
  if (local && local.length >= 4 && lower.includes(local)) return 'Do not use your email address in your password.';
  if (new Set(lower).size < 4) return 'Use a less repetitive password.';
  return null;
}
