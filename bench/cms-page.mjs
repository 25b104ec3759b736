// CMS pages (issue 18). On PGlite and, when it answers, on PostgreSQL:
// - a published 5,000-word CMS page served from the page cache with `Accept-Encoding: gzip`
//   (autocannon, 10 s, 50 connections), as a ratio of GET /api/ping in the same run, beside the
//   seeded About page and /products (the other public pages' figure is the bar);
// - the uncached render of that page: each request follows a publish (which moves the content
//   version on, so the page cache and the rendered-page cache are empty): database, Markdown and React;
// - PostgreSQL only: publish on one instance → the page visible on a second instance (and unpublish
//   → gone), time from the publish's answer, median and max of 20 each.
/* global fetch, performance, URLSearchParams, Buffer */
import { gzipSync } from 'node:zlib';
import {
  cannon,
  CONNECTIONS,
  DURATION,
  isMain,
  median,
  passGate,
  postgresAvailable,
  removeDir,
  sleep,
  startServer,
  tempDataDir,
  withFreshPostgres,
  writeResult,
} from './lib.mjs';

const PASSWORD = 'Bench-demo-password-2026';
const ENV = { DEMO_MODE: 'true', DEMO_PASSWORD: PASSWORD };
const SLUG = 'bench-5000-words';
const RENDERS = 20;
const CROSS_RUNS = 20;

const WORDS =
  'copper still botanicals juniper coriander angelica orris cassia citrus peel wheat spirit cask warehouse sherry bourbon firth distiller cut heart nose palate finish tasting glass measure water ice tonic garnish batch bottle label harvest barley malt peat smoke oak vanilla spice pepper honey heather'.split(
    ' ',
  );

/** A page of `n` words: sections, paragraphs, a list and links, as the brand would write one. */
function longMarkdown(n) {
  let words = 0;
  let out = '# The long read\n\n';
  let seed = 7;
  const next = () => (seed = (seed * 48271) % 2147483647);
  const sentence = () => {
    const len = 8 + (next() % 12);
    words += len;
    const w = Array.from({ length: len }, () => WORDS[next() % WORDS.length]);
    w[0] = w[0][0].toUpperCase() + w[0].slice(1);
    return `${w.join(' ')}.`;
  };
  let section = 0;
  while (words < n) {
    section += 1;
    out += `## Chapter ${section}: from the still\n\n`;
    for (let p = 0; p < 4 && words < n; p++)
      out += `${Array.from({ length: 5 }, sentence).join(' ')} See [our gins](/products) or [Drinkaware](https://www.drinkaware.co.uk/).\n\n`;
    out += `- ${sentence()}\n- ${sentence()}\n- **${sentence()}**\n\n`;
  }
  return { markdown: out, words };
}

async function signIn(url, gate) {
  const res = await fetch(`${url}/admin-login`, {
    method: 'POST',
    body: new URLSearchParams({ email: 'master-admin@demo.frolic.example', password: PASSWORD }),
    headers: { cookie: gate },
    redirect: 'manual',
  });
  await res.arrayBuffer();
  const session = res.headers.getSetCookie().find((c) => c.startsWith('frolic_session='));
  if (res.status !== 302 || !session) throw new Error(`master admin sign-in answered ${res.status}`);
  return `${gate}; ${session.split(';')[0]}`;
}

async function api(url, cookie, method, path, body) {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { cookie, 'content-type': 'application/json', accept: 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : null;
}

async function get(url, headers = {}) {
  const t0 = performance.now();
  const res = await fetch(url, { headers });
  const body = Buffer.from(await res.arrayBuffer());
  return { ms: performance.now() - t0, status: res.status, body, cache: res.headers.get('x-page-cache') };
}

const round = (x, d = 1) => Math.round(x * 10 ** d) / 10 ** d;
const p95 = (values) => [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.95) - 1];

async function suite(server, label) {
  const gate = await passGate(server.url);
  const staff = await signIn(server.url, gate);
  const { markdown, words } = longMarkdown(5000);
  let page = await api(server.url, staff, 'POST', '/api/admin/pages', {
    title: 'The long read',
    slug: SLUG,
    description: 'A 5,000-word page for the benchmark.',
    content: markdown,
    publish: true,
  });
  const pageUrl = `${server.url}/${SLUG}`;

  // Uncached: every request right after a publish (content version moved on: both caches empty).
  const cold = [];
  const warm = [];
  let bytes = 0;
  for (let i = 0; i < RENDERS; i++) {
    page = await api(server.url, staff, 'POST', `/api/admin/pages/${page.id}/publish`, { version: page.version });
    const first = await get(pageUrl, { cookie: gate });
    if (first.status !== 200 || first.cache !== 'miss') throw new Error(`uncached render answered ${first.status} (${first.cache})`);
    cold.push(first.ms);
    bytes = first.body.length;
    const again = await get(pageUrl, { cookie: gate });
    if (again.cache !== 'hit') throw new Error('the second request was not a page cache hit');
    warm.push(again.ms);
  }
  const html = (await get(pageUrl, { cookie: gate })).body;
  process.stderr.write(
    `  cms ${label}: uncached render of ${words} words median ${round(median(cold))} ms (p95 ${round(p95(cold))}); cache hit ${round(median(warm))} ms\n`,
  );

  // Throughput, gzip, from the page cache, against /api/ping in the same run.
  const gz = { cookie: gate, 'Accept-Encoding': 'gzip' };
  for (const path of [`/${SLUG}`, '/about', '/products']) for (let i = 0; i < 20; i++) await get(`${server.url}${path}`, gz);
  const ping = await cannon(`${server.url}/api/ping`);
  const longPage = await cannon(pageUrl, { headers: gz });
  const about = await cannon(`${server.url}/about`, { headers: gz });
  const products = await cannon(`${server.url}/products`, { headers: gz });
  const ratio = (r) => round(r.reqPerSec / ping.reqPerSec, 2);
  process.stderr.write(
    `  cms ${label}: ping ${ping.reqPerSec}/s; 5,000-word page gzip ${longPage.reqPerSec}/s (${ratio(longPage)}); /about gzip ${about.reqPerSec}/s (${ratio(about)}); /products gzip ${products.reqPerSec}/s (${ratio(products)})\n`,
  );
  return {
    database: label,
    words,
    htmlKB: round(bytes / 1024),
    htmlGzipKB: round(gzipSync(html).length / 1024),
    uncachedRender: { medianMs: round(median(cold)), p95Ms: round(p95(cold)), maxMs: round(Math.max(...cold)), runs: RENDERS },
    cacheHit: { medianMs: round(median(warm)) },
    ping,
    longPageGzip: { ...longPage, vsPing: ratio(longPage) },
    aboutGzip: { ...about, vsPing: ratio(about) },
    productsGzip: { ...products, vsPing: ratio(products) },
  };
}

