// Staff lists under load (issue 21): every list a staff screen loads, first page as the screen asks
// for it, on the demo data (DEMO_MODE: the catalogue, cocktails, stores, the trade network with its
// orders and invoices, the demo users) as a master admin with a session (its token hash inserted).
// autocannon (10 s, 50 connections) on /api/ping, then on each list, on PGlite and PostgreSQL.
// Target: p99 < 100 ms for every staff list at 50 connections. STAFF_LISTS=products,notifications
// measures some of them.
/* global fetch */
import { cannon, CONNECTIONS, DURATION, isMain, masterAdminSql, onBothDatabases, passGate, writeResult } from './lib.mjs';

const TOKEN = 'bench-staff-lists-master-session';

const LOAD = `${masterAdminSql('bench-master@bench.example', TOKEN)}\nanalyze;`;

/** [name, path]: the first page of each staff list, as its screen loads it. */
export const LISTS = [
  ['products', '/api/admin/products?q=a'],
  ['cocktails', '/api/admin/cocktails'],
  ['stores', '/api/admin/stores'],
  ['pages', '/api/admin/pages'],
  ['collateral', '/api/admin/collateral'],
  ['events', '/api/admin/events'],
  ['media', '/api/admin/media'],
  ['inquiries', '/api/admin/inquiries'],
  ['partners', '/api/admin/partners'],
  ['marketing-requests', '/api/admin/marketing-requests'],
  ['trade-orders', '/api/admin/trade-orders'],
  ['invoices', '/api/admin/invoices'],
  ['users', '/api/admin/users'],
  ['audit-logs', '/api/admin/audit-logs'],
  ['notifications', '/api/admin/notifications'],
  ['outbox', '/api/admin/outbox'],
];

async function suite(server, label) {
  const gate = await passGate(server.url);
  const headers = { cookie: `${gate}; frolic_session=${TOKEN}` };
  const only = process.env.STAFF_LISTS?.split(',');
  const lists = only ? LISTS.filter(([name]) => only.includes(name)) : LISTS;
  for (const [, path] of lists) {
    const res = await fetch(server.url + path, { headers, redirect: 'manual' });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`${path}: HTTP ${res.status} ${text.slice(0, 300)}`);
  }
  const ping = await cannon(`${server.url}/api/ping`);
  process.stderr.write(`  staff-lists ${label}: ping ${ping.reqPerSec}/s p99 ${ping.latencyP99Ms} ms\n`);
  const rows = [];
  for (const [name, path] of lists) {
    const r = await cannon(server.url + path, { headers });
    rows.push({ name, path, ...r, vsPing: Math.round((r.reqPerSec / ping.reqPerSec) * 100) / 100 });
    process.stderr.write(`  staff-lists ${label}: ${name} ${r.reqPerSec}/s p99 ${r.latencyP99Ms} ms (non-2xx ${r.non2xx})\n`);
  }
  return { database: label, ping, rows };
}

export async function run() {
  const rows = await onBothDatabases('staff_lists', { load: LOAD, env: { DEMO_MODE: 'true', DEMO_PASSWORD: 'Bench-demo-password-2026' } }, suite);
  const result = { durationSeconds: DURATION, connections: CONNECTIONS, rows, target: 'every staff list p99 < 100 ms at 50 connections' };
  writeResult('staff-lists', result);
  return result;
}

export function summarize(r) {
  const lines = [`Staff lists (${r.connections} connections, ${r.durationSeconds} s): ${r.target}`];
  for (const row of r.rows) {
    lines.push(`  ${row.database}: /api/ping ${row.ping.reqPerSec}/s p99 ${row.ping.latencyP99Ms} ms`);
    for (const m of row.rows)
      lines.push(`    ${m.name.padEnd(20)} ${String(m.reqPerSec).padStart(5)}/s p99 ${String(m.latencyP99Ms).padStart(5)} ms (${m.vsPing} of ping)`);
  }
  return lines.join('\n');
}

if (isMain(import.meta)) {
  const r = await run();
  process.stdout.write(`${summarize(r)}\n`);
}
