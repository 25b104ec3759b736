// The soak (issue 21), `npm run bench:soak`: SOAK_MINUTES (30) of mixed load at a fixed rate on one
// instance on PostgreSQL (a fresh database, dropped afterwards), open-loop — every request is due at
// a time of the schedule and its latency runs from then, so a server that falls behind shows it:
// - public pages with the gate cookie and `Accept-Encoding: gzip, br` (home, catalogue, a product,
//   cocktails, a cocktail, stores near a place, events, about, contact), PAGES_PER_S;
// - the JSON API — public (products, stores near varied origins, chat presence, ping) and the staff
//   lists as a signed-in employee (products with a search, notifications, stores, cocktails) — API_PER_S;
// - the support chat: CHAT_VISITORS visitors with open sockets, visitors and staff each posting
//   CHAT_PER_S messages a second, every message checked on the other side's socket, and a few
//   visitors dropping and reopening their socket every 10 s;
// - sign-ins: SIGNINS_PER_S real form sign-ins (argon2 check, new session), the account's `/api/me`,
//   and sign-out, as customers and staff in turn.
// The server's resident memory (VmRSS) is read every 5 s. After SOAK_WARMUP_MINUTES (5), the target
// is RSS growth < 10 %, zero 5xx and a stable p99 (per-minute p99 of every kind of request).
/* global URLSearchParams, setInterval, clearInterval, Buffer */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { fixedRate, isMain, machine, passGate, percentile, postgresAvailable, round, sleep, withFreshPostgres, withServer, writeResult } from './lib.mjs';

const MINUTES = Number(process.env.SOAK_MINUTES || 30);
const WARMUP_MINUTES = Number(process.env.SOAK_WARMUP_MINUTES || 5);
const PAGES_PER_S = Number(process.env.SOAK_PAGES_PER_S || 40);
const API_PER_S = Number(process.env.SOAK_API_PER_S || 40);
const CHAT_PER_S = Number(process.env.SOAK_CHAT_PER_S || 5);
const SIGNINS_PER_S = Number(process.env.SOAK_SIGNINS_PER_S || 1);
const CHAT_VISITORS = Number(process.env.SOAK_CHAT_VISITORS || 200);
const PASSWORD = 'Soak-bench-demo-pass-1';
const STAFF = 'employee@demo.frolic.example';
const SIGNERS = [
  ['/auth/login', 'customer@demo.frolic.example'],
  ['/admin-login', 'employee@demo.frolic.example'],
  ['/partner-login', 'retailer@demo.frolic.example'],
  ['/admin-login', 'admin@demo.frolic.example'],
];

const agent = new http.Agent({ keepAlive: true, maxSockets: 200 });
/** Visitors come from many networks: 40 loopback source addresses (the chat's per-IP limit is 30 messages a minute). */
const SOURCES = Array.from({ length: 40 }, (_, i) => `127.0.0.${i + 2}`);
const visitorAgents = new Map(SOURCES.map((a) => [a, new http.Agent({ keepAlive: true, maxSockets: 20, localAddress: a })]));

/** One HTTP request on the keep-alive agent: status and body text. */
function request(url, { method = 'GET', body, form, headers = {}, via = agent } = {}) {
  return new Promise((resolve, reject) => {
    const payload = form ? new URLSearchParams(form).toString() : body === undefined ? undefined : JSON.stringify(body);
    const type = form ? 'application/x-www-form-urlencoded' : 'application/json';
    const req = http.request(url, { method, agent: via, headers: { ...(payload ? { 'content-type': type } : {}), ...headers } }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, text: Buffer.concat(chunks).toString() }));
    });
    req.setTimeout(30_000, () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(payload);
  });
}

const rssMB = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) / 1024;

/** Per minute and kind of request: latencies (ms from the due time) and statuses. */
class Recorder {
  constructor(start) {
    this.start = start;
    this.minutes = [];
  }
  bucket(kind) {
    const m = Math.floor((performance.now() - this.start) / 60_000);
    this.minutes[m] ??= {};
    return (this.minutes[m][kind] ??= { latencies: [], statuses: {} });
  }
  record(kind, dueAt, status) {
    const b = this.bucket(kind);
    b.latencies.push(performance.now() - dueAt);
    b.statuses[status] = (b.statuses[status] ?? 0) + 1;
  }
}

const cookiesOf = (res) => (res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).filter((c) => !c.startsWith('frolic_toast'));

async function signIn(base, gate, loginPath, email) {
  const res = await request(`${base}${loginPath}`, { method: 'POST', form: { email, password: PASSWORD }, headers: { cookie: gate } });
  const session = cookiesOf(res);
  return { status: res.status, cookie: res.status === 302 && session.length ? [gate, ...session].join('; ') : null };
}

