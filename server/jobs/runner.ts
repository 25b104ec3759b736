// The job runner: work that runs later, once, on one instance (mail, and next scheduled publishing,
// overdue invoices, licence expiry). A small queue in the `jobs` table rather than pg-boss or
// graphile-worker: both now need Node 22 (we run on 20), graphile-worker needs a node-postgres pool
// and a LISTEN connection (PGlite is one in-process client), and pg-boss runs on PGlite only through a
// hand-written adapter. The queue is ~300 lines on the same Drizzle client as everything else, and
// runs unchanged on PGlite and PostgreSQL 15+.
//
// Guarantees (docs/decisions/018-job-runner-in-postgresql.md):
// - A job exists iff its cause committed: `enqueue(tx, …)` inserts inside the caller's transaction.
// - At least once: a claimed job holds a lease (`locked_until`, renewed while its handler runs); if its
//   instance dies, the job is claimed again once the lease runs out. Handlers must be idempotent.
// - Never twice at the same time: claims use `FOR UPDATE SKIP LOCKED`, so two instances polling
//   together take different rows; finishing a job checks the lease is still ours.
// - Retries with exponential backoff up to `max_attempts`; then the row stays `failed` with
//   `last_error`, logged at error level.
// - Once per key: `uniqueKey` makes an enqueue idempotent; a recurring job's key names its period
//   (`every`), so every instance may schedule it and it runs once.
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db, DbOrTx } from '../db/client';
import { jobs } from '../db/schema';

export type JobRow = typeof jobs.$inferSelect;

/** Thrown by a handler when trying again cannot help (a mailbox that does not exist): no retry follows. */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}

export interface JobContext {
  id: number;
  name: string;
  /** 1 on the first run. */
  attempt: number;
  maxAttempts: number;
  /** No retry follows if this attempt throws. */
  lastAttempt: boolean;
  logger: Logger;
}

export type JobHandler<P> = (payload: P, ctx: JobContext) => Promise<void>;

export interface HandlerOptions {
  /** Attempts before the job stays failed (default 5). */
  maxAttempts?: number;
  /** The first retry waits this long, each next one twice as long (default 10 s, at most an hour). */
  backoffMs?: number;
}

export interface EnqueueOptions {
  /** Not before this moment (default: now). */
  runAt?: Date;
  /** At most one job ever with this key: a second enqueue with it does nothing (returns null). */
  uniqueKey?: string;
  maxAttempts?: number;
}

export type Period = 'hour' | 'day';

export interface RunnerOptions {
  logger: Logger;
  now?: () => number;
  /** Names this instance in `locked_by`. */
  instanceId?: string;
  /** How often an idle runner looks for due jobs (default 5 s). */
  pollMs?: number;
  /**
   * An enqueue in this process wakes the runner after this delay (default 200 ms), not at once: the
   * job then runs after the answer to the request that enqueued it is written, so the work a job does
   * (an email to an account that exists) never shows in how long that answer took.
   */
  wakeDelayMs?: number;
  /** A claimed job is held this long, renewed while it runs (default 5 minutes). */
  leaseMs?: number;
  /** Jobs run at once by this instance (default 4). */
  concurrency?: number;
}

/**
 * `M` maps each job name to its payload type (`JobPayloads` in registry.ts for the product's jobs).
 */
export interface JobRunner<M extends object> {
  readonly instanceId: string;
  /** Registers the handler for `name`; this instance claims only jobs it has a handler for. */
  handle<N extends keyof M & string>(name: N, handler: JobHandler<M[N]>, options?: HandlerOptions): void;
  /** Registers `name` and schedules it once per hour or day (UTC) across every instance. */
  every<N extends keyof M & string>(name: N, period: Period, handler: JobHandler<M[N]>, options?: HandlerOptions & { payload?: M[N] }): void;
  /** Inserts a job inside the caller's transaction; returns its id, or null when `uniqueKey` exists. */
  enqueue<N extends keyof M & string>(tx: DbOrTx, name: N, payload: M[N], options?: EnqueueOptions): Promise<number | null>;
  /** Starts polling. */
  start(): void;
  /** Stops claiming, waits up to `timeoutMs` for running jobs, releases the rest to the queue. */
  stop(timeoutMs?: number): Promise<void>;
  /** Runs every due job now, until none is due (tests, scripts); returns how many ran. */
  drain(): Promise<number>;
}

