// The app's WebSockets, on its own HTTP server: /ws/chat for visitors of the support chat (id +
// secret); the live channel of signed-in users (live-sockets.ts) — /ws/live for anyone signed in,
// /ws/staff for the admin area (session cookie; the one decision, server/auth/authorize.ts, admits
// it and re-checks it at every heartbeat): chat events go to staff the decision lets answer chats,
// the bell's signal and `changed` signals to whom their audience admits. Delivery goes through the
// change feed, so a message stored by any instance reaches the sockets of every instance; this
// instance's own messages take the same path.
//
// Nothing a client sends may end the process: every socket has an `error` listener (ws emits
// `error` for a frame it refuses — too large, invalid UTF-8, a reserved opcode, an unmasked frame —
// and an unheard `error` event is thrown), the raw socket has one until ws owns it, and every
// message handler's work ends in a catch that logs and answers with an error frame.
import type http from 'node:http';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Request as ExpressRequest } from 'express';
import type { Logger } from 'pino';
import { WebSocket, WebSocketServer } from 'ws';
import type { AccessNeed } from '../../shared/policy';
import { type ChatMessage, HEARTBEAT_MS, type ServerEvent, staffClientMessage, visitorClientMessage, visitorSend } from '../../shared/schemas/chat';
import { LIVE_SOCKET_PATH, type LivePush } from '../../shared/live-events';
import type { CurrentUser } from '../modules/auth';
import { CHAT_TOPIC, type ChatEvent } from '../modules/chat';
import { httpStatusOf } from '../http/errors';
import { readSessionToken } from '../http/request-auth';
import { isRefusal } from '../core/errors';
import type { Services } from '../services';
import type { ChangeFeed } from './changes';
import { createLiveHub, type LiveSocket, socketRefusal } from './live-sockets';

/** Sockets pinged between two turns of the event loop at the heartbeat. */
const PING_BATCH = 500;
/** Steps of one heartbeat round (HEARTBEAT_MS): each pings the sockets of its slot. */
const HEARTBEAT_STEPS = 30;

export { socketRefusal } from './live-sockets';

/** What admits a signed-in user's socket, per path: anyone signed in, or the admin shell's rule. */
const LIVE_PATHS: Record<string, AccessNeed> = { [LIVE_SOCKET_PATH]: { signedIn: true }, '/ws/staff': { area: 'admin' } };

interface Alive {
  alive: boolean;
  /** Which step of the heartbeat's round pings this socket. */
  slot?: number;
}

/**
 * A visitor socket's live messages while its history is read. The socket is registered for live
 * messages before the history is read (else one stored in between would reach it neither way), so a
 * message may come both ways: live ones are held until the history is sent, then passed on unless
 * the history had them — each message reaches the socket once.
 */
export class HistoryGate {
  private held: ChatMessage[] | null = [];

  /** True when the message is held (the history is still being read): do not send it now. */
  hold(message: ChatMessage): boolean {
    if (!this.held) return false;
    this.held.push(message);
    return true;
  }

  /** The history went out: the held messages it did not contain, in arrival order; later ones pass. */
  open(history: ChatMessage[]): ChatMessage[] {
    const held = this.held ?? [];
    this.held = null;
    const sent = new Set(history.map((m) => m.id));
    return held.filter((m) => !sent.has(m.id));
  }
}

export interface ChatSockets {
  /** Closes every socket and takes this instance's staff out of the presence rows. */
  close(): Promise<void>;
  /** Connected sockets on this instance (for tests and metrics): visitors, and signed-in users' live sockets. */
  counts(): { visitors: number; staff: number };
  /** One heartbeat now (tests move the clock and call this): ping, re-check live sessions, presence. */
  tick(): Promise<void>;
  /** One step of the heartbeat's round, as the timer takes it each HEARTBEAT_MS / 30 (tests). */
  heartbeatStep(): Promise<void>;
  /** Resolves once every live push under way has been handed to its sockets (tests). */
  flush(): Promise<void>;
}

