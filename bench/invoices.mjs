// Invoices (issue 16): issuance with 50 concurrent issuers — 50 distributors, each a worker issuing
// invoices for its own approved orders one after another (POST /api/partner/invoices/issue, one order
// each) for DURATION seconds → invoices/s, p50/p99 — and the PDF: render time as a user sees it (200
// downloads one at a time, median and p99) and GET …/pdf under 50 connections (autocannon). /api/ping
// in the same run gives the ratios. On PGlite and PostgreSQL.
// Issue 44: a 50-line invoice with its PDF — 50 issuers at once, each invoicing 25 of its orders (two
// lines each) and downloading the PDF, one after another, for DURATION seconds → p50/p99 of the pair.
// The bench retailers' leg releases the goods, so every line carries duty (the heaviest tax path).
//
// The load, by SQL after the demo seed: 50 bench distributors under the demo importer, one retailer
// each (with terms), one distributor user with a session each (the token's hash goes straight into
// `sessions`), and 300 approved orders of two lines per distributor (15,000).
/* global fetch, performance */
import { createHash } from 'node:crypto';
import { cannon, CONNECTIONS, DURATION, isMain, median, onBothDatabases, passGate, writeResult } from './lib.mjs';

const ISSUERS = 50;
const ORDERS_EACH = 300;
const PDF_SAMPLES = 200;
const hash = (t) => createHash('sha256').update(t).digest('base64url');
const token = (g) => `bench-invoices-session-${g}`;

export const LOAD = `
do $$
declare
  imp uuid := (select id from organisations where type = 'importer' order by created_at limit 1);
begin
  insert into organisations (type, legal_name, trading_name, licence_number, licence_jurisdiction, licence_expires_on,
    address_line1, city, country, market, currency, status, supplier_id)
  select 'distributor', 'Bench Issuer ' || g || ' Ltd', 'Bench Issuer ' || g, 'BENCH-ID-' || g, 'GB', '2099-12-31',
    g || ' Bench Way', 'Leeds', 'GB', 'GB', 'GBP', 'active', imp
  from generate_series(1, ${ISSUERS}) g;
  insert into organisations (type, legal_name, trading_name, licence_number, licence_jurisdiction, licence_expires_on,
    address_line1, city, country, market, currency, status, supplier_id)
  select 'retailer', 'Bench Caviste ' || g || ' Sàrl', 'Bench Caviste ' || g, 'BENCH-IC-' || g, 'GB', '2099-12-31',
    g || ' Rue du Marché', 'York', 'GB', 'GB', 'GBP', 'active', (select id from organisations where licence_number = 'BENCH-ID-' || g)
  from generate_series(1, ${ISSUERS}) g;
  insert into trade_terms (customer_id, supplier_id, payment_terms_days, credit_limit_minor, currency, tax_rate_bp, duty_treatment)
  select id, supplier_id, 30, 2000000000, 'GBP', 2000, 'releases' from organisations where licence_number like 'BENCH-I%'
  on conflict do nothing;
  insert into users (email, email_confirmed_at, status, organisation_id)
  select 'bench-' || lower(licence_number) || '@bench.example', now(), 'active', id from organisations where licence_number like 'BENCH-ID-%';
  insert into profiles (id, first_name, last_name, password_last_updated)
  select u.id, 'Bench', 'Issuer', now() from users u where u.email like 'bench-bench-id-%';
  insert into user_roles (user_id, role) select u.id, 'distributor' from users u where u.email like 'bench-bench-id-%';
end $$;
insert into orders (number, buyer_id, seller_id, status, currency, subtotal_minor, tax_rate_bp, tax_minor, total_minor, submitted_at, decided_at, created_at, updated_at)
select 'BI-' || d.g || '-' || lpad(n::text, 5, '0'), c.id, s.id, 'approved', 'GBP', 0, 2000, 0, 0, now(), now(), now(), now()
from generate_series(1, ${ISSUERS}) d(g)
cross join generate_series(1, ${ORDERS_EACH}) n
join organisations s on s.licence_number = 'BENCH-ID-' || d.g
join organisations c on c.licence_number = 'BENCH-IC-' || d.g;
insert into order_items (order_id, product_id, cases_requested, cases, case_size, unit_price_minor, line_total_minor)
select o.id, p.id, 2, 2, p.case_size, 1525, 2 * p.case_size * 1525
from orders o cross join lateral (select id, case_size from products where status = 'active' order by id limit 2) p
where o.number like 'BI-%';
analyze;
`;

