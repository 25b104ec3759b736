import { describe, expect, it } from 'vitest';
import { createRateLimiter } from './rate-limit';

describe('rate limiter', () => {
  it('refuses hits beyond the limit within the window, then allows again', () => {
    let t = 0;
    const limiter = createRateLimiter({ limit: 2, windowMs: 60_000, now: () => t, what: 'messages' });
    limiter.hit('ip');
    limiter.hit('ip');
    expect(() => limiter.hit('ip')).toThrow(/Too many messages/);
    limiter.hit('other-ip');
    t = 60_001;
    expect(() => limiter.hit('ip')).not.toThrow();
  });
});
