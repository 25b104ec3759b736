// WebSockets of the support chat, on the app's own HTTP server: /ws/chat for visitors (id + secret),
// /ws/staff for the admin area (session cookie; the one decision, server/auth/authorize.ts, admits
// it and re-checks it at every heartbeat): chat events go to staff the decision lets answer chats,
// the bell's signal to staff it lets see the new entry (its audience). Delivery goes
// through the change feed, so a message stored by any instance reaches the sockets of every
// instance; this instance's own messages take the same path.
//
// Nothing a client sends may end the process: every socket has an `error` listener (ws emits
// `error` for a frame it refuses — too large, invalid UTF-8, a reserved opcode, an unmasked frame —
// and an unheard `error` event is thrown), the raw socket has one until ws owns it, and every
// message handler's work ends in a catch that logs and answers with an error frame.
import type http from 'node:http';
import type { Duplex } from 'node:stream';
import type { Request as ExpressRequest } from 'express';
import type { Logger } from 'pino';
import { WebSocket, WebSocketServer } from 'ws';
import type { AccessDecision } from '../../shared/policy';
import { audienceNeed } from '../auth/authorize';
import { HEARTBEAT_MS, type ServerEvent, staffClientMessage, visitorClientMessage, visitorSend } from '../../shared/schemas/chat';
import { type CurrentUser, USER_CHANGED_TOPIC } from '../modules/auth/sessions';
import { SESSION_REVOKED_TOPIC } from '../modules/auth/service';
import { CHAT_TOPIC, type ChatEvent } from '../modules/chat/service';
import { NOTIFICATIONS_TOPIC, type StoredNotification } from '../modules/notifications/service';
import type { NotificationPush } from '../../shared/notification-constants';
import { readSessionToken } from '../http/request-auth';
import type { Services } from '../services';
import type { ChangeFeed } from './changes';

interface Alive {
  alive: boolean;
}

export interface ChatSockets {
  /** Closes every socket and takes this instance's staff out of the presence rows. */
  close(): Promise<void>;
  /** Connected sockets on this instance (for tests and metrics). */
  counts(): { visitors: number; staff: number };
  /** One heartbeat now (tests move the clock and call this): ping, re-check staff sessions, presence. */
  tick(): Promise<void>;
}

interface StaffSocket {
  user: CurrentUser;
  /** The session token it was opened with, re-checked on every heartbeat. */
  token: string;
  /**
   * Whether the decision lets this user answer chats, asked once at the upgrade: any change to the
   * user closes the socket (4409) and the reconnect asks again.
   */
  answers: boolean;
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

/**
 * A refusal of the decision on the staff socket: at the upgrade an HTTP status (401 for who must
 * sign in again, 403 for the rest, as the API answers), on an open socket a close code (4401: the
 * session ended, the client stops; 4403: refused, the client reconnects and the upgrade answers).
 */
export function socketRefusal(decision: Exclude<AccessDecision, { allowed: true }>): { status: number; text: string; close: number } {
  return decision.reason === 'unauthenticated' || decision.reason === 'mfa_pending'
    ? { status: 401, text: 'Unauthorized', close: 4401 }
    : { status: 403, text: 'Forbidden', close: 4403 };
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
}

export function attachChatSockets(server: http.Server, services: Services, feed: ChangeFeed, opts: ChatSocketOptions): ChatSockets {
  const log = opts.logger;
  const wss = new WebSocketServer({ noServer: true, maxPayload: 16 * 1024 });
  const visitors = new Map<string, Set<WebSocket>>();
  const staff = new Map<WebSocket, StaffSocket>();
  let closing = false;
  /** Sockets of staff who answer chats: only they get chat events, and only they make the chat "staffed". */
  const answering = () => [...staff].filter(([, s]) => s.answers);
  const answeringSockets = () => answering().map(([ws]) => ws);
  const answeringIds = () => [...new Set(answering().map(([, s]) => s.user.id))].sort();
  const send = (ws: WebSocket, event: ServerEvent | NotificationPush) => {
    if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(event));
  };
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
  const pushPresence = async () => {
    if (!visitors.size) return;
    const online = await services.chat.staffOnline();
    for (const set of visitors.values()) for (const ws of set) send(ws, { type: 'presence', staffOnline: online });
  };

  const onUpgradeSocketError = (err: Error) => log.debug({ err: err.message }, 'chat upgrade socket error');

