// Load shedding under starvation (`npm run bench -- overload`; only when named: it burns both cores
// on purpose). One instance on PGlite takes a fixed-rate, open-loop load (every request is due at a
// time of the schedule and its latency runs from then) of public API reads and pages, in three
// phases: NORMAL_S at full speed, STARVED_S with BURNERS_PER_CORE busy-looping processes per core
// (at the server's priority) taking most of the CPU, as when other work takes the machine, then
// RECOVER_S with the CPU back. Run twice: load shedding off (OVERLOAD_MAX_LAG_MS=0, OVERLOAD_MAX_IN_FLIGHT=0) and on
// (the defaults). Per second: requests due, answered 200 / 503 / other, and p50/p99 of the 200s;
// afterwards, how long after the CPU came back the p99 fell under 100 ms again.
/* global setTimeout, clearTimeout, clearInterval, setInterval */
import { spawn } from 'node:child_process';
import http from 'node:http';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { isMain, machine, passGate, sleep, withServer, writeResult } from './lib.mjs';

const RATE = Number(process.env.OVERLOAD_RATE || 200);
const NORMAL_S = Number(process.env.OVERLOAD_NORMAL_S || 10);
const STARVED_S = Number(process.env.OVERLOAD_STARVED_S || 20);
const RECOVER_S = Number(process.env.OVERLOAD_RECOVER_S || 20);
const BURNERS_PER_CORE = Number(process.env.OVERLOAD_BURNERS_PER_CORE || 3);
const PATHS = ['/api/products?market=GB', '/api/stores?lat=51.5&lng=-0.12', '/api/ping', '/products', '/cocktails'];

function pct(sorted, p) {
  if (!sorted.length) return null;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] * 10) / 10;
}

function get(url, headers, timeoutMs) {
  return new Promise((resolve) => {
    const req = http.get(url, { headers, timeout: timeoutMs }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode));
      res.on('error', () => resolve('error'));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (err) => resolve(err.message === 'timeout' ? 'timeout' : 'error'));
  });
}

