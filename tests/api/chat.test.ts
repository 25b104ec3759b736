import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { SYSTEM_ACTOR } from '../../server/core/actor';
import { CHAT_TOPIC } from '../../server/modules/chat/service';
import { createChangeFeed } from '../../server/realtime/changes';
import { Client } from '../support/client';
import { startTestServer, type TestServer } from '../support/test-server';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

const api = (path: string, init: RequestInit = {}) => fetch(`${t.url}${path}`, init);
const json = (method: string, body: unknown, secret?: string): RequestInit => ({
  method,
  body: JSON.stringify(body),
  headers: { 'content-type': 'application/json', ...(secret ? { 'x-chat-secret': secret } : {}) },
});

async function newSession() {
  const res = await api('/api/chat/sessions', json('POST', {}));
  expect(res.status).toBe(201);
  return (await res.json()) as { sessionId: string; secret: string };
}

function socket(url: string): Promise<{ ws: WebSocket; events: Record<string, unknown>[]; next: (type: string) => Promise<Record<string, unknown>> }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    const events: Record<string, unknown>[] = [];
    const waiters: { type: string; resolve: (e: Record<string, unknown>) => void }[] = [];
    ws.on('message', (d) => {
      const e = JSON.parse(String(d)) as Record<string, unknown>;
      events.push(e);
      const i = waiters.findIndex((w) => w.type === e.type);
      if (i >= 0) waiters.splice(i, 1)[0]?.resolve(e);
    });
    ws.on('open', () =>
      resolve({
        ws,
        events,
        next: (type) =>
          new Promise((res, rej) => {
            const seen = events.find((e) => e.type === type && !(e as { taken?: boolean }).taken);
            if (seen) {
              (seen as { taken?: boolean }).taken = true;
              return res(seen);
            }
            const timer = setTimeout(() => rej(new Error(`no ${type} event`)), 15_000);
            waiters.push({ type, resolve: (e) => (clearTimeout(timer), ((e as { taken?: boolean }).taken = true), res(e)) });
          }),
      }),
    );
    ws.on('error', reject);
  });
}

describe('visitor chat over HTTP', () => {
  it('stores a message once however often it is resent, and reads it back in order', async () => {
    const { sessionId, secret } = await newSession();
    const first = await api(
      `/api/chat/sessions/${sessionId}/messages`,
      json('POST', { clientId: 'client-aaaaaaaa', content: '  Hello there  ', page: '/products' }, secret),
    );
    expect(first.status).toBe(201);
    const again = await api(`/api/chat/sessions/${sessionId}/messages`, json('POST', { clientId: 'client-aaaaaaaa', content: 'Hello there' }, secret));
    expect(again.status).toBe(200);
    expect((await again.json()).message.id).toBe((await first.json()).message.id);
    await api(`/api/chat/sessions/${sessionId}/messages`, json('POST', { clientId: 'client-bbbbbbbb', content: 'Second' }, secret));
    const history = await (await api(`/api/chat/sessions/${sessionId}/messages`, { headers: { 'x-chat-secret': secret } })).json();
    expect(history.messages.map((m: { content: string; userId: string }) => [m.content, m.userId])).toEqual([
      ['Hello there', 'anonymous_user'],
      ['Second', 'anonymous_user'],
    ]);
    const after = await (
      await api(`/api/chat/sessions/${sessionId}/messages?after=${history.messages[0].id}`, { headers: { 'x-chat-secret': secret } })
    ).json();
    expect(after.messages).toHaveLength(1);
  });

  it('lets only the holder of the secret read or write a conversation', async () => {
    const a = await newSession();
    const b = await newSession();
    expect((await api(`/api/chat/sessions/${a.sessionId}/messages`, { headers: { 'x-chat-secret': b.secret } })).status).toBe(403);
    expect((await api(`/api/chat/sessions/${a.sessionId}/messages`, json('POST', { clientId: 'client-cccccccc', content: 'x' }, b.secret))).status).toBe(403);
  });

  it('refuses empty and over-long messages, and more than 10 a minute per conversation', async () => {
    const { sessionId, secret } = await newSession();
    const post = (clientId: string, content: string) => api(`/api/chat/sessions/${sessionId}/messages`, json('POST', { clientId, content }, secret));
    expect((await post('client-empty-01', '   ')).status).toBe(400);
    expect((await post('client-long-001', 'x'.repeat(2001))).status).toBe(400);
    for (let i = 0; i < 10; i++) expect((await post(`client-rate-${String(i).padStart(3, '0')}`, `m${i}`)).status).toBe(201);
    const limited = await post('client-rate-999', 'one too many');
    expect(limited.status).toBe(429);
    expect((await limited.json()).error.code).toBe('rate_limited');
    // A resend of a stored message (its answer was lost) is answered with the stored message, even
    // at the limit, and is not stored twice.
    const resent = await post('client-rate-003', 'm3');
    expect(resent.status).toBe(200);
    expect((await resent.json()).message).toMatchObject({ clientId: 'client-rate-003', content: 'm3' });
    const history = await (await api(`/api/chat/sessions/${sessionId}/messages`, { headers: { 'x-chat-secret': secret } })).json();
    expect(history.messages.map((m: { clientId: string }) => m.clientId).filter((c: string) => c === 'client-rate-003')).toHaveLength(1);
  });
});

