// The support chat under load (issue 21), `npm run bench:chat`:
// 1. One instance (PGlite): CHAT_SOCKETS (10,000) visitors each open a conversation and a socket and
//    sit idle — how many one process holds, and its resident memory per socket.
// 2. Staff → visitor delivery at CHAT_RATE (500) messages/s for CHAT_SECONDS (10) s, to 1,000 of
//    those visitors: the time from the moment a message was due to be sent (staff's POST) to the
//    visitor's socket receiving it, p50/p99 (measured from the schedule, so a server that falls
//    behind shows it in the latency instead of sending fewer messages). Each server first gets
//    CHAT_WARMUP_SECONDS (1) at the rate, not measured: a fresh process's first requests (code
//    compiled, pool connections opened) are not the steady state. Each run starts just after the
//    heartbeat of the server holding the visitors (every 30 s it pings each socket; see
//    CHAT_BETWEEN_HEARTBEATS), so no run has it and the runs compare.
// 3. PostgreSQL: the same visitors on instance A and staff posting on A alone, the same measure at
//    CHAT_RATE; then a second instance B starts, staff post on B (delivery through LISTEN/NOTIFY),
//    the same measure at both rates; then a reconnect storm — staff keep posting while A is
//    killed (SIGKILL), and every visitor reconnects to B as the widget does (backoff 1 s, 2 s, 5 s,
//    10 s; `auth` with the last message id seen). Every message staff stored is then checked against
//    what its visitor received: lost (never received) and duplicated (received more than once on
//    the wire; the widget keeps one per id).
// The visitors' sockets come from 127.0.0.2–127.0.0.11 (ten source addresses: 28k ephemeral ports
// are shared by the whole machine). CHAT_STARTS_PER_IP is raised for the benchmark's servers only.
/* global fetch, URLSearchParams, setTimeout, setInterval, clearInterval, Buffer */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { isMain, passGate, percentile, postgresAvailable, removeDir, round, sleep, startServer, tempDataDir, withFreshPostgres, writeResult } from './lib.mjs';

const SOCKETS = Number(process.env.CHAT_SOCKETS || 10_000);
const RATE = Number(process.env.CHAT_RATE || 500);
const SECONDS = Number(process.env.CHAT_SECONDS || 10);
const DELIVERY_TARGETS = Math.min(1000, SOCKETS);
const STORM_RATE = Number(process.env.CHAT_STORM_RATE || 200);
/** A second delivery run at a rate this machine stores without queueing, so the latency is delivery's own. */
const LOW_RATE = Number(process.env.CHAT_LOW_RATE || 100);
/**
 * Each run starts just after the visitors' server has done its heartbeat (every 30 s it pings every
 * socket: with 10,000 of them a burst the run would otherwise straddle or not, by chance); 0: at once.
 */
const BETWEEN_HEARTBEATS = process.env.CHAT_BETWEEN_HEARTBEATS !== '0';
/** Seconds at the rate before the first measured run on each server (0: none). */
const WARMUP_SECONDS = Number(process.env.CHAT_WARMUP_SECONDS ?? 1);
/** The demo users' password on the benchmark's servers (DEMO_PASSWORD). */
export const PASSWORD = 'Chat-bench-demo-pass-1';
const STAFF = 'employee@demo.frolic.example';
const BACKOFF_MS = [1000, 2000, 5000, 10000]; // shared/schemas/chat.ts RECONNECT_BACKOFF_MS
/** Extra node flags for the servers (CHAT_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof": where their time goes). */
const NODE_ARGS = (process.env.CHAT_NODE_ARGS || '').split(' ').filter(Boolean);
/** `pglite` or `postgres`: run only that database's part (both when unset). */
const ONLY = process.env.CHAT_ONLY || '';
const SOURCES = Array.from({ length: 10 }, (_, i) => `127.0.0.${i + 2}`);

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/** One HTTP request on the keep-alive agent: status and parsed JSON (or text). */
export function request(url, { method = 'GET', body, headers = {} } = {}) {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(url, { method, agent, headers: { ...(payload ? { 'content-type': 'application/json' } : {}), ...headers } }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString();
        let json = null;
        try {
          json = JSON.parse(text);
        } catch {
          // not JSON
        }
        resolve({ status: res.statusCode, json, text });
      });
    });
    req.on('error', reject);
    req.end(payload);
  });
}

