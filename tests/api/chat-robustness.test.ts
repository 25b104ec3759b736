// Nothing a client sends over the chat sockets may end the process: refused frames close that socket
// only, bad or out-of-range messages get an error frame, a failing handler is logged and answered.
// Staff sockets end with their session; client addresses and TLS follow TRUST_PROXY as in the API.
import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { SYSTEM_ACTOR } from '../../server/core/actor';
import { DEFAULT_SECURITY_SETTINGS } from '../../shared/schemas/security';
import { Client } from '../support/client';
import { signedIn } from '../support/staff';
import { startTestServer, type TestServer } from '../support/test-server';

type Event = Record<string, unknown>;

interface Live {
  ws: WebSocket;
  /** The oldest event of one of these types not taken yet. */
  next(...types: string[]): Promise<Event>;
  closed: Promise<number>;
}

/** A ws client that keeps every event; `next(type)` takes the oldest one of that type not taken yet. */
function open(url: string, headers: Record<string, string> = {}): Promise<Live> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    const events: (Event & { taken?: boolean })[] = [];
    const waiters: { types: string[]; resolve: (e: Event) => void }[] = [];
    const closed = new Promise<number>((r) => ws.on('close', (code) => r(code)));
    ws.on('message', (d) => {
      const e = JSON.parse(String(d)) as Event;
      events.push(e);
      const i = waiters.findIndex((w) => w.types.includes(e.type as string));
      if (i >= 0) {
        (e as { taken?: boolean }).taken = true;
        waiters.splice(i, 1)[0]?.resolve(e);
      }
    });
    ws.on('open', () =>
      resolve({
        ws,
        closed,
        next: (...types) =>
          new Promise((res, rej) => {
            const seen = events.find((e) => types.includes(e.type as string) && !e.taken);
            if (seen) {
              seen.taken = true;
              return res(seen);
            }
            const timer = setTimeout(() => rej(new Error(`no ${types.join(' or ')} event`)), 15_000);
            waiters.push({ types, resolve: (e) => (clearTimeout(timer), res(e)) });
          }),
      }),
    );
    ws.on('error', reject);
  });
}

