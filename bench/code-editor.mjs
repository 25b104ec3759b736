// The Code Editor (issue 20). A master admin with a session (and a fresh step-up) is inserted
// straight into the database after the first start, so nothing signs in.
// 1. Deploy, on PostgreSQL with two instances: a new theme colour is committed on A, then the time
//    from sending Deploy to Production on A until instance B serves a page with the new colour
//    (B polled back to back), over DEPLOYS deploys: median and max. The screen adds the spec's 3 s
//    deploying state on top of this (client-side, whatever the server's time).
// 2. History and diff of a repository with 1,000 commits (made through the API: a file edited and
//    committed 1,000 times): autocannon (10 s, 50 connections) on /api/ping, on Commit History's
//    first page, on a page 500 commits down, and on View Diff of 200 different commits in turn; and
//    the first request of each on a fresh process (nothing cached yet). On PGlite and PostgreSQL.
// Target: p99 < 100 ms for history and diff.
/* global fetch, performance */
import { createHash } from 'node:crypto';
import {
  cannon,
  CONNECTIONS,
  DURATION,
  isMain,
  median,
  passGate,
  postgresAvailable,
  startServer,
  tempDataDir,
  removeDir,
  withFreshPostgres,
  writeResult,
} from './lib.mjs';

const COMMITS = 1_000;
const DEPLOYS = Number(process.env.CODE_DEPLOYS || 15);
const TOKEN = 'bench-code-editor-session-master';
const hash = (t) => createHash('sha256').update(t).digest('base64url');
const MASTER = 'bench-code-master@bench.example';

const LOAD = `
insert into users (email, email_confirmed_at, status) values ('${MASTER}', now(), 'active');
insert into profiles (id, first_name, last_name, password_last_updated, is_master_admin)
  select id, 'Bench', 'Editor', now(), true from users where email = '${MASTER}';
insert into user_roles (user_id, role) select id, 'master_admin' from users where email = '${MASTER}';
insert into sessions (user_id, token_hash, expires_at, last_seen_at, elevated_until)
  select id, '${hash(TOKEN)}', now() + interval '30 days', now(), now() + interval '1 day' from users where email = '${MASTER}';
`;

