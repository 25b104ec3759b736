// Shared helpers of the benchmark scripts: start/stop the built server, pass the age gate, write results.
/* global fetch, AbortSignal, URLSearchParams, performance, setTimeout, clearTimeout */
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..');
export const MAIN = path.join(ROOT, 'build', 'server', 'main.js');
export const RESULTS_DIR = path.join(ROOT, 'bench', 'results');
export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function requireBuild() {
  if (!existsSync(MAIN)) throw new Error('No build: run `npm run build` first (npm run bench does it when build/server/main.js is missing).');
}

const SERVER_BUILD = path.join(ROOT, 'build', 'server', 'index.js');
const buildStamp = () => [MAIN, SERVER_BUILD].map((f) => (existsSync(f) ? statSync(f).mtimeMs : 0));

/**
 * Waits (at most `timeoutMs`) until a build is complete and not being rewritten: both server files
 * exist, main.js is not older than index.js, and neither changed for 3 s. Guards against a
 * `npm run build` started elsewhere while the benchmarks run.
 */
export async function awaitStableBuild(timeoutMs = 300_000) {
  const deadline = Date.now() + timeoutMs;
  let warned = false;
  while (Date.now() < deadline) {
    const [main, index] = buildStamp();
    if (main && index && main >= index && Date.now() - Math.max(main, index) > 3000) return;
    if (!warned) {
      process.stderr.write('  (a build is missing or in progress: waiting for it to finish)\n');
      warned = true;
    }
    await sleep(1000);
  }
  requireBuild();
}

/** A free TCP port on the loopback interface. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The value at percentile `p` of an ascending array (null when empty). */
export const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : null);
/** `x` to `d` decimals (null stays null). */
export const round = (x, d = 1) => (x === null || x === undefined ? null : Math.round(x * 10 ** d) / 10 ** d);

/**
 * Calls `fire(i, dueAt)` `perSecond` times a second until `stop()`, on schedule (open loop: it never
 * waits for answers), checking the clock every `tickMs`.
 */
export async function fixedRate(perSecond, stop, fire, tickMs = 5) {
  if (perSecond <= 0) return;
  const start = performance.now();
  let i = 0;
  while (!stop()) {
    const now = performance.now();
    while (start + (i * 1000) / perSecond <= now) {
      fire(i, start + (i * 1000) / perSecond);
      i += 1;
    }
    await sleep(tickMs);
  }
}

export function tempDataDir(label = 'bench') {
  return mkdtempSync(path.join(os.tmpdir(), `frolic-${label}-`));
}

export function removeDir(dir) {
  if (dir && dir.startsWith(os.tmpdir())) rmSync(dir, { recursive: true, force: true });
}

/**
 * Spawns `node build/server/main.js` on a free loopback port and waits for GET /healthz to answer 200.
 * Returns { url, port, child, readyMs (spawn -> first 200), stop() }.
 */
export async function startServer({ dataDir, databaseUrl, pageCache = true, env = {}, nodeArgs = [], timeoutMs = 120_000 } = {}) {
  await awaitStableBuild();
  requireBuild();
  const port = await freePort();
  const childEnv = { ...process.env };
  for (const k of ['DATABASE_URL', 'DATA_DIR', 'PAGE_CACHE', 'DEMO_MODE', 'PUBLIC_ORIGIN', 'NODE_ENV']) delete childEnv[k];
  Object.assign(childEnv, {
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    PAGE_CACHE: pageCache ? 'true' : 'false',
    ...(dataDir ? { DATA_DIR: dataDir } : {}),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  });
  const url = `http://127.0.0.1:${port}`;
  const t0 = performance.now();
  // BENCH_NODE_ARGS='--trace-gc': Node options for every server a benchmark starts (NODE_OPTIONS refuses some).
  const extraArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...extraArgs, ...nodeArgs, MAIN], { cwd: ROOT, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk) => {
    output += chunk;
    if (output.length > 20_000) output = output.slice(-20_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  // BENCH_SERVER_OUTPUT=/tmp/out.log: every server's whole output appended there (e.g. with --trace-gc).
  if (process.env.BENCH_SERVER_OUTPUT) {
    const file = createWriteStream(process.env.BENCH_SERVER_OUTPUT, { flags: 'a' });
    file.write(`--- server pid ${child.pid} ${new Date().toISOString()}\n`);
    child.stdout.pipe(file);
    child.stderr.pipe(file);
  }
  let exited = null;
  const exit = new Promise((resolve) => child.on('exit', (code, signal) => resolve((exited = { code, signal }))));

  const deadline = t0 + timeoutMs;
  let readyMs = null;
  while (performance.now() < deadline && !exited) {
    try {
      const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (res.status === 200) {
        readyMs = performance.now() - t0;
        break;
      }
    } catch {
      // not listening yet
    }
    await sleep(20);
  }
  const stop = async () => {
    if (exited) return exited;
    child.kill('SIGTERM');
    const timer = setTimeout(() => !exited && child.kill('SIGKILL'), 15_000);
    const result = await exit;
    clearTimeout(timer);
    return result;
  };
  if (readyMs === null) {
    await stop();
    throw new Error(`server did not become healthy within ${timeoutMs} ms (exit: ${JSON.stringify(exited)})\n${output.slice(-4000)}`);
  }
  return { url, port, child, readyMs, stop, output: () => output };
}

/** Passes the age gate with the real form post; returns the `frolic_age=...` cookie pair. */
export async function passGate(url, country = 'GB') {
  const body = new URLSearchParams({ year: '1985', country });
  const res = await fetch(`${url}/age-gate?returnTo=%2F`, { method: 'POST', body, redirect: 'manual' });
  await res.arrayBuffer();
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('frolic_age='));
  if (res.status !== 302 || !cookie) throw new Error(`age gate did not pass: HTTP ${res.status}`);
  return cookie.split(';')[0];
}

