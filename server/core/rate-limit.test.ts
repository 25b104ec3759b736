// The shared limiter on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL): windows,
// one statement per hit, and limiters that count together as separate instances would.
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { freshDatabase, type TestDatabase } from '../../tests/support/test-db';
import type { Db } from '../db/client';
import * as schema from '../db/schema';
import { rateLimits } from '../db/schema';
import { statementRows } from '../db/client';
import { createRateLimiter, hitAll, hitsInStatement, sweepRateLimits } from './rate-limit';

let base: TestDatabase;
let db: Db;
let recording: string[] | null = null;
let t = 1_700_000_000_000;
const now = () => t;

beforeAll(async () => {
  base = await freshDatabase();
  // The same connection through a Drizzle instance that records the statements it sends.
  const logger = { logQuery: (query: string) => void recording?.push(query) };
  const client = (base.database.db as unknown as { $client: unknown }).$client;
  db = (base.database.kind === 'pglite'
    ? drizzlePglite(client as PGlite, { schema, logger })
    : drizzlePg(client as pg.Pool, { schema, logger })) as unknown as Db;
});
afterAll(async () => {
  await base?.dispose();
});
beforeEach(async () => {
  await db.delete(rateLimits);
});

async function statementsOf(work: () => Promise<unknown>): Promise<string[]> {
  recording = [];
  try {
    await work();
    return recording;
  } finally {
    recording = null;
  }
}

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (err: { status?: number; code?: string; message?: string; details?: { retryAfterSeconds?: number } }) => err,
  );

