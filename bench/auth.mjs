// Accounts: the time a sign-in takes (dominated by argon2id, m=19 MiB t=2 p=1), and the cost of the
// auth check on a request — autocannon on GET /api/me with a session against GET /api/ping, one run
// (10 s, 50 connections) on PGlite and, when it answers, on PostgreSQL.
/* global fetch, performance, URLSearchParams */
import { cannon, CONNECTIONS, DURATION, isMain, median, onBothDatabases, passGate, writeResult } from './lib.mjs';

const PASSWORD = 'Bench-demo-password-2026';

async function signInTimes(url, n = 20) {
  const gate = await passGate(url);
  const times = [];
  let cookie = null;
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    const res = await fetch(`${url}/admin-login`, {
      method: 'POST',
      body: new URLSearchParams({ email: 'admin@demo.frolic.example', password: PASSWORD }),
      headers: { cookie: gate },
      redirect: 'manual',
    });
    await res.arrayBuffer();
    times.push(performance.now() - t0);
    if (res.status !== 302) throw new Error(`sign-in answered ${res.status}`);
    cookie = res.headers
      .getSetCookie()
      .find((c) => c.startsWith('frolic_session='))
      .split(';')[0];
  }
  const sorted = [...times].sort((a, b) => a - b);
  return { cookie, medianMs: Math.round(median(times)), p95Ms: Math.round(sorted[Math.floor(sorted.length * 0.95) - 1]), runs: n };
}

async function suite(server, label) {
  const signIn = await signInTimes(server.url);
  const ping = await cannon(`${server.url}/api/ping`);
  const me = await cannon(`${server.url}/api/me`, { headers: { cookie: signIn.cookie } });
  const ratio = Math.round((me.reqPerSec / ping.reqPerSec) * 100) / 100;
  process.stderr.write(
    `  auth ${label}: sign-in median ${signIn.medianMs} ms; /api/ping ${ping.reqPerSec} req/s; /api/me ${me.reqPerSec} req/s (${ratio} of ping)\n`,
  );
  return { database: label, signIn: { medianMs: signIn.medianMs, p95Ms: signIn.p95Ms, runs: signIn.runs }, ping, me, meVsPing: ratio };
}

export async function run() {
  // Rate limits would turn a benchmark's repeated sign-ins into 429s: they are per IP, and 20 sign-ins
  // stay within the limit of 20 per 15 minutes.
  const env = { DEMO_MODE: 'true', DEMO_PASSWORD: PASSWORD };
  const rows = await onBothDatabases('auth', { env }, suite);
  const result = {
    argon2: { algorithm: 'argon2id', memoryKiB: 19456, iterations: 2, parallelism: 1 },
    durationSeconds: DURATION,
    connections: CONNECTIONS,
    rows,
    target: '/api/me >= 50% of /api/ping',
  };
  writeResult('auth', result);
  return result;
}

if (isMain(import.meta)) {
  const r = await run();
  console.log(JSON.stringify(r, null, 2));
}

export function summarize(r) {
  const lines = [
    `Auth (argon2id m=${r.argon2.memoryKiB} KiB t=${r.argon2.iterations} p=${r.argon2.parallelism}; ${r.connections} connections, ${r.durationSeconds} s): target ${r.target}`,
  ];
  for (const row of r.rows) {
    lines.push(
      `  ${row.database.padEnd(9)} sign-in median ${row.signIn.medianMs} ms (p95 ${row.signIn.p95Ms}); /api/ping ${row.ping.reqPerSec}/s; /api/me ${row.me.reqPerSec}/s p99 ${row.me.latencyP99Ms} ms = ${row.meVsPing} of ping ${row.meVsPing >= 0.5 ? '(met)' : '(MISSED)'}`,
    );
  }
  return lines.join('\n');
}
