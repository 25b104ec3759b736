// A server of the test's own, on its own PGlite data directory, so the test can read the database
// after stopping it (two clients on one directory would corrupt it).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEMO_PASSWORD } from '../../playwright.config';
import { migrateDatabase, openDatabase, type Database } from '../../server/db/client';

export interface OwnServer {
  url: string;
  /** Stops the server (SIGTERM) and opens its database. */
  stopAndOpenDatabase(): Promise<Database>;
}

/** `demo`: with the demo users (one per role, DEMO_PASSWORD), for journeys that sign in. */
export async function startOwnServer(port: number, { demo = false }: { demo?: boolean } = {}): Promise<OwnServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'frolic-e2e-own-'));
  const child: ChildProcess = spawn(process.execPath, ['build/server/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      ...(demo ? { DEMO_MODE: 'true', DEMO_PASSWORD } : {}),
    },
    stdio: 'inherit',
  });
  const url = `http://127.0.0.1:${port}`;
  // As long as the shared server may take (playwright.config): a first start on a busy machine
  // runs the migrations and the seed.
  const until = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
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
  return {
    url,
    async stopAndOpenDatabase() {
      const exited = new Promise((resolve) => child.on('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
      await migrateDatabase(database);
      return database;
    },
  };
}