describe('shared rate limiter', () => {
  it('refuses hits beyond the limit within the window, per key, then allows again', async () => {
    const limiter = createRateLimiter(db, { name: 'test', limit: 2, windowMs: 60_000, now, what: 'messages' });
    await limiter.hit('ip');
    t += 10_000;
    await limiter.hit('ip');
    const err = await refusal(limiter.hit('ip'));
    expect(err).toMatchObject({ kind: 'limited', code: 'rate_limited', details: { retryAfterSeconds: 50 } });
    expect(err?.message).toMatch(/Too many messages\. Please try again in 1 minutes\./);
    await limiter.hit('other-ip');
    t += 50_001;
    await expect(limiter.hit('ip')).resolves.toBeUndefined();
    await limiter.hit('ip');
    expect(await refusal(limiter.hit('ip'))).toMatchObject({ code: 'rate_limited' });
  });

  it('costs one statement per hit', async () => {
    const limiter = createRateLimiter(db, { name: 'test', limit: 5, windowMs: 60_000, now, what: 'messages' });
    expect(await statementsOf(() => limiter.hit('ip'))).toHaveLength(1);
    expect(await statementsOf(() => limiter.hit('ip'))).toHaveLength(1);
    const other = createRateLimiter(db, { name: 'other', limit: 5, windowMs: 60_000, now, what: 'messages' });
    const both = await statementsOf(() => hitAll([limiter.on('ip'), other.on('ip')]));
    expect(both).toHaveLength(1);
    expect(both[0]?.trim()).toMatch(/^insert into rate_limits/);
  });

  it('counts together across limiter objects of one name (as two instances do) and apart across names', async () => {
    const onA = createRateLimiter(db, { name: 'auth', limit: 3, windowMs: 60_000, now, what: 'attempts' });
    const onB = createRateLimiter(db, { name: 'auth', limit: 3, windowMs: 60_000, now, what: 'attempts' });
    const chat = createRateLimiter(db, { name: 'chat', limit: 1, windowMs: 60_000, now, what: 'messages' });
    await onA.hit('1.2.3.4');
    await onB.hit('1.2.3.4');
    await chat.hit('1.2.3.4');
    await onA.hit('1.2.3.4');
    expect(await refusal(onB.hit('1.2.3.4'))).toMatchObject({ code: 'rate_limited' });
    // reset forgets one limiter's keys only.
    await chat.reset();
    await chat.hit('1.2.3.4');
    expect(await refusal(onA.hit('1.2.3.4'))).toMatchObject({ code: 'rate_limited' });
    await onA.reset();
    await onB.hit('1.2.3.4');
  });

  it('hitAll counts every hit and refuses with the first limit exceeded', async () => {
    const perSession = createRateLimiter(db, { name: 'session', limit: 1, windowMs: 60_000, now, what: 'messages in a minute' });
    const perIp = createRateLimiter(db, { name: 'ip', limit: 3, windowMs: 60_000, now, what: 'messages from your network' });
    await hitAll([perSession.on('s1'), perIp.on('ip')]);
    expect(await refusal(hitAll([perSession.on('s1'), perIp.on('ip')]))).toMatchObject({ message: /messages in a minute/ });
    await hitAll([perSession.on('s2'), perIp.on('ip')]);
    // The IP has now been counted three times (the refused one too).
    expect(await refusal(hitAll([perSession.on('s3'), perIp.on('ip')]))).toMatchObject({ message: /messages from your network/ });
  });

  it('hits counted inside a statement commit with its write, refuse it when over a limit, and vanish when it fails', async () => {
    const perSession = createRateLimiter(db, { name: 'session', limit: 2, windowMs: 60_000, now, what: 'messages in a minute' });
    const perIp = createRateLimiter(db, { name: 'ip', limit: 5, windowMs: 60_000, now, what: 'messages from your network' });
    // The write the hits limit: here, a row of rate_limits of its own, so the test needs no other table.
    const write = async (session: string, fail = false) => {
      const limit = hitsInStatement([perSession.on(session), perIp.on('ip')], 2);
      const [row] = await statementRows<{ id: string | null; hits: unknown }>(
        db,
        `with ${limit.cte}, w as (
           insert into rate_limits (key, hits, reset_at) select $1::text, 1, now() where ${limit.within} returning key
         )
         select (select key from w) as id, ${limit.hits} as hits ${fail ? ', 1 / 0' : ''}`,
        [`written:${t}:${Math.random()}`, ...limit.values],
      );
      const refused = limit.refused(row?.hits);
      if (refused) throw refused;
      return row?.id;
    };
    const counts = async () => new Map((await db.select().from(rateLimits)).map((r) => [r.key, r.hits]));
    expect(await write('s1')).toMatch(/^written:/);
    // A statement that fails (the process killed mid-way is the same) leaves no count behind.
    await expect(write('s1', true)).rejects.toThrow(/division by zero/);
    expect((await counts()).get('session:s1')).toBe(1);
    expect(await write('s1')).toMatch(/^written:/);
    // Over the limit: refused, nothing written, and the refused hit counted (as hitAll counts it).
    const before = (await db.select().from(rateLimits)).filter((r) => r.key.startsWith('written:')).length;
    expect(await refusal(write('s1'))).toMatchObject({ code: 'rate_limited', message: /messages in a minute/ });
    expect((await db.select().from(rateLimits)).filter((r) => r.key.startsWith('written:')).length).toBe(before);
    expect((await counts()).get('session:s1')).toBe(3);
    expect((await counts()).get('ip:ip')).toBe(3);
    // The second limit refuses on its own; a new window starts over.
    await write('s2');
    await write('s3');
    expect(await refusal(write('s4'))).toMatchObject({ message: /messages from your network/ });
    t += 60_000;
    expect(await write('s1')).toMatch(/^written:/);
  });

  it('count returns the hits in the window without refusing; forget starts over', async () => {
    const codes = createRateLimiter(db, { name: 'mfa', limit: 2, windowMs: 60_000, now, what: 'codes' });
    expect(await codes.count('session')).toBe(1);
    expect(await codes.count('session')).toBe(2);
    expect(await codes.count('session')).toBe(3);
    await codes.forget('session');
    expect(await codes.count('session')).toBe(1);
  });

  it('holds under concurrent hits: exactly the limit gets through', async () => {
    const limiter = createRateLimiter(db, { name: 'race', limit: 20, windowMs: 60_000, now, what: 'attempts' });
    const results = await Promise.allSettled(Array.from({ length: 60 }, () => limiter.hit('ip')));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(20);
    const [row] = await db.select().from(rateLimits);
    expect(row?.hits).toBe(60);
  });

  it('sweeps passed windows only', async () => {
    const short = createRateLimiter(db, { name: 'short', limit: 5, windowMs: 1_000, now, what: 'x' });
    const long = createRateLimiter(db, { name: 'long', limit: 5, windowMs: 60_000, now, what: 'x' });
    await short.hit('a');
    await long.hit('a');
    t += 2_000;
    expect(await sweepRateLimits(db, now)).toBe(1);
    expect((await db.select().from(rateLimits)).map((r) => r.key)).toEqual(['long:a']);
  });

  it('refuses a name that would blur the key space', () => {
    expect(() => createRateLimiter(db, { name: 'Auth:x', limit: 1, windowMs: 1, what: 'x' })).toThrow(/Bad rate limiter name/);
  });
});
