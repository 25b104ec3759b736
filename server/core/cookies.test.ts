import { describe, expect, it } from 'vitest';
import { createSigner, parseCookies, serializeCookie } from './cookies';

describe('signed cookies', () => {
  const signer = createSigner('x'.repeat(32));

  it('round-trips a signed value', () => {
    expect(signer.unsign(signer.sign('pass.GB.1'))).toBe('pass.GB.1');
  });

  it('rejects a tampered value or signature', () => {
    const signed = signer.sign('denied.GB.0');
    expect(signer.unsign(signed.replace('denied', 'pass'))).toBeNull();
    expect(signer.unsign(`${signed}x`)).toBeNull();
    expect(createSigner('y'.repeat(32)).unsign(signed)).toBeNull();
  });

  it('parses and serialises cookie headers', () => {
    expect(parseCookies('a=1; b=hello%20world; a=2')).toEqual({ a: '1', b: 'hello world' });
    expect(serializeCookie('t', 'v', { secure: true, maxAgeSeconds: 60 })).toBe('t=v; Path=/; SameSite=Lax; Max-Age=60; HttpOnly; Secure');
  });
});
