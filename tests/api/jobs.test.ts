// The job runner (issue 13, item 2): retries with backoff and a visible failed state, run_at, once per
// key, enqueue inside the caller's transaction, leases that hand a dead instance's job to another,
// a graceful stop — on PGlite and PostgreSQL — and, on PostgreSQL, two runners on one database that
// run each of 50 jobs exactly once.
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Database, openDatabase } from '../../server/db/client';
import { jobs } from '../../server/db/schema';
import { backoffDelay, createJobRunner, type JobContext, type JobRunner, PermanentJobError, periodStart, type RunnerOptions } from '../../server/jobs/runner';
import { describeOnPostgres, freshDatabase, type TestDatabase } from '../support/test-db';

type TestJobs = Record<string, { n?: number }>;

let t: TestDatabase;
let clock = Date.parse('2030-01-01T00:00:00Z');
const now = () => clock;
const logged: { level: number; msg: string; job?: string }[] = [];
const sink = new Writable({
  write(chunk: Buffer, _enc, done) {
    for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) logged.push(JSON.parse(line) as (typeof logged)[number]);
    done();
  },
});
const logger = pino({ level: 'info' }, sink);
const runners: JobRunner<TestJobs>[] = [];
const extra: Database[] = [];

function runner(options: Partial<RunnerOptions> & { database?: Database } = {}) {
  const r = createJobRunner<TestJobs>((options.database ?? t.database).db, { logger, now, ...options });
  runners.push(r);
  return r;
}

const rowsOf = (name: string) => t.database.db.select().from(jobs).where(eq(jobs.name, name));
const rowOf = async (name: string) => (await rowsOf(name))[0];

beforeAll(async () => {
  t = await freshDatabase();
});
afterAll(async () => {
  for (const r of runners) await r.stop(0);
  for (const d of extra) await d.close();
  await t?.dispose();
});

describe('retries and the failed state', () => {
  it('retries a failing handler with exponential backoff, and records the success on the third attempt', async () => {
    const r = runner();
    const attempts: number[] = [];
    r.handle(
      'flaky',
      async (_payload, ctx: JobContext) => {
        attempts.push(ctx.attempt);
        if (ctx.attempt < 3) throw new Error(`flaky failure ${ctx.attempt}`);
      },
      { maxAttempts: 5, backoffMs: 1000 },
    );
    await r.enqueue(t.database.db, 'flaky', { n: 1 });
    await r.drain();
    expect(await rowOf('flaky')).toMatchObject({ status: 'queued', attempts: 1, lastError: 'flaky failure 1', lockedBy: null });
    expect((await rowOf('flaky'))?.runAt.getTime()).toBe(clock + 1000);

    // Not before its time.
    clock += 999;
    await r.drain();
    expect(attempts).toEqual([1]);
    clock += 1;
    await r.drain();
    expect(await rowOf('flaky')).toMatchObject({ status: 'queued', attempts: 2, lastError: 'flaky failure 2' });
    // The second retry waits twice as long.
    expect((await rowOf('flaky'))?.runAt.getTime()).toBe(clock + 2000);
    clock += 2000;
    await r.drain();
    expect(attempts).toEqual([1, 2, 3]);
    expect(await rowOf('flaky')).toMatchObject({ status: 'done', attempts: 3, lastError: null, lockedBy: null, lockedUntil: null });
  });

  it('leaves a job that always fails as failed, with its last error, logged at error level', async () => {
    const r = runner();
    let calls = 0;
    r.handle(
      'doomed',
      async () => {
        calls++;
        throw new Error(`the printer is on fire (${calls})`);
      },
      { maxAttempts: 3, backoffMs: 1000 },
    );
    await r.enqueue(t.database.db, 'doomed', {});
    for (let i = 0; i < 5; i++) {
      await r.drain();
      clock += 10_000;
    }
    expect(calls).toBe(3);
    expect(await rowOf('doomed')).toMatchObject({ status: 'failed', attempts: 3, lastError: 'the printer is on fire (3)', lockedBy: null });
    const errors = logged.filter((l) => l.level === 50 && l.job === 'doomed');
    expect(errors).toHaveLength(1);
    expect(errors[0]?.msg).toContain('failed after 3 attempt(s)');
    // Two warnings for the retries before.
    expect(logged.filter((l) => l.level === 40 && l.job === 'doomed')).toHaveLength(2);
  });

  it('does not retry a permanent failure', async () => {
    const r = runner();
    let calls = 0;
    r.handle('refused', async () => {
      calls++;
      throw new PermanentJobError('550 no such mailbox');
    });
    await r.enqueue(t.database.db, 'refused', {});
    await r.drain();
    clock += 3_600_000;
    await r.drain();
    expect(calls).toBe(1);
    expect(await rowOf('refused')).toMatchObject({ status: 'failed', attempts: 1, lastError: '550 no such mailbox' });
  });

  it('backs off exponentially, at most an hour', () => {
    expect([1, 2, 3, 4].map((a) => backoffDelay(a, 10_000))).toEqual([10_000, 20_000, 40_000, 80_000]);
    expect(backoffDelay(30, 10_000)).toBe(3_600_000);
  });
});

