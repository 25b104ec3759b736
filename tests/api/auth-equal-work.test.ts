// Account enumeration by timing (issue 12, item 7): a known and an unknown email must cost the same
// work. Checked by what is done, not how long it takes: the SQL statements each call issues (recorded
// by Drizzle's query logger, in order; only parameters may differ), the argon2 verifications, and
// that emails leave only after the answer: the request enqueues a job (the same statement for every
// address), and the job's handler, run here by `jobs.drain()`, writes the email or nothing.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { prepareDatabase } from '../../server/bootstrap';
import { loadConfig } from '../../server/config';
import type { Database, Db } from '../../server/db/client';
import * as schema from '../../server/db/schema';
import { createChangeFeed, type ChangeFeed } from '../../server/realtime/changes';
import { createServices, type Services } from '../../server/services';
import { SYSTEM_ACTOR } from '../../server/core/actor';
import argon2 from '@node-rs/argon2';
import { freshDatabase, type TestDatabase } from '../support/test-db';

let base: TestDatabase;
let feed: ChangeFeed;
let services: Services;
let recording: string[] | null = null;
const PASSWORD = 'Equal-work-for-everyone-42';
const actor = { userId: null, ip: '192.0.2.1', userAgent: 'test' };
const ORIGIN = 'http://frolic.test';

beforeAll(async () => {
  base = await freshDatabase();
  // The same connection, seen through a Drizzle instance that records every statement it sends.
  const logger = { logQuery: (query: string) => void recording?.push(query) };
  const client = (base.database.db as unknown as { $client: unknown }).$client;
  const db = (base.database.kind === 'pglite'
    ? drizzlePglite(client as PGlite, { schema, logger })
    : drizzlePg(client as pg.Pool, { schema, logger })) as unknown as Db;
  const database: Database = { ...base.database, db };
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'frolic-data-')), LOG_LEVEL: 'silent' });
  await prepareDatabase(database, config, pino({ level: 'silent' }));
  feed = await createChangeFeed(database);
  services = createServices(config, database, feed, pino({ level: 'silent' }));
});
afterAll(async () => {
  await feed?.close();
  await base?.dispose();
});

/** The statements `work` sends to the database while it runs (what follows its answer is not in it). */
async function statementsOf(work: () => Promise<unknown>): Promise<string[]> {
  recording = [];
  try {
    await work();
    return recording;
  } finally {
    recording = null;
  }
}

async function user(email: string, extra: { confirmed?: boolean } = {}) {
  await services.users.createUser(
    { email, firstName: 'Eq', lastName: 'Work', roles: ['customer'], password: PASSWORD, confirmed: extra.confirmed ?? true },
    SYSTEM_ACTOR,
  );
  return email;
}

/** Runs the jobs the calls enqueued (the runner is not started here: nothing runs during a call). */
const settle = () => services.jobs.drain();

describe('a known and an unknown email cost the same work', () => {
  it('sign-in with a wrong password: the same statements and one argon2 verification', async () => {
    // Warm both paths once (the settings cache, the fixed hash unknown emails are checked against).
    await services.auth.signIn({ email: await user('warm@example.com'), password: 'Wrong-password-warm-1' }, actor, ORIGIN);
    await services.auth.signIn({ email: 'warm-ghost@example.com', password: 'Wrong-password-warm-1' }, actor, ORIGIN);
    await settle();

    const known = await user('known-signin@example.com');
    const verify = vi.spyOn(argon2, 'verify');
    verify.mockClear();
    const knownWork = await statementsOf(() => services.auth.signIn({ email: known, password: 'Wrong-password-entirely-1' }, actor, ORIGIN));
    expect(verify).toHaveBeenCalledTimes(1);
    verify.mockClear();
    const unknownWork = await statementsOf(() =>
      services.auth.signIn({ email: 'ghost-signin@example.com', password: 'Wrong-password-entirely-1' }, actor, ORIGIN),
    );
    expect(verify).toHaveBeenCalledTimes(1);
    verify.mockRestore();

    expect(knownWork.length).toBeGreaterThan(3);
    expect(unknownWork).toEqual(knownWork);
  });

  it('the same with a known-device cookie that is not the account’s', async () => {
    const known = await user('known-device@example.com');
    const cookie = 'x'.repeat(43);
    const knownWork = await statementsOf(() =>
      services.auth.signIn({ email: known, password: 'Wrong-password-entirely-2', knownDevice: cookie }, actor, ORIGIN),
    );
    const unknownWork = await statementsOf(() =>
      services.auth.signIn({ email: 'ghost-device@example.com', password: 'Wrong-password-entirely-2', knownDevice: cookie }, actor, ORIGIN),
    );
    expect(unknownWork).toEqual(knownWork);
  });

  it('forgot-password: the same statements; the email leaves after the answer', async () => {
    const known = await user('known-reset@example.com');
    const send = vi.spyOn(services.mailer, 'send');
    const knownWork = await statementsOf(() => services.auth.requestPasswordReset(known, actor, ORIGIN));
    expect(send).not.toHaveBeenCalled();
    await settle();
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    expect(send.mock.calls[0]?.[0]).toMatchObject({ to: known, subject: 'Reset your Frolic password' });
    send.mockClear();

    const unknownWork = await statementsOf(() => services.auth.requestPasswordReset('ghost-reset@example.com', actor, ORIGIN));
    expect(knownWork.length).toBeGreaterThan(1);
    expect(knownWork.some((q) => q.startsWith('insert into "jobs"'))).toBe(true);
    expect(unknownWork).toEqual(knownWork);
    await settle();
    expect(send).not.toHaveBeenCalled();
    send.mockRestore();
  });

  it('resend-confirmation: the same statements for an unconfirmed account and an unknown email', async () => {
    const known = await user('known-unconfirmed@example.com', { confirmed: false });
    const knownWork = await statementsOf(() => services.auth.resendConfirmation(known, ORIGIN));
    const unknownWork = await statementsOf(() => services.auth.resendConfirmation('ghost-unconfirmed@example.com', ORIGIN));
    const confirmed = await user('known-confirmed@example.com');
    const confirmedWork = await statementsOf(() => services.auth.resendConfirmation(confirmed, ORIGIN));
    expect(knownWork.length).toBeGreaterThan(0);
    expect(unknownWork).toEqual(knownWork);
    expect(confirmedWork).toEqual(knownWork);
    // Only the unconfirmed account gets an email.
    const send = vi.spyOn(services.mailer, 'send');
    await settle();
    expect(send).toHaveBeenCalledTimes(1);
    expect(send.mock.calls[0]?.[0]).toMatchObject({ to: known, subject: 'Confirm your Frolic account' });
    send.mockRestore();
  });
});
