// A signed-in user's live connection (docs/decisions/017-the-live-channel-and-the-bell.md): one WebSocket with
// the spec §9 reconnect backoff. Events are signals (a notification arrived, something changed);
// pages refresh their data from the server (revalidate) rather than patch it, so the server stays
// the source. After a reconnect the caller is told to resync: anything missed while disconnected
// is picked up by one refresh.
import { useEffect, useRef } from 'react';
import { RECONNECT_BACKOFF_MS } from '@shared/schemas/chat';

/** What the hook adds to the server's events: reconnected (or refused again and again) — refresh once. */
export interface ResyncSignal {
  type: 'resync';
}

export function useLiveSocket<E>(path: string, enabled: boolean, onEvent: (event: E | ResyncSignal) => void): { send(message: unknown): void } {
  const handler = useRef(onEvent);
  const socket = useRef<WebSocket | null>(null);
  useEffect(() => {
    handler.current = onEvent;
  });
  useEffect(() => {
    if (!enabled) return;
    let closed = false;
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const connect = () => {
      const ws = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${path}`);
      socket.current = ws;
      ws.onopen = () => {
        if (attempt > 0) handler.current({ type: 'resync' });
        attempt = 0;
      };
      ws.onmessage = (e) => {
        try {
          handler.current(JSON.parse(String(e.data)) as E);
        } catch {
          // Not JSON: nothing the server sends.
        }
      };
      ws.onclose = (e) => {
        if (closed) return;
        // Closed because a session of this user ended — a sign-out here (already navigating away), a
        // master admin suspending, deleting or signing the person out, or "sign out other sessions":
        // one refresh at once, so the server's guard sends this page to sign-in if its own session is
        // the one that ended (during a navigation it waits for it); otherwise the socket comes back.
        if (e.code === 4401) handler.current({ type: 'resync' });
        // Refused again and again (session over, access gone): one refresh lets the server's guard
        // decide — it redirects to sign-in — instead of retrying quietly forever.
        if (attempt === 3) handler.current({ type: 'resync' });
        timer = setTimeout(connect, RECONNECT_BACKOFF_MS[Math.min(attempt++, RECONNECT_BACKOFF_MS.length - 1)]);
      };
    };
    connect();
    return () => {
      closed = true;
      clearTimeout(timer);
      socket.current?.close();
    };
  }, [enabled, path]);
  return {
    send(message) {
      if (socket.current?.readyState === WebSocket.OPEN) socket.current.send(JSON.stringify(message));
    },
  };
}
