// Trade orders (issue 15) with 100,000 orders in the database: autocannon (10 s, 50 connections)
// on each role's dashboard page (importer, distributor, retailer, signed in), the dashboard figures
// API, the order history API (first page and a deep keyset page) and /api/ping in the same run;
// then order placement by 100 concurrent buyers (100 retailer organisations, each with its own
// session, every POST with a fresh Idempotency-Key) → orders/s and p99. On PGlite and PostgreSQL.
//
// The network is loaded by SQL after the demo seed: 5 bench distributors under the demo importer,
// 20 bench retailers under each (100), one user with a session per organisation (the token's hash
// goes straight into `sessions`, so no sign-in and no rate limit), then 100,000 orders through
// generate_series — 85,000 retailer → distributor, 10,000 distributor → importer, 5,000 importer →
// brand — in every state, one a minute back from now.
/* global fetch */
import { createHash } from 'node:crypto';
import { cannon, CONNECTIONS, DURATION, isMain, onBothDatabases, passGate, writeResult } from './lib.mjs';

const ORDERS = 100_000;
const DISTRIBUTORS = 5;
const RETAILERS = 100;
const BASE = Date.UTC(2026, 0, 1);
const hash = (t) => createHash('sha256').update(t).digest('base64url');
const token = (who) => `bench-orders-session-${who}`;

/** The SQL that builds the network and the orders (the demo importer 'Albion' is their root). */
export const LOAD = `
do $$
declare
  imp uuid := (select id from organisations where type = 'importer' order by created_at limit 1);
begin
  -- Organisations: d1..d5 under the importer, r1..r100 under them (20 each).
  insert into organisations (type, legal_name, trading_name, licence_number, licence_jurisdiction, licence_expires_on,
    address_line1, city, country, market, currency, status, supplier_id)
  select 'distributor', 'Bench Distributor ' || g || ' Ltd', 'Bench Distributor ' || g, 'BENCH-D-' || g, 'GB', '2099-12-31',
    g || ' Bench Way', 'Leeds', 'GB', 'GB', 'GBP', 'active', imp
  from generate_series(1, ${DISTRIBUTORS}) g;
  insert into organisations (type, legal_name, trading_name, licence_number, licence_jurisdiction, licence_expires_on,
    address_line1, city, country, market, currency, status, supplier_id)
  select 'retailer', 'Bench Retailer ' || g || ' Ltd', 'Bench Retailer ' || g, 'BENCH-R-' || g, 'GB', '2099-12-31',
    g || ' Bench Street', 'York', 'GB', 'GB', 'GBP', 'active',
    (select id from organisations where licence_number = 'BENCH-D-' || (1 + (g - 1) % ${DISTRIBUTORS}))
  from generate_series(1, ${RETAILERS}) g;
  insert into trade_terms (customer_id, supplier_id, payment_terms_days, credit_limit_minor, currency, tax_rate_bp)
  select id, supplier_id, 30, 2000000000, 'GBP', 2000 from organisations where licence_number like 'BENCH-%'
  on conflict do nothing;
  -- Users: one per bench organisation plus one for the importer; each with a live session.
  create temp table bench_people (email text, role text, org uuid, token_hash text);
  insert into bench_people
    select 'bench-' || lower(licence_number) || '@bench.example', type::text, id, null from organisations where licence_number like 'BENCH-%'
    union all select 'bench-importer@bench.example', 'importer', imp, null;
  insert into users (email, email_confirmed_at, status, organisation_id) select email, now(), 'active', org from bench_people;
  insert into profiles (id, first_name, last_name, password_last_updated)
    select u.id, 'Bench', p.role, now() from users u join bench_people p on p.email = u.email;
  insert into user_roles (user_id, role) select u.id, p.role from users u join bench_people p on p.email = u.email;
end $$;
-- Retailer prices for the catalogue (the demo may have some already).
insert into product_trade_prices (product_id, tier, market, currency, amount_minor)
select p.id, t.tier::partner_type, 'GB', 'GBP', 1500 from products p cross join (values ('importer'), ('distributor'), ('retailer')) t(tier)
where p.status = 'active' on conflict do nothing;
-- Stock the bench distributors can sell (the ledger is the only stock, decision 042): placing checks it.
insert into stock_balances (organisation_id, product_id, on_hand, reserved)
select o.id, p.id, 1000000, 0 from organisations o cross join products p where o.licence_number like 'BENCH-D-%' and p.status = 'active'
on conflict do nothing;
insert into stock_movements (balance_id, organisation_id, product_id, cause, on_hand_delta, reserved_delta, on_hand_after, reserved_after, reason)
select b.id, b.organisation_id, b.product_id, 'opening', b.on_hand, 0, b.on_hand, 0, 'Bench opening stock'
from stock_balances b join organisations o on o.id = b.organisation_id where o.licence_number like 'BENCH-D-%';
-- 100,000 orders, one a minute back from ${new Date(BASE).toISOString()}, in every state.
insert into orders (number, buyer_id, seller_id, status, currency, subtotal_minor, tax_rate_bp, tax_minor, total_minor, submitted_at, created_at, updated_at)
select 'BN-' || lpad(g::text, 6, '0'),
  case when g % 20 < 17 then r.id when g % 20 < 19 then d.id else imp.id end,
  case when g % 20 < 17 then r.supplier_id when g % 20 < 19 then imp.id else (select id from organisations where type = 'brand') end,
  (array['submitted','seen','approved','rejected','cancelled','invoiced','shipped','delivered','paid','delivered'])[1 + g % 10]::order_status,
  'GBP', 10000 + g % 1000, 2000, 2000, 12000 + g % 1000,
  timestamptz '${new Date(BASE).toISOString()}' - g * interval '1 minute',
  timestamptz '${new Date(BASE).toISOString()}' - g * interval '1 minute',
  timestamptz '${new Date(BASE).toISOString()}' - g * interval '1 minute'
from generate_series(1, ${ORDERS}) g
join organisations r on r.licence_number = 'BENCH-R-' || (1 + g % ${RETAILERS})
join organisations d on d.licence_number = 'BENCH-D-' || (1 + g % ${DISTRIBUTORS})
cross join (select id from organisations where type = 'importer' order by created_at limit 1) imp;
analyze;
`;