const DEFAULT_MAX_ATTEMPTS = 5;
const DEFAULT_BACKOFF_MS = 10_000;
const MAX_BACKOFF_MS = 3_600_000;
const ERROR_LENGTH = 2000;
/** Finished jobs are deleted after these ages by the built-in hourly `jobs.cleanup`. */
const KEEP_DONE_MS = 7 * 86_400_000;
const KEEP_FAILED_MS = 30 * 86_400_000;
/** Recurring jobs are (idempotently) scheduled at most this often. */
const SCHEDULE_EVERY_MS = 60_000;

/** Exponential backoff: base, 2×base, 4×base, … capped at an hour. */
export function backoffDelay(attempt: number, baseMs = DEFAULT_BACKOFF_MS): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempt - 1), MAX_BACKOFF_MS);
}

/** The start (UTC) of the hour or day `t` falls in. */
export function periodStart(t: number, period: Period): Date {
  const d = new Date(t);
  if (period === 'day') d.setUTCHours(0, 0, 0, 0);
  else d.setUTCMinutes(0, 0, 0);
  return d;
}

const messageOf = (err: unknown) => (err instanceof Error ? err.message || err.name : String(err)).slice(0, ERROR_LENGTH);

interface Registered {
  handler: JobHandler<unknown>;
  maxAttempts: number;
  backoffMs: number;
}

