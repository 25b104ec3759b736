// HTTP throughput with autocannon (10 s, 50 connections, one run each): GET /api/ping (Express
// floor), GET /api/products (JSON catalogue), and the server-rendered GET /products past the age gate
// (page cache on); on PGlite and, when 127.0.0.1:5432 answers, on PostgreSQL. Plus /products with
// PAGE_CACHE=false on PGlite, to show what the page cache buys.
/* global fetch, Buffer */
import autocannon from 'autocannon';
import { isMain, passGate, postgresAvailable, removeDir, startServer, tempDataDir, withFreshPostgres, withServer, writeResult } from './lib.mjs';

export const DURATION = Number(process.env.HTTP_DURATION || 10);
export const CONNECTIONS = Number(process.env.HTTP_CONNECTIONS || 50);

function cannon(url, headers = {}) {
  return autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
}

async function check(url, headers, expect) {
  const res = await fetch(url, { headers });
  const body = await res.text();
  if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}`);
  if (expect && !expect(body, res)) throw new Error(`GET ${url} did not answer the expected content`);
  return { bytes: Buffer.byteLength(body), pageCache: res.headers.get('x-page-cache') };
}

function summarizeCannon(r) {
  return {
    reqPerSec: Math.round(r.requests.average),
    latencyAvgMs: r.latency.average,
    latencyP50Ms: r.latency.p50,
    latencyP99Ms: r.latency.p99,
    latencyMaxMs: r.latency.max,
    requests: r.requests.total,
    throughputMBps: Math.round((r.throughput.average / 2 ** 20) * 10) / 10,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
  };
}

const notGate = (body) => !/<form\b[^>]*action="\/age-gate/.test(body);

/** The three endpoints against one server. */
async function suite(server, label, { pageCacheOnly = false } = {}) {
  const cookie = await passGate(server.url);
  const endpoints = pageCacheOnly
    ? [{ name: '/products (page cache off)', path: '/products', headers: { Cookie: cookie }, expect: notGate }]
    : [
        { name: '/api/ping', path: '/api/ping', headers: {}, expect: (b) => b.includes('pong') },
        { name: '/api/products', path: '/api/products', headers: {}, expect: (b) => b.startsWith('{') },
        { name: '/products', path: '/products', headers: { Cookie: cookie }, expect: notGate },
        // What a browser sends: the cached HTML is compressed again on every response.
        { name: '/products (gzip)', path: '/products', headers: { Cookie: cookie, 'Accept-Encoding': 'gzip' }, expect: null },
      ];
  const out = [];
  for (const e of endpoints) {
    const url = `${server.url}${e.path}`;
    // Warm up: first render, caches, JIT.
    let info;
    for (let i = 0; i < 20; i++) info = await check(url, e.headers, e.expect);
    const r = summarizeCannon(await cannon(url, e.headers));
    out.push({ database: label, endpoint: e.name, responseBytes: info.bytes, pageCacheHeader: info.pageCache, ...r });
    process.stderr.write(`  http ${label} ${e.name}: ${r.reqPerSec} req/s, p99 ${r.latencyP99Ms} ms\n`);
    if (r.non2xx || r.errors) process.stderr.write(`    (non-2xx ${r.non2xx}, errors ${r.errors}, timeouts ${r.timeouts})\n`);
  }
  return out;
}

export async function run() {
  const rows = [];
  const notes = [];

  // PGlite, page cache on.
  {
    const dataDir = tempDataDir('http');
    try {
      const server = await startServer({ dataDir });
      try {
        rows.push(...(await suite(server, 'pglite')));
      } finally {
        await server.stop();
      }
    } finally {
      removeDir(dataDir);
    }
  }

  // PGlite, page cache off: what the cache buys on /products.
  {
    const dataDir = tempDataDir('http-nocache');
    try {
      const server = await startServer({ dataDir, pageCache: false });
      try {
        rows.push(...(await suite(server, 'pglite', { pageCacheOnly: true })));
      } finally {
        await server.stop();
      }
    } finally {
      removeDir(dataDir);
    }
  }

  // PostgreSQL on a fresh database, dropped afterwards.
  if (postgresAvailable()) {
    rows.push(...(await withFreshPostgres('http', (databaseUrl) => withServer('http-pg', { databaseUrl }, (server) => suite(server, 'postgres')))));
  } else {
    notes.push('PostgreSQL did not answer on 127.0.0.1:5432: skipped.');
  }

  for (const db of ['pglite', 'postgres']) {
    const ping = rows.find((r) => r.database === db && r.endpoint === '/api/ping');
    if (!ping) continue;
    for (const r of rows.filter((x) => x.database === db)) r.vsPing = Math.round((r.reqPerSec / ping.reqPerSec) * 100) / 100;
  }
  const on = rows.find((r) => r.database === 'pglite' && r.endpoint === '/products');
  const off = rows.find((r) => r.endpoint === '/products (page cache off)');
  const pageCacheSpeedup = on && off ? Math.round((on.reqPerSec / off.reqPerSec) * 10) / 10 : null;

  const result = { durationSeconds: DURATION, connections: CONNECTIONS, rows, pageCacheSpeedup, notes };
  writeResult('http', result);
  return result;
}

export function summarize(r) {
  const lines = [`HTTP (autocannon ${r.durationSeconds} s, ${r.connections} connections):`];
  for (const x of r.rows) {
    lines.push(
      `  ${x.database.padEnd(9)} ${x.endpoint.padEnd(27)} ${String(x.reqPerSec).padStart(6)} req/s  p99 ${String(x.latencyP99Ms).padStart(4)} ms${x.vsPing !== undefined ? `  ${x.vsPing}x ping` : ''}${x.non2xx || x.errors ? `  (non-2xx ${x.non2xx}, errors ${x.errors})` : ''}`,
    );
  }
  if (r.pageCacheSpeedup) lines.push(`  page cache on /products (pglite): ${r.pageCacheSpeedup}x the req/s without it`);
  for (const n of r.notes) lines.push(`  note: ${n}`);
  return lines.join('\n');
}

if (isMain(import.meta)) {
  const r = await run();
  console.log(summarize(r));
}