/** A chat visitor as the widget behaves: a conversation, a socket that says who it is, messages it sees by id. */
class Visitor {
  constructor(base, session, source) {
    this.base = base;
    this.session = session;
    this.source = source;
    this.lastSeen = 0;
    this.ws = null;
    this.onMessage = () => {};
  }
  connect() {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(`${this.base.replace('http', 'ws')}/ws/chat`, { localAddress: this.source, perMessageDeflate: false });
      this.ws = ws;
      let settled = false;
      ws.on('open', () => ws.send(JSON.stringify({ type: 'auth', sessionId: this.session.sessionId, secret: this.session.secret, after: this.lastSeen })));
      ws.on('message', (data) => {
        const e = JSON.parse(String(data));
        const seen = e.type === 'ready' ? e.messages : e.type === 'message' ? [e.message] : [];
        for (const m of seen) {
          if (m.id > this.lastSeen) this.lastSeen = m.id;
          this.onMessage(m);
        }
        if (e.type === 'ready' && !settled) {
          settled = true;
          resolve();
        }
      });
      ws.on('error', (err) => !settled && ((settled = true), reject(err)));
      ws.on('close', () => !settled && ((settled = true), reject(new Error('closed before ready'))));
    });
  }
  async reconnect() {
    this.ws?.terminate();
    await this.connect();
  }
}

