// Audit Logs (issue 17) with 1,000,000 rows: after the demo seed, 50 bench users and one master admin
// with a session (token hash inserted: no sign-in, no rate limit), then by generate_series a million
// audit rows over a year (one every 30 s; 20 actions, 20 tables, record ids 0–49,999, 90 % by the
// bench users). autocannon (10 s, 50 connections) on /api/ping and on GET /api/admin/audit-logs —
// the first page and a page deep in the set (older than id 100,000: 900,000 rows down), unfiltered,
// searched (a record id, a table name, a user id fragment), filtered (action + table, the user's
// email, a month) and all combined — and on the page itself; then the CSV export of all 1,000,000
// rows: its time, size and the server's peak RSS. On PGlite and PostgreSQL.
// Target: p99 < 100 ms on both engines, first page and deep page.
/* global fetch, setInterval, clearInterval, performance */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { cannon, CONNECTIONS, DURATION, isMain, onBothDatabases, passGate, writeResult } from './lib.mjs';

const ROWS = 1_000_000;
const USERS = 50;
const TOKEN = 'bench-audit-logs-session-master';
const hash = (t) => createHash('sha256').update(t).digest('base64url');
const MASTER = 'bench-audit-master@bench.example';
/** The bench user whose email and id fragment the user filter and the search use. */
const PERSON = 'bench-audit-7@bench.example';

export const LOAD = `
do $$
begin
  create temp table bench_people (n int, email text);
  insert into bench_people select g, 'bench-audit-' || g || '@bench.example' from generate_series(1, ${USERS}) g;
  insert into bench_people values (0, '${MASTER}');
  insert into users (email, email_confirmed_at, status) select email, now(), 'active' from bench_people;
  insert into profiles (id, first_name, last_name, password_last_updated, is_master_admin)
    select u.id, 'Bench', 'Auditor ' || p.n, now(), p.n = 0 from users u join bench_people p on p.email = u.email;
  insert into user_roles (user_id, role) select u.id, 'master_admin' from users u where u.email = '${MASTER}';
  insert into sessions (user_id, token_hash, expires_at, last_seen_at)
    select id, '${hash(TOKEN)}', now() + interval '30 days', now() from users where email = '${MASTER}';
  create temp table bench_ids as select p.n, u.id::text as id from bench_people p join users u on u.email = p.email where p.n > 0;
end $$;
-- A year of audit rows, one every 30 s, ids in time order.
insert into audit_logs (user_id, action, table_name, record_id, old_values, new_values, ip_address, user_agent, created_at, source)
select
  b.id,
  (array['INSERT','UPDATE','UPDATE','UPDATE','DELETE','SIGN_IN','SIGN_IN','SIGN_IN_FAILED','SIGN_OUT','STATUS_CHANGE',
         'INSERT','UPDATE','PASSWORD_CHANGED','LOCKOUT','INSERT','UPDATE','UPDATE','INSERT','UPDATE','TWO_FACTOR_ENABLED'])[1 + g % 20],
  (array['products','orders','invoices','users','sessions','store_locations','payments','cocktails','order_items','shipments',
         'orders','orders','products','users','invoices','organisations','stock_balances','marketing_events','collateral','receipts'])[1 + (g / 7) % 20],
  (g % 50000)::text,
  case when g % 3 = 0 then null else jsonb_build_object('status', 'draft', 'n', g % 1000) end,
  jsonb_build_object('status', 'active', 'n', g % 1000, 'note', 'bench row ' || g),
  '10.' || (g % 200) || '.' || (g % 250) || '.' || (g % 97),
  'bench/1.0',
  date_trunc('day', now()) - (${ROWS} - g) * interval '30 seconds',
  'service'
from generate_series(1, ${ROWS}) g
left join bench_ids b on b.n = 1 + g % ${USERS} and g % 10 <> 0
order by g;
`;

/** Peak and current RSS of a process (Linux), in MB. */
function rssOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rssMB: Math.round(kb('VmRSS') / 1024), peakMB: Math.round(kb('VmHWM') / 1024) };
}

