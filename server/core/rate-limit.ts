// Fixed-window rate limits kept in the database (table `rate_limits`), so that every instance counts
// the same hits: a limit holds whichever instance a request lands on. One hit is one statement — an
// upsert that starts a new window when the old one has passed and otherwise adds one, atomically
// (concurrent upserts on a key wait for each other's row lock), returning the count, with an
// asynchronous commit (no WAL flush to wait for). Works the same on PGlite. Expired windows are swept by a job (`rate-limits.sweep`, hourly).
import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema';
import { AppError } from './errors';

export interface RateLimiter {
  /** Counts one hit for `key`; rejects with a `limited` AppError when the limit is exceeded. */
  hit(key: string): Promise<void>;
  /** Counts one hit for `key` and returns the hits in the current window (never rejects for the limit). */
  count(key: string): Promise<number>;
  /** Forgets `key`'s hits (a success that ends what was being counted). */
  forget(key: string): Promise<void>;
  /** Forgets every hit this limiter counted (tests). */
  reset(): Promise<void>;
  /** A hit on `key` to count together with others in one statement (`hitAll`). */
  on(key: string): PendingHit;
}

export interface PendingHit {
  readonly limiter: RateLimiterSpec;
  readonly key: string;
}

interface RateLimiterSpec {
  db: Db;
  now: () => number;
  name: string;
  limit: number;
  windowMs: number;
  what: string;
}

export interface RateLimitOptions {
  /** Names this limiter's keys in the shared table (`<name>:<key>`): unique per limiter. */
  name: string;
  limit: number;
  windowMs: number;
  /** Completes "Too many …" in the refusal. */
  what: string;
  now?: () => number;
}

const NAME = /^[a-z][a-z0-9.-]*$/;

/**
 * One upsert for all `items` (distinct keys): returns each key's hits and window end. The commit is
 * asynchronous (`synchronous_commit` off for this statement's transaction alone): a count lost in a
 * crash costs nothing, while a WAL flush per hit would cost each request a disk round trip.
 */
async function upsert(db: Db, t: number, items: { key: string; windowMs: number }[]): Promise<{ key: string; hits: number; resetAt: number }[]> {
  const at = new Date(t).toISOString();
  const values = sql.join(
    items.map((i) => sql`(${i.key}, ${new Date(t + i.windowMs).toISOString()}::timestamptz)`),
    sql`, `,
  );
  const result = (await db.execute(sql`
    insert into rate_limits as r (key, hits, reset_at)
    select v.key, 1, v.reset_at from (values ${values}) as v (key, reset_at)
    where set_config('synchronous_commit', 'off', true) is not null
    on conflict (key) do update set
      hits = case when r.reset_at <= ${at}::timestamptz then 1 else r.hits + 1 end,
      reset_at = case when r.reset_at <= ${at}::timestamptz then excluded.reset_at else r.reset_at end
    returning r.key, r.hits, (extract(epoch from r.reset_at) * 1000)::float8 as reset_ms`)) as unknown as {
    rows: { key: string; hits: number; reset_ms: number }[];
  };
  return result.rows.map((r) => ({ key: r.key, hits: Number(r.hits), resetAt: Number(r.reset_ms) }));
}

function refusal(spec: RateLimiterSpec, resetAt: number, t: number): AppError {
  const retryAfterSeconds = Math.max(1, Math.ceil((resetAt - t) / 1000));
  return new AppError('rate_limited', 'limited', `Too many ${spec.what}. Please try again in ${Math.ceil(retryAfterSeconds / 60)} minutes.`, {
    details: { retryAfterSeconds },
  });
}

export function createRateLimiter(db: Db, opts: RateLimitOptions): RateLimiter {
  if (!NAME.test(opts.name)) throw new Error(`Bad rate limiter name: ${opts.name}`);
  const spec: RateLimiterSpec = { db, now: opts.now ?? Date.now, name: opts.name, limit: opts.limit, windowMs: opts.windowMs, what: opts.what };
  const full = (key: string) => `${spec.name}:${key}`;
  const limiter: RateLimiter = {
    async hit(key) {
      await hitAll([limiter.on(key)]);
    },
    async count(key) {
      const [row] = await upsert(db, spec.now(), [{ key: full(key), windowMs: spec.windowMs }]);
      return row?.hits ?? 1;
    },
    async forget(key) {
      await db.delete(rateLimits).where(eq(rateLimits.key, full(key)));
    },
    async reset() {
      await db.delete(rateLimits).where(sql`starts_with(${rateLimits.key}, ${`${spec.name}:`})`);
    },
    on(key) {
      return { limiter: spec, key };
    },
  };
  return limiter;
}