/** Two instances on one PostgreSQL database: publish on A, poll B until it shows (or stops showing) the page. */
async function acrossInstances(databaseUrl) {
  const dirs = [tempDataDir('cms-a'), tempDataDir('cms-b')];
  const a = await startServer({ dataDir: dirs[0], databaseUrl, env: ENV });
  const b = await startServer({ dataDir: dirs[1], databaseUrl, env: ENV });
  try {
    const gateB = await passGate(b.url);
    const staff = await signIn(a.url, await passGate(a.url));
    let page = await api(a.url, staff, 'POST', '/api/admin/pages', { title: 'Across', slug: 'bench-across', content: 'Across instances.' });
    const until = async (status) => {
      for (;;) {
        const r = await get(`${b.url}/bench-across`, { cookie: gateB });
        if (r.status === status) return;
        await sleep(2);
      }
    };
    const shown = [];
    const hidden = [];
    for (let i = 0; i < CROSS_RUNS; i++) {
      page = await api(a.url, staff, 'POST', `/api/admin/pages/${page.id}/publish`, { version: page.version });
      let t0 = performance.now();
      await until(200);
      shown.push(performance.now() - t0);
      page = await api(a.url, staff, 'POST', `/api/admin/pages/${page.id}/unpublish`, { version: page.version });
      t0 = performance.now();
      await until(404);
      hidden.push(performance.now() - t0);
    }
    const summary = (v) => ({ medianMs: round(median(v)), maxMs: round(Math.max(...v)), runs: v.length });
    const result = { publishShown: summary(shown), unpublishGone: summary(hidden) };
    process.stderr.write(
      `  cms across instances: shown on B median ${result.publishShown.medianMs} ms (max ${result.publishShown.maxMs}); gone median ${result.unpublishGone.medianMs} ms (max ${result.unpublishGone.maxMs})\n`,
    );
    return result;
  } finally {
    await a.stop();
    await b.stop();
    dirs.forEach(removeDir);
  }
}

export async function run() {
  const rows = [];
  const dataDir = tempDataDir('cms');
  try {
    const server = await startServer({ dataDir, env: ENV });
    try {
      rows.push(await suite(server, 'pglite'));
    } finally {
      await server.stop();
    }
  } finally {
    removeDir(dataDir);
  }
  let acrossInstancesPg = null;
  if (postgresAvailable()) {
    rows.push(
      await withFreshPostgres('cms', async (databaseUrl) => {
        const dir = tempDataDir('cms-pg');
        const server = await startServer({ dataDir: dir, databaseUrl, env: ENV });
        try {
          return await suite(server, 'postgres');
        } finally {
          await server.stop();
          removeDir(dir);
        }
      }),
    );
    acrossInstancesPg = await withFreshPostgres('cms_across', acrossInstances);
  }
  const result = { durationSeconds: DURATION, connections: CONNECTIONS, rows, acrossInstancesPg };
  writeResult('cms-page', result);
  return result;
}

if (isMain(import.meta)) {
  const r = await run();
  console.log(JSON.stringify(r, null, 2));
}

export function summarize(r) {
  const lines = [`CMS pages (${r.connections} connections, ${r.durationSeconds} s; gzip, page cache):`];
  for (const row of r.rows) {
    lines.push(
      `  ${row.database.padEnd(9)} ${row.words}-word page (${row.htmlKB} KB, ${row.htmlGzipKB} KB gzip): ${row.longPageGzip.reqPerSec}/s = ${row.longPageGzip.vsPing} of ping (${row.ping.reqPerSec}/s); /about ${row.aboutGzip.vsPing}, /products ${row.productsGzip.vsPing}; uncached render median ${row.uncachedRender.medianMs} ms (p95 ${row.uncachedRender.p95Ms})`,
    );
  }
  if (r.acrossInstancesPg) {
    const x = r.acrossInstancesPg;
    lines.push(
      `  publish on A → shown on B: median ${x.publishShown.medianMs} ms, max ${x.publishShown.maxMs}; unpublish → gone: median ${x.unpublishGone.medianMs} ms, max ${x.unpublishGone.maxMs}`,
    );
  }
  return lines.join('\n');
}