async function suite(server, label) {
  const gate = await passGate(server.url);
  const headers = { cookie: `${gate}; frolic_session=${TOKEN}` };
  const get = async (path) => {
    const res = await fetch(server.url + path, { headers, redirect: 'manual' });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`${path}: HTTP ${res.status} ${text.slice(0, 300)}`);
    return text;
  };
  const api = async (query) => JSON.parse(await get(`/api/admin/audit-logs?${query}`));

  // The CSV first, on a server that has served nothing else yet: its memory is the export's.
  const before = rssOf(server.child.pid);
  let peakSampled = before.rssMB;
  const sampler = setInterval(() => {
    peakSampled = Math.max(peakSampled, rssOf(server.child.pid).rssMB);
  }, 50);
  const t0 = performance.now();
  const res = await fetch(`${server.url}/api/admin/audit-logs/export.csv`, { headers });
  if (res.status !== 200) throw new Error(`export: HTTP ${res.status}`);
  let bytes = 0;
  let lines = 0;
  for await (const chunk of res.body) {
    bytes += chunk.length;
    for (const b of chunk) if (b === 10) lines++;
  }
  const exportMs = Math.round(performance.now() - t0);
  clearInterval(sampler);
  const after = rssOf(server.child.pid);
  const csv = {
    rows: lines - 1,
    seconds: Math.round(exportMs / 100) / 10,
    rowsPerSec: Math.round(((lines - 1) / exportMs) * 1000),
    megabytes: Math.round(bytes / 1024 / 102.4) / 10,
    rssBeforeMB: before.rssMB,
    rssPeakMB: Math.max(peakSampled, after.rssMB),
    rssAfterMB: after.rssMB,
    processPeakMB: after.peakMB,
  };
  process.stderr.write(
    `  audit-logs ${label}: CSV ${csv.rows} rows in ${csv.seconds} s (${csv.megabytes} MB), RSS ${csv.rssBeforeMB} → peak ${csv.rssPeakMB} MB\n`,
  );
  if (csv.rows < ROWS) throw new Error(`export gave ${csv.rows} rows`);

  // The queries: each as a first page and as a page deep in the set.
  const person = JSON.parse(await get(`/api/admin/audit-logs?user=${encodeURIComponent(PERSON)}`)).items[0];
  if (!person) throw new Error('no rows for the bench person');
  const fragment = person.userId.slice(0, 8);
  const month = (() => {
    const d = new Date(Date.now() - 200 * 86_400_000);
    const from = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1));
    const to = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0));
    return `from=${from.toISOString().slice(0, 10)}&to=${to.toISOString().slice(0, 10)}`;
  })();
  const monthFirst = await api(month);
  const monthDeep = monthFirst.items[0].id - 40_000; // some 40,000 rows into the month
  const combined = `q=4&action=UPDATE&table=orders&${month}`;
  const queries = [
    ['no filter', ''],
    ['search: record id "4242"', 'q=4242'],
    ['search: table name "orders"', 'q=orders'],
    [`search: user id fragment`, `q=${fragment}`],
    ['action UPDATE + table products', 'action=UPDATE&table=products'],
    ['user email', `user=${encodeURIComponent(PERSON)}`],
    ['a month', month],
    ['search + action + table + month', combined],
  ];
  const deepOf = (name, query) => `${query ? `${query}&` : ''}before=${name.includes('month') ? monthDeep : 100_000}`;

  const ping = await cannon(`${server.url}/api/ping`);
  const measure = async (name, path) => {
    await get(path);
    const r = await cannon(server.url + path, { headers });
    const row = { name, path, ...r, vsPing: Math.round((r.reqPerSec / ping.reqPerSec) * 100) / 100 };
    process.stderr.write(`  audit-logs ${label}: ${name} ${r.reqPerSec}/s p99 ${r.latencyP99Ms} ms (non-2xx ${r.non2xx})\n`);
    return row;
  };
  const rows = [];
  for (const [name, query] of queries) {
    const first = await api(query);
    const deep = await api(deepOf(name, query));
    rows.push({ ...(await measure(`${name}, first page`, `/api/admin/audit-logs?${query}`)), items: first.items.length });
    rows.push({ ...(await measure(`${name}, deep page`, `/api/admin/audit-logs?${deepOf(name, query)}`)), items: deep.items.length });
  }
  rows.push(await measure('the page (HTML), no filter', '/admin/dashboard/audit-logs'));
  rows.push(await measure('the page (HTML), action + table, deep', '/admin/dashboard/audit-logs?action=UPDATE&table=products&before=100000'));
  return { database: label, rows: ROWS, ping, measured: rows, csv };
}

export async function run() {
  const rows = await onBothDatabases('audit_logs', { load: LOAD, env: { DEMO_MODE: 'true', DEMO_PASSWORD: 'Bench-demo-password-2026' } }, suite);
  const result = { durationSeconds: DURATION, connections: CONNECTIONS, rows, target: 'p99 < 100 ms on PostgreSQL and PGlite, first and deep page' };
  writeResult('audit-logs', result);
  return result;
}

if (isMain(import.meta)) {
  const r = await run();
  console.log(JSON.stringify(r, null, 2));
}

export function summarize(r) {
  const lines = [`Audit Logs with 1,000,000 rows (${r.connections} connections, ${r.durationSeconds} s): ${r.target}`];
  for (const row of r.rows) {
    lines.push(`  ${row.database}: /api/ping ${row.ping.reqPerSec}/s p99 ${row.ping.latencyP99Ms} ms`);
    for (const m of row.measured) lines.push(`    ${m.name.padEnd(48)} ${m.reqPerSec}/s p99 ${m.latencyP99Ms} ms (${m.vsPing} of ping)`);
    const c = row.csv;
    lines.push(`    CSV export: ${c.rows} rows in ${c.seconds} s (${c.megabytes} MB), RSS ${c.rssBeforeMB} → peak ${c.rssPeakMB} MB`);
  }
  return lines.join('\n');
}