/**
 * Counts one hit on each pending hit in one statement (the limiters share a database); rejects
 * with the first limit exceeded, in the order given. Every hit is counted either way.
 */
export async function hitAll(hits: PendingHit[]): Promise<void> {
  const first = hits[0];
  if (!first) return;
  const t = first.limiter.now();
  const byKey = new Map(hits.map((h) => [`${h.limiter.name}:${h.key}`, h.limiter]));
  const rows = await upsert(
    first.limiter.db,
    t,
    [...byKey].map(([key, spec]) => ({ key, windowMs: spec.windowMs })),
  );
  const counted = new Map(rows.map((r) => [r.key, r]));
  for (const [key, spec] of byKey) {
    const row = counted.get(key);
    if (row && row.hits > spec.limit) throw refusal(spec, row.resetAt, t);
  }
}

/**
 * Hits counted inside another statement, so that they commit — or vanish — with what they limit: a
 * process killed between counting and storing must not leave a count behind for work it never did
 * (the client resends it elsewhere and would pay twice). `cte` is a data-modifying CTE named `h`
 * (one upsert, as `hitAll`'s) whose parameters start at `$first`; `within` is a condition, true when
 * no limit was exceeded, for the statement's own write; the statement returns `hits` (below) and
 * `refused` reads it. As with `hitAll`, every hit is counted, refused or not. The text depends only
 * on the number of hits and `first` (a prepared statement may hold it).
 */
export function hitsInStatement(
  hits: PendingHit[],
  first: number,
): { cte: string; within: string; hits: string; values: unknown[]; refused(rows: unknown): AppError | null } {
  const head = hits[0];
  if (!head) throw new Error('hitsInStatement needs at least one hit');
  const t = head.limiter.now();
  const at = new Date(t).toISOString();
  const specs = [...new Map(hits.map((h) => [`${h.limiter.name}:${h.key}`, h.limiter])).entries()];
  const values: unknown[] = [at];
  const p = (v: unknown) => `$${first + values.push(v) - 1}`;
  const now = `$${first}::timestamptz`;
  const rows = specs.map(([key, spec]) => `(${p(key)}::text, 1, ${p(new Date(t + spec.windowMs).toISOString())}::timestamptz)`);
  const over = specs.map(([key, spec]) => `(h.key = ${p(key)}::text and h.hits > ${p(spec.limit)}::int)`);
  const cte = `h as (
    insert into rate_limits as r (key, hits, reset_at) values ${rows.join(', ')}
    on conflict (key) do update set
      hits = case when r.reset_at <= ${now} then 1 else r.hits + 1 end,
      reset_at = case when r.reset_at <= ${now} then excluded.reset_at else r.reset_at end
    returning r.key, r.hits, (extract(epoch from r.reset_at) * 1000)::float8 as reset_ms
  )`;
  return {
    cte,
    within: `not exists (select 1 from h where ${over.join(' or ')})`,
    hits: `(select json_agg(json_build_object('key', h.key, 'hits', h.hits, 'resetMs', h.reset_ms)) from h)`,
    values,
    refused(raw) {
      const counted = new Map(((raw ?? []) as { key: string; hits: number; resetMs: number }[]).map((r) => [r.key, r]));
      for (const [key, spec] of specs) {
        const row = counted.get(key);
        if (row && Number(row.hits) > spec.limit) return refusal(spec, Number(row.resetMs), t);
      }
      return null;
    },
  };
}

/** Deletes windows that have passed; returns how many. */
export async function sweepRateLimits(db: Db, now: () => number = Date.now): Promise<number> {
  const gone = await db
    .delete(rateLimits)
    .where(lt(rateLimits.resetAt, new Date(now())))
    .returning({ key: rateLimits.key });
  return gone.length;
}
