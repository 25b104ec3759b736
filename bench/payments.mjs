// Payments (issue 16): a distributor's Payments page and statement with 10,000 invoices. After the
// demo seed, one bench distributor under the demo importer and 50 bench retailers under it, one user
// with a session for the distributor and one for the first retailer (token hashes inserted: no
// sign-in, no rate limit), then by generate_series 10,000 issued invoices from the distributor (200
// per retailer, one a day over 400 days back, due 30 days after issue; 60 % paid, 20 % half paid,
// 20 % unpaid), a settled payment allocated to each paid or half-paid one (8,000) and 100 pending
// payments. autocannon (10 s, 50 connections) on /api/ping, the distributor's Payments page and its
// API, a retailer's statement over a year as JSON, CSV and PDF, and the retailer's Payments page —
// on PGlite and PostgreSQL. Target: p99 < 100 ms on PostgreSQL.
/* global fetch, Buffer */
import { createHash } from 'node:crypto';
import { cannon, CONNECTIONS, DURATION, isMain, onBothDatabases, passGate, writeResult } from './lib.mjs';

const INVOICES = 10_000;
const RETAILERS = 50;
const hash = (t) => createHash('sha256').update(t).digest('base64url');
const token = (who) => `bench-payments-session-${who}`;

export const LOAD = `
do $$
declare
  imp uuid := (select id from organisations where type = 'importer' order by created_at limit 1);
  dist uuid;
begin
  insert into organisations (type, legal_name, trading_name, licence_number, licence_jurisdiction, licence_expires_on,
    address_line1, city, country, market, currency, status, supplier_id)
  values ('distributor', 'Bench Payee Ltd', 'Bench Payee', 'BENCH-PD-1', 'GB', '2099-12-31', '1 Ledger Row', 'Leeds', 'GB', 'GB', 'GBP', 'active', imp)
  returning id into dist;
  insert into organisations (type, legal_name, trading_name, licence_number, licence_jurisdiction, licence_expires_on,
    address_line1, city, country, market, currency, status, supplier_id)
  select 'retailer', 'Bench Payer ' || g || ' Ltd', 'Bench Payer ' || g, 'BENCH-PR-' || g, 'GB', '2099-12-31',
    g || ' Till Street', 'York', 'GB', 'GB', 'GBP', 'active', dist
  from generate_series(1, ${RETAILERS}) g;
  insert into trade_terms (customer_id, supplier_id, payment_terms_days, credit_limit_minor, currency, tax_rate_bp)
  select id, supplier_id, 30, 2000000000, 'GBP', 2000 from organisations where licence_number like 'BENCH-P%' and type = 'retailer'
  on conflict do nothing;
  create temp table bench_people (email text, role text, org uuid);
  insert into bench_people
    select 'bench-payee@bench.example', 'distributor', dist
    union all select 'bench-payer-1@bench.example', 'retailer', (select id from organisations where licence_number = 'BENCH-PR-1');
  insert into users (email, email_confirmed_at, status, organisation_id) select email, now(), 'active', org from bench_people;
  insert into profiles (id, first_name, last_name, password_last_updated)
    select u.id, 'Bench', p.role, now() from users u join bench_people p on p.email = u.email;
  insert into user_roles (user_id, role) select u.id, p.role from users u join bench_people p on p.email = u.email;

  -- 10,000 issued invoices: one a day back over 400 days, due 30 days later.
  insert into invoices (kind, state, issuer_id, customer_id, number, year, sequence, currency, subtotal_minor, tax_rate_bp, tax_minor,
    total_minor, paid_minor, issued_on, due_on, issued_at, created_at, updated_at)
  select 'invoice', 'issued', dist, r.id, 'INV-2026-' || lpad(g::text, 5, '0'), 2026, g, 'GBP', 10000 + g % 5000, 0, 0,
    10000 + g % 5000,
    case when g % 10 < 6 then 10000 + g % 5000 when g % 10 < 8 then (10000 + g % 5000) / 2 else 0 end,
    current_date - (g % 400), current_date - (g % 400) + 30, now(), now(), now()
  from generate_series(1, ${INVOICES}) g
  join organisations r on r.licence_number = 'BENCH-PR-' || (1 + g % ${RETAILERS});
  insert into document_counters (issuer_id, kind, year, last) values (dist, 'invoice', 2026, ${INVOICES});

  -- A settled payment for each paid or half-paid invoice, allocated to it.
  insert into payments (payer_id, payee_id, amount_minor, currency, method, reference, paid_on, status, confirmed_at, created_at, updated_at)
  select customer_id, issuer_id, paid_minor, 'GBP', 'bank_transfer', 'BENCH-' || id, issued_on + 10, 'settled', now(),
    now() - (current_date - issued_on) * interval '1 day', now()
  from invoices where issuer_id = dist and paid_minor > 0;
  insert into payment_allocations (payment_id, invoice_id, amount_minor)
  select p.id, i.id, i.paid_minor from invoices i join payments p on p.reference = 'BENCH-' || i.id where i.issuer_id = dist and i.paid_minor > 0;
  -- 100 pending payments, each on an unpaid invoice.
  insert into payments (payer_id, payee_id, amount_minor, currency, method, reference, paid_on, status, created_at, updated_at)
  select customer_id, issuer_id, 1000, 'GBP', 'cheque', 'BENCH-PENDING-' || id, current_date, 'pending', now(), now()
  from (select * from invoices where issuer_id = dist and paid_minor = 0 order by id limit 100) i;
  insert into payment_allocations (payment_id, invoice_id, amount_minor)
  select p.id, i.id, 1000 from invoices i join payments p on p.reference = 'BENCH-PENDING-' || i.id where i.issuer_id = dist;
end $$;
analyze;
`;