/** Runs `task(i)` for i < n, `concurrency` at a time. */
async function pool(n, concurrency, task) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, n) }, async () => {
      while (next < n) await task(next++);
    }),
  );
}

const seconds = (ms) => (ms === null ? null : round(ms / 1000));
const rssKB = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN);

/** Deliveries awaited: clientId → { due (ms, performance clock), visitor }. */
const awaited = new Map();
const latencies = [];
/** [due, latency] of each delivery. */
const latencyAt = [];
/** Staff POSTs: from due time to the answer (the message stored and published). */
const stored = [];
/** Why reconnections failed (error code or close before ready), counted. */
const reconnectFailures = new Map();

/** A visitor as the widget (app/features/chat/chat-connection.ts) behaves on the wire. */
class Visitor {
  constructor(session, index) {
    this.session = session;
    this.source = SOURCES[index % SOURCES.length];
    this.lastSeen = 0;
    /** message id → times received */
    this.received = new Map();
    this.ws = null;
    this.ready = false;
    this.attempt = 0;
    this.reconnects = 0;
    this.base = null;
    this.follow = false;
  }

  seen(m) {
    this.received.set(m.id, (this.received.get(m.id) ?? 0) + 1);
    if (m.id > this.lastSeen) this.lastSeen = m.id;
    const wait = awaited.get(m.clientId);
    if (wait) {
      awaited.delete(m.clientId);
      latencies.push(performance.now() - wait.due);
      latencyAt.push([wait.due, performance.now() - wait.due]);
    }
  }

  /** Opens the socket and says who it is; resolves on `ready`, rejects if it closes first. */
  connect(base) {
    this.base = base;
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(`${base.replace('http', 'ws')}/ws/chat`, { localAddress: this.source, perMessageDeflate: false });
      this.ws = ws;
      let settled = false;
      ws.on('open', () => ws.send(JSON.stringify({ type: 'auth', sessionId: this.session.sessionId, secret: this.session.secret, after: this.lastSeen })));
      ws.on('ping', () => (lastPingAt = performance.now()));
      ws.on('message', (data) => {
        const e = JSON.parse(String(data));
        if (e.type === 'ready') {
          for (const m of e.messages) this.seen(m);
          this.ready = true;
          this.attempt = 0;
          if (!settled) {
            settled = true;
            resolve();
          }
        } else if (e.type === 'message') this.seen(e.message);
      });
      ws.on('error', (err) => {
        if (!settled) {
          settled = true;
          reject(err);
        }
      });
      ws.on('close', () => {
        this.ready = false;
        if (!settled) {
          settled = true;
          reject(new Error('closed before ready'));
        }
        if (this.follow) this.reconnectLater();
      });
    });
  }

  /** What the widget does when its socket closes: wait by the backoff, connect again (to `followTo`). */
  reconnectLater() {
    const delay = BACKOFF_MS[Math.min(this.attempt, BACKOFF_MS.length - 1)];
    this.attempt += 1;
    setTimeout(() => {
      this.reconnects += 1;
      this.connect(this.followTo).then(
        () => (this.backAt ??= performance.now()),
        (err) => {
          // The socket closes after a failure: reconnectLater again.
          const code = err.code ?? err.message;
          reconnectFailures.set(code, (reconnectFailures.get(code) ?? 0) + 1);
        },
      );
    }, delay);
  }

  close() {
    this.follow = false;
    this.ws?.terminate();
  }
}

/** Staff signed in on `base` (the demo employee, who answers chats): the cookie header. */
export async function signInStaff(base) {
  const gate = await passGate(base);
  const res = await fetch(`${base}/admin-login`, {
    method: 'POST',
    body: new URLSearchParams({ email: STAFF, password: PASSWORD }),
    headers: { cookie: gate },
    redirect: 'manual',
  });
  const session = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .filter((c) => !c.startsWith('frolic_toast'));
  if (res.status !== 302 || !session.length) throw new Error(`staff sign-in answered ${res.status}`);
  return [gate, ...session].join('; ');
}