export function createJobRunner<M extends object>(db: Db, options: RunnerOptions): JobRunner<M> {
  const logger = options.logger;
  const now = options.now ?? Date.now;
  const instanceId = options.instanceId ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const pollMs = options.pollMs ?? 5000;
  const wakeDelayMs = options.wakeDelayMs ?? 200;
  const leaseMs = options.leaseMs ?? 300_000;
  const concurrency = options.concurrency ?? 4;

  const handlers = new Map<string, Registered>();
  const recurring: { name: string; period: Period; payload: unknown }[] = [];
  /** Jobs this instance is running, by id. */
  const inflight = new Map<number, Promise<void>>();
  let started = false;
  let stopping = false;
  let timer: NodeJS.Timeout | null = null;
  let timerAt = Infinity;
  let ticking = false;
  let tickAgain = false;
  let nextSchedule = 0;

  function register(name: string, handler: JobHandler<unknown>, opts: HandlerOptions = {}) {
    handlers.set(name, { handler, maxAttempts: opts.maxAttempts ?? DEFAULT_MAX_ATTEMPTS, backoffMs: opts.backoffMs ?? DEFAULT_BACKOFF_MS });
  }

  /** Makes sure a tick happens within `ms` (an earlier one already set stays). */
  function wakeIn(ms: number) {
    if (!started || stopping) return;
    const at = Date.now() + ms;
    if (timer && timerAt <= at) return;
    if (timer) clearTimeout(timer);
    timerAt = at;
    timer = setTimeout(() => {
      timer = null;
      timerAt = Infinity;
      void tick();
    }, ms);
    timer.unref();
  }

  async function enqueue(tx: DbOrTx, name: string, payload: unknown, opts: EnqueueOptions = {}): Promise<number | null> {
    const runAt = opts.runAt ?? new Date(now());
    const rows = await tx
      .insert(jobs)
      .values({
        name,
        payload: payload ?? {},
        runAt,
        maxAttempts: opts.maxAttempts ?? handlers.get(name)?.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
        uniqueKey: opts.uniqueKey ?? null,
      })
      .onConflictDoNothing({ target: jobs.uniqueKey })
      .returning({ id: jobs.id });
    const id = rows[0]?.id ?? null;
    // The commit is the caller's; if it is slow or rolls back, the next poll finds out.
    if (id !== null) wakeIn(Math.min(pollMs, Math.max(wakeDelayMs, runAt.getTime() - now())));
    return id;
  }

  /** Schedules each recurring job for the current period (every instance does; the key makes it once). */
  async function scheduleRecurring() {
    const t = now();
    if (t < nextSchedule) return;
    nextSchedule = t + SCHEDULE_EVERY_MS;
    for (const r of recurring) {
      const start = periodStart(t, r.period);
      await enqueue(db, r.name, r.payload, { runAt: start, uniqueKey: `${r.name}@${start.toISOString()}` });
    }
  }

  /** Claims up to `n` due jobs: queued ones whose time has come, and running ones whose lease ran out. */
  async function claim(n: number): Promise<JobRow[]> {
    const names = [...handlers.keys()];
    if (!names.length || n <= 0) return [];
    const t = new Date(now());
    const due = db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          inArray(jobs.name, names),
          or(and(eq(jobs.status, 'queued'), lte(jobs.runAt, t)), and(eq(jobs.status, 'running'), lt(jobs.lockedUntil, t), lt(jobs.attempts, jobs.maxAttempts))),
        ),
      )
      .orderBy(jobs.runAt, jobs.id)
      .limit(n)
      .for('update', { skipLocked: true });
    return db
      .update(jobs)
      .set({ status: 'running', lockedBy: instanceId, lockedUntil: new Date(t.getTime() + leaseMs), attempts: sql`${jobs.attempts} + 1`, updatedAt: t })
      .where(inArray(jobs.id, due))
      .returning();
  }

  /** A job whose instance died during its last attempt has no attempt left: it fails, visibly. */
  async function failAbandoned() {
    const t = new Date(now());
    const rows = await db
      .update(jobs)
      .set({
        status: 'failed',
        lastError: 'The instance running the last attempt stopped before it finished (lease expired).',
        lockedBy: null,
        lockedUntil: null,
        updatedAt: t,
      })
      .where(and(eq(jobs.status, 'running'), lt(jobs.lockedUntil, t), sql`${jobs.attempts} >= ${jobs.maxAttempts}`))
      .returning({ id: jobs.id, name: jobs.name, attempts: jobs.attempts });
    for (const r of rows) logger.error({ jobId: r.id, job: r.name, attempts: r.attempts }, 'job failed: its instance stopped during the last attempt');
  }

  /** Rows this instance still holds (the lease is ours): finishing a job re-claimed elsewhere does nothing. */
  const ours = (id: number) => and(eq(jobs.id, id), eq(jobs.lockedBy, instanceId), eq(jobs.status, 'running'));

  async function run(job: JobRow): Promise<void> {
    const reg = handlers.get(job.name);
    const log = logger.child({ jobId: job.id, job: job.name, attempt: job.attempts });
    const ctx: JobContext = {
      id: job.id,
      name: job.name,
      attempt: job.attempts,
      maxAttempts: job.maxAttempts,
      lastAttempt: job.attempts >= job.maxAttempts,
      logger: log,
    };
    // Renew the lease while the handler runs, so a long job is not taken by another instance.
    const renew = setInterval(
      () => {
        void db
          .update(jobs)
          .set({ lockedUntil: new Date(now() + leaseMs) })
          .where(ours(job.id))
          .catch((err: unknown) => log.warn({ err }, 'could not renew a job lease'));
      },
      Math.max(1000, Math.floor(leaseMs / 3)),
    );
    renew.unref();
    try {
      if (!reg) throw new Error(`No handler for job "${job.name}".`);
      await reg.handler(job.payload, ctx);
      clearInterval(renew);
      await db
        .update(jobs)
        .set({ status: 'done', lastError: null, lockedBy: null, lockedUntil: null, updatedAt: new Date(now()) })
        .where(ours(job.id));
    } catch (err) {
      clearInterval(renew);
      const error = messageOf(err);
      const t = now();
      if (ctx.lastAttempt || err instanceof PermanentJobError) {
        log.error({ err, attempts: job.attempts }, `job failed after ${job.attempts} attempt(s); it stays failed`);
        await db
          .update(jobs)
          .set({ status: 'failed', lastError: error, lockedBy: null, lockedUntil: null, updatedAt: new Date(t) })
          .where(ours(job.id));
      } else {
        const retryAt = new Date(t + backoffDelay(job.attempts, reg?.backoffMs));
        log.warn({ err, retryAt }, 'job failed; it will be retried');
        await db
          .update(jobs)
          .set({ status: 'queued', lastError: error, runAt: retryAt, lockedBy: null, lockedUntil: null, updatedAt: new Date(t) })
          .where(ours(job.id));
      }
    } finally {
      clearInterval(renew);
    }
  }

  /** Runs a claimed job in a free slot; when it ends, looks for the next one. */
  function launch(job: JobRow) {
    const p = run(job)
      .catch((err: unknown) => {
        if (!stopping) logger.error({ err, jobId: job.id, job: job.name }, 'could not record a job’s outcome');
      })
      .finally(() => {
        inflight.delete(job.id);
        wakeIn(0);
      });
    inflight.set(job.id, p);
  }

  async function tick(): Promise<void> {
    if (ticking) {
      tickAgain = true;
      return;
    }
    ticking = true;
    try {
      await scheduleRecurring();
      await failAbandoned();
      do {
        tickAgain = false;
        if (stopping) break;
        const free = concurrency - inflight.size;
        if (free <= 0) break;
        const claimed = await claim(free);
        for (const job of claimed) launch(job);
        if (claimed.length === free) tickAgain = true;
      } while (tickAgain);
    } catch (err) {
      if (!stopping) logger.error({ err }, 'job runner: polling failed');
    } finally {
      ticking = false;
      wakeIn(pollMs);
    }
  }

  const runner: JobRunner<M> = {
    instanceId,
    handle(name, handler, opts) {
      register(name, handler as JobHandler<unknown>, opts);
    },
    every(name, period, handler, opts = {}) {
      register(name, handler as JobHandler<unknown>, opts);
      recurring.push({ name, period, payload: opts.payload ?? {} });
      nextSchedule = 0;
    },
    enqueue: (tx, name, payload, opts) => enqueue(tx, name, payload, opts),
    start() {
      if (started) return;
      started = true;
      stopping = false;
      wakeIn(0);
    },
    async stop(timeoutMs = 10_000) {
      stopping = true;
      started = false;
      if (timer) clearTimeout(timer);
      timer = null;
      timerAt = Infinity;
      if (inflight.size) {
        let wait: NodeJS.Timeout | undefined;
        await Promise.race([Promise.allSettled(inflight.values()), new Promise((r) => (wait = setTimeout(r, timeoutMs)))]);
        clearTimeout(wait);
      }
      // Still running: back to the queue, due now, the interrupted attempt not counted.
      const left = [...inflight.keys()];
      if (left.length) {
        await db
          .update(jobs)
          .set({
            status: 'queued',
            runAt: new Date(now()),
            attempts: sql`greatest(${jobs.attempts} - 1, 0)`,
            lockedBy: null,
            lockedUntil: null,
            updatedAt: new Date(now()),
          })
          .where(and(inArray(jobs.id, left), eq(jobs.lockedBy, instanceId), eq(jobs.status, 'running')));
        logger.warn({ jobs: left }, 'stopped with jobs running: they go back to the queue');
      }
    },
    async drain() {
      let ran = 0;
      await scheduleRecurring();
      await failAbandoned();
      for (;;) {
        const claimed = await claim(concurrency);
        if (!claimed.length) return ran;
        await Promise.all(claimed.map((job) => run(job)));
        ran += claimed.length;
      }
    },
  };

  // Built in: finished jobs do not pile up.
  runner.every('jobs.cleanup' as keyof M & string, 'hour', async () => {
    const t = now();
    await db
      .delete(jobs)
      .where(
        or(
          and(eq(jobs.status, 'done'), lt(jobs.updatedAt, new Date(t - KEEP_DONE_MS))),
          and(eq(jobs.status, 'failed'), lt(jobs.updatedAt, new Date(t - KEEP_FAILED_MS))),
        ),
      );
  });
  return runner;
}