/** A new employee, signed in, with their staff socket open: its events collect in `events`. */
async function staffOnSocket(email: string, firstName: string, password: string) {
  await t.app.services.users.createUser({ email, firstName, lastName: 'Agent', roles: ['employee'], password, confirmed: true }, SYSTEM_ACTOR);
  const client = await new Client(t.url).passGate();
  await client.post('/admin-login', { email, password });
  const events: Record<string, unknown>[] = [];
  const ws = await new Promise<WebSocket>((resolve, reject) => {
    const socket = new WebSocket(`${t.url.replace('http', 'ws')}/ws/staff`, { headers: { cookie: client.header() } });
    socket.on('message', (d) => events.push(JSON.parse(String(d))));
    socket.on('open', () => resolve(socket));
    socket.on('error', reject);
  });
  return { client, ws, events };
}

describe('live delivery', () => {
  it('delivers a visitor message to staff and the operator reply to the visitor, stored with operator semantics', async () => {
    const { client: staffClient, ws: staffWs, events: staffEvents } = await staffOnSocket('agent@example.com', 'Agnes', 'Copper-kettle-chat-1');
    const wsBase = t.url.replace('http', 'ws');
    // The socket's presence row is written after it opens (on PostgreSQL, on another connection).
    await expect.poll(async () => ((await (await api('/api/chat/presence')).json()) as { staffOnline: boolean }).staffOnline).toBe(true);

    const { sessionId, secret } = await newSession();
    const visitor = await socket(`${wsBase}/ws/chat`);
    visitor.ws.send(JSON.stringify({ type: 'auth', sessionId, secret }));
    expect(await visitor.next('ready')).toMatchObject({ type: 'ready', messages: [], staffOnline: true });
    visitor.ws.send(JSON.stringify({ type: 'send', clientId: 'live-client-1', content: 'Do you ship to Norway?', page: '/buy-online' }));
    const ack = await visitor.next('ack');
    expect(ack).toMatchObject({ clientId: 'live-client-1', message: { content: 'Do you ship to Norway?', userId: 'anonymous_user' } });
    await expect.poll(() => staffEvents.some((e) => e.type === 'message')).toBe(true);

    const reply = await staffClient.json('POST', `/api/chat/conversations/${sessionId}/messages`, {
      clientId: 'staff-reply-001',
      content: 'We do, through our Oslo importer.',
    });
    expect(reply.status).toBe(201);
    const pushed = await visitor.next('message');
    // The visitor's own message may be echoed first; wait for the operator's.
    const operator = pushed.message && (pushed.message as { userId: string }).userId === 'operator' ? pushed : await visitor.next('message');
    expect(operator.message).toMatchObject({ userId: 'operator', content: 'We do, through our Oslo importer.', staffName: 'Agnes' });

    const conversations = await (await staffClient.json('GET', '/api/chat/conversations')).json();
    expect(conversations.conversations[0]).toMatchObject({ id: sessionId, status: 'assigned', pageUrl: '/buy-online' });
    visitor.ws.close();
    staffWs.close();
  });

  it('survives a malformed upgrade request and refuses a foreign origin', async () => {
    const { connect } = await import('node:net');
    const port = new URL(t.url).port;
    await new Promise<void>((resolve) => {
      const sock = connect(Number(port), '127.0.0.1', () => {
        sock.write(
          'GET http://[/ws/chat HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n',
        );
      });
      sock.on('data', () => sock.end());
      sock.on('close', () => resolve());
      sock.on('error', () => resolve());
    });
    expect((await api('/healthz')).status).toBe(200);
    await expect(
      new Promise((resolve, reject) => {
        const ws = new WebSocket(`${t.url.replace('http', 'ws')}/ws/chat`, { headers: { origin: 'https://evil.example' } });
        ws.on('open', () => resolve('open'));
        ws.on('error', reject);
      }),
    ).rejects.toThrow(/403/);
  });

  it('refuses a staff socket without a session, and a visitor socket with a foreign secret', async () => {
    const wsBase = t.url.replace('http', 'ws');
    await expect(socket(`${wsBase}/ws/staff`)).rejects.toThrow(/401/);
    const a = await newSession();
    const v = await socket(`${wsBase}/ws/chat`);
    v.ws.send(JSON.stringify({ type: 'auth', sessionId: a.sessionId, secret: 'x'.repeat(32) }));
    expect(await v.next('error')).toMatchObject({ code: 'chat_forbidden' });
  });
});

