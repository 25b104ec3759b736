// A server of the test's own, on its own database, so the test can read the database after stopping
// it (two clients on one PGlite directory would corrupt it): a copy of the run's PGlite template, or,
// when the run has PostgreSQL (TEST_DATABASE_URL, as in CI), a clone of its PostgreSQL template
// (global-setup.ts). The shared server stays on PGlite, so the journeys exercise both databases.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { pino } from 'pino';
import { DEMO_PASSWORD, TIME_SCALE } from '../../playwright.config';
import { prepareDatabase } from '../../server/bootstrap';
import { loadConfig } from '../../server/config';
import { migrateDatabase, openDatabase, type Database, type Db } from '../../server/db/client';
import { createAccess } from '../../server/auth/authorize';
import { createContentVersion } from '../../server/cache/content-version';
import { createJobs } from '../../server/jobs/registry';
import { createMailer } from '../../server/mail/mailer';
import { createMarketingService } from '../../server/modules/marketing/service';
import { createMediaService } from '../../server/modules/media/service';
import { createLocalStorage } from '../../server/modules/media/storage';
import { createNotificationService } from '../../server/modules/notifications/service';
import { createPartnerService } from '../../server/modules/partners/service';
import { createSettingsService } from '../../server/modules/security/settings';
import { createSessionStore } from '../../server/modules/auth/sessions';
import { createUserService } from '../../server/modules/users/service';
import { createChangeFeed } from '../../server/realtime/changes';
import type { Services } from '../../server/services';

/** The services a journey's starting state is written with (the whole set would load modules Playwright's loader cannot, e.g. JSON data). */
export type PrepareServices = Pick<Services, 'partners' | 'users' | 'media' | 'marketing'> & { db: Database['db'] };

/** Writes the starting state: through the services, or (ledgers such as stock, which no service opens) with the database. */
export type Prepare = (services: PrepareServices, db: Db) => Promise<void>;

export interface OwnServer {
  url: string;
  /** Stops the server (SIGTERM) and opens its database. */
  stopAndOpenDatabase(): Promise<Database>;
}

/**
 * Writes a journey's starting state through the real services into the data directory before the
 * server starts on it (the server then owns the directory alone): the same migrations and seed, then
 * `prepare` — organisations, their people, collateral — with no HTTP door needed for it.
 */
async function prepareDataDir(dataDir: string, databaseUrl: string | undefined, prepare: Prepare): Promise<void> {
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', NODE_ENV: 'production' });
  const logger = pino({ level: 'silent' });
  const database = await openDatabase(databaseUrl ? { databaseUrl, poolSize: 2 } : { dataDir: path.join(dataDir, 'pglite') });
  try {
    await prepareDatabase(database, config, logger);
    const { db } = database;
    const feed = await createChangeFeed(database, logger);
    const content = createContentVersion(feed);
    const settings = createSettingsService(db, feed);
    const users = createUserService({ db, sessions: createSessionStore(db, settings, Date.now, feed), feed, now: Date.now });
    const jobs = createJobs(db, { logger });
    const mailer = createMailer(db, jobs, { from: config.MAIL_FROM, logger });
    const access = createAccess(settings);
    const notifications = createNotificationService(db, feed, access);
    try {
      await prepare(
        {
          db,
          users,
          partners: createPartnerService({
            db,
            access,
            users,
            mailer,
            feed,
            jobs,
            notifications,
            origin: config.PUBLIC_ORIGIN ?? `http://localhost:${config.PORT}`,
          }),
          media: createMediaService(db, content, createLocalStorage(path.join(dataDir, 'uploads'))),
          marketing: createMarketingService(db, content),
        },
        db,
      );
    } finally {
      mailer.close();
      await feed.close();
    }
  } finally {
    await database.close();
  }
}

