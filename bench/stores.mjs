// The nearest-stores query with 5,000 extra stores loaded: GET /api/stores?lat=&lng=&radius= against
// GET /api/ping in one run (10 s, 50 connections), on PGlite and, when it answers, on PostgreSQL.
// Origins vary per request (2,000 distinct points), so the query cache rarely helps; one fixed origin
// is also measured to show the cached path.
/* global fetch, performance */
import { cannon, CONNECTIONS, DURATION, isMain, onBothDatabases, writeResult } from './lib.mjs';

const STORES = 5000;

// Stores spread over Europe and North America, deterministic.
export const INSERT_STORES = `
insert into store_locations (name, address, city, country, latitude, longitude, phone, opening_hours, active)
select 'Bench Store ' || g, g || ' High Street', 'Bench Town ' || (g % 300), case when g % 2 = 0 then 'GB' else 'US' end,
       case when g % 2 = 0 then 36 + (g::bigint * 7919 % 2400) / 100.0 else 25 + (g::bigint * 104729 % 2300) / 100.0 end,
       case when g % 2 = 0 then -10 + (g::bigint * 6007 % 3500) / 100.0 else -124 + (g::bigint * 15485863 % 5500) / 100.0 end,
       '+44 20 7946 0000', '[]'::jsonb, true
from generate_series(1, ${STORES}) g;
insert into store_products (store_id, product_id)
select s.id, p.id from store_locations s join products p on (s.id + p.id) % 3 = 0 where s.name like 'Bench Store %';
`;

export function origins(n = 2000) {
  const out = [];
  for (let i = 0; i < n; i++) {
    const eu = i % 2 === 0;
    const lat = eu ? 40 + ((i * 37) % 1800) / 100 : 30 + ((i * 53) % 1700) / 100;
    const lng = eu ? -8 + ((i * 71) % 3000) / 100 : -120 + ((i * 97) % 4500) / 100;
    out.push(`/api/stores?lat=${lat.toFixed(3)}&lng=${lng.toFixed(3)}&radius=50&unit=km&limit=25`);
  }
  return out;
}

async function suite(server, label) {
  const paths = origins();
  const check = await (await fetch(server.url + paths[0])).json();
  if (!Array.isArray(check.items)) throw new Error('stores API did not answer a list');
  const t0 = performance.now();
  for (const p of paths.slice(1, 51)) await (await fetch(server.url + p)).arrayBuffer();
  const sequentialMs = Math.round(((performance.now() - t0) / 50) * 100) / 100;
  const ping = await cannon(`${server.url}/api/ping`);
  const varied = await cannon(server.url, { paths });
  const fixed = await cannon(`${server.url}${paths[0]}`);
  const row = {
    database: label,
    storesLoaded: STORES,
    sequentialUncachedMsPerSearch: sequentialMs,
    ping,
    nearestVaried: varied,
    nearestCached: fixed,
    variedVsPing: Math.round((varied.reqPerSec / ping.reqPerSec) * 100) / 100,
  };
  process.stderr.write(
    `  stores ${label}: ping ${ping.reqPerSec}/s; nearest (varied) ${varied.reqPerSec}/s p99 ${varied.latencyP99Ms} ms; cached ${fixed.reqPerSec}/s\n`,
  );
  return row;
}

export async function run() {
  const rows = await onBothDatabases('stores', { load: INSERT_STORES }, suite);
  const result = { durationSeconds: DURATION, connections: CONNECTIONS, rows };
  writeResult('stores', result);
  return result;
}

if (isMain(import.meta)) {
  const r = await run();
  console.log(JSON.stringify(r, null, 2));
}

export function summarize(r) {
  const lines = [`Nearest stores with ${r.rows[0]?.storesLoaded ?? 5000} extra stores (${r.connections} connections, ${r.durationSeconds} s):`];
  for (const row of r.rows) {
    lines.push(
      `  ${row.database.padEnd(9)} /api/ping ${row.ping.reqPerSec}/s; nearest, varied origins ${row.nearestVaried.reqPerSec}/s p99 ${row.nearestVaried.latencyP99Ms} ms (${row.variedVsPing} of ping); same origin (cached) ${row.nearestCached.reqPerSec}/s; one search alone ${row.sequentialUncachedMsPerSearch} ms`,
    );
  }
  return lines.join('\n');
}
