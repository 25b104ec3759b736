// Database Management (issue 19) with a 1,000,000-row table: the audit rows of bench/audit-logs.mjs
// (its LOAD) and a master admin session (token hash inserted: no sign-in, no rate limit). On PGlite
// and PostgreSQL:
// - the table browser: autocannon (10 s, 50 connections) on the first page of audit_logs and on pages
//   deep in it (varied keyset cursors), next to /api/ping. Target p99 < 100 ms.
// - runaway queries: what each costs (the plan) and what the editor answers, alone; then /api/ping
//   under autocannon while a master admin sends runaway queries back to back (a cross join of the
//   million rows, an endless recursive CTE, generate_series to ten billion) and, on PGlite, the
//   dearest queries the plan cap lets through. Target: ping p99 < 50 ms while they try.
/* global fetch, performance */
import { createHash } from 'node:crypto';
import { cannon, CONNECTIONS, DURATION, isMain, onBothDatabases, writeResult } from './lib.mjs';
import { LOAD as AUDIT_ROWS } from './audit-logs.mjs';

const TOKEN = 'bench-sql-editor-session-master';
const hash = (t) => createHash('sha256').update(t).digest('base64url');
const LOAD = `${AUDIT_ROWS};
insert into sessions (user_id, token_hash, expires_at, last_seen_at)
  select id, '${hash(TOKEN)}', now() + interval '30 days', now() from users where email = 'bench-audit-master@bench.example';`;

const RUNAWAYS = [
  ['cross join of 1M × 1M rows', 'select count(*) from audit_logs a cross join audit_logs b'],
  ['endless recursive CTE', 'with recursive r(n) as (select 1 union all select n + 1 from r) select count(*) from r'],
  ['generate_series to 10^10', 'select count(*) from generate_series(1, 10000000000)'],
];
/** The dearest queries the plan cap lets through on PGlite: the largest prefix of the table under it. */
const allowedUnder = (n) => [
  [`count of the first ${n.toLocaleString('en')} rows`, `select count(*), max(created_at) from audit_logs where id <= ${n}`],
  [`group by over the first ${n.toLocaleString('en')} rows`, `select action, count(*) from audit_logs where id <= ${n} group by action`],
];

