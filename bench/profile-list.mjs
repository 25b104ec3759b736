// CPU profile of one staff list under load (a tool, not a benchmark): a fresh PostgreSQL database
// (or PGlite with PROFILE_DB=pglite) with the staff-lists benchmark's data (bench/staff-lists.mjs) and a master admin's session, the server
// started with --cpu-prof, autocannon on PROFILE_PATH for DURATION s, then the functions with the
// most self time and the share of each package. `node bench/profile-list.mjs /api/admin/users`
/* global fetch, setTimeout */
import fs from 'node:fs';
import path from 'node:path';
import { listsData } from './staff-lists.mjs';
import { cannon, DURATION, masterAdminSql, passGate, postgresAvailable, startServer, tempDataDir, removeDir, withFreshPostgres } from './lib.mjs';

const TOKEN = 'bench-profile-master-session';
const targets = process.argv.length > 2 ? process.argv.slice(2) : ['/api/admin/users'];
const profiling = targets.length === 1;
const profDir = fs.mkdtempSync('/tmp/frolic-prof-');
const env = { DEMO_MODE: 'true', DEMO_PASSWORD: 'Bench-demo-password-2026' };

/** Transactions committed in the database so far (each statement outside a transaction is one). */
async function commits(databaseUrl) {
  if (!databaseUrl) return null;
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await new Promise((r) => setTimeout(r, 600)); // backends report their counts at most every 500 ms
  const { rows } = await client.query('select xact_commit::int as n from pg_stat_database where datname = current_database()');
  await client.end();
  return rows[0].n - 1;
}

/** CPU time (ms) of the PostgreSQL backends serving this database, or null on PGlite. */
async function backendCpu(databaseUrl) {
  if (!databaseUrl) return null;
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
  await client.end();
  let ms = 0;
  for (const { pid } of rows) {
    try {
      ms += procCpu(pid);
    } catch {
      // gone
    }
  }
  return ms;
}

/** CPU ms of each thread of a process by thread id, with its name: where a request's time goes. */
function threadCpu(pid) {
  const out = new Map();
  for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      out.set(tid, { name: Number(tid) === pid ? 'main' : name, ms: procCpu(`${pid}/task/${tid}`) });
    } catch {
      // gone
    }
  }
  return out;
}

/** The busiest threads between two readings, ms a request: "main 2.1, pglite-worker 1.2". */
function threadShare(before, after, requests) {
  return [...after]
    .map(([tid, { name, ms }]) => ({ name, ms: ms - (before.get(tid)?.ms ?? 0) }))
    .filter((t) => t.ms / requests >= 0.05)
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 4)
    .map((t) => `${t.name} ${(t.ms / requests).toFixed(2)}`)
    .join(', ');
}

/** utime + stime of a process, in ms (100 ticks a second). */
function procCpu(pid) {
  return (
    fs
      .readFileSync(`/proc/${pid}/stat`, 'utf8')
      .split(') ')[1]
      .split(' ')
      .slice(11, 13)
      .reduce((a, b) => a + Number(b), 0) * 10
  );
}

async function measure(options) {
  const server = await startServer({
    ...options,
    env,
    nodeArgs: [...(process.env.PROFILE_NODE_ARGS?.split(' ').filter(Boolean) ?? []), ...(profiling ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : [])],
  });
  try {
    const gate = await passGate(server.url);
    const headers = { cookie: `${gate}; frolic_session=${TOKEN}` };
    const cpu = () => procCpu(server.child.pid);
    for (const target of targets) {
      const first = await fetch(server.url + target, { headers });
      if (first.status !== 200) throw new Error(`${target}: HTTP ${first.status} ${(await first.text()).slice(0, 300)}`);
      const bytes = (await first.arrayBuffer()).byteLength;
      const [before, xacts, pgBefore] = [cpu(), await commits(options.databaseUrl), await backendCpu(options.databaseUrl)];
      const threadsBefore = threadCpu(server.child.pid);
      const r = await cannon(server.url + target, { headers });
      const cpuMs = cpu() - before;
      const threads = threadShare(threadsBefore, threadCpu(server.child.pid), r.reqPerSec * DURATION);
      const pgMs = pgBefore === null ? null : (await backendCpu(options.databaseUrl)) - pgBefore;
      const requests = r.reqPerSec * DURATION;
      const queries = xacts === null ? '' : `, ${(((await commits(options.databaseUrl)) - xacts) / requests).toFixed(2)} commits/request`;
      process.stdout.write(
        `${target.padEnd(34)} ${String(Math.round(bytes / 1024)).padStart(4)} KB ${String(r.reqPerSec).padStart(5)}/s p99 ${String(r.latencyP99Ms).padStart(4)} ms, server CPU ${(cpuMs / requests).toFixed(2)} ms/request (${threads})${pgMs === null ? '' : ` + PostgreSQL ${(pgMs / requests).toFixed(2)} ms`}${queries}\n`,
      );
    }
  } finally {
    await server.stop();
  }
}

