// Jobs: work that runs later, once, on one instance — server/jobs/runner.ts.
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const jobStatus = pgEnum('job_status', ['queued', 'running', 'done', 'failed']);

/**
 * The job queue. A runner claims due rows with `FOR UPDATE SKIP LOCKED` (so two instances never take
 * the same row), marks them running under a lease (`locked_until`: a job whose instance died is taken
 * again once it passes), and records the outcome; a failure is retried with backoff until
 * `max_attempts`, then stays `failed` with its error. `unique_key` makes an enqueue idempotent
 * (a scheduled job's key names its period, so it runs once across instances).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    payload: jsonb('payload').$type<unknown>().notNull().default({}),
    status: jobStatus('status').notNull().default('queued'),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    lastError: text('last_error'),
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    uniqueKey: text('unique_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('jobs_unique_key_idx').on(t.uniqueKey),
    // What a runner looks for: due queued rows, and running rows whose lease ran out.
    index('jobs_queued_idx')
      .on(t.runAt)
      .where(sql`${t.status} = 'queued'`),
    index('jobs_running_idx')
      .on(t.lockedUntil)
      .where(sql`${t.status} = 'running'`),
    index('jobs_finished_idx')
      .on(t.updatedAt)
      .where(sql`${t.status} in ('done', 'failed')`),
    check('jobs_attempts_positive', sql`${t.maxAttempts} > 0`),
  ],
);
