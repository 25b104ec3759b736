// Two server processes on one PostgreSQL: a message accepted by one instance reaches sockets on the
// other, and when an instance dies mid-stream the client reconnects to the other and every message
// is stored and acknowledged exactly once. Needs TEST_DATABASE_URL (PGlite is one process).
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import WebSocket from 'ws';
import { BUILD_DIR } from '../../server/root';
import { Client } from '../support/client';
import { freePorts } from '../support/ports';
import { describeOnPostgres, freshDatabase, type TestDatabase } from '../support/test-db';

const PASSWORD = 'Two-instances-demo-pass-1';
const children: ChildProcess[] = [];
let db: TestDatabase | undefined;

afterAll(async () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  await db?.dispose();
});

async function startInstance(url: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [path.join(BUILD_DIR, 'server', 'main.js')], {
    env: {
      ...process.env,
      DATABASE_URL: url,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DEMO_MODE: 'true',
      DEMO_PASSWORD: PASSWORD,
      DATA_DIR: `/tmp/frolic-instance-${port}`,
    },
    stdio: 'inherit',
  });
  children.push(child);
  const until = Date.now() + 30_000;
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return child;
    } catch {
      // starting
    }
    if (Date.now() > until) throw new Error(`instance on ${port} did not start`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A visitor client like the widget's: resends unacknowledged messages (same client id) after reconnecting. */
class Visitor {
  ws: WebSocket | null = null;
  acks = new Map<string, number>();
  seen = new Map<number, number>();
  pending = new Map<string, string>();
  /** Whether staff were online, as `ready` and each `presence` event said, in order. */
  presence: boolean[] = [];
  lastSeen = 0;
  constructor(
    private session: { sessionId: string; secret: string },
    private readonly onOperator: (content: string) => void = () => undefined,
  ) {}

  connect(base: string): Promise<void> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(`${base.replace('http', 'ws')}/ws/chat`);
      this.ws = ws;
      ws.on('open', () => ws.send(JSON.stringify({ type: 'auth', ...this.session, after: this.lastSeen })));
      ws.on('error', reject);
      ws.on('message', (d) => {
        const e = JSON.parse(String(d));
        const take = (m: { id: number; userId: string; content: string }) => {
          this.lastSeen = Math.max(this.lastSeen, m.id);
          this.seen.set(m.id, (this.seen.get(m.id) ?? 0) + 1);
          if (m.userId === 'operator') this.onOperator(m.content);
        };
        if (e.type === 'presence') this.presence.push(e.staffOnline);
        if (e.type === 'ready') {
          this.presence.push(e.staffOnline);
          e.messages.forEach(take);
          for (const [clientId, content] of this.pending) ws.send(JSON.stringify({ type: 'send', clientId, content }));
          resolve();
        }
        if (e.type === 'ack') {
          this.pending.delete(e.clientId);
          this.acks.set(e.clientId, (this.acks.get(e.clientId) ?? 0) + 1);
          if (!this.seen.has(e.message.id)) take(e.message);
        }
        if (e.type === 'message' && !this.seen.has(e.message.id)) take(e.message);
      });
    });
  }

  send(clientId: string, content: string) {
    this.pending.set(clientId, content);
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify({ type: 'send', clientId, content }));
  }
}

describeOnPostgres('two instances on one PostgreSQL', () => {
  it('fans messages out across instances and loses or doubles nothing when one dies', async () => {
    db = await freshDatabase();
    const url = db.url as string;
    // 4100-4300: clear of epmd (4369), which some machines run.
    const [portA, portB] = (await freePorts(2)) as [number, number];
    const A = `http://127.0.0.1:${portA}`;
    const B = `http://127.0.0.1:${portB}`;
    const instanceA = await startInstance(url, portA);
    await startInstance(url, portB);

    // Visitor on A, with nobody answering yet.
    const session = (await (await fetch(`${A}/api/chat/sessions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).json()) as {
      sessionId: string;
      secret: string;
    };
    const operatorMessages: string[] = [];
    const visitor = new Visitor(session, (c) => operatorMessages.push(c));
    await visitor.connect(A);
    expect(visitor.presence).toEqual([false]);

    // Staff on B: the visitor on A sees them arrive, leave and come back at once (the change feed),
    // not at the next 30-second heartbeat.
    const staff = await new Client(B).passGate();
    expect((await staff.post('/admin-login', { email: 'employee@demo.frolic.example', password: PASSWORD })).status).toBe(302);
    const openStaff = async () => {
      const events: { type: string; message?: { id: number; userId: string } }[] = [];
      const ws = new WebSocket(`${B.replace('http', 'ws')}/ws/staff`, { headers: { cookie: staff.header() } });
      ws.on('message', (d) => events.push(JSON.parse(String(d))));
      await new Promise((r) => ws.on('open', r));
      return { ws, events };
    };
    const first = await openStaff();
    await expect.poll(() => visitor.presence.at(-1), { timeout: 5000 }).toBe(true);
    first.ws.close();
    await expect.poll(() => visitor.presence.at(-1), { timeout: 5000 }).toBe(false);
    const { ws: staffWs, events: staffEvents } = await openStaff();
    await expect.poll(() => visitor.presence.at(-1), { timeout: 5000 }).toBe(true);

    visitor.send('first-message-0001', 'Hello from instance A');
    await expect.poll(() => staffEvents.filter((e) => e.type === 'message').length, { timeout: 5000 }).toBe(1);
    expect(
      (await staff.json('POST', `/api/chat/conversations/${session.sessionId}/messages`, { clientId: 'staff-on-b-0001', content: 'Hello from instance B' }))
        .status,
    ).toBe(201);
    await expect.poll(() => operatorMessages, { timeout: 5000 }).toEqual(['Hello from instance B']);

    // A burst (within the 10-a-minute limit per conversation); instance A is killed in the middle
    // of it; the client moves to B and resends what was not acknowledged.
    const burst = Array.from({ length: 8 }, (_, i) => `burst-${String(i).padStart(4, '0')}`);
    for (const [i, clientId] of burst.entries()) {
      visitor.send(clientId, `Message ${i}`);
      if (i === 3) instanceA.kill('SIGKILL');
    }
    await new Promise((r) => instanceA.once('exit', r));
    await visitor.connect(B);
    await expect.poll(() => visitor.pending.size, { timeout: 10_000 }).toBe(0);

    const history = await (await fetch(`${B}/api/chat/sessions/${session.sessionId}/messages`, { headers: { 'x-chat-secret': session.secret } })).json();
    const visitorMessages = history.messages.filter((m: { userId: string }) => m.userId === 'anonymous_user');
    expect(visitorMessages.map((m: { clientId: string }) => m.clientId).sort()).toEqual(['first-message-0001', ...burst].sort());
    expect(new Set(visitorMessages.map((m: { content: string }) => m.content)).size).toBe(9);
    // Each stored message reached the visitor once, however many times it was sent or acknowledged.
    for (const m of history.messages as { id: number }[]) expect(visitor.seen.get(m.id), `message ${m.id}`).toBe(1);
    staffWs.close();
    visitor.ws?.close();
  }, 60_000);
});