async function suite(server, label) {
  const headers = { cookie: `frolic_session=${TOKEN}`, 'content-type': 'application/json' };
  const get = async (path) => {
    const res = await fetch(server.url + path, { headers });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`${path}: HTTP ${res.status} ${text.slice(0, 300)}`);
    return JSON.parse(text);
  };
  const runSql = async (sql) => {
    const t0 = performance.now();
    const res = await fetch(`${server.url}/api/admin/sql/run`, { method: 'POST', headers, body: JSON.stringify({ sql }) });
    const body = await res.json();
    return { ms: Math.round(performance.now() - t0), status: res.status, code: body.error?.code ?? 'ok', message: body.error?.message ?? null };
  };
  const costOf = async (sql) => {
    const r = await fetch(`${server.url}/api/admin/sql/run`, { method: 'POST', headers, body: JSON.stringify({ sql: `explain (format json) ${sql}` }) });
    const body = await r.json();
    const plan = body.results?.[0]?.rows?.[0]?.[0];
    const tree = typeof plan === 'string' ? JSON.parse(plan) : plan;
    return tree ? Math.round(tree[0].Plan['Total Cost']) : null;
  };

  const ping = await cannon(`${server.url}/api/ping`);
  const measure = async (name, path, paths) => {
    await get(path);
    const r = await cannon(server.url + path, { headers, paths });
    process.stderr.write(`  sql-editor ${label}: ${name} ${r.reqPerSec}/s p99 ${r.latencyP99Ms} ms (non-2xx ${r.non2xx})\n`);
    return { name, path, ...r, vsPing: Math.round((r.reqPerSec / ping.reqPerSec) * 100) / 100 };
  };

  // The table browser.
  const first = await get('/api/admin/database/tables/audit_logs');
  const cursors = Array.from({ length: 50 }, (_, i) => `/api/admin/database/tables/audit_logs?after=${encodeURIComponent(JSON.stringify([20_000 * i + 7]))}`);
  const browser = [
    await measure('table browser: audit_logs, first page', '/api/admin/database/tables/audit_logs'),
    await measure('table browser: audit_logs, pages deep in the set (50 cursors in turn)', cursors[25], cursors),
  ];

  // The largest prefix of the table whose count stays under the PGlite cap.
  let ALLOWED = [];
  if (label === 'pglite') {
    const { status } = await get('/api/admin/database/tables');
    let best = 1_000;
    for (const n of [2_000, 5_000, 10_000, 20_000, 50_000, 100_000, 200_000, 500_000]) {
      const costs = await Promise.all(allowedUnder(n).map(([, sql]) => costOf(sql)));
      if (costs.every((c) => c !== null && c <= status.maxPlanCost)) best = n;
    }
    ALLOWED = allowedUnder(best);
  }
  // Runaways alone: cost, answer, time.
  const alone = [];
  for (const [name, sql] of [...RUNAWAYS, ...ALLOWED]) {
    const cost = await costOf(sql);
    const r = await runSql(sql);
    alone.push({ name, sql, cost, ...r });
    process.stderr.write(`  sql-editor ${label}: ${name}: cost ${cost}, ${r.code} in ${r.ms} ms\n`);
  }

  // Ping while a master admin tries runaways back to back.
  const tryHard = async (queries) => {
    let stop = false;
    const outcomes = {};
    const worker = async (offset) => {
      for (let i = offset; !stop; i++) {
        const [, sql] = queries[i % queries.length];
        const r = await runSql(sql);
        outcomes[r.code] = (outcomes[r.code] ?? 0) + 1;
      }
    };
    const workers = [worker(0)];
    const r = await cannon(`${server.url}/api/ping`);
    stop = true;
    await Promise.all(workers);
    return { ...r, outcomes };
  };
  const underRunaway = await tryHard(RUNAWAYS);
  process.stderr.write(
    `  sql-editor ${label}: ping while runaways are tried ${underRunaway.reqPerSec}/s p99 ${underRunaway.latencyP99Ms} ms ${JSON.stringify(underRunaway.outcomes)}\n`,
  );
  const underAllowed = label === 'pglite' ? await tryHard(ALLOWED) : null;
  if (underAllowed) {
    process.stderr.write(
      `  sql-editor ${label}: ping while the dearest allowed queries run ${underAllowed.reqPerSec}/s p99 ${underAllowed.latencyP99Ms} ms ${JSON.stringify(underAllowed.outcomes)}\n`,
    );
  }
  return { database: label, tableRows: first.count, ping, browser, alone, underRunaway, underAllowed };
}

export async function run() {
  const rows = await onBothDatabases('sql_editor', { load: LOAD }, suite);
  const result = {
    durationSeconds: DURATION,
    connections: CONNECTIONS,
    rows,
    target: 'table browser page of a 1,000,000-row table p99 < 100 ms; /api/ping p99 < 50 ms while someone tries a runaway query',
  };
  writeResult('sql-editor', result);
  return result;
}

if (isMain(import.meta)) {
  const r = await run();
  console.log(JSON.stringify(r, null, 2));
}

export function summarize(r) {
  const lines = [`Database Management with a 1,000,000-row table (${r.connections} connections, ${r.durationSeconds} s): ${r.target}`];
  for (const row of r.rows) {
    lines.push(`  ${row.database}: /api/ping ${row.ping.reqPerSec}/s p99 ${row.ping.latencyP99Ms} ms`);
    for (const m of row.browser) lines.push(`    ${m.name.padEnd(70)} ${m.reqPerSec}/s p99 ${m.latencyP99Ms} ms (${m.vsPing} of ping)`);
    for (const a of row.alone) lines.push(`    ${a.name.padEnd(40)} cost ${a.cost} → ${a.code} in ${a.ms} ms`);
    const u = row.underRunaway;
    lines.push(`    ping while runaways are tried: ${u.reqPerSec}/s p99 ${u.latencyP99Ms} ms ${JSON.stringify(u.outcomes)}`);
    if (row.underAllowed) lines.push(`    ping while the dearest allowed queries run: ${row.underAllowed.reqPerSec}/s p99 ${row.underAllowed.latencyP99Ms} ms`);
  }
  return lines.join('\n');
}