/** No Origin (not a browser), this site's own host (http or https, behind a proxy), or an allowed origin. */
function sameOrigin(req: http.IncomingMessage, allowed: string[]): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  if (allowed.includes(origin)) return true;
  try {
    const o = new URL(origin);
    return (o.protocol === 'http:' || o.protocol === 'https:') && o.host === req.headers.host;
  } catch {
    return false;
  }
}

function refuse(socket: Duplex, status: number, text: string) {
  socket.write(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  socket.destroy();
}

export interface ChatSocketOptions {
  instanceId: string;
  logger: Logger;
  allowedOrigins: string[];
  /**
   * The Express app's request prototype (`app.request`): an upgrade request gets it, so its `ip` and
   * `secure` follow TRUST_PROXY exactly as every HTTP route's do.
   */
  requestPrototype: object;
  /** 'manual': no timer; only `heartbeatStep`/`tick` run the heartbeat (tests drive it, so no step of the timer's lands between theirs). */
  heartbeat?: 'timer' | 'manual';
}

export function attachChatSockets(server: http.Server, services: Services, feed: ChangeFeed, opts: ChatSocketOptions): ChatSockets {
  const log = opts.logger;
  const wss = new WebSocketServer({ noServer: true, maxPayload: 16 * 1024 });
  const visitors = new Map<string, Set<WebSocket>>();
  const gates = new WeakMap<WebSocket, HistoryGate>();
  const live = createLiveHub(services, feed, log);
  let closing = false;
  const answeringSockets = () => live.answering();
  const answeringIds = () => live.answeringIds();
  const sendFrame = (ws: WebSocket, frame: string) => {
    if (ws.readyState === WebSocket.OPEN) ws.send(frame);
  };
  const send = (ws: WebSocket, event: ServerEvent | LivePush) => sendFrame(ws, JSON.stringify(event));
  /** A handler's work: whatever it throws is logged and answered with an error frame. */
  const guarded = (ws: WebSocket, kind: 'visitor' | 'staff', work: () => Promise<unknown>) => {
    work().catch((err: unknown) => {
      log.error({ err, socket: kind }, 'chat socket message failed');
      send(ws, { type: 'error', code: 'internal_error', message: 'Something went wrong. Please try again.' });
    });
  };
  /** ws has already answered the frame it refused with a close frame (1002, 1007, 1009…); only this socket ends. */
  const onSocketError = (kind: 'visitor' | 'staff', ip: string | null) => (err: Error & { code?: string }) => {
    log.warn({ err: err.message, code: err.code, socket: kind, ip }, 'chat socket error: socket closed');
  };
  // With noServer the WebSocketServer emits no errors of its own today; listening costs nothing.
  wss.on('error', (err) => log.error({ err }, 'chat WebSocket server error'));

  // Presence: this instance's rows are rewritten from its sockets, one write at a time (each from
  // the sockets of its own moment, so a late write never brings back someone who left). When this
  // instance goes from no staff to some or back, every instance is told and pushes the new state to
  // its visitors at once, instead of at the next heartbeat.
  let presenceChain: Promise<void> = Promise.resolve();
  let staffedHere = false;
  const syncPresence = (): Promise<void> => {
    presenceChain = presenceChain
      .then(async () => {
        const ids = closing ? [] : answeringIds();
        await services.chat.heartbeat(opts.instanceId, ids);
        if (ids.length > 0 !== staffedHere) {
          staffedHere = ids.length > 0;
          await services.chat.presenceChanged();
        }
      })
      .catch((err: unknown) => log.warn({ err }, 'chat presence update failed'));
    return presenceChain;
  };
  /** What each visitor socket was last told of staff presence (`ready` or `presence`). */
  const toldOnline = new WeakMap<WebSocket, boolean>();
  /**
   * Tells the visitors whether staff are online: on a change, all of them; at the heartbeat
   * (`onlyNews`), those last told otherwise — a process holding 10,000 sockets would otherwise
   * write 10,000 frames every 30 s to repeat what each visitor knows.
   */
  const pushPresence = async (onlyNews = false) => {
    if (!visitors.size) return;
    const online = await services.chat.staffOnline();
    const frame = JSON.stringify({ type: 'presence', staffOnline: online } satisfies ServerEvent);
    for (const set of visitors.values()) {
      for (const ws of set) {
        if (onlyNews && toldOnline.get(ws) === online) continue;
        toldOnline.set(ws, online);
        sendFrame(ws, frame);
      }
    }
  };

  const onUpgradeSocketError = (err: Error) => log.debug({ err: err.message }, 'chat upgrade socket error');

  server.on('upgrade', (req, socket, head) => {
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://localhost');
    } catch {
      return refuse(socket, 400, 'Bad Request');
    }
    const admit = Object.hasOwn(LIVE_PATHS, url.pathname) ? LIVE_PATHS[url.pathname] : undefined;
    if (url.pathname !== '/ws/chat' && !admit) {
      // Another listener (Vite's HMR in development) may own it; otherwise nobody does.
      if (server.listenerCount('upgrade') === 1) refuse(socket, 404, 'Not Found');
      return;
    }
    // Node stops listening for this socket's errors once it is an upgrade; until ws takes it over
    // (and during the staff check's awaits) a reset connection would otherwise end the process.
    socket.on('error', onUpgradeSocketError);
    // Cross-site WebSocket hijacking: a browser names the page's origin; it must be ours.
    if (!sameOrigin(req, opts.allowedOrigins)) return refuse(socket, 403, 'Forbidden');
    // What Express does to every request: `ip` and `secure` honour TRUST_PROXY the same way.
    Object.setPrototypeOf(req, opts.requestPrototype);
    const { ip, secure } = req as unknown as ExpressRequest;
    const clientIp = ip ?? null;
    if (url.pathname === '/ws/chat') {
      wss.handleUpgrade(req, socket, head, (ws) => {
        socket.off('error', onUpgradeSocketError);
        onVisitor(ws, clientIp);
      });
      return;
    }
    const need = admit as AccessNeed;
    void (async () => {
      // Over TLS only the `__Host-` cookie counts, as for the API.
      const token = readSessionToken(req.headers.cookie, secure);
      const user = token ? await services.sessions.resolve(token) : null;
      // /ws/live: signed in (the second factor done); /ws/staff: the admin shell's rule — staff,
      // password current, two-factor where enforced.
      const decision = await services.access.decide(user, need);
      if (!decision.allowed) {
        const status = httpStatusOf(socketRefusal(decision).kind);
        return refuse(socket, status, STATUS_CODES[status] ?? 'Forbidden');
      }
      const answers = await services.access.can(user, { permission: 'support:answer' });
      if (socket.destroyed) return;
      wss.handleUpgrade(req, socket, head, (ws) => {
        socket.off('error', onUpgradeSocketError);
        onLive(ws, { user: user as CurrentUser, token: token as string, admit: need, answers }, clientIp);
      });
    })().catch((err: unknown) => {
      log.error({ err }, 'live socket upgrade failed');
      refuse(socket, 500, 'Internal Server Error');
    });
  });

  function onVisitor(ws: WebSocket, ip: string | null) {
    ws.on('error', onSocketError('visitor', ip));
    (ws as unknown as Alive).alive = true;
    ws.on('pong', () => ((ws as unknown as Alive).alive = true));
    let sessionId: string | null = null;
    let lastTyping = 0;
    ws.on('message', (data) => {
      guarded(ws, 'visitor', async () => {
        let raw: unknown;
        try {
          raw = JSON.parse(String(data));
        } catch {
          return send(ws, { type: 'error', code: 'bad_message', message: 'The message could not be read.' });
        }
        const message = visitorClientMessage.safeParse(raw);
        if (!message.success) {
          // Out of range (an `after` beyond any message id), wrong type, unknown kind: refused here, never by the database.
          const issue = message.error.issues[0];
          return send(ws, {
            type: 'error',
            code: 'validation_failed',
            message: issue ? `${issue.path.join('.') || 'message'}: ${issue.message}` : 'The message is not valid.',
          });
        }
        const parsed = message.data;
        if (parsed.type === 'auth') {
          if (sessionId) return send(ws, { type: 'error', code: 'already_authenticated', message: 'This socket already belongs to a conversation.' });
          try {
            await services.chat.verifyVisitor(parsed.sessionId, parsed.secret);
          } catch {
            send(ws, { type: 'error', code: 'chat_forbidden', message: 'This conversation is not yours.' });
            return ws.close(4403, 'forbidden');
          }
          sessionId = parsed.sessionId;
          const gate = new HistoryGate();
          gates.set(ws, gate);
          let set = visitors.get(sessionId);
          if (!set) visitors.set(sessionId, (set = new Set()));
          set.add(ws);
          let messages: ChatMessage[] = [];
          try {
            messages = await services.chat.history(sessionId, parsed.after ?? 0);
            const online = await services.chat.staffOnline();
            toldOnline.set(ws, online);
            send(ws, { type: 'ready', messages, staffOnline: online });
          } finally {
            for (const message of gate.open(messages)) send(ws, { type: 'message', message });
          }
          return;
        }
        if (!sessionId) return send(ws, { type: 'error', code: 'unauthenticated', message: 'Say who you are first.' });
        if (parsed.type === 'typing') {
          // At most one typing signal every 2 seconds per socket.
          if (Date.now() - lastTyping < 2000) return;
          lastTyping = Date.now();
          return void (await services.chat.typing(sessionId, 'visitor'));
        }
        const input = visitorSend.safeParse(parsed);
        if (!input.success)
          return send(ws, {
            type: 'error',
            code: 'validation_failed',
            message: input.error.issues[0]?.message ?? 'Invalid message.',
            clientId: parsed.clientId,
          });
        try {
          const { message } = await services.chat.postVisitorMessage(sessionId, input.data, ip);
          send(ws, { type: 'ack', clientId: input.data.clientId, message });
        } catch (err) {
          const refused = isRefusal(err);
          if (!refused) log.error({ err }, 'chat message failed');
          send(ws, {
            type: 'error',
            code: (err as { code?: string }).code ?? 'internal_error',
            message: refused ? (err.message ?? 'Refused.') : 'The message could not be stored.',
            clientId: input.data.clientId,
          });
        }
      });
    });
    ws.on('close', () => {
      if (!sessionId) return;
      const set = visitors.get(sessionId);
      set?.delete(ws);
      if (set && set.size === 0) visitors.delete(sessionId);
    });
  }

  /** A signed-in user's live socket: events come from the hub; staff who answer chats may send typing. */
  function onLive(ws: WebSocket, entry: LiveSocket, ip: string | null) {
    ws.on('error', onSocketError('staff', ip));
    (ws as unknown as Alive).alive = true;
    live.add(ws, entry);
    ws.on('pong', () => ((ws as unknown as Alive).alive = true));
    let lastTyping = 0;
    ws.on('message', (data) => {
      guarded(ws, 'staff', async () => {
        if (!entry.answers) {
          return send(ws, { type: 'error', code: 'forbidden', message: 'Answering support chats needs the support:answer permission.' });
        }
        let parsed;
        try {
          parsed = staffClientMessage.parse(JSON.parse(String(data)));
        } catch {
          return send(ws, { type: 'error', code: 'bad_message', message: 'The message could not be read.' });
        }
        if (Date.now() - lastTyping < 2000) return;
        lastTyping = Date.now();
        await services.chat.typing(parsed.sessionId, 'staff');
      });
    });
    ws.on('close', () => {
      live.remove(ws);
      // The last one to leave: visitors see the team offline within moments, not at the next heartbeat.
      if (!closing) void syncPresence();
    });
    void syncPresence();
  }

  const unsubscribe = feed.subscribe(CHAT_TOPIC, (data) => {
    const event = data as ChatEvent;
    if (event.type === 'message') {
      // One frame for every socket it goes to.
      const frame = JSON.stringify({ type: 'message', message: event.message } satisfies ServerEvent);
      for (const ws of visitors.get(event.message.sessionId) ?? []) {
        if (!gates.get(ws)?.hold(event.message)) sendFrame(ws, frame);
      }
      for (const ws of answeringSockets()) sendFrame(ws, frame);
    } else if (event.type === 'typing') {
      const frame = JSON.stringify(event);
      if (event.from === 'visitor') for (const ws of answeringSockets()) sendFrame(ws, frame);
      else for (const ws of visitors.get(event.sessionId) ?? []) sendFrame(ws, frame);
    } else if (event.type === 'conversation') {
      const frame = JSON.stringify(event);
      for (const ws of answeringSockets()) sendFrame(ws, frame);
    } else if (event.type === 'presence') {
      pushPresence().catch((err: unknown) => log.warn({ err }, 'chat presence push failed'));
    }
  });
  /**
   * Pings the sockets of `slots` (each socket has one of HEARTBEAT_STEPS, given at its first
   * heartbeat) and ends those that did not answer the ping before. Each ping is a write, and each
   * pong a read: thousands in one go would hold every request and message up behind them. A pause
   * every PING_BATCH lets those through (docs/decisions/021-support-chat-delivery.md).
   */
  async function ping(slots: (slot: number) => boolean) {
    let n = 0;
    for (const ws of wss.clients) {
      const a = ws as unknown as Alive;
      a.slot ??= nextSlot++ % HEARTBEAT_STEPS;
      if (!slots(a.slot)) continue;
      if (!a.alive) {
        ws.terminate();
        continue;
      }
      a.alive = false;
      ws.ping();
      if (++n % PING_BATCH === 0) await new Promise((resolve) => setImmediate(resolve));
    }
  }
  async function presence() {
    await live.recheck().catch((err: unknown) => log.warn({ err }, 'live session re-check failed'));
    // Refreshes this instance's rows; another instance's rows age out when it stops refreshing them.
    await syncPresence();
    await pushPresence(true).catch((err: unknown) => log.warn({ err }, 'chat heartbeat failed'));
  }
  /** One whole heartbeat at once: every socket pinged, then presence (tests call it). */
  async function tick() {
    await ping(() => true);
    await presence();
  }
  // The heartbeat's round is spread over HEARTBEAT_STEPS steps: each socket is still pinged once
  // every HEARTBEAT_MS, but a thirtieth of them each second, not all 10,000 in one burst (the
  // pongs came back together too). Presence is refreshed once a round.
  // Slot 0 (with presence) comes last in the first round: presence is first refreshed a whole
  // HEARTBEAT_MS after start, like every later round.
  let nextSlot = 0;
  let step = 1;
  async function stepHeartbeat() {
    const slot = step;
    step = (step + 1) % HEARTBEAT_STEPS;
    await ping((s) => s === slot);
    if (slot === 0) await presence();
  }
  const timer = opts.heartbeat === 'manual' ? undefined : setInterval(() => void stepHeartbeat(), HEARTBEAT_MS / HEARTBEAT_STEPS);
  timer?.unref();

  return {
    async close() {
      closing = true;
      clearInterval(timer);
      unsubscribe();
      live.close();
      for (const ws of wss.clients) ws.terminate();
      wss.close();
      visitors.clear();
      // This instance's staff leave the presence rows now, not when they age out.
      await syncPresence();
    },
    counts: () => ({ visitors: [...visitors.values()].reduce((n, s) => n + s.size, 0), staff: live.size() }),
    tick,
    heartbeatStep: stepHeartbeat,
    flush: () => live.flush(),
  };
}