async function openSessions(base, n) {
  const sessions = [];
  await pool(n, 16, async (i) => {
    const res = await request(`${base}/api/chat/sessions`, { method: 'POST', body: {} });
    if (res.status !== 201) throw new Error(`POST /api/chat/sessions answered ${res.status}: ${res.text.slice(0, 200)}`);
    sessions[i] = res.json;
  });
  return sessions;
}

/** Connects the visitors to `base`, 100 at a time; stops at the first error that says the machine is out of sockets. */
async function connectAll(visitors, base) {
  const t0 = performance.now();
  const errors = new Map();
  let exhausted = null;
  await pool(visitors.length, 100, async (i) => {
    if (exhausted) return;
    try {
      await visitors[i].connect(base);
    } catch (err) {
      const code = err.code ?? err.message;
      errors.set(code, (errors.get(code) ?? 0) + 1);
      if (['EMFILE', 'ENFILE', 'EADDRNOTAVAIL', 'EADDRINUSE'].includes(err.code)) exhausted = code;
    }
  });
  return {
    connected: visitors.filter((v) => v.ready).length,
    seconds: round((performance.now() - t0) / 1000),
    errors: Object.fromEntries(errors),
    exhausted,
  };
}

/**
 * Staff post to `targets` at `rate` a second for `seconds` (through `base`), never two at once to one
 * conversation (as one person answers one visitor); the latency runs from each message's due time.
 * Returns what was sent per session (message ids) and the POSTs' outcome.
 */
async function post(base, cookie, targets, rate, seconds, sent, stop = () => false) {
  const busy = new Set();
  const statuses = {};
  const total = Math.round(rate * seconds);
  const start = performance.now();
  let due = 0;
  let cursor = 0;
  const inflight = new Set();
  while (due < total && !stop()) {
    const now = performance.now();
    while (due < total && start + (due * 1000) / rate <= now) {
      const dueAt = start + (due * 1000) / rate;
      due += 1;
      let v = null;
      for (let k = 0; k < targets.length && !v; k++) {
        const candidate = targets[(cursor + k) % targets.length];
        if (!busy.has(candidate)) {
          v = candidate;
          cursor = (cursor + k + 1) % targets.length;
        }
      }
      if (!v) continue; // every conversation has a message in flight
      busy.add(v);
      const clientId = `bench-${randomBytes(9).toString('base64url')}`;
      awaited.set(clientId, { due: dueAt, visitor: v });
      const p = request(`${base}/api/chat/conversations/${v.session.sessionId}/messages`, {
        method: 'POST',
        body: { clientId, content: `Hello ${due}` },
        headers: { cookie },
      })
        .then((res) => {
          stored.push(performance.now() - dueAt);
          statuses[res.status] = (statuses[res.status] ?? 0) + 1;
          if (res.status === 201) {
            const list = sent.get(v) ?? [];
            list.push(res.json.message.id);
            sent.set(v, list);
          } else awaited.delete(clientId);
        })
        .catch((err) => {
          statuses[err.code ?? 'error'] = (statuses[err.code ?? 'error'] ?? 0) + 1;
          awaited.delete(clientId);
        })
        .finally(() => {
          busy.delete(v);
          inflight.delete(p);
        });
      inflight.add(p);
    }
    await sleep(1);
  }
  await Promise.all(inflight);
  const elapsed = (performance.now() - start) / 1000;
  return { due, posted: Object.values(statuses).reduce((a, b) => a + b, 0), statuses, postedPerSecond: round((statuses[201] ?? 0) / elapsed) };
}

/** Waits (at most `ms`) until every stored message has reached its visitor. */
async function drain(ms) {
  const until = performance.now() + ms;
  while (awaited.size && performance.now() < until) await sleep(50);
}