describe('a message and its delivery commit together', () => {
  it('delivers no message whose transaction failed, and a stored one once to each socket', async () => {
    const { client: staffClient, ws: staffWs, events: staffEvents } = await staffOnSocket('rhea@example.com', 'Rhea', 'Copper-kettle-chat-2');
    const wsBase = t.url.replace('http', 'ws');
    const { sessionId, secret } = await newSession();
    const visitor = await socket(`${wsBase}/ws/chat`);
    visitor.ws.send(JSON.stringify({ type: 'auth', sessionId, secret }));
    await visitor.next('ready');
    const reply = (clientId: string) => staffClient.json('POST', `/api/chat/conversations/${sessionId}/messages`, { clientId, content: `Reply ${clientId}` });

    // A fault late in each message's transaction, after the message row is written: the staff
    // message's audit row, the visitor message's conversation update.
    const db = t.db.database.db;
    await db.execute(sql.raw(`create function chat_fault() returns trigger language plpgsql as $$ begin raise exception 'injected fault'; end $$`));
    await db.execute(
      sql.raw(
        `create trigger chat_fault_audit before insert on audit_logs for each row when (new.new_values->>'sessionId' = '${sessionId}') execute function chat_fault()`,
      ),
    );
    await db.execute(
      sql.raw(`create trigger chat_fault_session before update on chat_sessions for each row when (new.page_url = '/fault') execute function chat_fault()`),
    );
    expect((await reply('staff-fault-0001')).status).toBe(500);
    visitor.ws.send(JSON.stringify({ type: 'send', clientId: 'visitor-fault-01', content: 'Not stored', page: '/fault' }));
    expect(await visitor.next('error')).toMatchObject({ clientId: 'visitor-fault-01' });
    for (const drop of ['drop trigger chat_fault_audit on audit_logs', 'drop trigger chat_fault_session on chat_sessions', 'drop function chat_fault()'])
      await db.execute(sql.raw(drop));

    // The same messages sent again are stored now, and delivered.
    expect((await reply('staff-fault-0001')).status).toBe(201);
    visitor.ws.send(JSON.stringify({ type: 'send', clientId: 'visitor-fault-01', content: 'Stored', page: '/ok' }));
    expect(await visitor.next('ack')).toMatchObject({ clientId: 'visitor-fault-01', message: { content: 'Stored' } });
    // Changes reach a socket in commit order: once this one has arrived, every earlier one has.
    expect((await reply('staff-last-00001')).status).toBe(201);
    const clientIds = async (events: () => Record<string, unknown>[]) => {
      await expect.poll(() => events().some((e) => e.type === 'message' && (e.message as { clientId: string }).clientId === 'staff-last-00001')).toBe(true);
      return events()
        .filter((e) => e.type === 'message')
        .map((e) => (e.message as { clientId: string; content: string }).clientId);
    };
    const expected = ['staff-fault-0001', 'visitor-fault-01', 'staff-last-00001'];
    expect(await clientIds(() => visitor.events)).toEqual(expected);
    expect(await clientIds(() => staffEvents)).toEqual(expected);
    const history = await (await api(`/api/chat/sessions/${sessionId}/messages`, { headers: { 'x-chat-secret': secret } })).json();
    expect(history.messages.map((m: { clientId: string }) => m.clientId)).toEqual(expected);

    // What the staff messages changed: the conversation is Rhea's (the first reply took it; the
    // visitor's reopened nothing), an audit row for each stored reply, none for the failed one.
    const [conversation] = await db
      .execute(sql`select status, page_url from chat_sessions where id = ${sessionId}`)
      .then((r) => (r as unknown as { rows: { status: string; page_url: string }[] }).rows);
    expect(conversation).toEqual({ status: 'assigned', page_url: '/ok' });
    const audits = await db
      .execute(sql`select count(*)::int as n from audit_logs where table_name = 'chat_messages' and new_values->>'sessionId' = ${sessionId}`)
      .then((r) => (r as unknown as { rows: { n: number }[] }).rows[0]?.n);
    expect(audits).toBe(2);
    // A reply to no conversation.
    expect(
      (await staffClient.json('POST', `/api/chat/conversations/${crypto.randomUUID()}/messages`, { clientId: 'staff-nowhere-01', content: 'Hello?' })).status,
    ).toBe(404);
    visitor.ws.close();
    staffWs.close();
  });
});

