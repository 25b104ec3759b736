// Every job of the product, by name, with its payload. A service registers the handler of its own
// jobs (`jobs.handle(name, …)` where it is created) and enqueues them inside its transactions; the
// names and payload types live here so that an enqueue is type-checked against the handler.
//
// A payload is stored as JSON in `jobs.payload`: ids and plain values only, never a secret (a link
// token is created by the handler, not carried in the queue). A handler runs at least once: it
// must be safe to run again (check the state, then act).
import type { Db } from '../db/client';
import type { NewLock } from '../modules/auth';
import { createJobRunner, type JobRunner, type RunnerOptions } from './runner';

export interface JobPayloads {
  /** Send one stored email over SMTP (server/mail/mailer.ts); retried with backoff. */
  'mail.send': { outboxId: number };
  /** Forgot-password, or a sign-up with an address that has an account: a reset link if it does. */
  'auth.reset-request': { email: string; origin: string; via: 'forgot_password' | 'sign_up' };
  /** Sign-up or "resend": a confirmation link if the address has an unconfirmed account. */
  'auth.confirmation-request': { email: string; origin: string };
  /** A lockout began: the owner (if the address has an account) gets a reset link that unlocks. */
  'auth.lock-notice': { email: string; origin: string; locks: NewLock[] };
  /** Hourly: forget old sign-in failures. */
  'auth.lockout-sweep': Record<string, never>;
  /** Hourly: delete rate-limit windows that have passed. */
  'rate-limits.sweep': Record<string, never>;
  /** Daily: licences 30 and 7 days before their last valid day, and once expired, warn staff and the organisation (once per stage). */
  'partners.licence-check': Record<string, never>;
  /** Daily: issued invoices that fell overdue (or reached 31, 61, 91 days) are told to both sides, once per stage. */
  'payments.overdue-check': Record<string, never>;
  /** A CMS page's publish at the time staff chose (server/modules/content/pages.ts); the page must still name this job. */
  'pages.publish': { pageId: number; versionId: number };
  /** Hourly, built into the runner: delete old finished jobs. */
  'jobs.cleanup': Record<string, never>;
}

export type JobName = keyof JobPayloads;
export type Jobs = JobRunner<JobPayloads>;

export function createJobs(db: Db, options: RunnerOptions): Jobs {
  return createJobRunner<JobPayloads>(db, options);
}
