// A server of the journey's own inside the Playwright worker (the same createApp and React Router
// build as build/server/main.js), on a fresh PGlite directory. Like startOwnServer it keeps the
// journey's sign-ins off the shared server; unlike it, the journey reaches the server's services as
// the API tests do, so what a person sees live — a notification pushed over the socket — can be
// caused while they watch. The server's source is bundled with esbuild first, as for main.js
// (Playwright's loader does not take every import the server's source uses, such as JSON modules).
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { pino } from 'pino';
import type { ServerBuild } from 'react-router';
import type { App, createApp as CreateApp } from '../../server/app';
import type { prepareDatabase as PrepareDatabase } from '../../server/bootstrap';
import type { loadConfig as LoadConfig } from '../../server/config';
import type { Database, openDatabase as OpenDatabase } from '../../server/db/client';
import type { Services } from '../../server/services';

export interface InProcessServer {
  url: string;
  app: App;
  services: Services;
  database: Database;
  close(): Promise<void>;
}

interface ServerModule {
  createApp: typeof CreateApp;
  prepareDatabase: typeof PrepareDatabase;
  loadConfig: typeof LoadConfig;
  openDatabase: typeof OpenDatabase;
}

const ROOT = path.resolve(import.meta.dirname, '../..');
const BUILD_DIR = path.join(ROOT, 'build');

async function serverModule(): Promise<ServerModule> {
  // Inside the project, so the bundle's packages resolve from its node_modules and the server finds its root.
  // One folder per Playwright worker; the embedded database's thread is bundled beside the server, where
  // server/db/pglite-remote.ts looks for it.
  const dir = path.join(BUILD_DIR, 'e2e-server', String(process.pid));
  mkdirSync(dir, { recursive: true });
  const outfile = path.join(dir, 'server.mjs');
  const shared = { bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', logLevel: 'warning' } as const;
  await build({ ...shared, entryPoints: [path.join(ROOT, 'server/db/pglite-host.ts')], outfile: path.join(dir, 'pglite-host.js') });
  await build({
    stdin: {
      contents: [
        "export { createApp } from './server/app';",
        "export { prepareDatabase } from './server/bootstrap';",
        "export { loadConfig } from './server/config';",
        "export { openDatabase } from './server/db/client';",
      ].join('\n'),
      resolveDir: ROOT,
      loader: 'ts',
    },
    outfile,
    ...shared,
  });
  return (await import(pathToFileURL(outfile).href)) as ServerModule;
}

export async function startOwnServerInProcess(port: number): Promise<InProcessServer> {
  const { createApp, prepareDatabase, loadConfig, openDatabase } = await serverModule();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'frolic-e2e-here-'));
  const config = loadConfig({ NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
  const logger = pino({ level: 'warn' });
  const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
  await prepareDatabase(database, config, logger);
  const build = (await import(pathToFileURL(path.join(BUILD_DIR, 'server', 'index.js')).href)) as ServerBuild;
  const app = await createApp({ config, database, logger, build, clientDir: path.join(BUILD_DIR, 'client') });
  await new Promise<void>((resolve) => app.server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    app,
    services: app.services,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
