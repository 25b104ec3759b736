// A fixed-window rate limiter kept in memory per process. Enough for one instance; with several
// instances each enforces its own window (the limits are per instance, stated in the docs).
import { AppError } from './errors';

export interface RateLimiter {
  /** Counts one hit for `key`; throws a 429 AppError when the limit is exceeded. */
  hit(key: string): void;
  reset(): void;
}

export function createRateLimiter(opts: { limit: number; windowMs: number; now?: () => number; what: string }): RateLimiter {
  const now = opts.now ?? Date.now;
  const hits = new Map<string, { count: number; resetAt: number }>();
  let nextSweep = 0;
  return {
    hit(key) {
      const t = now();
      // Expired windows are swept at most once a window, not on every hit.
      if (t >= nextSweep) {
        for (const [k, v] of hits) if (v.resetAt <= t) hits.delete(k);
        nextSweep = t + opts.windowMs;
      }
      let entry = hits.get(key);
      if (!entry || entry.resetAt <= t) {
        entry = { count: 0, resetAt: t + opts.windowMs };
        hits.set(key, entry);
      }
      entry.count += 1;
      if (entry.count > opts.limit) {
        const retryAfterSeconds = Math.ceil((entry.resetAt - t) / 1000);
        throw new AppError('rate_limited', 429, `Too many ${opts.what}. Please try again in ${Math.ceil(retryAfterSeconds / 60)} minutes.`, {
          details: { retryAfterSeconds },
        });
      }
    },
    reset() {
      hits.clear();
    },
  };
}