function sessionsSql() {
  const rows = Array.from({ length: ISSUERS }, (_, i) => `('bench-bench-id-${i + 1}@bench.example', '${hash(token(i + 1))}')`);
  return `insert into sessions (user_id, token_hash, expires_at, last_seen_at)
select u.id, v.h, now() + interval '30 days', now() from (values ${rows.join(', ')}) v(e, h)
join users u on u.email = v.e;`;
}

const percentile = (values, p) => {
  const v = [...values].sort((a, b) => a - b);
  return v.length ? v[Math.min(v.length - 1, Math.ceil((p / 100) * v.length) - 1)] : null;
};
const round = (x) => (x === null ? null : Math.round(x * 10) / 10);

async function suite(server, label) {
  const gate = await passGate(server.url);
  const cookie = (g) => `${gate}; frolic_session=${token(g)}`;
  const queues = [];
  for (let g = 1; g <= ISSUERS; g++) {
    const res = await fetch(`${server.url}/api/partner/invoices/invoiceable`, { headers: { cookie: cookie(g) } });
    const body = await res.json();
    if (res.status !== 200) throw new Error(`invoiceable as issuer ${g}: HTTP ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
    queues.push(body.customers.flatMap((c) => c.orders.map((o) => o.id)));
  }
  const ping = await cannon(`${server.url}/api/ping`);

  // 50 issuers at once, each issuing its own invoices one after another.
  const latencies = [];
  const issued = [];
  const usedUp = queues.map(() => 0);
  let refused = 0;
  const firstError = [];
  const t0 = performance.now();
  const until = t0 + DURATION * 1000;
  await Promise.all(
    queues.map(async (ids, i) => {
      for (const id of ids) {
        if (performance.now() >= until) break;
        usedUp[i]++;
        const started = performance.now();
        const res = await fetch(`${server.url}/api/partner/invoices/issue`, {
          method: 'POST',
          headers: { cookie: cookie(i + 1), 'content-type': 'application/json' },
          body: JSON.stringify({ orderIds: [id] }),
        });
        const text = await res.text();
        latencies.push(performance.now() - started);
        if (res.status === 201) issued.push({ id: JSON.parse(text).id, issuer: i + 1 });
        else {
          refused++;
          if (firstError.length < 3) firstError.push(`${res.status} ${text.slice(0, 200)}`);
        }
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  const issuance = {
    issuers: ISSUERS,
    invoices: issued.length,
    seconds: round(seconds),
    invoicesPerSec: round(issued.length / seconds),
    latencyP50Ms: round(percentile(latencies, 50)),
    latencyP99Ms: round(percentile(latencies, 99)),
    refused,
    firstErrors: firstError,
    vsPing: Math.round((issued.length / seconds / ping.reqPerSec) * 1000) / 1000,
  };
  process.stderr.write(`  invoices ${label}: issuing ${issuance.invoicesPerSec} invoices/s, p99 ${issuance.latencyP99Ms} ms (refused ${refused})\n`);
  if (issued.length < PDF_SAMPLES) throw new Error(`only ${issued.length} invoices issued: ${firstError.join(' | ')}`);

  // The PDF as a user sees it: one download at a time.
  const times = [];
  let bytes = 0;
  for (const inv of issued.slice(0, PDF_SAMPLES)) {
    const started = performance.now();
    const res = await fetch(`${server.url}/api/partner/invoices/${inv.id}/pdf`, { headers: { cookie: cookie(inv.issuer) } });
    const buf = await res.arrayBuffer();
    times.push(performance.now() - started);
    if (res.status !== 200) throw new Error(`pdf ${inv.id}: HTTP ${res.status}`);
    bytes = buf.byteLength;
  }
  const one = issued[0];
  const underLoad = await cannon(`${server.url}/api/partner/invoices/${one.id}/pdf`, { headers: { cookie: cookie(one.issuer) } });
  const pdf = {
    samples: PDF_SAMPLES,
    medianMs: round(median(times)),
    p99Ms: round(percentile(times, 99)),
    bytes,
    underLoad: { connections: CONNECTIONS, ...underLoad, vsPing: Math.round((underLoad.reqPerSec / ping.reqPerSec) * 1000) / 1000 },
  };
  process.stderr.write(
    `  invoices ${label}: PDF median ${pdf.medianMs} ms p99 ${pdf.p99Ms} ms; under ${CONNECTIONS} connections ${underLoad.reqPerSec}/s p99 ${underLoad.latencyP99Ms} ms\n`,
  );

  // Issue 44: a 50-line invoice (25 orders of two lines) and its PDF, 50 issuers at once.
  const ORDERS_PER_INVOICE = 25;
  const pairs = [];
  const pairErrors = [];
  let fiftyIssued = 0;
  const t1 = performance.now();
  const until1 = t1 + DURATION * 1000;
  await Promise.all(
    queues.map(async (ids, i) => {
      const left = ids.slice(usedUp[i]);
      for (let k = 0; k + ORDERS_PER_INVOICE <= left.length; k += ORDERS_PER_INVOICE) {
        if (performance.now() >= until1) break;
        const started = performance.now();
        const res = await fetch(`${server.url}/api/partner/invoices/issue`, {
          method: 'POST',
          headers: { cookie: cookie(i + 1), 'content-type': 'application/json' },
          body: JSON.stringify({ orderIds: left.slice(k, k + ORDERS_PER_INVOICE) }),
        });
        const text = await res.text();
        if (res.status !== 201) {
          if (pairErrors.length < 3) pairErrors.push(`${res.status} ${text.slice(0, 200)}`);
          continue;
        }
        const pdfRes = await fetch(`${server.url}/api/partner/invoices/${JSON.parse(text).id}/pdf`, { headers: { cookie: cookie(i + 1) } });
        await pdfRes.arrayBuffer();
        if (pdfRes.status !== 200) throw new Error(`50-line pdf: HTTP ${pdfRes.status}`);
        pairs.push(performance.now() - started);
        fiftyIssued++;
      }
    }),
  );
  const seconds1 = (performance.now() - t1) / 1000;
  const fiftyLines = {
    linesPerInvoice: ORDERS_PER_INVOICE * 2,
    invoices: fiftyIssued,
    seconds: round(seconds1),
    invoicesPerSec: round(fiftyIssued / seconds1),
    p50Ms: round(percentile(pairs, 50)),
    p99Ms: round(percentile(pairs, 99)),
    firstErrors: pairErrors,
    vsPing: Math.round((fiftyIssued / seconds1 / ping.reqPerSec) * 1000) / 1000,
  };
  process.stderr.write(`  invoices ${label}: 50-line invoice + PDF ${fiftyLines.invoicesPerSec}/s, p50 ${fiftyLines.p50Ms} ms p99 ${fiftyLines.p99Ms} ms\n`);
  if (fiftyIssued === 0) throw new Error(`no 50-line invoice issued: ${pairErrors.join(' | ')}`);
  return { database: label, ping, issuance, pdf, fiftyLines };
}

export async function run() {
  const rows = await onBothDatabases('invoices', { load: LOAD + sessionsSql(), env: { DEMO_MODE: 'true', DEMO_PASSWORD: 'Bench-demo-password-2026' } }, suite);
  const result = { durationSeconds: DURATION, rows };
  writeResult('invoices', result);
  return result;
}

if (isMain(import.meta)) {
  const r = await run();
  console.log(JSON.stringify(r, null, 2));
}

export function summarize(r) {
  const lines = [`Invoices: issuing with ${ISSUERS} concurrent issuers (${r.durationSeconds} s), PDF render time`];
  for (const row of r.rows) {
    const i = row.issuance;
    lines.push(`  ${row.database}: /api/ping ${row.ping.reqPerSec}/s p99 ${row.ping.latencyP99Ms} ms`);
    lines.push(
      `    issuing: ${i.invoicesPerSec} invoices/s (${i.invoices} in ${i.seconds} s), p50 ${i.latencyP50Ms} ms p99 ${i.latencyP99Ms} ms, ${i.vsPing} of ping`,
    );
    lines.push(
      `    PDF: median ${row.pdf.medianMs} ms, p99 ${row.pdf.p99Ms} ms (${row.pdf.bytes} bytes); ${row.pdf.underLoad.reqPerSec}/s p99 ${row.pdf.underLoad.latencyP99Ms} ms under ${row.pdf.underLoad.connections} connections`,
    );
    if (row.fiftyLines)
      lines.push(
        `    50-line invoice + its PDF: ${row.fiftyLines.invoicesPerSec}/s (${row.fiftyLines.invoices} in ${row.fiftyLines.seconds} s), p50 ${row.fiftyLines.p50Ms} ms p99 ${row.fiftyLines.p99Ms} ms, ${row.fiftyLines.vsPing} of ping`,
      );
  }
  return lines.join('\n');
}