function sessionsSql() {
  const rows = [
    ['bench-payee@bench.example', 'payee'],
    ['bench-payer-1@bench.example', 'payer'],
  ];
  return `insert into sessions (user_id, token_hash, expires_at, last_seen_at)
select u.id, v.h, now() + interval '30 days', now() from (values ${rows.map(([e, w]) => `('${e}', '${hash(token(w))}')`).join(', ')}) v(e, h)
join users u on u.email = v.e;`;
}

async function suite(server, label) {
  const gate = await passGate(server.url);
  const cookie = (who) => ({ cookie: `${gate}; frolic_session=${token(who)}` });
  const get = async (path, who) => {
    const res = await fetch(server.url + path, { headers: cookie(who), redirect: 'manual' });
    const body = Buffer.from(await res.arrayBuffer());
    if (res.status !== 200) throw new Error(`${path} as ${who}: HTTP ${res.status} ${body.toString().slice(0, 300)}`);
    return body;
  };
  const overview = JSON.parse((await get('/api/partner/payments', 'payee')).toString());
  const customer = overview.customers.find((c) => c.name === 'Bench Payer 1');
  if (!customer) throw new Error('no bench retailer');
  const open = overview.aging.reduce((s, r) => s + r.openInvoices, 0);
  const today = new Date().toISOString().slice(0, 10);
  const from = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);
  const period = `customerId=${customer.id}&from=${from}&to=${today}`;
  const statement = JSON.parse((await get(`/api/partner/payments/statement?${period}`, 'payee')).toString());

  const ping = await cannon(`${server.url}/api/ping`);
  const measure = async (name, path, who) => {
    await get(path, who);
    const r = await cannon(server.url + path, { headers: cookie(who) });
    const row = { name, path, as: who, ...r, vsPing: Math.round((r.reqPerSec / ping.reqPerSec) * 100) / 100 };
    process.stderr.write(`  payments ${label}: ${name} ${r.reqPerSec}/s p99 ${r.latencyP99Ms} ms (non-2xx ${r.non2xx})\n`);
    return row;
  };
  const rows = [
    await measure("distributor's Payments page", '/partner/dashboard/payments', 'payee'),
    await measure('Payments API (distributor: aging, pending, recent)', '/api/partner/payments', 'payee'),
    await measure('statement, a year (JSON)', `/api/partner/payments/statement?${period}`, 'payee'),
    await measure('statement CSV', `/api/partner/payments/statement.csv?${period}`, 'payee'),
    await measure('statement PDF', `/api/partner/payments/statement.pdf?${period}`, 'payee'),
    await measure("retailer's Payments page", '/partner/dashboard/payments', 'payer'),
  ];
  return { database: label, invoices: INVOICES, openInvoices: open, statementLines: statement.lines.length, ping, rows };
}

export async function run() {
  const rows = await onBothDatabases('payments', { load: LOAD + sessionsSql(), env: { DEMO_MODE: 'true', DEMO_PASSWORD: 'Bench-demo-password-2026' } }, suite);
  const result = { durationSeconds: DURATION, connections: CONNECTIONS, rows, target: "distributor's Payments page and statement p99 < 100 ms on PostgreSQL" };
  writeResult('payments', result);
  return result;
}

if (isMain(import.meta)) {
  const r = await run();
  console.log(JSON.stringify(r, null, 2));
}

export function summarize(r) {
  const lines = [`Payments with 10,000 invoices (${r.connections} connections, ${r.durationSeconds} s): ${r.target}`];
  for (const row of r.rows) {
    lines.push(
      `  ${row.database}: /api/ping ${row.ping.reqPerSec}/s p99 ${row.ping.latencyP99Ms} ms (${row.openInvoices} open invoices, statement ${row.statementLines} lines)`,
    );
    for (const m of row.rows) lines.push(`    ${m.name.padEnd(52)} ${m.reqPerSec}/s p99 ${m.latencyP99Ms} ms (${m.vsPing} of ping)`);
  }
  return lines.join('\n');
}
