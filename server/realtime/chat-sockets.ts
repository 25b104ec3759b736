// WebSockets of the support chat, on the app's own HTTP server: /ws/chat for visitors (id + secret),
// /ws/staff for the admin area (session cookie, the shell's checks): chat events go to staff with
// support:answer, the bell's signal to staff holding the notification's permission. Delivery goes
// through the change feed, so a message stored by any instance reaches the sockets of every
// instance; this instance's own messages take the same path.
import type http from 'node:http';
import type { Duplex } from 'node:stream';
import type { Logger } from 'pino';
import { WebSocket, WebSocketServer } from 'ws';
import { hasAdminAccess } from '../../shared/policy';
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
  close(): void;
  /** Connected sockets on this instance (for tests and metrics). */
  counts(): { visitors: number; staff: number };
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

export function attachChatSockets(server: http.Server, services: Services, feed: ChangeFeed, opts: { instanceId: string; logger: Logger; allowedOrigins: string[] }): ChatSockets {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 16 * 1024 });
  const visitors = new Map<string, Set<WebSocket>>();
  const staff = new Map<WebSocket, CurrentUser>();
  /** Sockets of staff who answer chats: only they get chat events, and only they make the chat "staffed". */
  const answering = () => [...staff].filter(([, u]) => u.permissions.includes('support:answer'));
  const answeringSockets = () => answering().map(([ws]) => ws);
  const answeringIds = () => answering().map(([, u]) => u.id);
  const send = (ws: WebSocket, event: ServerEvent | NotificationPush) => {
    if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(event));
  };

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
    // Cross-site WebSocket hijacking: a browser names the page's origin; it must be ours.
    if (!sameOrigin(req, opts.allowedOrigins)) return refuse(socket, 403, 'Forbidden');
    if (url.pathname === '/ws/chat') {
      wss.handleUpgrade(req, socket, head, (ws) => onVisitor(ws, req));
      return;
    }
    void (async () => {
      const token = readSessionToken(req.headers.cookie);
      const user = token ? await services.sessions.resolve(token) : null;
      if (!user || user.mfaPending) return refuse(socket, 401, 'Unauthorized');
      if (!hasAdminAccess(user.roles)) return refuse(socket, 403, 'Forbidden');
      if (user.requiresPasswordReset) return refuse(socket, 403, 'Forbidden');
      if (!user.twoFactorEnabled && (await services.settings.get()).requireTwoFactorForStaff) return refuse(socket, 403, 'Forbidden');
      wss.handleUpgrade(req, socket, head, (ws) => onStaff(ws, user));
    })().catch((err: unknown) => {
      opts.logger.error({ err }, 'staff socket upgrade failed');
      refuse(socket, 500, 'Internal Server Error');
    });
  });

  function onVisitor(ws: WebSocket, req: http.IncomingMessage) {
    (ws as unknown as Alive).alive = true;
    ws.on('pong', () => ((ws as unknown as Alive).alive = true));
    let sessionId: string | null = null;
    let lastTyping = 0;
    const ip = req.socket.remoteAddress ?? null;
    ws.on('message', (data) => {
      void (async () => {
        let parsed;
        try {
          parsed = visitorClientMessage.parse(JSON.parse(String(data)));
        } catch {
          return send(ws, { type: 'error', code: 'bad_message', message: 'The message could not be read.' });
        }
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
          return send(ws, { type: 'ready', messages: await services.chat.history(sessionId, parsed.after ?? 0), staffOnline: await services.chat.staffOnline() });
        }
        if (!sessionId) return send(ws, { type: 'error', code: 'unauthenticated', message: 'Say who you are first.' });
        if (parsed.type === 'typing') {
          // At most one typing signal every 2 seconds per socket.
          if (Date.now() - lastTyping < 2000) return;
          lastTyping = Date.now();
          return void (await services.chat.typing(sessionId, 'visitor'));
        }
        const input = visitorSend.safeParse(parsed);
        if (!input.success) return send(ws, { type: 'error', code: 'validation_failed', message: input.error.issues[0]?.message ?? 'Invalid message.', clientId: parsed.clientId });
        try {
          const { message } = await services.chat.postVisitorMessage(sessionId, input.data, ip);
          send(ws, { type: 'ack', clientId: input.data.clientId, message });
        } catch (err) {
          const e = err as { code?: string; message?: string; status?: number };
          if (!e.status || e.status >= 500) opts.logger.error({ err }, 'chat message failed');
          send(ws, { type: 'error', code: e.code ?? 'internal_error', message: e.status && e.status < 500 ? (e.message ?? 'Refused.') : 'The message could not be stored.', clientId: input.data.clientId });
        }
      })();
    });
    ws.on('close', () => {
      if (!sessionId) return;
      const set = visitors.get(sessionId);
      set?.delete(ws);
      if (set && set.size === 0) visitors.delete(sessionId);
    });
  }

  function onStaff(ws: WebSocket, user: CurrentUser) {
    (ws as unknown as Alive).alive = true;
    staff.set(ws, user);
    ws.on('pong', () => ((ws as unknown as Alive).alive = true));
    let lastTyping = 0;
    ws.on('message', (data) => {
      if (!user.permissions.includes('support:answer')) {
        return send(ws, { type: 'error', code: 'forbidden', message: 'Answering support chats needs the support:answer permission.' });
      }
      try {
        const parsed = staffClientMessage.parse(JSON.parse(String(data)));
        if (Date.now() - lastTyping < 2000) return;
        lastTyping = Date.now();
        void services.chat.typing(parsed.sessionId, 'staff');
      } catch {
        send(ws, { type: 'error', code: 'bad_message', message: 'The message could not be read.' });
      }
    });
    ws.on('close', () => staff.delete(ws));
    void services.chat.heartbeat(opts.instanceId, answeringIds());
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
    }
  });
  // The bell: staff who may see the new entry refresh their feed.
  const unsubscribeNotifications = feed.subscribe(NOTIFICATIONS_TOPIC, (data) => {
    const { permission } = data as StoredNotification;
    for (const [ws, u] of staff) if (u.permissions.includes(permission)) send(ws, { type: 'notification' });
  });
  const unsubscribeRevoked = feed.subscribe(SESSION_REVOKED_TOPIC, (data) => {
    const { userId } = data as { userId: string };
    for (const [ws, u] of staff) if (u.id === userId) ws.close(4401, 'session ended');
  });

  // Roles or permissions of a user changed: their sockets reconnect, and the upgrade decides again.
  const unsubscribeChanged = feed.subscribe(USER_CHANGED_TOPIC, (data) => {
    const { userId } = (data ?? {}) as { userId?: string };
    for (const [ws, u] of staff) if (!userId || u.id === userId) ws.close(4409, 'access changed');
  });

  const timer = setInterval(() => {
    for (const ws of wss.clients) {
      const a = ws as unknown as Alive;
      if (!a.alive) {
        ws.terminate();
        continue;
      }
      a.alive = false;
      ws.ping();
    }
    void (async () => {
      await services.chat.heartbeat(opts.instanceId, answeringIds());
      const online = await services.chat.staffOnline();
      for (const set of visitors.values()) for (const ws of set) send(ws, { type: 'presence', staffOnline: online });
    })().catch((err: unknown) => opts.logger.warn({ err }, 'chat heartbeat failed'));
  }, HEARTBEAT_MS);
  timer.unref();

  return {
    close() {
      clearInterval(timer);
      unsubscribe();
      unsubscribeNotifications();
      unsubscribeRevoked();
      unsubscribeChanged();
      for (const ws of wss.clients) ws.terminate();
      wss.close();
    },
    counts: () => ({ visitors: [...visitors.values()].reduce((n, s) => n + s.size, 0), staff: staff.size }),
  };
}