async function newSession(base: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}/api/chat/sessions`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json', ...headers } });
  expect(res.status).toBe(201);
  return (await res.json()) as { sessionId: string; secret: string };
}

/** A visitor socket that has said who it is (and so is in the server's fan-out). */
async function visitor(base: string, headers: Record<string, string> = {}) {
  const session = await newSession(base, headers);
  const live = await open(`${base.replace('http', 'ws')}/ws/chat`, headers);
  live.ws.send(JSON.stringify({ type: 'auth', ...session }));
  const ready = await live.next('ready');
  return { ...live, session, ready };
}

/** A WebSocket handshake over a bare TCP socket, so the test can write frames no client library would. */
function rawSocket(base: string, path: string, headers: Record<string, string> = {}): Promise<{ sock: Socket; ended: Promise<void> }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const sock = connect(Number(port), hostname);
    const ended = new Promise<void>((r) => sock.on('close', () => r()));
    sock.on('error', () => undefined);
    let head = '';
    const onData = (d: Buffer) => {
      head += d.toString('latin1');
      if (!head.includes('\r\n\r\n')) return;
      sock.off('data', onData);
      if (!head.startsWith('HTTP/1.1 101')) return reject(new Error(`no upgrade: ${head.split('\r\n')[0]}`));
      resolve({ sock, ended });
    };
    sock.on('data', onData);
    const extra = Object.entries(headers)
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join('');
    sock.write(
      `GET ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\n${extra}\r\n`,
    );
  });
}

/** One frame, built by hand: FIN set, the opcode and flags given, masked unless told. */
function frame(opcode: number, payload: Buffer, { masked = true, rsv1 = false }: { masked?: boolean; rsv1?: boolean } = {}): Buffer {
  const len = payload.length;
  const first = 0x80 | (rsv1 ? 0x40 : 0) | opcode;
  const maskBit = masked ? 0x80 : 0;
  let lengthBytes: Buffer;
  if (len < 126) lengthBytes = Buffer.from([maskBit | len]);
  else if (len < 65536) {
    lengthBytes = Buffer.alloc(3);
    lengthBytes[0] = maskBit | 126;
    lengthBytes.writeUInt16BE(len, 1);
  } else {
    lengthBytes = Buffer.alloc(9);
    lengthBytes[0] = maskBit | 127;
    lengthBytes.writeBigUInt64BE(BigInt(len), 1);
  }
  const key = masked ? randomBytes(4) : Buffer.alloc(0);
  const body = masked ? Buffer.from(payload.map((b, i) => b ^ (key[i % 4] as number))) : payload;
  return Buffer.concat([Buffer.from([first]), lengthBytes, key, body]);
}

/**
 * Sends chat messages, ten per conversation (the per-conversation limit), a new conversation and
 * socket each time with the headers `headersOf(n)` gives, until the per-address limit refuses one.
 * Returns how many were accepted.
 */
async function sendUntilLimited(base: string, headersOf: (conversation: number) => Record<string, string>): Promise<number> {
  let accepted = 0;
  for (let c = 0; c < 5; c++) {
    const v = await visitor(base, headersOf(c));
    for (let i = 0; i < 10; i++) {
      v.ws.send(JSON.stringify({ type: 'send', clientId: `limit-${c}-${String(i).padStart(4, '0')}`, content: `m${i}` }));
      const answer = await v.next('ack', 'error');
      if (answer.type === 'error') {
        expect(answer).toMatchObject({ code: 'rate_limited' });
        v.ws.close();
        return accepted;
      }
      accepted++;
    }
    v.ws.close();
  }
  throw new Error('never limited');
}

const REFUSED_FRAMES: [string, Buffer][] = [
  ['a frame over the 16 KiB limit', frame(0x1, Buffer.alloc(64 * 1024, 0x61))],
  ['a text frame of invalid UTF-8', frame(0x1, Buffer.from([0xff, 0xfe, 0xfd]))],
  ['a reserved opcode', frame(0x3, Buffer.from('hello'))],
  ['an unmasked frame', frame(0x1, Buffer.from('{"type":"typing"}'), { masked: false })],
  ['RSV1 without an extension', frame(0x1, Buffer.from('hello'), { rsv1: true })],
];

let t: TestServer;
// The test server runs in this process: what would end a real server is an uncaught exception here.
const uncaught: unknown[] = [];
const recordUncaught = (err: unknown) => uncaught.push(err);
beforeAll(async () => {
  process.on('uncaughtException', recordUncaught);
  t = await startTestServer();
});
afterAll(async () => {
  process.off('uncaughtException', recordUncaught);
  await t?.close();
});

describe('refused frames end one socket, never the process', () => {
  it('on /ws/chat and /ws/staff: each refused frame closes its socket; the server and other sockets carry on', async () => {
    const staff = await signedIn(t, 'employee', 'frames');
    const bystander = await visitor(t.url);
    for (const path of ['/ws/chat', '/ws/staff']) {
      for (const [what, bytes] of REFUSED_FRAMES) {
        const { sock, ended } = await rawSocket(t.url, path, path === '/ws/staff' ? { Cookie: staff.header() } : {});
        sock.write(bytes);
        await ended;
        expect(uncaught, `${path}: ${what}`).toEqual([]);
        expect((await fetch(`${t.url}/healthz`)).status, `${path}: ${what}`).toBe(200);
      }
    }
    // The socket opened before all of this still works.
    bystander.ws.send(JSON.stringify({ type: 'send', clientId: 'after-frames-01', content: 'Still here?' }));
    expect(await bystander.next('ack')).toMatchObject({ clientId: 'after-frames-01' });
    // And new ones open.
    const staffWs = await open(`${t.url.replace('http', 'ws')}/ws/staff`, { cookie: staff.header() });
    expect(staffWs.ws.readyState).toBe(WebSocket.OPEN);
    staffWs.ws.close();
    bystander.ws.close();
  });
});

describe('messages the server cannot serve', () => {
  it('refuses an `after` beyond any message id on the socket with an error frame, and the socket stays usable', async () => {
    const session = await newSession(t.url);
    const live = await open(`${t.url.replace('http', 'ws')}/ws/chat`);
    live.ws.send(JSON.stringify({ type: 'auth', ...session, after: 99_999_999_999 }));
    expect(await live.next('error')).toMatchObject({ type: 'error', code: 'validation_failed' });
    live.ws.send(JSON.stringify({ type: 'auth', ...session, after: 0 }));
    expect(await live.next('ready')).toMatchObject({ type: 'ready', messages: [] });
    expect((await fetch(`${t.url}/healthz`)).status).toBe(200);
    live.ws.close();
  });

  it('answers 400 validation_failed for an out-of-range or malformed ?after=, and reads from the start without one', async () => {
    const { sessionId, secret } = await newSession(t.url);
    const read = (query: string) => fetch(`${t.url}/api/chat/sessions/${sessionId}/messages${query}`, { headers: { 'x-chat-secret': secret } });
    for (const bad of ['99999999999', '2147483648', '-1', 'abc', '1e3', '1.5']) {
      const res = await read(`?after=${bad}`);
      expect(res.status, bad).toBe(400);
      expect((await res.json()).error).toMatchObject({ code: 'validation_failed', details: [{ path: 'after' }] });
    }
    for (const good of ['', '?after=', '?after=2147483647', '?after=0']) expect((await read(good)).status, good).toBe(200);
  });

  it('answers a handler that throws with an error frame (logged), and the socket and server carry on', async () => {
    const chat = t.app.services.chat;
    const history = chat.history;
    chat.history = () => Promise.reject(new Error('database went away'));
    try {
      const session = await newSession(t.url);
      const live = await open(`${t.url.replace('http', 'ws')}/ws/chat`);
      live.ws.send(JSON.stringify({ type: 'auth', ...session }));
      expect(await live.next('error')).toMatchObject({ type: 'error', code: 'internal_error' });
      expect(live.ws.readyState).toBe(WebSocket.OPEN);
      live.ws.close();
    } finally {
      chat.history = history;
    }
    const staff = await signedIn(t, 'employee', 'throws');
    const typing = chat.typing;
    chat.typing = () => Promise.reject(new Error('notify failed'));
    try {
      const live = await open(`${t.url.replace('http', 'ws')}/ws/staff`, { cookie: staff.header() });
      live.ws.send(JSON.stringify({ type: 'typing', sessionId: (await newSession(t.url)).sessionId }));
      expect(await live.next('error')).toMatchObject({ type: 'error', code: 'internal_error' });
      live.ws.close();
    } finally {
      chat.typing = typing;
    }
    expect((await fetch(`${t.url}/healthz`)).status).toBe(200);
  });
});

describe('staff presence follows staff leaving', () => {
  it('tells visitors the team is offline as soon as the last staff socket closes, and online when one opens', async () => {
    const watcher = await visitor(t.url);
    // Whoever else is connected from earlier tests has gone by now.
    const staff = await signedIn(t, 'employee', 'presence');
    const staffWs = await open(`${t.url.replace('http', 'ws')}/ws/staff`, { cookie: staff.header() });
    await expect.poll(async () => (await fetch(`${t.url}/api/chat/presence`).then((r) => r.json())).staffOnline).toBe(true);
    // An earlier test's staff socket may close after the watcher joined: its 'offline' comes first,
    // in order. The last word before this close must be 'online'.
    let presence = await watcher.next('presence');
    while (!presence.staffOnline) presence = await watcher.next('presence');
    expect(presence).toMatchObject({ staffOnline: true });
    staffWs.ws.close();
    // No heartbeat runs here (it is every 30 s): the close itself must reach the visitor.
    expect(await watcher.next('presence')).toMatchObject({ staffOnline: false });
    expect((await (await fetch(`${t.url}/api/chat/presence`)).json()).staffOnline).toBe(false);
    watcher.ws.close();
  });

  it('at the heartbeat, tells a visitor of presence only when it changed for them', async () => {
    const watcher = await visitor(t.url);
    expect(watcher.ready).toMatchObject({ staffOnline: false });
    // A heartbeat ends a socket whose pong to the one before has not come: a frame the server
    // answers, sent after that pong, says it has.
    const heartbeat = async () => {
      watcher.ws.send('not json');
      await watcher.next('error');
      await t.app.sockets.tick();
    };
    // Nothing changed: the heartbeat sends this visitor nothing (the next presence it gets is the change).
    await heartbeat();
    // Staff online on another instance (its presence row, no event): the next heartbeat says so.
    const { userId } = await signedIn(t, 'employee', 'elsewhere');
    const db = t.db.database.db;
    await db.execute(sql`insert into chat_presence (user_id, instance_id, seen_at) values (${userId}, 'another-instance', now())`);
    await heartbeat();
    expect(await watcher.next('presence')).toMatchObject({ staffOnline: true });
    await db.execute(sql`delete from chat_presence where instance_id = 'another-instance'`);
    await heartbeat();
    expect(await watcher.next('presence')).toMatchObject({ staffOnline: false });
    watcher.ws.close();
  });
});

describe('the heartbeat, spread over its round', () => {
  const round = async () => {
    for (let i = 0; i < 30; i++) await t.app.sockets.heartbeatStep();
  };

  it('pings every socket within one round of steps, and ends one that never answers at its next ping', async () => {
    const watchers = [await visitor(t.url), await visitor(t.url), await visitor(t.url)];
    const pinged = watchers.map((w) => new Promise<void>((resolve) => w.ws.once('ping', () => resolve())));
    // A socket that never answers a ping (a bare TCP socket: no client library to send the pong).
    const { ended } = await rawSocket(t.url, '/ws/chat');
    let gone = false;
    void ended.then(() => (gone = true));
    await round();
    await Promise.all(pinged);
    // Each watcher answered its ping as it arrived; a ping of the watcher's own, answered, says the
    // server has read that answer too (a socket's frames are read in order) before the next round.
    await Promise.all(watchers.map((w) => new Promise((resolve) => (w.ws.once('pong', resolve), w.ws.ping()))));
    // Its first ping found it alive; at the next, the pong to that one has not come.
    expect(gone).toBe(false);
    await round();
    await ended;
    // Those that answered are still open.
    expect(watchers.every((w) => w.ws.readyState === WebSocket.OPEN)).toBe(true);
    for (const w of watchers) w.ws.close();
  });
});

describe('client address without a trusted proxy', () => {
  it('ignores X-Forwarded-For: a forged header does not escape the per-address limit', async () => {
    // 30 messages a minute per address (earlier tests here used a few), each conversation claiming another.
    await sendUntilLimited(t.url, (c) => ({ 'x-forwarded-for': `198.51.100.${c}` }));
    const forged = await visitor(t.url, { 'x-forwarded-for': '198.51.100.99' });
    forged.ws.send(JSON.stringify({ type: 'send', clientId: 'plain-forged-01', content: 'one more' }));
    expect(await forged.next('error')).toMatchObject({ code: 'rate_limited', clientId: 'plain-forged-01' });
    forged.ws.close();
  });
});

describe('behind a trusted proxy (TRUST_PROXY)', () => {
  let p: TestServer;
  beforeAll(async () => {
    p = await startTestServer({ TRUST_PROXY: 'true' });
  });
  afterAll(async () => {
    await p?.close();
  });

  it('limits chat messages per client address, not per proxy: one busy visitor does not silence another', async () => {
    expect(await sendUntilLimited(p.url, () => ({ 'x-forwarded-for': '203.0.113.10' }))).toBe(30);

    const other = await visitor(p.url, { 'x-forwarded-for': '203.0.113.20' });
    other.ws.send(JSON.stringify({ type: 'send', clientId: 'other-0000001', content: 'Hello from elsewhere' }));
    expect(await other.next('ack')).toMatchObject({ clientId: 'other-0000001' });
    other.ws.close();
  });

  it('over TLS, takes the staff session only from the __Host- cookie, on /ws/staff as on /api/me', async () => {
    const tls = { 'x-forwarded-proto': 'https' };
    const email = 'tls-agent@staff.example';
    const password = 'Copper-kettle-over-tls-2026';
    await p.app.services.users.createUser({ email, firstName: 'Tess', lastName: 'Agent', roles: ['employee'], password, confirmed: true }, SYSTEM_ACTOR);
    const browser = new Client(p.url);
    await browser.post('/age-gate', { year: '1980', country: 'GB' }, tls);
    expect((await browser.post('/auth/login', { email, password }, tls)).status).toBe(302);
    const token = browser.cookies.get('__Host-frolic_session');
    expect(token).toBeDefined();
    const ws = p.url.replace('http', 'ws');

    // The plain cookie (which a sibling subdomain could plant) is not a session over TLS.
    expect((await fetch(`${p.url}/api/me`, { headers: { cookie: `frolic_session=${token}`, ...tls } })).status).toBe(401);
    await expect(open(`${ws}/ws/staff`, { cookie: `frolic_session=${token}`, ...tls })).rejects.toThrow(/401/);
    // The __Host- cookie is.
    expect((await fetch(`${p.url}/api/me`, { headers: { cookie: `__Host-frolic_session=${token}`, ...tls } })).status).toBe(200);
    const live = await open(`${ws}/ws/staff`, { cookie: `__Host-frolic_session=${token}`, ...tls });
    expect(live.ws.readyState).toBe(WebSocket.OPEN);
    live.ws.close();
    // Over plain http the plain cookie still works (local runs).
    const plain = await open(`${ws}/ws/staff`, { cookie: `frolic_session=${token}` });
    plain.ws.close();
  });
});

describe('a staff socket ends with its session', () => {
  let clock = Date.now();
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({}, { now: () => clock });
  });
  afterAll(async () => {
    await s?.close();
  });
  const minutes = (n: number) => (clock += n * 60_000);

  it('is closed (4401) at the heartbeat after the idle timeout, and the heartbeat itself keeps no session alive', async () => {
    const staff = await signedIn(s, 'employee', 'idle');
    const live = await open(`${s.url.replace('http', 'ws')}/ws/staff`, { cookie: staff.header() });
    // 40 of the 60 idle minutes: the session holds.
    minutes(40);
    await s.app.sockets.tick();
    live.ws.send('not json');
    expect(await live.next('error')).toMatchObject({ code: 'bad_message' });
    // 80 minutes without a request (the heartbeat at 40 was not one).
    minutes(40);
    await s.app.sockets.tick();
    expect(await live.closed).toBe(4401);
    expect((await staff.get('/api/me')).status).toBe(401);
  });

  it('is closed (4401) after the 7-day limit, however active', async () => {
    await s.app.services.settings.update({ ...DEFAULT_SECURITY_SETTINGS, sessionTimeoutEnabled: false }, SYSTEM_ACTOR);
    const staff = await signedIn(s, 'employee', 'week');
    const live = await open(`${s.url.replace('http', 'ws')}/ws/staff`, { cookie: staff.header() });
    minutes(6 * 24 * 60);
    expect((await staff.get('/api/me')).status).toBe(200);
    await s.app.sockets.tick();
    live.ws.send('not json');
    expect(await live.next('error')).toMatchObject({ code: 'bad_message' });
    minutes(24 * 60 + 1);
    await s.app.sockets.tick();
    expect(await live.closed).toBe(4401);
    expect((await staff.get('/api/me')).status).toBe(401);
  });
});