/** When a visitor socket was last pinged by its server (the heartbeat). */
let lastPingAt = 0;

/** Waits for the visitors' server's next heartbeat to pass (the pings, then a second for the rest of it). */
async function afterHeartbeat() {
  const before = lastPingAt;
  const until = performance.now() + 45_000;
  while (lastPingAt === before && performance.now() < until) await sleep(20);
  while (performance.now() - lastPingAt < 1000 && performance.now() < until) await sleep(50);
}

/** The machine's CPU time so far (/proc/stat, in ticks): busy, steal (taken by the hypervisor) and all. */
function machineTicks() {
  const f = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const [user, nice, system, idle, iowait, irq, softirq, steal] = f;
  return { busy: user + nice + system + irq + softirq, steal, all: user + nice + system + idle + iowait + irq + softirq + steal };
}

/** A process's CPU time so far (/proc/<pid>/stat utime + stime, in ticks). */
function processTicks(pid) {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return Number(f[11]) + Number(f[12]);
  } catch {
    return NaN;
  }
}

/**
 * What else happened in each second of a run, to tell a server's stall from the benchmark's or the
 * machine's: the longest the benchmark's own event loop was late (a 5 ms timer), the machine's busy
 * and stolen CPU (a VM's hypervisor running someone else), and the servers' CPU (100 = one core).
 */
function observe(pids) {
  const start = performance.now();
  const lag = [];
  const cpu = [];
  let expected = start + 5;
  const tick = setInterval(() => {
    const now = performance.now();
    const s = Math.floor((now - start) / 1000);
    lag[s] = Math.max(lag[s] ?? 0, now - expected);
    expected = now + 5;
  }, 5);
  let machine = machineTicks();
  let procs = pids.map(processTicks);
  const second = setInterval(() => {
    const m = machineTicks();
    const p = pids.map(processTicks);
    const all = m.all - machine.all || 1;
    cpu.push({
      busyPct: Math.round((100 * (m.busy - machine.busy)) / all),
      stealPct: Math.round((100 * (m.steal - machine.steal)) / all),
      serversPct: p.map((t, i) => Math.round((200 * (t - procs[i])) / all)),
    });
    machine = m;
    procs = p;
  }, 1000);
  return () => {
    clearInterval(tick);
    clearInterval(second);
    return { clientLagMs: lag.map((x) => round(x ?? 0)), cpu };
  };
}

/** Each second of a run on one line: its p99, the benchmark's longest lag, the machine's busy/stolen CPU, the servers' CPU. */
function writeSeconds(d) {
  process.stderr.write(`    (started ${d.startedAt})\n`);
  d.p99BySecond.forEach((p99, i) => {
    const c = d.cpu[i];
    process.stderr.write(
      `    second ${i + 1}: p99 ${p99} ms; benchmark late ${d.clientLagMs[i] ?? '-'} ms; machine busy ${c?.busyPct ?? '-'} %, stolen ${c?.stealPct ?? '-'} %; servers ${c?.serversPct.join(' / ') ?? '-'} % of a core\n`,
    );
  });
}

/** The servers that had their warm-up. */
const warmed = new Set();