function client(base, gate) {
  const headers = { cookie: `${gate}; frolic_session=${TOKEN}`, 'content-type': 'application/json' };
  const call = async (method, path, body) => {
    const res = await fetch(base + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.text();
    if (res.status >= 300) throw new Error(`${method} ${path}: HTTP ${res.status} ${text.slice(0, 300)}`);
    return JSON.parse(text);
  };
  return { headers, call };
}

async function loadSql(databaseUrl, dataDir) {
  if (databaseUrl) {
    const { default: pg } = await import('pg');
    const c = new pg.Client({ connectionString: databaseUrl });
    await c.connect();
    await c.query(LOAD);
    await c.end();
    return;
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const lite = new PGlite(`${dataDir}/pglite`, { extensions: { pg_trgm } });
  await lite.exec(LOAD);
  await lite.close();
}

const themeOf = (html) => /data-site-theme[^>]*>([^<]*)</.exec(html)?.[1] ?? '';

/** Deploys on A, timing until B serves the new colour. */
async function deployTimes(a, bUrl, gate) {
  const samples = [];
  for (let i = 0; i < DEPLOYS; i++) {
    const colour = `#7a${(0x10 + i).toString(16)}3d`;
    const { content } = await a.call('GET', '/api/admin/code/file?path=theme%2Ftheme.css');
    await a.call('PUT', '/api/admin/code/file', {
      path: 'theme/theme.css',
      content: content.replace(/--color-forest: #[0-9a-f]{6};/, `--color-forest: ${colour};`),
    });
    await a.call('POST', '/api/admin/code/commit', { message: `Forest ${colour}` });
    const t0 = performance.now();
    await a.call('POST', '/api/admin/code/deploy', { branch: 'main' });
    const answered = performance.now() - t0;
    let polls = 0;
    for (;;) {
      polls++;
      const html = await (await fetch(`${bUrl}/`, { headers: { cookie: gate } })).text();
      if (themeOf(html).includes(`--color-forest:${colour}`)) break;
      if (performance.now() - t0 > 30_000) throw new Error('B never served the deployed colour');
    }
    samples.push({ servedByBMs: Math.round(performance.now() - t0), deployAnsweredMs: Math.round(answered), polls });
  }
  const served = samples.map((s) => s.servedByBMs);
  return {
    deploys: DEPLOYS,
    servedByB: { medianMs: median(served), maxMs: Math.max(...served) },
    deployRequest: { medianMs: median(samples.map((s) => s.deployAnsweredMs)), maxMs: Math.max(...samples.map((s) => s.deployAnsweredMs)) },
    samples,
  };
}

async function makeHistory(a) {
  const t0 = performance.now();
  for (let i = 0; i < COMMITS; i++) {
    await a.call('PUT', '/api/admin/code/file', {
      path: 'site/robots.txt',
      content: `# Lines added to robots.txt.\n# bench commit ${i}\nDisallow: /bench-${i}/\n`,
    });
    await a.call('POST', '/api/admin/code/commit', { message: `Bench commit ${i}` });
  }
  return Math.round((performance.now() - t0) / 100) / 10;
}

async function historySuite(server, label, gate) {
  const a = client(server.url, gate);
  const seconds = await makeHistory(a);
  process.stderr.write(`  code-editor ${label}: ${COMMITS} commits in ${seconds} s\n`);
  // Commit ids to walk and diff: the first 600 of the history.
  const ids = [];
  let from = '';
  while (ids.length < 600) {
    const page = await a.call('GET', `/api/admin/code/history${from ? `?from=${from}` : ''}`);
    ids.push(...page.commits.map((c) => c.id));
    if (!page.next) break;
    from = page.next;
  }
  return { seconds, ids };
}

async function measureSuite(server, label, gate, ids) {
  const { headers, call } = client(server.url, gate);
  const deep = ids[500];
  const diffs = ids.slice(0, 200).map((id) => `/api/admin/code/commits/${id}`);
  // The first request of each on this fresh process: nothing cached yet.
  const cold = {};
  for (const [name, path] of [
    ['history, first page', '/api/admin/code/history'],
    ['history, 500 commits down', `/api/admin/code/history?from=${deep}`],
    ['diff of one commit', diffs[0]],
  ]) {
    const t0 = performance.now();
    await call('GET', path);
    cold[name] = Math.round(performance.now() - t0);
  }
  for (const d of diffs) await call('GET', d);
  const ping = await cannon(`${server.url}/api/ping`);
  const rows = [];
  const measure = async (name, path, paths) => {
    const r = await cannon(server.url + path, { headers, paths });
    rows.push({ name, ...r, vsPing: Math.round((r.reqPerSec / ping.reqPerSec) * 100) / 100 });
    process.stderr.write(`  code-editor ${label}: ${name} ${r.reqPerSec}/s p99 ${r.latencyP99Ms} ms (non-2xx ${r.non2xx})\n`);
  };
  await measure('history, first page (30 commits)', '/api/admin/code/history');
  await measure('history, 500 commits down', `/api/admin/code/history?from=${deep}`);
  await measure('View Diff, 200 commits in turn', diffs[0], diffs);
  return { database: label, commits: COMMITS, ping, coldFirstRequestMs: cold, measured: rows };
}

export async function run() {
  const env = { DEMO_MODE: 'false' };
  const result = { durationSeconds: DURATION, connections: CONNECTIONS, target: 'history and diff p99 < 100 ms with 1,000 commits', rows: [] };

  // PGlite: history and diff (one process owns the data directory: no second instance).
  const dataDir = tempDataDir('code-editor');
  try {
    await (await startServer({ dataDir, env })).stop();
    await loadSql(null, dataDir);
    let server = await startServer({ dataDir, env });
    const gate = await passGate(server.url);
    const { seconds, ids } = await historySuite(server, 'pglite', gate);
    await server.stop();
    server = await startServer({ dataDir, env });
    try {
      result.rows.push({ ...(await measureSuite(server, 'pglite', gate, ids)), commitSeconds: seconds });
    } finally {
      await server.stop();
    }
  } finally {
    removeDir(dataDir);
  }

  if (postgresAvailable()) {
    await withFreshPostgres('code', async (databaseUrl) => {
      const dirs = [tempDataDir('code-a'), tempDataDir('code-b')];
      try {
        await (await startServer({ dataDir: dirs[0], databaseUrl, env })).stop();
        await loadSql(databaseUrl);
        const A = await startServer({ dataDir: dirs[0], databaseUrl, env });
        let B = await startServer({ dataDir: dirs[1], databaseUrl, env });
        try {
          const gate = await passGate(A.url);
          result.deploy = await deployTimes(client(A.url, gate), B.url, gate);
          process.stderr.write(
            `  code-editor postgres: deploy on A → served by B median ${result.deploy.servedByB.medianMs} ms, max ${result.deploy.servedByB.maxMs} ms\n`,
          );
          const { seconds, ids } = await historySuite(A, 'postgres', gate);
          // The measured server is a fresh process (B restarted): its first requests are cold.
          await B.stop();
          B = await startServer({ dataDir: dirs[1], databaseUrl, env });
          await A.stop();
          result.rows.push({ ...(await measureSuite(B, 'postgres', gate, ids)), commitSeconds: seconds });
        } finally {
          await A.stop();
          await B.stop();
        }
      } finally {
        for (const d of dirs) removeDir(d);
      }
    });
  }
  writeResult('code-editor', result);
  return result;
}

export function summarize(r) {
  const lines = [`Code Editor (${r.connections} connections, ${r.durationSeconds} s): ${r.target}`];
  if (r.deploy) {
    lines.push(
      `  deploy on A → new theme served by B (PostgreSQL, ${r.deploy.deploys} deploys): median ${r.deploy.servedByB.medianMs} ms, max ${r.deploy.servedByB.maxMs} ms (the deploy request itself: median ${r.deploy.deployRequest.medianMs} ms)`,
    );
  }
  for (const row of r.rows) {
    lines.push(`  ${row.database}: ${row.commits} commits made in ${row.commitSeconds} s; /api/ping ${row.ping.reqPerSec}/s p99 ${row.ping.latencyP99Ms} ms`);
    lines.push(
      `    first requests on a fresh process: ${Object.entries(row.coldFirstRequestMs)
        .map(([k, v]) => `${k} ${v} ms`)
        .join(', ')}`,
    );
    for (const m of row.measured) lines.push(`    ${m.name.padEnd(36)} ${m.reqPerSec}/s p99 ${m.latencyP99Ms} ms (${m.vsPing} of ping)`);
  }
  return lines.join('\n');
}

if (isMain(import.meta)) {
  const r = await run();
  console.log(summarize(r));
}
