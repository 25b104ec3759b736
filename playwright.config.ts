import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3210);
export const DEMO_PASSWORD = 'E2e-demo-password-2026';
// Time limits are hang detectors, not speed checks. Two workers on two cores, each journey's own
// server beside the shared one, stretch a journey that takes 28 s alone to 96 s (CI, 2026-11-27), so
// every limit below and in the journeys is multiplied by E2E_TIME_SCALE (default 2).
export const TIME_SCALE = Number(process.env.E2E_TIME_SCALE ?? 2);
// The main process starts the server; workers re-read this file but never use the directory.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'frolic-e2e-'));
process.env.E2E_DATA_DIR = dataDir;
// The migrated and seeded database the servers of a journey's own start from (global-setup.ts).
process.env.E2E_TEMPLATE_DIR ??= mkdtempSync(path.join(tmpdir(), 'frolic-e2e-template-'));

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  timeout: 30_000 * TIME_SCALE,
  expect: { timeout: 7_000 * TIME_SCALE },
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'node build/server/main.js',
    url: `http://127.0.0.1:${PORT}/healthz`,
    timeout: 60_000 * TIME_SCALE,
    reuseExistingServer: false,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // One user per role for the journeys (demo mode is never on by default).
      DEMO_MODE: 'true',
      DEMO_PASSWORD: DEMO_PASSWORD,
      // Every journey signs in from 127.0.0.1: the spec's 20 attempts per address in 15 minutes would
      // refuse the later ones (the limit itself: server/core/rate-limit.test.ts).
      AUTH_RATE_LIMIT: '1000',
      // No load shedding by event-loop delay (see tests/e2e/own-server.ts).
      OVERLOAD_MAX_LAG_MS: '0',
      // Every file size PGlite remembers is checked against the disk (server/db/pglite-file-sizes.ts).
      PGLITE_FILE_SIZE_CHECK: 'true',
      ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
    },
  },
});
