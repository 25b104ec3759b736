// Boots the real server (the same createApp as production, with the real React Router build) on a
// fresh database and a random port.
import { existsSync, mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Logger, pino } from 'pino';
import type { ServerBuild } from 'react-router';
import { type App, createApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { prepareDatabase } from '../../server/bootstrap';
import { BUILD_DIR } from '../../server/root';
import { freshDatabase, type TestDatabase } from './test-db';

export interface TestServer {
  url: string;
  app: App;
  db: TestDatabase;
  close(): Promise<void>;
}

async function loadBuild(): Promise<ServerBuild> {
  const file = path.join(BUILD_DIR, 'server', 'index.js');
  if (!existsSync(file)) throw new Error('No React Router build: run `npm run build` before the API tests (npm test does).');
  return (await import(pathToFileURL(file).href)) as ServerBuild;
}

export async function startTestServer(
  env: Record<string, string> = {},
  options: {
    now?: () => number;
    logger?: Logger;
    /** Another server's database, as it is (no migration, no seed; not closed with this server). */ database?: TestDatabase;
  } = {},
): Promise<TestServer> {
  const db = options.database ?? (await freshDatabase('prepared'));
  // The config names the database the server was given (the SQL editor's role connects to it too).
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'frolic-data-')),
    LOG_LEVEL: 'silent',
    // Load shedding by event-loop delay is off: this event loop is the test runner's, shared with the
    // test's own work on a machine running many files at once. tests/api/overload.test.ts turns it on.
    OVERLOAD_MAX_LAG_MS: '0',
    ...(db.url ? { DATABASE_URL: db.url } : {}),
    ...env,
  });
  if (!options.database) await prepareDatabase(db.database, config, pino({ level: 'silent' }));
  const app = await createApp({
    config,
    database: db.database,
    logger: options.logger ?? pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
    build: await loadBuild(),
    clientDir: path.join(BUILD_DIR, 'client'),
    now: options.now,
    // The tests drive the chat heartbeat (sockets.tick / heartbeatStep): a timer step landing between
    // theirs pings a socket twice before its pong is read and ends it.
    heartbeat: 'manual',
  });
  await new Promise<void>((resolve) => app.server.listen(0, '127.0.0.1', resolve));
  const { port } = app.server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    app,
    db,
    async close() {
      await app.close();
      if (!options.database) await db.dispose();
    },
  };
}

/** Passes the age gate through the real form post and returns the cookie to send. */
export async function passGate(url: string, country = 'GB', remember = false): Promise<string> {
  const body = new URLSearchParams({ year: '1985', country, ...(remember ? { remember: 'on' } : {}) });
  const res = await fetch(`${url}/age-gate?returnTo=%2F`, { method: 'POST', body, redirect: 'manual' });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('frolic_age='));
  if (!cookie) throw new Error(`gate did not pass: ${res.status}`);
  return cookie.split(';')[0] as string;
}
