// What the API's hot path leaves in V8's old generation (issue 21's chat stalls), `npm run bench --
// old-generation`: one server per database, staff post chat messages at OLDGEN_RATE (500) a second
// for OLDGEN_SECONDS (20) after 2 s at the rate unmeasured, no visitor sockets (their delivery is the
// chat benchmark's). The server runs with bench/probes/heap.mjs, which samples its old generation
// and garbage collections: how fast the old generation grows (MB/s — what scavenges promote and
// what is allocated there directly), how many major GCs that brings and how long they paused, the
// event loop's worst stall, and the POSTs' latency from their due time.
import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { PASSWORD, request, signInStaff } from './chat.mjs';
import {
  ROOT,
  fixedRate,
  isMain,
  percentile,
  postgresAvailable,
  removeDir,
  round,
  sleep,
  startServer,
  tempDataDir,
  withFreshPostgres,
  writeResult,
} from './lib.mjs';

const RATE = Number(process.env.OLDGEN_RATE || 500);
const SECONDS = Number(process.env.OLDGEN_SECONDS || 20);
const PROBE = path.join(ROOT, 'bench', 'probes', 'heap.mjs');

/** Staff messages at RATE for `seconds` to the conversations `ids`: each POST's latency from its due time. */
async function post(base, cookie, ids, seconds) {
  const latencies = [];
  const statuses = {};
  const total = RATE * seconds;
  const inflight = new Set();
  let due = 0;
  const fire = (i, dueAt) => {
    if (i >= total) return;
    due = i + 1;
    const p = request(`${base}/api/chat/conversations/${ids[i % ids.length]}/messages`, {
      method: 'POST',
      body: { clientId: `oldgen-${randomBytes(9).toString('base64url')}`, content: `Hello ${i + 1}` },
      headers: { cookie },
    })
      .then((res) => {
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        latencies.push(performance.now() - dueAt);
      })
      .catch((err) => (statuses[err.code ?? 'error'] = (statuses[err.code ?? 'error'] ?? 0) + 1))
      .finally(() => inflight.delete(p));
    inflight.add(p);
  };
  await fixedRate(RATE, () => due >= total, fire, 1);
  await Promise.all(inflight);
  return { latencies: latencies.sort((a, b) => a - b), statuses };
}

async function measure(label, databaseUrl) {
  const dataDir = tempDataDir(`oldgen-${label}`);
  const probeOut = path.join(os.tmpdir(), `frolic-oldgen-${process.pid}-${label}.jsonl`);
  const server = await startServer({
    dataDir,
    databaseUrl,
    nodeArgs: [`--import=${PROBE}`],
    env: { DEMO_MODE: 'true', DEMO_PASSWORD: PASSWORD, HEAP_PROBE_OUT: probeOut, CHAT_STARTS_PER_IP: '10000' },
  });
  try {
    const cookie = await signInStaff(server.url);
    const ids = [];
    for (let i = 0; i < 200; i++) {
      const s = await request(`${server.url}/api/chat/sessions`, { method: 'POST', body: {} });
      if (s.status !== 201) throw new Error(`POST /api/chat/sessions answered ${s.status}`);
      ids.push(s.json.sessionId);
    }
    await post(server.url, cookie, ids, 2);
    await sleep(500);
    const from = Date.now();
    const { latencies, statuses } = await post(server.url, cookie, ids, SECONDS);
    const to = Date.now();
    await sleep(400); // the probe's last window
    const lines = readFileSync(probeOut, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
      .filter((w) => w.t > from && w.t <= to);
    let grown = 0;
    for (let i = 1; i < lines.length; i++) grown += Math.max(0, lines[i].oldMB - lines[i - 1].oldMB);
    const spanS = lines.length > 1 ? (lines.at(-1).t - lines[0].t) / 1000 : null;
    const majors = lines.flatMap((w) => w.major);
    const row = {
      database: label,
      rate: RATE,
      seconds: SECONDS,
      statuses,
      oldGrowthMBps: spanS ? round(grown / spanS) : null,
      majorGCs: majors.length,
      majorPauseMaxMs: round(majors.length ? Math.max(...majors) : 0),
      minorGCsPerSecond: spanS ? round(lines.reduce((a, w) => a + w.minor, 0) / spanS) : null,
      loopLateMaxMs: round(Math.max(0, ...lines.map((w) => w.lagMs))),
      p50Ms: round(percentile(latencies, 50)),
      p99Ms: round(percentile(latencies, 99)),
      maxMs: round(latencies.at(-1) ?? null),
    };
    process.stderr.write(
      `  old generation ${label}: +${row.oldGrowthMBps} MB/s, ${row.majorGCs} major GCs (longest ${row.majorPauseMaxMs} ms), ${row.minorGCsPerSecond} scavenges/s, loop late ≤ ${row.loopLateMaxMs} ms; POST p50 ${row.p50Ms} ms, p99 ${row.p99Ms} ms, max ${row.maxMs} ms\n`,
    );
    return row;
  } finally {
    await server.stop();
    removeDir(dataDir);
    if (!process.env.OLDGEN_KEEP) rmSync(probeOut, { force: true });
  }
}

export async function run() {
  const rows = [await measure('pglite')];
  if (postgresAvailable()) rows.push(await withFreshPostgres('oldgen', (url) => measure('postgres', url)));
  const result = { rate: RATE, seconds: SECONDS, rows };
  writeResult('old-generation', result);
  return result;
}

export function summarize(r) {
  return [
    `Old generation on the chat's hot path (staff messages at ${r.rate}/s for ${r.seconds} s, no sockets):`,
    ...r.rows.map(
      (x) =>
        `  ${x.database.padEnd(9)} old generation +${x.oldGrowthMBps} MB/s, ${x.majorGCs} major GCs (longest ${x.majorPauseMaxMs} ms), ${x.minorGCsPerSecond} scavenges/s, loop late ≤ ${x.loopLateMaxMs} ms; POST p50 ${x.p50Ms} ms, p99 ${x.p99Ms} ms, max ${x.maxMs} ms`,
    ),
  ].join('\n');
}

if (isMain(import.meta)) console.log(summarize(await run()));
