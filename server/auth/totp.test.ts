import { describe, expect, it } from 'vitest';
import { matchTotp, newRecoveryCodes, newTotpSecret, TOTP_PERIOD, totpCode, totpUri } from './totp';

describe('TOTP', () => {
  const secret = newTotpSecret();
  const now = Date.UTC(2026, 10, 23, 12, 0, 0);
  const step = Math.floor(now / 1000 / TOTP_PERIOD);

  it('accepts the current code and reports its step', async () => {
    expect(await matchTotp(secret, await totpCode(secret, now / 1000), now, null)).toBe(step);
  });

  it('accepts a code from the neighbouring step (clock drift) but not from far outside', async () => {
    expect(await matchTotp(secret, await totpCode(secret, now / 1000 - 30), now, null)).toBe(step - 1);
    expect(await matchTotp(secret, await totpCode(secret, now / 1000 - 120), now, null)).toBeNull();
    expect(await matchTotp(secret, await totpCode(secret, now / 1000 + 300), now, null)).toBeNull();
  });

  it('refuses a code reused within its window', async () => {
    const code = await totpCode(secret, now / 1000);
    expect(await matchTotp(secret, code, now + 10_000, step)).toBeNull();
  });

  it('builds an otpauth URI and unique recovery codes', () => {
    expect(totpUri(secret, 'ada@example.com')).toMatch(/^otpauth:\/\/totp\/Frolic:ada%40example\.com\?secret=/);
    const codes = newRecoveryCodes();
    expect(new Set(codes).size).toBe(10);
    expect(codes[0]).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
  });
});
