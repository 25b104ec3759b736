// Once per run, before any journey: the built server starts on an empty directory, migrates and
// seeds it, and stops. Servers of a journey's own (own-server.ts) start from a copy of it, and so does
// the shared server every other journey uses (started here, with the demo users, stopped at the end).
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { DEMO_PASSWORD, PORT } from '../../playwright.config';
import { bootServer, stopServer } from './own-server';

export default async function globalSetup(): Promise<() => Promise<void>> {
  const template = process.env.E2E_TEMPLATE_DIR;
  const dataDir = process.env.E2E_DATA_DIR;
  if (!template || !dataDir) throw new Error('E2E_TEMPLATE_DIR and E2E_DATA_DIR are set by playwright.config.ts');
  await stopServer(await bootServer(template, PORT + 190));
  cpSync(path.join(template, 'pglite'), path.join(dataDir, 'pglite'), { recursive: true });
  const shared = await bootServer(dataDir, PORT, {
    NODE_ENV: 'production',
    // One user per role for the journeys (demo mode is never on by default).
    DEMO_MODE: 'true',
    DEMO_PASSWORD,
    // Every journey signs in from 127.0.0.1: the spec's 20 attempts per address in 15 minutes would
    // refuse the later ones (the limit itself: server/core/rate-limit.test.ts).
    AUTH_RATE_LIMIT: '1000',
    ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
  });
  return async () => {
    await stopServer(shared);
    rmSync(template, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  };
}
