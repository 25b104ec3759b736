// The public catalogue after the staff catalogue grows: 10,000 extra products (priced in every
// market) and 5,000 extra store locations. In one run, per database (PGlite, and PostgreSQL when it
// answers): GET /api/ping, GET /api/products?page=… over every page, and the nearest-stores query with
// varied origins — req/s and p99 (10 s, 50 connections each) — plus single-request latencies with
// the caches cold (the first page, the last page, one nearest search).
/* global fetch, performance */
import { cannon, CONNECTIONS, DURATION, isMain, onBothDatabases, writeResult } from './lib.mjs';
import { INSERT_STORES, origins } from './stores.mjs';

const PRODUCTS = 10_000;
const PAGE_SIZE = 24;

const INSERT_PRODUCTS = `
insert into products (slug, name, category, abv_tenths, volume_ml, description, tasting_notes, image_url, status)
select 'bench-product-' || g, 'Bench Product ' || lpad(g::text, 5, '0'), (array['gin','vodka','whisky','rum','liqueur'])[1 + g % 5],
       350 + g % 200, 700, 'A product loaded by the catalogue benchmark.', '{"nose":"Juniper","palate":"Citrus","finish":"Long"}'::jsonb,
       '/images/products/frolic-london-dry-gin.svg', 'active'
from generate_series(1, ${PRODUCTS}) g;
insert into product_prices (product_id, market, currency, amount_minor)
select p.id, m.code, m.currency, 2000 + p.id % 3000
from products p cross join (values ('US','USD'),('GB','GBP'),('EU','EUR'),('CA','CAD'),('AU','AUD'),('INT','USD')) as m(code, currency)
where p.slug like 'bench-product-%';
`;

// Stores first: they carry the seeded products (as in bench/stores.mjs), not thousands each.
const LOAD = INSERT_STORES + INSERT_PRODUCTS;

async function timed(url) {
  const t0 = performance.now();
  const res = await fetch(url);
  const body = await res.json();
  return { ms: Math.round((performance.now() - t0) * 10) / 10, body };
}

async function suite(server, label) {
  const first = await timed(`${server.url}/api/products?page=1&pageSize=${PAGE_SIZE}&market=GB`);
  const total = first.body.total;
  if (total < PRODUCTS) throw new Error(`expected at least ${PRODUCTS} products, the API says ${total}`);
  const pages = Math.ceil(total / PAGE_SIZE);
  const last = await timed(`${server.url}/api/products?page=${pages}&pageSize=${PAGE_SIZE}&market=GB`);
  const storePaths = origins();
  const nearest = await timed(server.url + storePaths[0]);
  const productPaths = Array.from({ length: pages }, (_, i) => `/api/products?page=${i + 1}&pageSize=${PAGE_SIZE}&market=GB`);
  const ping = await cannon(`${server.url}/api/ping`);
  const products = await cannon(server.url, { paths: productPaths });
  const stores = await cannon(server.url, { paths: storePaths });
  const ratio = (r) => Math.round((r.reqPerSec / ping.reqPerSec) * 100) / 100;
  const row = {
    database: label,
    productsTotal: total,
    pages,
    coldMs: { firstPage: first.ms, lastPage: last.ms, nearest: nearest.ms },
    ping,
    products,
    nearest: stores,
    productsVsPing: ratio(products),
    nearestVsPing: ratio(stores),
  };
  process.stderr.write(
    `  catalogue ${label}: ping ${ping.reqPerSec}/s; products (${pages} pages) ${products.reqPerSec}/s p99 ${products.latencyP99Ms} ms; nearest ${stores.reqPerSec}/s p99 ${stores.latencyP99Ms} ms\n`,
  );
  return row;
}

export async function run() {
  const rows = await onBothDatabases('catalog', { load: LOAD }, suite);
  const result = { durationSeconds: DURATION, connections: CONNECTIONS, productsLoaded: PRODUCTS, storesLoaded: 5000, pageSize: PAGE_SIZE, rows };
  writeResult('catalog', result);
  return result;
}

if (isMain(import.meta)) {
  const r = await run();
  console.log(JSON.stringify(r, null, 2));
}

export function summarize(r) {
  const lines = [
    `Public catalogue with ${r.productsLoaded} extra products and ${r.storesLoaded} extra stores (${r.connections} connections, ${r.durationSeconds} s):`,
  ];
  for (const row of r.rows) {
    lines.push(
      `  ${row.database.padEnd(9)} /api/ping ${row.ping.reqPerSec}/s; /api/products over ${row.pages} pages ${row.products.reqPerSec}/s p99 ${row.products.latencyP99Ms} ms (${row.productsVsPing} of ping); nearest ${row.nearest.reqPerSec}/s p99 ${row.nearest.latencyP99Ms} ms (${row.nearestVsPing} of ping); cold: first page ${row.coldMs.firstPage} ms, last page ${row.coldMs.lastPage} ms, one nearest ${row.coldMs.nearest} ms`,
    );
  }
  return lines.join('\n');
}