describe('when a job runs', () => {
  it('runs a job with run_at in the future at that time, not before', async () => {
    const r = runner();
    const ran: number[] = [];
    r.handle('later', async () => void ran.push(clock));
    const at = clock + 3_600_000;
    await r.enqueue(t.database.db, 'later', {}, { runAt: new Date(at) });
    await r.drain();
    clock += 3_599_999;
    await r.drain();
    expect(ran).toEqual([]);
    clock += 1;
    await r.drain();
    expect(ran).toEqual([at]);
    expect(await rowOf('later')).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('enqueues once per unique key, and runs a recurring job once per period across instances', async () => {
    const a = runner();
    const b = runner();
    const handler = vi.fn(async () => undefined);
    a.handle('once', handler);
    expect(await a.enqueue(t.database.db, 'once', { n: 1 }, { uniqueKey: 'once:1' })).toEqual(expect.any(Number));
    expect(await b.enqueue(t.database.db, 'once', { n: 2 }, { uniqueKey: 'once:1' })).toBeNull();
    await a.drain();
    expect(handler).toHaveBeenCalledTimes(1);
    expect(handler.mock.calls[0]).toEqual([{ n: 1 }, expect.anything()] as never);

    const daily = vi.fn(async () => undefined);
    const firstDay = periodStart(clock, 'day').toISOString();
    a.every('daily', 'day', daily);
    b.every('daily', 'day', daily);
    await a.drain();
    await b.drain();
    await Promise.all([a.drain(), b.drain()]);
    expect(daily).toHaveBeenCalledTimes(1);
    clock += 86_400_000;
    await Promise.all([a.drain(), b.drain()]);
    await a.drain();
    expect(daily).toHaveBeenCalledTimes(2);
    const keys = (await rowsOf('daily')).map((j) => j.uniqueKey).sort();
    expect(keys).toEqual([`daily@${firstDay}`, `daily@${periodStart(clock, 'day').toISOString()}`]);
  });

  it('enqueues inside the caller’s transaction: no job when it rolls back', async () => {
    const r = runner();
    r.handle('tx', async () => undefined);
    await t.database.db
      .transaction(async (tx) => {
        await r.enqueue(tx, 'tx', { n: 1 });
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    await t.database.db.transaction(async (tx) => {
      await r.enqueue(tx, 'tx', { n: 2 });
    });
    expect((await rowsOf('tx')).map((j) => j.payload)).toEqual([{ n: 2 }]);
  });

  it('runs only the jobs it has a handler for', async () => {
    const r = runner();
    r.handle('known', async () => undefined);
    await r.enqueue(t.database.db, 'unknown-to-this-instance', {});
    await r.drain();
    expect(await rowOf('unknown-to-this-instance')).toMatchObject({ status: 'queued', attempts: 0 });
  });
});

describe('instances that stop', () => {
  it('hands the job of an instance that died to another once its lease runs out; the dead one cannot finish it', async () => {
    const lease = 60_000;
    const dead = runner({ leaseMs: lease, instanceId: 'dead' });
    const alive = runner({ leaseMs: lease, instanceId: 'alive' });
    let release!: () => void;
    dead.handle('leased', () => new Promise<void>((resolve) => (release = resolve)));
    const ranOnAlive = vi.fn(async () => undefined);
    alive.handle('leased', ranOnAlive);
    await dead.enqueue(t.database.db, 'leased', {});
    const hung = dead.drain();
    await vi.waitFor(async () => expect(await rowOf('leased')).toMatchObject({ status: 'running', lockedBy: 'dead' }), { timeout: 15_000 });

    await alive.drain();
    expect(ranOnAlive).not.toHaveBeenCalled();
    clock += lease + 1;
    await alive.drain();
    expect(ranOnAlive).toHaveBeenCalledTimes(1);
    expect(await rowOf('leased')).toMatchObject({ status: 'done', attempts: 2, lockedBy: null });
    // The first instance comes back and finishes: its lease is gone, so nothing changes.
    release();
    await hung;
    expect(await rowOf('leased')).toMatchObject({ status: 'done', attempts: 2, lockedBy: null });
  });

  it('fails a job whose instance died during its last attempt, visibly', async () => {
    const lease = 60_000;
    const dead = runner({ leaseMs: lease });
    const alive = runner({ leaseMs: lease });
    let release!: () => void;
    dead.handle('last-try', () => new Promise<void>((resolve) => (release = resolve)), { maxAttempts: 1 });
    const ranOnAlive = vi.fn(async () => undefined);
    alive.handle('last-try', ranOnAlive, { maxAttempts: 1 });
    await dead.enqueue(t.database.db, 'last-try', {});
    const hung = dead.drain();
    await vi.waitFor(async () => expect(await rowOf('last-try')).toMatchObject({ status: 'running' }), { timeout: 15_000 });
    clock += lease + 1;
    await alive.drain();
    expect(ranOnAlive).not.toHaveBeenCalled();
    expect(await rowOf('last-try')).toMatchObject({ status: 'failed', attempts: 1, lastError: expect.stringContaining('lease expired') });
    expect(logged.some((l) => l.level === 50 && l.job === 'last-try')).toBe(true);
    release();
    await hung;
    expect(await rowOf('last-try')).toMatchObject({ status: 'failed' });
  });

  it('stops gracefully: a job that finishes in time is done, one that does not goes back to the queue', async () => {
    const r = runner({ pollMs: 20, wakeDelayMs: 0 });
    let releaseSlow!: () => void;
    const slowStarted = new Promise<void>((started) => {
      r.handle('slow', () => {
        started();
        return new Promise<void>((resolve) => (releaseSlow = resolve));
      });
    });
    await r.enqueue(t.database.db, 'slow', {});
    r.start();
    await slowStarted;
    await r.stop(50);
    expect(await rowOf('slow')).toMatchObject({ status: 'queued', attempts: 0, lockedBy: null });
    releaseSlow();

    const next = runner();
    const ran = vi.fn(async () => undefined);
    next.handle('slow', ran);
    await next.drain();
    expect(ran).toHaveBeenCalledTimes(1);
    expect(await rowOf('slow')).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('runs an enqueued job without being asked once started (wake-up and polling)', async () => {
    const r = runner({ pollMs: 50, wakeDelayMs: 10 });
    const done = new Promise<{ n?: number }>((resolve) => r.handle('woken', async (payload) => resolve(payload)));
    r.start();
    await r.enqueue(t.database.db, 'woken', { n: 7 });
    await expect(done).resolves.toEqual({ n: 7 });
    await vi.waitFor(async () => expect(await rowOf('woken')).toMatchObject({ status: 'done' }), { timeout: 15_000 });
    await r.stop();
  });
});

describeOnPostgres('two runners on one PostgreSQL', () => {
  it('runs each of 50 jobs exactly once, both runners taking part', async () => {
    const second = await openDatabase({ databaseUrl: t.url as string, poolSize: 5 });
    extra.push(second);
    const runs = new Map<number, string[]>();
    const instances = new Set<string>();
    const make = (database: Database, id: string) => {
      const r = runner({ database, instanceId: id, now: Date.now, pollMs: 20, wakeDelayMs: 0, concurrency: 4 });
      r.handle('race', async ({ n }) => {
        runs.set(n as number, [...(runs.get(n as number) ?? []), id]);
        instances.add(id);
        // Hold the first jobs until the other runner has one too, so both claim at the same time.
        for (let i = 0; i < 500 && instances.size < 2; i++) await new Promise((resolve) => setTimeout(resolve, 10));
        await new Promise((resolve) => setTimeout(resolve, 2));
      });
      return r;
    };
    const a = make(t.database, 'runner-a');
    const b = make(second, 'runner-b');
    await t.database.db.transaction(async (tx) => {
      for (let n = 0; n < 50; n++) await a.enqueue(tx, 'race', { n });
    });
    a.start();
    b.start();
    await vi.waitFor(async () => expect((await rowsOf('race')).filter((j) => j.status === 'done')).toHaveLength(50), { timeout: 20_000, interval: 50 });
    await Promise.all([a.stop(), b.stop()]);

    expect([...runs.keys()].sort((x, y) => x - y)).toEqual(Array.from({ length: 50 }, (_, n) => n));
    for (const [, who] of runs) expect(who).toHaveLength(1);
    expect(instances).toEqual(new Set(['runner-a', 'runner-b']));
    for (const j of await rowsOf('race')) expect(j).toMatchObject({ status: 'done', attempts: 1, lockedBy: null });
  });

  it('two runners draining at once on separate connections never take the same job', async () => {
    const second = await openDatabase({ databaseUrl: t.url as string, poolSize: 5 });
    extra.push(second);
    const count = new Map<number, number>();
    const make = (database: Database) => {
      const r = runner({ database, concurrency: 8 });
      r.handle('drain-race', async ({ n }) => {
        count.set(n as number, (count.get(n as number) ?? 0) + 1);
        await new Promise((resolve) => setTimeout(resolve, 1));
      });
      return r;
    };
    const a = make(t.database);
    const b = make(second);
    for (let n = 0; n < 50; n++) await a.enqueue(t.database.db, 'drain-race', { n });
    await Promise.all([a.drain(), b.drain()]);
    expect(count.size).toBe(50);
    for (const [, c] of count) expect(c).toBe(1);
    for (const j of await rowsOf('drain-race')) expect(j).toMatchObject({ status: 'done', attempts: 1 });
  });
});
