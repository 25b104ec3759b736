// Staff navigation on a first visit: the time from a click in the admin sidebar to the screen's
// heading, in a browser with an empty cache on an emulated network (Lighthouse's desktop preset:
// 40 ms a request, 10 Mbps down), signed in as the demo admin. What it shows is how many round trips
// a screen's chunks cost in turn (app/lib/route-chunks.ts fetches them side by side).
// `NAV_RUNS` (default 5) browsers, each visiting every screen once; median per screen.
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { chromium } from '@playwright/test';
import { CHROME_FLAGS, CHROMIUM, isMain, median, removeDir, startServer, tempDataDir, writeResult } from './lib.mjs';

const RUNS = Number(process.env.NAV_RUNS || 5);
const LATENCY_MS = 40;
const DOWN_BPS = (10 * 1024 * 1024) / 8;
// Sidebar section, link, and the heading the screen shows.
const SCREENS = [
  ['Products', 'Manage Products', 'Manage Products'],
  ['Locations', 'Store Locator', 'Store Locator'],
  ['Cocktails', 'Manage Recipes', 'Manage Recipes'],
  ['Marketing', 'Collateral & Events', 'Collateral & Events'],
  ['Marketing', 'Media Library', 'Media Library'],
];

async function oneBrowser(browser, url, password) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: LATENCY_MS, downloadThroughput: DOWN_BPS, uploadThroughput: DOWN_BPS });
  await page.goto(`${url}/admin-login`);
  await page.getByLabel('Year of birth').fill('1985');
  await page.getByLabel('Country you are in').selectOption('GB');
  await page.getByRole('button', { name: 'Enter' }).click();
  await page.getByRole('heading', { name: 'Are you of legal drinking age?' }).waitFor({ state: 'detached' });
  await page.getByLabel('Email address').fill('admin@demo.frolic.example');
  await page.getByLabel('Password').fill(password);
  const t0 = performance.now();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/admin\/dashboard$/);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  const times = { 'Sign in → Dashboard': performance.now() - t0 };
  for (const [section, link, heading] of SCREENS) {
    const summary = page.locator('summary', { hasText: section });
    if (!(await page.getByRole('link', { name: link, exact: true }).isVisible())) await summary.click();
    const start = performance.now();
    await page.getByRole('link', { name: link, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
    times[link] = performance.now() - start;
  }
  await context.close();
  return times;
}

export async function run() {
  const dataDir = tempDataDir('staff-navigation');
  const password = `Bench-${randomBytes(9).toString('base64url')}`;
  const server = await startServer({ dataDir, env: { DEMO_MODE: 'true', DEMO_PASSWORD: password, AUTH_RATE_LIMIT: '1000' } });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS.filter((f) => !f.startsWith('--headless')) });
  try {
    await oneBrowser(browser, server.url, password); // warms the server's caches; not counted
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      runs.push(await oneBrowser(browser, server.url, password));
      process.stderr.write(`  staff navigation: run ${i + 1}/${RUNS}\n`);
    }
    const screens = Object.fromEntries(
      Object.keys(runs[0]).map((k) => [k, { medianMs: Math.round(median(runs.map((r) => r[k]))), runsMs: runs.map((r) => Math.round(r[k])) }]),
    );
    const result = { database: 'pglite', network: { latencyMs: LATENCY_MS, downMbps: 10 }, runs: RUNS, screens };
    writeResult('staff-navigation', result);
    return result;
  } finally {
    await browser.close();
    await server.stop();
    removeDir(dataDir);
  }
}

export function summarize(r) {
  return `Staff navigation, first visit (${r.network.latencyMs} ms a request, ${r.network.downMbps} Mbps, median of ${r.runs}): ${Object.entries(r.screens)
    .map(([k, v]) => `${k} ${v.medianMs} ms`)
    .join('; ')}`;
}

if (isMain(import.meta)) {
  const r = await run();
  console.log(summarize(r));
}
