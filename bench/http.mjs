// HTTP throughput with autocannon (10 s, 50 connections, one run each): GET /api/ping (Express
// floor), GET /api/products (JSON catalogue), and the server-rendered GET /products past the age gate
// (page cache on) — uncompressed, gzip, and `gzip, br` as browsers ask, the last also for / and
// /about; on PGlite and, when 127.0.0.1:5432 answers, on PostgreSQL. Plus /products with
// PAGE_CACHE=false on PGlite, to show what the page cache buys.
/* global Buffer, setTimeout */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { isMain, passGate, postgresAvailable, removeDir, startServer, tempDataDir, withFreshPostgres, withServer, writeResult } from './lib.mjs';

export const DURATION = Number(process.env.HTTP_DURATION || 10);
export const CONNECTIONS = Number(process.env.HTTP_CONNECTIONS || 50);

function cannon(url, headers = {}) {
  return autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
}

/** One request, its body as sent (compressed bytes when compressed) and the headers that matter. */
async function raw(url, headers) {
  const { request } = await import('node:http');
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}

async function check(url, headers, expect) {
  const res = await raw(url, headers);
  const encoding = res.headers['content-encoding'] ?? 'identity';
  const text = encoding === 'br' ? brotliDecompressSync(res.body) : encoding === 'gzip' ? gunzipSync(res.body) : res.body;
  if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}`);
  if (expect && !expect(text.toString(), res)) throw new Error(`GET ${url} did not answer the expected content`);
  return { bytes: res.body.length, encoding, pageCache: res.headers['x-page-cache'] ?? null };
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
        // gzip only: the page's gzip variant, made once, with the fresh nonce stored between its pieces.
        { name: '/products (gzip)', path: '/products', headers: { Cookie: cookie, 'Accept-Encoding': 'gzip' }, expect: notGate, encoding: 'gzip' },
        // What a browser sends: the brotli variant, made once in the background after the first render.
        ...['/', '/products', '/about'].map((path) => ({
          name: `${path} (gzip, br)`,
          path,
          headers: { Cookie: cookie, 'Accept-Encoding': 'gzip, br' },
          expect: notGate,
          encoding: 'br',
        })),
      ];
  const out = [];
  for (const e of endpoints) {
    const url = `${server.url}${e.path}`;
    // Warm up: first render, caches, JIT; and, for brotli, until the variant is made.
    let info;
    for (let i = 0; i < 20 || (e.encoding && info.encoding !== e.encoding && i < 200); i++) {
      info = await check(url, e.headers, e.expect);
      if (i >= 20) await new Promise((r) => setTimeout(r, 50));
    }
    if (e.encoding && info.encoding !== e.encoding) throw new Error(`GET ${url} answered ${info.encoding}, not ${e.encoding}`);
    const r = summarizeCannon(await cannon(url, e.headers));
    out.push({ database: label, endpoint: e.name, responseBytes: info.bytes, encoding: info.encoding, pageCacheHeader: info.pageCache, ...r });
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
    rows.push(
      ...(await withFreshPostgres('http', async (databaseUrl) => {
        notes.push(`PostgreSQL database ${databaseUrl.split('/').pop()} (created for the run, dropped after).`);
        return withServer('http-pg', { databaseUrl }, (server) => suite(server, 'postgres'));
      })),
    );
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