async function delivery(base, cookie, targets, sent, rate = RATE, pids = []) {
  if (BETWEEN_HEARTBEATS) await afterHeartbeat();
  if (WARMUP_SECONDS > 0 && !warmed.has(base)) {
    // A fresh process's first requests compile its code and open its pool's connections: at the
    // rate, not measured (its messages are still reconciled), so the figures are the steady state's.
    warmed.add(base);
    await post(base, cookie, targets, rate, WARMUP_SECONDS, sent);
    await drain(15_000);
  }
  latencies.length = 0;
  latencyAt.length = 0;
  stored.length = 0;
  awaited.clear();
  const startedAt = new Date().toISOString();
  const watching = observe(pids);
  const sending = await post(base, cookie, targets, rate, SECONDS, sent);
  const bySecond = watching();
  await drain(15_000);
  const undelivered = awaited.size;
  awaited.clear();
  const sorted = [...latencies].sort((a, b) => a - b);
  // p99 of each second of the run (by due time): whether the tail is spread or one stall.
  const start = Math.min(...latencyAt.map(([due]) => due));
  const perSecond = Array.from({ length: SECONDS }, () => []);
  for (const [due, ms] of latencyAt) perSecond[Math.min(SECONDS - 1, Math.floor((due - start) / 1000))].push(ms);
  const p99BySecond = perSecond.map((l) =>
    round(
      percentile(
        l.sort((a, b) => a - b),
        99,
      ),
    ),
  );
  const answered = [...stored].sort((a, b) => a - b);
  return {
    storedP50Ms: round(percentile(answered, 50)),
    storedP99Ms: round(percentile(answered, 99)),
    rate,
    seconds: SECONDS,
    targets: targets.length,
    ...sending,
    delivered: sorted.length,
    undelivered,
    p50Ms: round(percentile(sorted, 50)),
    p90Ms: round(percentile(sorted, 90)),
    p99Ms: round(percentile(sorted, 99)),
    maxMs: round(sorted.at(-1) ?? null),
    p99BySecond,
    ...bySecond,
    startedAt,
    warmupSeconds: WARMUP_SECONDS,
    betweenHeartbeats: BETWEEN_HEARTBEATS,
  };
}

/** Every message staff stored for a visitor, against what it received: lost and duplicated. */
function reconcile(visitors, sent) {
  let messages = 0;
  let lost = 0;
  let duplicated = 0;
  let unexpected = 0;
  for (const v of visitors) {
    const ids = new Set(sent.get(v) ?? []);
    messages += ids.size;
    for (const id of ids) if (!v.received.has(id)) lost += 1;
    for (const [id, times] of v.received) {
      if (times > 1) duplicated += times - 1;
      if (!ids.has(id)) unexpected += 1;
    }
  }
  return { messages, lost, duplicated, unexpected };
}

async function holdSockets(base, pid, label) {
  const sessions = await openSessions(base, SOCKETS);
  const visitors = sessions.map((s, i) => new Visitor(s, i));
  await sleep(2000);
  const before = rssKB(pid);
  const connecting = await connectAll(visitors, base);
  await sleep(5000);
  const after = rssKB(pid);
  const held = visitors.filter((v) => v.ready).length;
  const row = {
    database: label,
    sockets: SOCKETS,
    ...connecting,
    held,
    rssBeforeMB: round(before / 1024),
    rssAfterMB: round(after / 1024),
    kbPerSocket: held ? round((after - before) / held) : null,
  };
  process.stderr.write(
    `  chat ${label}: ${held}/${SOCKETS} sockets held (connected in ${connecting.seconds} s); RSS ${row.rssBeforeMB} → ${row.rssAfterMB} MB, ${row.kbPerSocket} KB a socket${connecting.exhausted ? `; stopped: ${connecting.exhausted}` : ''}\n`,
  );
  return { visitors, row };
}

async function oneInstance() {
  const dataDir = tempDataDir('chat');
  const server = await startServer({
    dataDir,
    nodeArgs: NODE_ARGS,
    env: { DEMO_MODE: 'true', DEMO_PASSWORD: PASSWORD, CHAT_STARTS_PER_IP: String(SOCKETS * 3) },
  });
  try {
    const { visitors, row } = await holdSockets(server.url, server.child.pid, 'pglite');
    const cookie = await signInStaff(server.url);
    const sent = new Map();
    const pids = [server.child.pid];
    const d = await delivery(server.url, cookie, visitors.slice(0, DELIVERY_TARGETS), sent, RATE, pids);
    const low = await delivery(server.url, cookie, visitors.slice(0, DELIVERY_TARGETS), sent, LOW_RATE, pids);
    for (const x of [d, low]) {
      process.stderr.write(
        `  chat pglite delivery at ${x.rate}/s: ${x.postedPerSecond}/s stored (POST p50 ${x.storedP50Ms} ms, p99 ${x.storedP99Ms} ms), delivered p50 ${x.p50Ms} ms, p99 ${x.p99Ms} ms, undelivered ${x.undelivered}; p99 by second ${x.p99BySecond.join(' ')}\n`,
      );
      writeSeconds(x);
    }
    const stillOpen = visitors.filter((v) => v.ready).length;
    const check = reconcile(visitors, sent);
    for (const v of visitors) v.close();
    return { ...row, stillOpenAfterDelivery: stillOpen, delivery: d, deliveryLow: low, check };
  } finally {
    await server.stop();
    removeDir(dataDir);
  }
}