export function writeResult(name, data) {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `${name}.json`);
  const build = existsSync(MAIN) ? statSync(MAIN).mtime.toISOString() : null;
  writeFileSync(file, JSON.stringify({ benchmark: name, date: new Date().toISOString(), build, machine: machine(), ...data }, null, 2) + '\n');
  return file;
}

export function machine() {
  const cpus = os.cpus();
  return {
    node: process.version,
    cores: cpus.length,
    cpu: cpus[0]?.model ?? 'unknown',
    memoryGB: Math.round(os.totalmem() / 2 ** 30),
    platform: `${os.platform()} ${os.release()}`,
    // 1, 5 and 15 minute load averages when the result was written: well above 1 on 2 cores means
    // other work shared the machine and the numbers are pessimistic.
    loadavg: os.loadavg().map((l) => Math.round(l * 100) / 100),
  };
}

export function median(values) {
  const v = values.filter((x) => typeof x === 'number' && Number.isFinite(x)).sort((a, b) => a - b);
  if (!v.length) return null;
  const mid = Math.floor(v.length / 2);
  return v.length % 2 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
}

/** True when PostgreSQL answers on 127.0.0.1:5432 (psql, trust auth). */
export function postgresAvailable() {
  const r = spawnSync('psql', ['-h', '127.0.0.1', '-U', 'postgres', '-d', 'postgres', '-Atc', 'select 1'], { encoding: 'utf8', timeout: 10_000 });
  return r.status === 0 && r.stdout.trim() === '1';
}

export function psql(sql) {
  const r = spawnSync('psql', ['-h', '127.0.0.1', '-U', 'postgres', '-d', 'postgres', '-v', 'ON_ERROR_STOP=1', '-Atc', sql], {
    encoding: 'utf8',
    timeout: 60_000,
  });
  if (r.status !== 0) throw new Error(`psql failed: ${r.stderr || r.error}`);
  return r.stdout;
}

/** Runs `fn` only when this file is the entry point (so run.mjs can import the scripts). */
export function isMain(meta) {
  return process.argv[1] && path.resolve(process.argv[1]) === meta.filename;
}

/** Share of all cores busy over `ms` (0..1): a check that nothing else is running before a benchmark. */
export async function cpuBusy(ms = 1000) {
  const snap = () =>
    os.cpus().reduce(
      (acc, c) => {
        const t = c.times;
        acc.idle += t.idle;
        acc.total += t.user + t.nice + t.sys + t.idle + t.irq;
        return acc;
      },
      { idle: 0, total: 0 },
    );
  const a = snap();
  await sleep(ms);
  const b = snap();
  const total = b.total - a.total;
  return total > 0 ? 1 - (b.idle - a.idle) / total : 0;
}

export const kb = (bytes) => Math.round((bytes / 1024) * 10) / 10;

/**
 * Runs `fn(url)` against a fresh PostgreSQL database on 127.0.0.1:5432, dropped afterwards; named
 * `frolic_bench_<label>_<ms>`, or with BENCH_DB_PREFIX instead of `frolic_bench` (when several people
 * share the server, each in a prefix of their own).
 */