async function seeded(load, run) {
  if (process.env.PROFILE_DB === 'pglite' || !postgresAvailable()) {
    const dataDir = tempDataDir('profile');
    try {
      await (await startServer({ dataDir, env })).stop();
      const { PGlite } = await import('@electric-sql/pglite');
      const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
      const lite = new PGlite(path.join(dataDir, 'pglite'), { extensions: { pg_trgm } });
      await lite.exec(load);
      await lite.exec('vacuum analyze');
      await lite.close();
      await run({ dataDir });
    } finally {
      removeDir(dataDir);
    }
    return;
  }
  const { default: pg } = await import('pg');
  await withFreshPostgres('profile', async (databaseUrl) => {
    const seedDir = tempDataDir('profile-seed');
    await (await startServer({ databaseUrl, dataDir: seedDir, env })).stop();
    removeDir(seedDir);
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(load);
    await client.query('vacuum analyze');
    await client.end();
    const dataDir = tempDataDir('profile-run');
    await run({ databaseUrl, dataDir });
    removeDir(dataDir);
  });
}

await seeded(`${masterAdminSql('bench-profile@bench.example', TOKEN)}\n${listsData('bench-profile@bench.example')}`, measure);
if (!profiling) process.exit(0);

const file = fs.readdirSync(profDir).find((f) => f.endsWith('.cpuprofile'));
const profile = JSON.parse(fs.readFileSync(path.join(profDir, file), 'utf8'));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map();
const dt = profile.timeDeltas;
for (let i = 0; i < profile.samples.length; i++) self.set(profile.samples[i], (self.get(profile.samples[i]) ?? 0) + (dt[i] ?? 0));
const total = [...self.values()].reduce((a, b) => a + b, 0);
const fns = new Map();
const pkgs = new Map();
for (const [id, us] of self) {
  const { callFrame: f } = byId.get(id);
  const where = f.url.replace(/^file:\/\//, '').replace(process.cwd(), '.');
  const pkg = where.includes('node_modules/')
    ? where
        .split('node_modules/')
        .pop()
        .split('/')
        .slice(0, where.includes('node_modules/@') ? 2 : 1)
        .join('/')
    : where.startsWith('node:') || !where
      ? `(${f.functionName || where || 'vm'})`
      : 'app';
  const key = `${f.functionName || '(anonymous)'} ${where}:${f.lineNumber}`;
  fns.set(key, (fns.get(key) ?? 0) + us);
  pkgs.set(pkg, (pkgs.get(pkg) ?? 0) + us);
}
const pct = (us) => `${((us / total) * 100).toFixed(1)}%`.padStart(6);
process.stdout.write('\nBy package:\n');
for (const [k, v] of [...pkgs].sort((a, b) => b[1] - a[1]).slice(0, 20)) process.stdout.write(`${pct(v)} ${k}\n`);
process.stdout.write('\nBy function (self):\n');
for (const [k, v] of [...fns].sort((a, b) => b[1] - a[1]).slice(0, 40)) process.stdout.write(`${pct(v)} ${k}\n`);
process.stdout.write(`\nprofile: ${path.join(profDir, file)}\n`);