async function twoInstances(databaseUrl) {
  const env = { DEMO_MODE: 'true', DEMO_PASSWORD: PASSWORD, CHAT_STARTS_PER_IP: String(SOCKETS * 3), SESSION_SECRET: randomBytes(32).toString('base64url') };
  const dirs = [tempDataDir('chat-a'), tempDataDir('chat-b')];
  const a = await startServer({ dataDir: dirs[0], databaseUrl, env, nodeArgs: NODE_ARGS });
  let b = null;
  try {
    const { visitors, row } = await holdSockets(a.url, a.child.pid, 'postgres');
    const sent = new Map();
    // One instance first (staff and visitors on A, B not started yet): the PostgreSQL figure that
    // compares with PGlite's.
    const one = await delivery(a.url, await signInStaff(a.url), visitors.slice(0, DELIVERY_TARGETS), sent, RATE, [a.child.pid]);
    process.stderr.write(
      `  chat postgres A alone delivery at ${one.rate}/s: ${one.postedPerSecond}/s stored (POST p50 ${one.storedP50Ms} ms, p99 ${one.storedP99Ms} ms), delivered p50 ${one.p50Ms} ms, p99 ${one.p99Ms} ms, undelivered ${one.undelivered}; p99 by second ${one.p99BySecond.join(' ')}\n`,
    );
    writeSeconds(one);
    b = await startServer({ dataDir: dirs[1], databaseUrl, env, nodeArgs: NODE_ARGS });
    const cookie = await signInStaff(b.url);
    const pids = [b.child.pid, a.child.pid];
    const d = await delivery(b.url, cookie, visitors.slice(0, DELIVERY_TARGETS), sent, RATE, pids);
    const low = await delivery(b.url, cookie, visitors.slice(0, DELIVERY_TARGETS), sent, LOW_RATE, pids);
    for (const x of [d, low]) {
      process.stderr.write(
        `  chat postgres B→A delivery at ${x.rate}/s: ${x.postedPerSecond}/s stored (POST p50 ${x.storedP50Ms} ms, p99 ${x.storedP99Ms} ms), delivered p50 ${x.p50Ms} ms, p99 ${x.p99Ms} ms, undelivered ${x.undelivered}; p99 by second ${x.p99BySecond.join(' ')}\n`,
      );
      writeSeconds(x);
    }
    const afterDelivery = reconcile(visitors, sent);

    // The storm: staff keep posting to every visitor through B while A dies.
    latencies.length = 0;
    awaited.clear();
    const live = visitors.filter((v) => v.ready);
    for (const v of live) {
      v.follow = true;
      v.followTo = b.url;
    }
    let stopPosting = false;
    const posting = post(b.url, cookie, live, STORM_RATE, 600, sent, () => stopPosting);
    await sleep(3000);
    const killedAt = performance.now();
    a.child.kill('SIGKILL');
    let allBackMs = null;
    while (performance.now() - killedAt < 180_000) {
      await sleep(100);
      if (live.every((v) => v.ready)) {
        allBackMs = performance.now() - killedAt;
        break;
      }
    }
    const back = live.filter((v) => v.ready).length;
    const backTimes = live
      .filter((v) => v.backAt)
      .map((v) => v.backAt - killedAt)
      .sort((x, y) => x - y);
    await sleep(5000); // a few seconds of ordinary traffic after the storm
    stopPosting = true;
    const storm = await posting;
    await drain(15_000);
    const check = reconcile(visitors, sent);
    const reconnectAttempts = live.reduce((n, v) => n + v.reconnects, 0);
    process.stderr.write(
      `  chat storm: ${back}/${live.length} back on B in ${round(allBackMs === null ? null : allBackMs / 1000)} s (p50 ${seconds(percentile(backTimes, 50))} s, p99 ${seconds(percentile(backTimes, 99))} s; ${reconnectAttempts} attempts, failures ${JSON.stringify(Object.fromEntries(reconnectFailures))}); ${check.messages} messages stored, lost ${check.lost}, duplicated ${check.duplicated}\n`,
    );
    for (const v of visitors) v.close();
    return {
      ...row,
      deliveryOneInstance: one,
      delivery: d,
      deliveryLow: low,
      afterDelivery,
      storm: {
        sockets: live.length,
        backOnB: back,
        allBackSeconds: allBackMs === null ? null : round(allBackMs / 1000),
        reconnectAttempts,
        reconnectFailures: Object.fromEntries(reconnectFailures),
        backSecondsP50: seconds(percentile(backTimes, 50)),
        backSecondsP90: seconds(percentile(backTimes, 90)),
        backSecondsP99: seconds(percentile(backTimes, 99)),
        postingRate: STORM_RATE,
        posting: storm,
        ...check,
      },
    };
  } finally {
    await a.stop();
    await b?.stop();
    for (const d of dirs) removeDir(d);
  }
}

