import { describe, expect, it } from 'vitest';
import { freshNonce } from './security';

describe('freshNonce', () => {
  it('hands out 16 random bytes each time, never the same twice, across the pool’s refills', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 1000; i++) {
      const nonce = freshNonce();
      expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
      seen.add(nonce);
    }
    expect(seen.size).toBe(1000);
  });
});