/** Sessions for the bench people (inserted after the load: their tokens are known here). */
function sessionsSql() {
  const rows = [['bench-importer@bench.example', 'importer']];
  for (let g = 1; g <= DISTRIBUTORS; g++) rows.push([`bench-bench-d-${g}@bench.example`, `d${g}`]);
  for (let g = 1; g <= RETAILERS; g++) rows.push([`bench-bench-r-${g}@bench.example`, `r${g}`]);
  return `insert into sessions (user_id, token_hash, expires_at, last_seen_at)
select u.id, v.h, now() + interval '30 days', now() from (values ${rows.map(([e, w]) => `('${e}', '${hash(token(w))}')`).join(', ')}) v(e, h)
join users u on u.email = v.e;`;
}

async function suite(server, label) {
  const gate = await passGate(server.url);
  const cookie = (who) => ({ cookie: `${gate}; frolic_session=${token(who)}` });
  const get = async (path, who) => {
    const res = await fetch(server.url + path, { headers: cookie(who), redirect: 'manual' });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`${path} as ${who}: HTTP ${res.status} ${text.slice(0, 300)}`);
    return text;
  };
  const figures = JSON.parse(await get('/api/partner/orders/figures', 'd1'));
  const selling = Object.values(figures.selling).reduce((s, n) => s + n, 0);
  // A deep keyset page: the distributor's selling side from its 10,000th-newest minute on.
  const deep = `/api/partner/orders?side=selling&after=${BASE - 50_000 * 60_000}_2147483647`;
  const deepPage = JSON.parse(await get(deep, 'd1'));
  if (!deepPage.items.length) throw new Error('deep page is empty');

  const ping = await cannon(`${server.url}/api/ping`);
  const measure = async (name, path, who) => {
    await get(path, who);
    const r = await cannon(server.url + path, { headers: cookie(who) });
    const row = { name, path, as: who, ...r, vsPing: Math.round((r.reqPerSec / ping.reqPerSec) * 100) / 100 };
    process.stderr.write(`  orders ${label}: ${name} ${r.reqPerSec}/s p99 ${r.latencyP99Ms} ms (non-2xx ${r.non2xx})\n`);
    return row;
  };
  const rows = [
    await measure('importer dashboard', '/partner/dashboard', 'importer'),
    await measure('distributor dashboard', '/partner/dashboard/distributor', 'd1'),
    await measure('retailer dashboard', '/partner/dashboard/retailer', 'r1'),
    await measure('figures API (distributor)', '/api/partner/orders/figures', 'd1'),
    await measure('history, first page (distributor, selling)', '/api/partner/orders?side=selling', 'd1'),
    await measure('history, deep keyset page', deep, 'd1'),
    await measure('history, first page (importer, buying)', '/api/partner/orders', 'importer'),
  ];

  // Placing: 100 retailers, each request as the next one in turn, every one with a new key.
  const product = (await (await fetch(`${server.url}/api/products`, { headers: { cookie: gate } })).json()).items?.[0];
  const productId = product?.id;
  if (!productId) throw new Error('no product to order');
  const before = Number((await fetch(server.url + '/api/partner/orders', { headers: cookie('r1') })).status);
  if (before !== 200) throw new Error('retailer session refused');
  const { default: autocannon } = await import('autocannon');
  let n = 0;
  const body = JSON.stringify({ lines: [{ productId, cases: 1 }], note: '' });
  const r = await autocannon({
    url: `${server.url}/api/partner/orders`,
    connections: 100,
    duration: DURATION,
    requests: [
      {
        method: 'POST',
        setupRequest: (req) => {
          const i = n++;
          return {
            ...req,
            body,
            headers: { ...cookie(`r${1 + (i % RETAILERS)}`), 'content-type': 'application/json', 'idempotency-key': `bench-${label}-${i}-${Date.now()}` },
          };
        },
      },
    ],
  });
  const created = r['2xx'];
  const placing = {
    buyers: RETAILERS,
    connections: 100,
    ordersPerSec: Math.round(created / DURATION),
    reqPerSec: Math.round(r.requests.average),
    latencyP99Ms: r.latency.p99,
    latencyP50Ms: r.latency.p50,
    non2xx: r.non2xx,
    errors: r.errors,
  };
  process.stderr.write(`  orders ${label}: placing ${placing.ordersPerSec} orders/s p99 ${placing.latencyP99Ms} ms (non-2xx ${placing.non2xx})\n`);
  return { database: label, orders: ORDERS, distributorSelling: selling, ping, rows, placing };
}

export async function run() {
  const rows = await onBothDatabases('orders', { load: LOAD + sessionsSql(), env: { DEMO_MODE: 'true', DEMO_PASSWORD: 'Bench-demo-password-2026' } }, suite);
  const result = { durationSeconds: DURATION, connections: CONNECTIONS, rows, target: 'dashboards and history p99 < 100 ms on PostgreSQL' };
  writeResult('orders', result);
  return result;
}

if (isMain(import.meta)) {
  const r = await run();
  console.log(JSON.stringify(r, null, 2));
}

export function summarize(r) {
  const lines = [`Trade orders with 100,000 orders (${r.connections} connections, ${r.durationSeconds} s): ${r.target}`];
  for (const row of r.rows) {
    lines.push(`  ${row.database}: /api/ping ${row.ping.reqPerSec}/s p99 ${row.ping.latencyP99Ms} ms`);
    for (const m of row.rows) lines.push(`    ${m.name.padEnd(44)} ${m.reqPerSec}/s p99 ${m.latencyP99Ms} ms (${m.vsPing} of ping)`);
    lines.push(`    placing, 100 buyers: ${row.placing.ordersPerSec} orders/s p99 ${row.placing.latencyP99Ms} ms`);
  }
  return lines.join('\n');
}