export async function run() {
  const rows = [];
  const notes = [];
  if (ONLY !== 'postgres') rows.push(await oneInstance());
  if (ONLY === 'pglite') notes.push('CHAT_ONLY=pglite: PostgreSQL skipped.');
  else if (postgresAvailable()) {
    rows.push(
      await withFreshPostgres('chat', async (databaseUrl) => {
        const databaseName = databaseUrl.split('/').pop();
        notes.push(`PostgreSQL database ${databaseName} (created for the run, dropped after).`);
        return { ...(await twoInstances(databaseUrl)), databaseName };
      }),
    );
  } else notes.push('PostgreSQL did not answer on 127.0.0.1:5432: two instances and the reconnect storm skipped.');
  const result = { sockets: SOCKETS, rate: RATE, seconds: SECONDS, stormRate: STORM_RATE, rows, notes };
  writeResult('chat', result);
  return result;
}

export function summarize(r) {
  const lines = [`Support chat (${r.sockets} visitor sockets; staff → visitor at ${r.rate} messages/s for ${r.seconds} s):`];
  for (const x of r.rows) {
    lines.push(
      `  ${x.database.padEnd(9)} held ${x.held}/${x.sockets} sockets, ${x.kbPerSocket} KB each (RSS ${x.rssBeforeMB} → ${x.rssAfterMB} MB)${x.exhausted ? `, stopped by ${x.exhausted}` : ''}`,
    );
    const runs = [
      [x.deliveryOneInstance, ' (one instance)'],
      [x.delivery, x.database === 'postgres' ? ' (staff on B, visitors on A)' : ''],
      [x.deliveryLow, x.database === 'postgres' ? ' (staff on B, visitors on A)' : ''],
    ];
    for (const [d, where] of runs.filter(([d]) => d)) {
      lines.push(
        `  ${''.padEnd(9)} delivery at ${d.rate}/s${where}: ${d.postedPerSecond}/s stored, p50 ${d.p50Ms} ms, p90 ${d.p90Ms} ms, p99 ${d.p99Ms} ms, max ${d.maxMs} ms, undelivered ${d.undelivered}`,
      );
    }
    if (x.storm) {
      const s = x.storm;
      lines.push(
        `  ${''.padEnd(9)} storm: A killed, ${s.backOnB}/${s.sockets} back on B in ${s.allBackSeconds} s; ${s.messages} messages stored, lost ${s.lost}, duplicated ${s.duplicated}, unexpected ${s.unexpected}`,
      );
    }
  }
  for (const n of r.notes) lines.push(`  note: ${n}`);
  return lines.join('\n');
}

if (isMain(import.meta)) {
  const r = await run();
  console.log(summarize(r));
}