  server.on('upgrade', (req, socket, head) => {
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://localhost');
    } catch {
      return refuse(socket, 400, 'Bad Request');
    }
    if (url.pathname !== '/ws/chat' && url.pathname !== '/ws/staff') {
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
    void (async () => {
      // Over TLS only the `__Host-` cookie counts, as for the API.
      const token = readSessionToken(req.headers.cookie, secure);
      const user = token ? await services.sessions.resolve(token) : null;
      // The admin shell's rule: signed in, staff, password current, two-factor where enforced.
      const decision = await services.access.decide(user, { area: 'admin' });
      if (!decision.allowed) {
        const { status, text } = socketRefusal(decision);
        return refuse(socket, status, text);
      }
      const answers = await services.access.can(user, { permission: 'support:answer' });
      if (socket.destroyed) return;
      wss.handleUpgrade(req, socket, head, (ws) => {
        socket.off('error', onUpgradeSocketError);
        onStaff(ws, { user: user as CurrentUser, token: token as string, answers }, clientIp);
      });
    })().catch((err: unknown) => {
      log.error({ err }, 'staff socket upgrade failed');
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
          let set = visitors.get(sessionId);
          if (!set) visitors.set(sessionId, (set = new Set()));
          set.add(ws);
          return send(ws, {
            type: 'ready',
            messages: await services.chat.history(sessionId, parsed.after ?? 0),
            staffOnline: await services.chat.staffOnline(),
          });
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
          const e = err as { code?: string; message?: string; status?: number };
          if (!e.status || e.status >= 500) log.error({ err }, 'chat message failed');
          send(ws, {
            type: 'error',
            code: e.code ?? 'internal_error',
            message: e.status && e.status < 500 ? (e.message ?? 'Refused.') : 'The message could not be stored.',
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

  function onStaff(ws: WebSocket, entry: StaffSocket, ip: string | null) {
    ws.on('error', onSocketError('staff', ip));
    (ws as unknown as Alive).alive = true;
    staff.set(ws, entry);
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
      staff.delete(ws);
      // The last one to leave: visitors see the team offline within moments, not at the next heartbeat.
      if (!closing) void syncPresence();
    });
    void syncPresence();
  }

  /**
   * Asks the decision again for every staff socket: closes those whose session has ended (idle
   * timeout, the 7-day limit, revoked, suspended) and those the admin area now refuses.
   */
  async function recheckStaffSessions() {
    await Promise.all(
      [...staff].map(async ([ws, s]) => {
        // Not a touch: an open socket is not the user doing something, so it keeps no session alive.
        const user = await services.sessions.resolve(s.token, { touch: false });
        const decision = await services.access.decide(user, { area: 'admin' });
        if (!decision.allowed)
          ws.close(
            socketRefusal(decision).close,
            decision.reason === 'unauthenticated' || decision.reason === 'mfa_pending' ? 'session ended' : decision.reason,
          );
      }),
    );
  }

  const unsubscribe = feed.subscribe(CHAT_TOPIC, (data) => {
    const event = data as ChatEvent;
    if (event.type === 'message') {
      for (const ws of visitors.get(event.message.sessionId) ?? []) send(ws, { type: 'message', message: event.message });
      for (const ws of answeringSockets()) send(ws, { type: 'message', message: event.message });
    } else if (event.type === 'typing') {
      if (event.from === 'visitor') for (const ws of answeringSockets()) send(ws, event);
      else for (const ws of visitors.get(event.sessionId) ?? []) send(ws, event);
    } else if (event.type === 'conversation') {
      for (const ws of answeringSockets()) send(ws, event);
    } else if (event.type === 'presence') {
      pushPresence().catch((err: unknown) => log.warn({ err }, 'chat presence push failed'));
    }
  });
  // The bell: staff whom the decision lets see the new entry (its audience) refresh their feed —
  // the same rule as the feed's query.
  const unsubscribeNotifications = feed.subscribe(NOTIFICATIONS_TOPIC, (data) => {
    const stored = data as StoredNotification;
    const need = audienceNeed(stored);
    void Promise.all(
      [...staff].map(async ([ws, s]) => {
        if (await services.access.can(s.user, need)) send(ws, { type: 'notification', id: stored.id });
      }),
    ).catch((err: unknown) => log.warn({ err }, 'notification push failed'));
  });
  const unsubscribeRevoked = feed.subscribe(SESSION_REVOKED_TOPIC, (data) => {
    const { userId } = data as { userId: string };
    for (const [ws, s] of staff) if (s.user.id === userId) ws.close(4401, 'session ended');
  });

  // Roles or permissions of a user changed: their sockets reconnect, and the upgrade decides again.
  const unsubscribeChanged = feed.subscribe(USER_CHANGED_TOPIC, (data) => {
    const { userId } = (data ?? {}) as { userId?: string };
    for (const [ws, s] of staff) if (!userId || s.user.id === userId) ws.close(4409, 'access changed');
  });

  async function tick() {
    for (const ws of wss.clients) {
      const a = ws as unknown as Alive;
      if (!a.alive) {
        ws.terminate();
        continue;
      }
      a.alive = false;
      ws.ping();
    }
    await recheckStaffSessions().catch((err: unknown) => log.warn({ err }, 'staff session re-check failed'));
    // Refreshes this instance's rows; another instance's rows age out when it stops refreshing them.
    await syncPresence();
    await pushPresence().catch((err: unknown) => log.warn({ err }, 'chat heartbeat failed'));
  }
  const timer = setInterval(() => void tick(), HEARTBEAT_MS);
  timer.unref();

  return {
    async close() {
      closing = true;
      clearInterval(timer);
      unsubscribe();
      unsubscribeNotifications();
      unsubscribeRevoked();
      unsubscribeChanged();
      for (const ws of wss.clients) ws.terminate();
      wss.close();
      staff.clear();
      visitors.clear();
      // This instance's staff leave the presence rows now, not when they age out.
      await syncPresence();
    },
    counts: () => ({ visitors: [...visitors.values()].reduce((n, s) => n + s.size, 0), staff: staff.size }),
    tick,
  };
}