it('tells other instances of a message exactly as it was stored, whatever its content', async () => {
  // Another instance on the same database: a feed of its own (the same client on PGlite).
  const other = await createChangeFeed(t.db.database);
  const heard: { type: string; message?: { sessionId: string } }[] = [];
  const { sessionId, secret } = await newSession();
  // This conversation's messages (presence changes and others' conversations come this way too).
  other.subscribe(CHAT_TOPIC, (e) => {
    const event = e as (typeof heard)[number];
    if (event.message?.sessionId === sessionId) heard.push(event);
  });
  try {
    // What the statement writes the id into, and JSON's escapes, inside the content.
    const content = '{"id":0,"x":"\\"id\\":0,"} \\u0000 \u0001 Grüße 日本語 🍸 \'; drop table x; --';
    const posted = await api(`/api/chat/sessions/${sessionId}/messages`, json('POST', { clientId: 'visitor-json-001', content, page: '/a"b' }, secret));
    expect(posted.status).toBe(201);
    const { message } = (await posted.json()) as { message: { clientId: string } };
    const staff = await t.app.services.chat.postStaffMessage(
      { id: (await staffId()) as string, firstName: 'Zoë "Z"' },
      sessionId,
      { clientId: 'staff-json-0001', content },
      SYSTEM_ACTOR,
    );
    await expect.poll(() => heard.length).toBe(2);
    expect(heard).toEqual([
      { type: 'message', message },
      { type: 'message', message: staff.message },
    ]);
    expect(staff.message).toMatchObject({ content, staffName: 'Zoë "Z"', userId: 'operator' });
    const history = await (await api(`/api/chat/sessions/${sessionId}/messages`, { headers: { 'x-chat-secret': secret } })).json();
    expect(history.messages.map((m: { content: string }) => m.content)).toEqual([content, content]);
  } finally {
    await other.close();
  }
});

/** Any staff user's id (the messages' staff_id refers to a user). */
async function staffId(): Promise<string | undefined> {
  const rows = await t.db.database.db.execute(sql`select id from users order by created_at limit 1`);
  return (rows as unknown as { rows: { id: string }[] }).rows[0]?.id;
}