export async function withFreshPostgres(label, fn) {
  const prefix = process.env.BENCH_DB_PREFIX || 'frolic_bench';
  if (!/^[a-z_][a-z0-9_]*$/.test(prefix)) throw new Error(`BENCH_DB_PREFIX must be a lower-case SQL name, not ${prefix}`);
  const name = `${prefix}_${label.replace(/[^a-z0-9_]/g, '_')}_${Date.now()}`;
  psql(`CREATE DATABASE ${name}`);
  try {
    return await fn(`postgres://postgres@127.0.0.1:5432/${name}`);
  } finally {
    psql(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    // The SQL editor's role is cluster-wide and named after its database (server/modules/sql/role.ts).
    psql(`DROP ROLE IF EXISTS ${`frolic_sql_${name}`.slice(0, 63)}`);
  }
}

/** Starts a server, runs `fn(server)`, then stops it and removes its data directory. */
export async function withServer(label, options, fn) {
  const dataDir = tempDataDir(label);
  const server = await startServer({ dataDir, ...options });
  try {
    return await fn(server);
  } finally {
    await server.stop();
    removeDir(dataDir);
  }
}

export const DURATION = Number(process.env.HTTP_DURATION || 10);
export const CONNECTIONS = Number(process.env.HTTP_CONNECTIONS || 50);

/**
 * autocannon for DURATION s with CONNECTIONS connections against `url`; with `paths`, each request
 * takes the next path in turn (so caches see varied keys). Returns req/s, p99 and failures.
 */
export async function cannon(url, { paths, headers = {} } = {}) {
  const { default: autocannon } = await import('autocannon');
  let i = 0;
  const opts = { url, connections: CONNECTIONS, duration: DURATION, headers };
  if (paths) opts.requests = [{ setupRequest: (req) => ({ ...req, path: paths[i++ % paths.length] }) }];
  const r = await autocannon(opts);
  return { reqPerSec: Math.round(r.requests.average), latencyP99Ms: r.latency.p99, non2xx: r.non2xx, errors: r.errors };
}

/**
 * Runs `suite(server, 'pglite' | 'postgres')` on a fresh PGlite directory and, when it answers, on a
 * fresh PostgreSQL database, and returns the rows. With `load` (SQL), a first start migrates and
 * seeds, the SQL goes straight into the database, and the measured server starts after it.
 * `BENCH_DATABASES=postgres` (or `pglite`) runs on that one only, e.g. for back-to-back comparisons.
 */
export async function onBothDatabases(label, { load, env = {} }, suite) {
  const only = process.env.BENCH_DATABASES;
  const rows = [];
  if (only !== 'postgres') rows.push(await onPglite(label, { load, env }, suite));
  if (only !== 'pglite' && postgresAvailable()) rows.push(await onPostgres(label, { load, env }, suite));
  return rows;
}

async function onPglite(label, { load, env }, suite) {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const dataDir = tempDataDir(label);
  try {
    if (load) {
      await (await startServer({ dataDir, env })).stop();
      const lite = new PGlite(path.join(dataDir, 'pglite'), { extensions: { pg_trgm } });
      // Bulk rows, not changes anyone made: the audit bypass triggers (and FK checks) stay out of it.
      await lite.exec(`set session_replication_role = replica; ${load}; set session_replication_role = origin;`);
      // Statistics and the visibility map, as a long-running database has them (index-only scans).
      await lite.exec('vacuum analyze');
      await lite.close();
    }
    const server = await startServer({ dataDir, env });
    try {
      return await suite(server, 'pglite');
    } finally {
      await server.stop();
    }
  } finally {
    removeDir(dataDir);
  }
}

async function onPostgres(label, { load, env }, suite) {
  const { default: pg } = await import('pg');
  return withFreshPostgres(label, async (databaseUrl) => {
    process.stderr.write(`  PostgreSQL database ${databaseUrl.split('/').pop()}\n`);
    if (load) {
      await withServer(`${label}-pg-seed`, { databaseUrl, env }, async () => undefined);
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      await client.query(`set session_replication_role = replica; ${load}; set session_replication_role = origin;`);
      await client.query('vacuum analyze');
      await client.end();
    }
    const row = await withServer(`${label}-pg`, { databaseUrl, env }, (s) => suite(s, 'postgres'));
    return { ...row, databaseName: databaseUrl.split('/').pop() };
  });
}

/** A session token as the server stores it (sha256, base64url): the cookie carries the token itself. */
export const tokenHash = (token) => createHash('sha256').update(token).digest('base64url');

/**
 * SQL adding a master admin `email` with a session whose cookie value is `token` (`frolic_session=<token>`):
 * no sign-in, no rate limit.
 */
export function masterAdminSql(email, token) {
  return `
  insert into users (email, email_confirmed_at, status) values ('${email}', now(), 'active');
  insert into profiles (id, first_name, last_name, password_last_updated, is_master_admin)
    select id, 'Bench', 'Master', now(), true from users where email = '${email}';
  insert into user_roles (user_id, role) select id, 'master_admin' from users where email = '${email}';
  insert into sessions (user_id, token_hash, expires_at, last_seen_at)
    select id, '${tokenHash(token)}', now() + interval '30 days', now() from users where email = '${email}';`;
}