async function soak(server) {
  const base = server.url;
  const gate = await passGate(base);
  const staff = await signIn(base, gate, '/admin-login', STAFF);
  if (!staff.cookie) throw new Error(`staff sign-in answered ${staff.status}`);
  const staffCookie = staff.cookie;
  const products = JSON.parse((await request(`${base}/api/products`, { headers: { cookie: gate } })).text);
  const slug = (products.items ?? products.products ?? products)[0]?.slug;
  const cocktails = await request(`${base}/cocktails`, { headers: { cookie: gate } });
  const cocktail = /href="(\/cocktails\/[a-z0-9-]+)"/.exec(cocktails.text)?.[1];
  const pages = [
    '/',
    '/products',
    slug ? `/products/${slug}` : '/products',
    '/cocktails',
    cocktail ?? '/cocktails',
    '/store-locator?q=London',
    '/events',
    '/about',
    '/contact',
  ];
  const origins = Array.from({ length: 50 }, (_, i) => [51.5 + ((i * 7) % 20) / 10 - 1, -0.12 + ((i * 13) % 30) / 10 - 1.5]);
  const apis = [
    ['public', '/api/ping'],
    ['public', '/api/products'],
    ['public', '/api/chat/presence'],
    ...origins.slice(0, 10).map(([lat, lng]) => ['public', `/api/stores?lat=${lat.toFixed(3)}&lng=${lng.toFixed(3)}&radius=50&unit=km&limit=25`]),
    ['staff', '/api/admin/products?q=a'],
    ['staff', '/api/admin/notifications'],
    ['staff', '/api/admin/stores'],
    ['staff', '/api/admin/cocktails'],
  ];

  const recorder = new Recorder(performance.now());
  // The chat: visitors with sockets from ten source addresses.
  const visitors = [];
  for (let i = 0; i < CHAT_VISITORS; i++) {
    const res = await request(`${base}/api/chat/sessions`, { method: 'POST', body: {} });
    if (res.status !== 201) throw new Error(`POST /api/chat/sessions answered ${res.status}`);
    const v = new Visitor(base, JSON.parse(res.text), SOURCES[i % SOURCES.length]);
    await v.connect();
    visitors.push(v);
  }
  // Every visitor writes first (staff answer conversations that exist and have a visitor's message).
  for (const v of visitors) {
    await request(`${base}/api/chat/sessions/${v.session.sessionId}/messages`, {
      method: 'POST',
      body: { clientId: `soak-${randomBytes(6).toString('hex')}`, content: 'Hello, is anyone there?' },
      headers: { 'x-chat-secret': v.session.secret },
      via: visitorAgents.get(v.source),
    });
  }
  // Staff messages are checked on the visitors' sockets (the inbox's own socket: bench/chat.mjs).
  const awaited = new Map();
  for (const v of visitors) {
    v.onMessage = (m) => {
      const w = m.clientId && awaited.get(m.clientId);
      if (w) {
        awaited.delete(m.clientId);
        recorder.record('chat delivery', w.dueAt, 200);
      }
    };
  }

  const start = performance.now();
  recorder.start = start;
  recorder.minutes = [];
  const endAt = start + MINUTES * 60_000;
  const stop = () => performance.now() >= endAt;
  const rss = [];
  const load = [];
  // The load generator's own event-loop lag: a late generator would inflate every latency.
  const lag = { max: 0, over100: 0 };
  let tick = performance.now();
  const lagTimer = setInterval(() => {
    const late = performance.now() - tick - 100;
    tick = performance.now();
    if (late > lag.max) lag.max = late;
    if (late > 100) lag.over100 += 1;
  }, 100);
  const sampler = setInterval(() => {
    rss.push({ t: round((performance.now() - start) / 1000, 0), mb: round(rssMB(server.child.pid)) });
    load.push(os.loadavg()[0]);
  }, 5000);
  const failures = new Map();
  const fail = (kind, err) => {
    const k = `${kind}: ${err.code ?? err.message}`;
    failures.set(k, (failures.get(k) ?? 0) + 1);
  };
  const timed = (kind, dueAt, promise) =>
    promise.then(
      (res) => recorder.record(kind, dueAt, res.status),
      (err) => {
        recorder.record(kind, dueAt, 'error');
        fail(kind, err);
      },
    );

  let lost = 0;
  const churn = setInterval(() => {
    for (let k = 0; k < 5; k++) {
      const v = visitors[Math.floor(Math.random() * visitors.length)];
      const t0 = performance.now();
      v.reconnect().then(
        () => recorder.record('chat reconnect', t0, 200),
        (err) => {
          recorder.record('chat reconnect', t0, 'error');
          fail('chat reconnect', err);
        },
      );
    }
  }, 10_000);

  const encodings = { 'accept-encoding': 'gzip, br' };
  await Promise.all([
    fixedRate(PAGES_PER_S, stop, (i, dueAt) => timed('page', dueAt, request(`${base}${pages[i % pages.length]}`, { headers: { cookie: gate, ...encodings } }))),
    fixedRate(API_PER_S, stop, (i, dueAt) => {
      const [who, path] = apis[i % apis.length];
      timed(`api ${who}`, dueAt, request(`${base}${path}`, { headers: { cookie: who === 'staff' ? staffCookie : gate, ...encodings } }));
    }),
    fixedRate(CHAT_PER_S, stop, (i, dueAt) => {
      const v = visitors[i % visitors.length];
      timed(
        'chat visitor post',
        dueAt,
        request(`${base}/api/chat/sessions/${v.session.sessionId}/messages`, {
          method: 'POST',
          body: { clientId: `soak-v-${i}`, content: `Question ${i}` },
          headers: { 'x-chat-secret': v.session.secret },
          via: visitorAgents.get(v.source),
        }),
      );
    }),
    fixedRate(CHAT_PER_S, stop, (i, dueAt) => {
      const v = visitors[(i * 7) % visitors.length];
      const clientId = `soak-s-${i}`;
      awaited.set(clientId, { dueAt });
      timed(
        'chat staff post',
        dueAt,
        request(`${base}/api/chat/conversations/${v.session.sessionId}/messages`, {
          method: 'POST',
          body: { clientId, content: `Answer ${i}` },
          headers: { cookie: staffCookie },
        }).then((res) => {
          if (res.status !== 201) awaited.delete(clientId);
          return res;
        }),
      );
    }),
    fixedRate(SIGNINS_PER_S, stop, (i, dueAt) => {
      const [loginPath, email] = SIGNERS[i % SIGNERS.length];
      timed(
        'sign-in + me + sign-out',
        dueAt,
        (async () => {
          const s = await signIn(base, gate, loginPath, email);
          if (!s.cookie) return s;
          const me = await request(`${base}/api/me`, { headers: { cookie: s.cookie } });
          const out = await request(`${base}/api/auth/logout`, { method: 'POST', headers: { cookie: s.cookie } });
          return { status: me.status !== 200 ? me.status : out.status >= 400 ? out.status : 200 };
        })(),
      );
    }),
  ]);
  clearInterval(churn);
  clearInterval(sampler);
  clearInterval(lagTimer);
  await sleep(5000); // the last answers and deliveries
  lost = [...awaited.values()].filter((w) => w.dueAt < performance.now() - 5000).length;
  for (const v of visitors) v.ws?.terminate();

  // Per minute and kind: count, p50, p99, non-2xx/3xx statuses.
  const kinds = [...new Set(recorder.minutes.flatMap((m) => Object.keys(m ?? {})))].sort();
  const perMinute = recorder.minutes.map((m, i) => ({
    minute: i + 1,
    kinds: Object.fromEntries(
      Object.entries(m ?? {}).map(([kind, b]) => {
        const sorted = b.latencies.sort((a, c) => a - c);
        return [kind, { n: sorted.length, p50: round(percentile(sorted, 50)), p99: round(percentile(sorted, 99)), statuses: b.statuses }];
      }),
    ),
  }));
  const after = perMinute.filter((m) => m.minute > WARMUP_MINUTES);
  const summary = {};
  for (const kind of kinds) {
    const p99s = after.map((m) => m.kinds[kind]?.p99).filter((x) => x !== null && x !== undefined);
    const statuses = {};
    for (const m of perMinute) for (const [s, n] of Object.entries(m.kinds[kind]?.statuses ?? {})) statuses[s] = (statuses[s] ?? 0) + n;
    summary[kind] = {
      total: Object.values(statuses).reduce((a, b) => a + b, 0),
      statuses,
      p99MinuteMedian: round(
        percentile(
          [...p99s].sort((a, b) => a - b),
          50,
        ),
      ),
      p99MinuteMax: p99s.length ? round(Math.max(...p99s)) : null,
      p99FirstMinuteAfterWarmup: p99s[0] ?? null,
      p99LastMinute: p99s.at(-1) ?? null,
    };
  }
  const warm = rss.filter((s) => s.t >= WARMUP_MINUTES * 60 && s.t < WARMUP_MINUTES * 60 + 60);
  const last = rss.filter((s) => s.t >= MINUTES * 60 - 60);
  const mean = (xs) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  const rssAfterWarmup = round(mean(warm.map((s) => s.mb)));
  const rssEnd = round(mean(last.map((s) => s.mb)));
  const fivexx = Object.values(summary).reduce(
    (a, k) =>
      a +
      Object.entries(k.statuses)
        .filter(([s]) => /^5/.test(s))
        .reduce((x, [, n]) => x + n, 0),
    0,
  );
  return {
    minutes: MINUTES,
    warmupMinutes: WARMUP_MINUTES,
    rates: { pagesPerS: PAGES_PER_S, apiPerS: API_PER_S, chatPerS: CHAT_PER_S * 2, signInsPerS: SIGNINS_PER_S, chatVisitors: CHAT_VISITORS },
    rssStartMB: rss[0]?.mb ?? null,
    rssAfterWarmupMB: rssAfterWarmup,
    rssEndMB: rssEnd,
    rssMaxMB: round(Math.max(...rss.map((s) => s.mb))),
    rssGrowthPct: rssAfterWarmup ? round(((rssEnd - rssAfterWarmup) / rssAfterWarmup) * 100) : null,
    fivexx,
    chatUndelivered: lost,
    failures: Object.fromEntries(failures),
    generatorLagMs: { max: round(lag.max), over100: lag.over100 },
    loadAverage: {
      median: round(
        percentile(
          [...load].sort((a, b) => a - b),
          50,
        ),
        2,
      ),
      max: round(Math.max(...load), 2),
    },
    summary,
    perMinute,
    rss,
  };
}

