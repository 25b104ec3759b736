import { describe, expect, it } from 'vitest';
import { hashPassword, passwordProblem, verifyPassword } from './password';

describe('passwords', () => {
  it('hashes with argon2id and verifies', async () => {
    const h = await hashPassword('correct horse battery staple');
    expect(h.startsWith('$argon2id$v=19$m=19456,t=2,p=1$')).toBe(true);
    expect(await verifyPassword(h, 'correct horse battery staple')).toBe(true);
    expect(await verifyPassword(h, 'correct horse battery stapl')).toBe(false);
  });

  it('accepts 64-character and Unicode passwords without truncation', async () => {
    const long = 'a1B2c3D4e5F6g7H8i9J0'.repeat(3) + 'kLmN';
    expect(long).toHaveLength(64);
    const h = await hashPassword(long);
    expect(await verifyPassword(h, long)).toBe(true);
    expect(await verifyPassword(h, long.slice(0, 63))).toBe(false);
    const unicode = 'Grüße-aus-Köln-🍸-ünd-mehr';
    expect(passwordProblem(unicode)).toBeNull();
    expect(await verifyPassword(await hashPassword(unicode), unicode)).toBe(true);
  });

  it('refuses short, common and email-based passwords', () => {
    expect(passwordProblem('short')).toMatch(/at least 12/);
    expect(passwordProblem('password1234')).toMatch(/too common/);
    expect(passwordProblem('ada.lovelace-2026!', 'ada.lovelace@example.com')).toMatch(/email/);
    expect(passwordProblem('aaaaaaaaaaaaaaaa')).toMatch(/repetitive/);
    expect(passwordProblem('tidal-orchard-lantern-9')).toBeNull();
  });
});
