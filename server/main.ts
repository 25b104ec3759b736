// Entry point: configuration -> database -> migrations -> seed -> HTTP server; graceful shutdown.
// `npm start` runs this as the worker of scripts/supervisor.mjs, which restarts it if it dies.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { pino } from 'pino';
import type { ServerBuild } from 'react-router';
import { createApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase, withStartupLock } from './db/client';
import { openStorage } from './modules/media';
import { lockDataDir } from './db/data-dir-lock';
import { ensureMasterAdmin, prepareDatabase, startDemoUsers } from './bootstrap';
import { BUILD_DIR } from './root';

async function main(): Promise<void> {
  const startedAt = performance.now();
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const dev = config.NODE_ENV === 'development';
  // A bucket that is missing or refuses the credentials stops the start (before the database is
  // touched), not the first upload.
  const storage = openStorage(config);
  try {
    await storage.check();
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  } finally {
    storage.close();
  }
  // Synchronous writes: a line is out before the next statement runs, so the crash report of an
  // uncaught exception is never lost; and a broken stdout (the log reader gone) turns logging off
  // instead of leaving a buffer that pino's flush on exit would retry forever.
  const logger = pino({ level: config.LOG_LEVEL }, pino.destination({ dest: 1, sync: true }));
  // Last lines of defence: every socket and handler boundary catches its own errors, so reaching
  // these is a bug. A rejected promise nobody awaited has not corrupted anything: log it and keep
  // serving. An uncaught exception may have left state half-updated: log it and exit, and the
  // supervisor starts a fresh process within seconds.
  process.on('unhandledRejection', (reason) => {
    logger.error({ err: reason }, 'unhandled promise rejection (still serving)');
  });
  let unlock: () => void = () => undefined;
  process.on('uncaughtException', (err, origin) => {
    logger.fatal({ err, origin }, 'uncaught exception: exiting for a restart');
    unlock();
    process.exit(1);
  });
  // Under the supervisor (an IPC channel): if it disappears — killed outright — stop too, rather
  // than hold the port and the data directory as an orphan the next `npm start` could not replace.
  let stop: ((reason: string) => Promise<void>) | undefined = undefined;
  process.on('disconnect', () => {
    if (stop) return void stop('supervisor gone');
    unlock();
    process.exit(1);
  });
  unlock = config.DATABASE_URL ? () => undefined : lockDataDir(path.resolve(config.DATA_DIR));
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: path.join(config.DATA_DIR, 'pglite'),
    poolSize: config.DATABASE_POOL_SIZE,
    statementCache: config.DATABASE_STATEMENT_CACHE,
  });
  // Without its database the process serves nothing but errors: exit, and the supervisor starts a fresh one.
  void database.stopped?.then((err) => {
    logger.fatal({ err }, 'the embedded database stopped');
    unlock();
    process.exit(1);
  });
  const build = dev ? undefined : ((await import(pathToFileURL(path.join(BUILD_DIR, 'server', 'index.js')).href)) as ServerBuild);
  // Instances starting together take turns at what a start writes (docs/deploy.md).
  const app = await withStartupLock(database, async () => {
    await prepareDatabase(database, config, logger);
    const started = await createApp({ config, database, logger, build, clientDir: path.join(BUILD_DIR, 'client'), dev });
    await ensureMasterAdmin(database, started.services, config, logger, config.PUBLIC_ORIGIN ?? `http://localhost:${config.PORT}`);
    if (config.DEMO_MODE) {
      await startDemoUsers(started.services, database, logger, process.env.DEMO_PASSWORD || undefined);
    }
    return started;
  });
  // A long accept queue (Node's default is 511; the kernel caps it at net.core.somaxconn): when an
  // instance dies, thousands of chat widgets reconnect to the others within the same second, and a
  // connection the queue drops waits for TCP's own retry (1 s, 3 s, 7 s…) before it is seen.
  app.server.listen({ port: config.PORT, host: config.HOST, backlog: 4096 }, () => {
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.PORT;

    logger.info(
      { port, database: database.kind, storage: app.services.storage.where, ms: Math.round(performance.now() - startedAt) },
      `Frolic is listening on http://localhost:${port}`,
    );
    // Under the supervisor: this worker started, so a later exit is a crash worth a restart.
    process.send?.({ type: 'ready' });
  });

  let stopping = false;
  stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    try {
      await app.close();
      await database.close();
    } finally {
      unlock();
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void stop?.('SIGTERM'));
  process.on('SIGINT', () => void stop?.('SIGINT'));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