export async function run() {
  if (!postgresAvailable()) throw new Error('The soak runs on PostgreSQL: no server answers on 127.0.0.1:5432.');
  const env = {
    DEMO_MODE: 'true',
    DEMO_PASSWORD: PASSWORD,
    AUTH_RATE_LIMIT: '100000',
    CHAT_STARTS_PER_IP: '1000000',
  };
  const result = await withFreshPostgres('soak', async (databaseUrl) => {
    process.stderr.write(`  PostgreSQL database ${databaseUrl.split('/').pop()}, ${MINUTES} min\n`);
    const r = await withServer('soak', { databaseUrl, env }, (server) => soak(server));
    return { ...r, databaseName: databaseUrl.split('/').pop() };
  });
  result.machine = machine();
  writeResult('soak', result);
  return result;
}

export function summarize(r) {
  const lines = [
    `soak: ${r.minutes} min on PostgreSQL (${r.databaseName}), warm-up ${r.warmupMinutes} min, load average median ${r.loadAverage.median} (max ${r.loadAverage.max}), load generator's own lag max ${r.generatorLagMs.max} ms`,
    `  RSS ${r.rssStartMB} MB at start, ${r.rssAfterWarmupMB} MB after warm-up, ${r.rssEndMB} MB in the last minute (max ${r.rssMaxMB}): growth ${r.rssGrowthPct} % (target < 10 %)`,
    `  5xx: ${r.fivexx} (target 0); chat messages never delivered: ${r.chatUndelivered}; failures: ${JSON.stringify(r.failures)}`,
  ];
  for (const [kind, s] of Object.entries(r.summary)) {
    lines.push(
      `  ${kind.padEnd(24)} ${String(s.total).padStart(7)} requests  p99 per minute after warm-up: median ${s.p99MinuteMedian} ms, max ${s.p99MinuteMax} ms, first ${s.p99FirstMinuteAfterWarmup}, last ${s.p99LastMinute}  ${JSON.stringify(s.statuses)}`,
    );
  }
  return lines.join('\n');
}

if (isMain(import.meta)) {
  const r = await run();
  process.stdout.write(`${summarize(r)}\n`);
}