/**
 * `demo`: with the demo users (one per role, DEMO_PASSWORD), for journeys that sign in; `prepare`:
 * state written through the services before the server starts (see `prepareDataDir`); `database:
 * 'pglite'` keeps a journey about the embedded database itself on PGlite when the run has PostgreSQL.
 */
export async function startOwnServer(
  port: number,
  {
    demo = false,
    prepare,
    env = {},
    database = 'any',
  }: {
    demo?: boolean;
    prepare?: Prepare;
    /** More of the server's environment (SMTP_URL …). */ env?: Record<string, string>;
    database?: 'any' | 'pglite';
  } = {},
): Promise<OwnServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'frolic-e2e-own-'));
  const databaseUrl = database === 'any' ? await clonePostgresTemplate() : undefined;
  // The run's migrated and seeded database (global-setup.ts), copied: a new PGlite directory and
  // its migrations cost 15–20 s, more on a busy machine, and a copy a fraction of a second.
  const template = process.env.E2E_TEMPLATE_DIR;
  if (!databaseUrl && template && existsSync(path.join(template, 'pglite')))
    cpSync(path.join(template, 'pglite'), path.join(dataDir, 'pglite'), { recursive: true });
  if (prepare) await prepareDataDir(dataDir, databaseUrl, prepare);
  const child = await bootServer(dataDir, port, {
    ...(demo ? { DEMO_MODE: 'true', DEMO_PASSWORD } : {}),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  });
  return {
    url: `http://127.0.0.1:${port}`,
    async stopAndOpenDatabase() {
      await stopServer(child);
      if (databaseUrl) return openDatabase({ databaseUrl, poolSize: 2 });
      const opened = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
      await migrateDatabase(opened);
      return opened;
    },
  };
}

/** The run's PostgreSQL template (global-setup.ts), when it has one. */
export const postgresTemplate = () => (process.env.TEST_DATABASE_URL && process.env.E2E_POSTGRES_TEMPLATE) || undefined;

/** A database URL on the run's PostgreSQL server, with `name` as the database. */
export function postgresUrl(name: string): string {
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A new database cloned from the run's PostgreSQL template (named after it, so the teardown finds it); undefined without one. */
async function clonePostgresTemplate(): Promise<string | undefined> {
  const template = postgresTemplate();
  if (!template) return undefined;
  const name = `${template.replace(/_tpl$/, '')}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  } finally {
    await admin.end();
  }
  return postgresUrl(name);
}

/** Starts the built server on `dataDir` (PGlite) and waits until it answers /healthz. */
export async function bootServer(dataDir: string, port: number, env: Record<string, string> = {}): Promise<ChildProcess> {
  // One V8 background thread rather than one a core: a journey's server starts and lives beside the
  // runner, two browsers and other servers on two cores, where more compile and GC threads only add
  // work (about 1.5 s of CPU less a start; docs/decisions/043-test-suite-time.md).
  const child: ChildProcess = spawn(process.execPath, ['--v8-pool-size=1', 'build/server/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      // No load shedding by event-loop delay: workers, their browsers and servers share the cores, and
      // a journey is not about overload (shedding itself: tests/api/overload.test.ts).
      OVERLOAD_MAX_LAG_MS: '0',
      // Every file size PGlite remembers is checked against the disk (server/db/pglite-file-sizes.ts).
      PGLITE_FILE_SIZE_CHECK: 'true',
      ...env,
    },
    stdio: 'inherit',
  });
  const url = `http://127.0.0.1:${port}`;
  // As long as the shared server may take (playwright.config): a first start on a busy machine
  // runs the migrations and the seed.
  const until = Date.now() + 60_000 * TIME_SCALE;
  for (;;) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) return child;
    } catch {
      // not up yet
    }
    if (Date.now() > until) {
      // Never left behind, holding the port, when the test gives up on it.
      child.kill('SIGTERM');
      throw new Error('own server did not start');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Stops a server started by `bootServer` (SIGTERM: it closes its database cleanly) and waits for it. */
export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.on('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}
