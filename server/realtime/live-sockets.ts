// The live channel of signed-in users: the sockets of `/ws/live` (anyone signed in) and `/ws/staff`
// (the admin area), admitted by the one decision at the upgrade and asked again at every heartbeat.
// Every event is filtered per socket by that decision: a notification goes to whom its audience
// admits (a partner: its own organisation's entries, or its own), a `changed` signal likewise,
// chat events only to staff who answer chats (chat-sockets.ts sends those). The wire shapes are
// shared/live-events.ts.
import { WebSocket } from 'ws';
import type { Logger } from 'pino';
import type { AccessDecision, AccessNeed } from '../../shared/policy';
import type { LivePush } from '../../shared/live-events';
import { audienceNeed } from '../auth/authorize';
import { concerns, type CurrentUser, USER_CHANGED_TOPIC, SESSION_REVOKED_TOPIC } from '../modules/auth';
import { SECURITY_SETTINGS_TOPIC } from '../modules/security';
import { NOTIFICATIONS_TOPIC, type StoredNotification } from '../modules/notifications';
import type { Services } from '../services';
import type { ChangeFeed } from './changes';
import { LIVE_TOPIC, type LiveSignal } from './live';

export interface LiveSocket {
  user: CurrentUser;
  /** The session token it was opened with, re-checked on every heartbeat. */
  token: string;
  /** What admitted it (`{ signedIn: true }` on /ws/live, `{ area: 'admin' }` on /ws/staff), asked again at each heartbeat. */
  admit: AccessNeed;
  /**
   * Whether the decision lets this user answer chats, asked once at the upgrade: any change to the
   * user closes the socket (4409) and the reconnect asks again.
   */
  answers: boolean;
}

/**
 * A refusal of the decision on a live socket: its kind (`unauthenticated` for who must sign in
 * again, `forbidden` for the rest — the upgrade answers it as the API does), and on an open socket a
 * close code (4401: the session ended, the client stops; 4403: refused, the client reconnects and
 * the upgrade answers).
 */
export function socketRefusal(decision: Exclude<AccessDecision, { allowed: true }>): { kind: 'unauthenticated' | 'forbidden'; close: number } {
  return decision.reason === 'unauthenticated' || decision.reason === 'mfa_pending'
    ? { kind: 'unauthenticated', close: 4401 }
    : { kind: 'forbidden', close: 4403 };
}

export interface LiveHub {
  add(ws: WebSocket, entry: LiveSocket): void;
  remove(ws: WebSocket): void;
  /** Sockets of staff who answer chats: only they get chat events, and only they make the chat "staffed". */
  answering(): WebSocket[];
  answeringIds(): string[];
  size(): number;
  /** Asks the decision again for every socket; closes those whose session ended or that it now refuses. */
  recheck(): Promise<void>;
  /** Resolves once every push under way has been handed to its sockets (tests). */
  flush(): Promise<void>;
  close(): void;
}

export function createLiveHub(services: Services, feed: ChangeFeed, log: Logger): LiveHub {
  const sockets = new Map<WebSocket, LiveSocket>();
  const pending = new Set<Promise<unknown>>();
  const send = (ws: WebSocket, event: LivePush) => {
    if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(event));
  };

  /** The event to every socket whose user one of `needs` admits (each socket at most once). */
  const fanOut = (needs: AccessNeed[], event: LivePush) => {
    const work = Promise.all(
      [...sockets].map(async ([ws, s]) => {
        for (const need of needs) {
          if (await services.access.can(s.user, need)) return send(ws, event);
        }
      }),
    ).catch((err: unknown) => log.warn({ err, event: event.type }, 'live push failed'));
    pending.add(work);
    void work.finally(() => pending.delete(work));
  };

  const unsubscribe = [
    // The bell: whom the decision lets see the new entry (its audience) refresh their feed — the same
    // rule as the feed's query.
    feed.subscribe(NOTIFICATIONS_TOPIC, (data) => {
      const stored = data as StoredNotification;
      fanOut([audienceNeed(stored)], { type: 'notification', id: stored.id });
    }),
    feed.subscribe(LIVE_TOPIC, (data) => {
      const signal = data as LiveSignal;
      if (!signal || typeof signal.topic !== 'string' || !Array.isArray(signal.audiences)) return;
      fanOut(signal.audiences.map(audienceNeed), { type: 'changed', topic: signal.topic, id: signal.id ?? null });
    }),
    feed.subscribe(SESSION_REVOKED_TOPIC, (data) => {
      const { userId } = data as { userId: string };
      for (const [ws, s] of sockets) if (s.user.id === userId) ws.close(4401, 'session ended');
    }),
    // Roles, permissions or the organisation's standing changed: the socket reconnects, the upgrade
    // decides again and the page refreshes what it shows.
    // A role's permissions changed: its holders' sockets alike.
    feed.subscribe(USER_CHANGED_TOPIC, (data) => {
      for (const [ws, s] of sockets) if (concerns(data, s.user)) ws.close(4409, 'access changed');
    }),
    // The Access Control settings changed (two-factor required, say): every socket is asked again now,
    // not at its next heartbeat.
    feed.subscribe(SECURITY_SETTINGS_TOPIC, () => {
      void hub.recheck().catch((err: unknown) => log.warn({ err }, 'live re-check after a settings change failed'));
    }),
  ];

  const answeringEntries = () => [...sockets].filter(([, s]) => s.answers);

  const hub: LiveHub = {
    add: (ws, entry) => void sockets.set(ws, entry),
    remove: (ws) => void sockets.delete(ws),
    answering: () => answeringEntries().map(([ws]) => ws),
    answeringIds: () => [...new Set(answeringEntries().map(([, s]) => s.user.id))].sort(),
    size: () => sockets.size,
    async recheck() {
      await Promise.all(
        [...sockets].map(async ([ws, s]) => {
          // Not a touch: an open socket is not the user doing something, so it keeps no session alive.
          const user = await services.sessions.resolve(s.token, { touch: false });
          const decision = await services.access.decide(user, s.admit);
          if (!decision.allowed)
            ws.close(
              socketRefusal(decision).close,
              decision.reason === 'unauthenticated' || decision.reason === 'mfa_pending' ? 'session ended' : decision.reason,
            );
        }),
      );
    },
    async flush() {
      while (pending.size) await Promise.all([...pending]);
    },
    close() {
      for (const off of unsubscribe) off();
      sockets.clear();
    },
  };
  return hub;
}