async function phaseRun(label, env) {
  return withServer(`overload-${label}`, { env: { LOG_LEVEL: 'warn', ...env } }, async (server) => {
    const cookie = await passGate(server.url);
    const headers = { Cookie: cookie, 'Accept-Encoding': 'gzip, br', Accept: 'text/html,application/json' };
    // Warm the caches.
    for (const p of PATHS) await get(`${server.url}${p}`, headers, 10_000);
    const total = NORMAL_S + STARVED_S + RECOVER_S;
    const seconds = Array.from({ length: total }, () => ({ due: 0, ok: 0, shed: 0, other: 0, latencies: [] }));
    const burners = [];
    const pending = new Set();
    const t0 = performance.now();
    let sent = 0;
    let genLagMax = 0;
    const phaseTimers = [
      setTimeout(() => {
        for (let i = 0; i < os.cpus().length * BURNERS_PER_CORE; i++) burners.push(spawn(process.execPath, ['-e', 'for(;;){}'], { stdio: 'ignore' }));
      }, NORMAL_S * 1000),
      setTimeout(
        () => {
          for (const b of burners) b.kill('SIGKILL');
        },
        (NORMAL_S + STARVED_S) * 1000,
      ),
    ];
    // The schedule: request i is due at t0 + i / RATE; a tick sends everything due by now.
    await new Promise((resolve) => {
      const tick = setInterval(() => {
        const now = performance.now();
        const dueBy = Math.min(Math.floor(((now - t0) / 1000) * RATE), total * RATE);
        if (dueBy > sent) genLagMax = Math.max(genLagMax, now - (t0 + (sent / RATE) * 1000));
        for (; sent < dueBy; sent++) {
          const dueAt = t0 + (sent / RATE) * 1000;
          const second = Math.floor((dueAt - t0) / 1000);
          const bucket = seconds[second];
          bucket.due++;
          const p = get(`${server.url}${PATHS[sent % PATHS.length]}`, headers, 60_000).then((status) => {
            pending.delete(p);
            if (status === 200) {
              bucket.ok++;
              bucket.latencies.push(performance.now() - dueAt);
            } else if (status === 503) bucket.shed++;
            else bucket.other++;
          });
          pending.add(p);
        }
        if (sent >= total * RATE) {
          clearInterval(tick);
          resolve();
        }
      }, 5);
    });
    await Promise.all(pending);
    for (const t of phaseTimers) clearTimeout(t);
    for (const b of burners) b.kill('SIGKILL');
    const perSecond = seconds.map((s, i) => {
      const sorted = s.latencies.sort((a, b) => a - b);
      return {
        second: i,
        phase: i < NORMAL_S ? 'normal' : i < NORMAL_S + STARVED_S ? 'starved' : 'recover',
        due: s.due,
        ok: s.ok,
        shed: s.shed,
        other: s.other,
        p50: pct(sorted, 50),
        p99: pct(sorted, 99),
      };
    });
    const recover = perSecond.filter((s) => s.phase === 'recover');
    const firstGood = recover.findIndex((s, i) => recover.slice(i).every((r) => r.p99 !== null && r.p99 < 100 && r.shed === 0));
    const all = (phase) => {
      const rows = seconds.filter((_, i) => perSecond[i].phase === phase);
      const lat = rows.flatMap((r) => r.latencies).sort((a, b) => a - b);
      return {
        due: rows.reduce((n, r) => n + r.due, 0),
        ok: rows.reduce((n, r) => n + r.ok, 0),
        shed: rows.reduce((n, r) => n + r.shed, 0),
        other: rows.reduce((n, r) => n + r.other, 0),
        p50: pct(lat, 50),
        p99: pct(lat, 99),
        max: lat.length ? Math.round(lat[lat.length - 1]) : null,
      };
    };
    return {
      label,
      env,
      phases: { normal: all('normal'), starved: all('starved'), recover: all('recover') },
      recoveredAfterS: firstGood === -1 ? null : firstGood,
      generatorLagMaxMs: Math.round(genLagMax),
      perSecond,
    };
  });
}

export async function run() {
  const off = await phaseRun('off', { OVERLOAD_MAX_LAG_MS: '0', OVERLOAD_MAX_IN_FLIGHT: '0' });
  await sleep(2000);
  const on = await phaseRun('on', {});
  const result = {
    database: 'PGlite',
    rate: RATE,
    burnersPerCore: BURNERS_PER_CORE,
    seconds: { normal: NORMAL_S, starved: STARVED_S, recover: RECOVER_S },
    paths: PATHS,
    runs: [off, on],
    machine: machine(),
  };
  writeResult('overload', result);
  return result;
}

export function summarize(r) {
  const lines = [
    `Load shedding under starvation (${r.database}, ${r.rate} requests/s open-loop; ${r.seconds.normal} s normal, ${r.seconds.starved} s starved by ${r.burnersPerCore} busy processes a core, ${r.seconds.recover} s recovering)`,
  ];
  for (const run of r.runs) {
    lines.push(`  shedding ${run.label}:`);
    for (const [name, p] of Object.entries(run.phases)) {
      lines.push(`    ${name.padEnd(8)} due ${p.due}, 200 ${p.ok}, 503 ${p.shed}, other ${p.other}; 200s p50 ${p.p50} ms, p99 ${p.p99} ms, max ${p.max} ms`);
    }
    lines.push(
      `    p99 < 100 ms and no 503 again ${run.recoveredAfterS === null ? 'never within the run' : `${run.recoveredAfterS} s after the CPU came back`}; generator lag max ${run.generatorLagMaxMs} ms`,
    );
  }
  return lines.join('\n');
}

if (isMain(import.meta)) {
  const r = await run();
  console.log(summarize(r));
}
