import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

/** The shared server's port (tests/e2e/global-setup.ts starts it); journeys' own servers take others. */
export const PORT = Number(process.env.E2E_PORT ?? 3210);
export const DEMO_PASSWORD = 'E2e-demo-password-2026';
// Time limits are hang detectors, not speed checks: a journey on a busy machine takes several times
// what it takes alone, so every limit below and in the journeys is multiplied by E2E_TIME_SCALE
// (default 2).
export const TIME_SCALE = Number(process.env.E2E_TIME_SCALE ?? 2);
// The shared server's directory (global-setup.ts); workers re-read this file but never use it.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'frolic-e2e-'));
process.env.E2E_DATA_DIR = dataDir;
// The migrated and seeded database the servers of a journey's own start from (global-setup.ts).
process.env.E2E_TEMPLATE_DIR ??= mkdtempSync(path.join(tmpdir(), 'frolic-e2e-template-'));

/**
 * Playwright's own `--disable-features` (playwright-core 1.65.1, pinned: `chromiumSwitches.ts`).
 * Chromium keeps only the last such switch, so ours repeats them.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];
/**
 * Chromium 156 loads the address bar's popup (a WebUI page) in a renderer of its own for every
 * window a context opens, about 1 s of CPU each, for a popup no journey opens (headless has no
 * address bar to type in): off (docs/decisions/043-test-suite-time.md).
 */
const DISABLED_FEATURES = [...PLAYWRIGHT_DISABLED_FEATURES, 'WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

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
    // A trace records every action's DOM and screen, a fifth of a journey's CPU: off unless asked for
    // (E2E_TRACE=retain-on-failure to debug a failing journey).
    trace: (process.env.E2E_TRACE as 'off' | 'on' | 'retain-on-failure' | undefined) ?? 'off',
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
        `--disable-features=${DISABLED_FEATURES.join(',')}`,
      ],
    },
  },
});
