// The admin area's live connection: chat events from any instance reach staff who answer chats here,
// and the bell's signal for a new notification reaches staff who may see it. Pages refresh their
// data from the server (revalidate) rather than patching it, so the server stays the source.
import { useEffect, useRef } from 'react';
import type { NotificationPush } from '@shared/notification-constants';
import { RECONNECT_BACKOFF_MS, type ServerEvent } from '@shared/schemas/chat';

/** Chat events, and the bell's signal that a new notification was stored. */
export type StaffEvent = ServerEvent | NotificationPush;

export function useStaffSocket(enabled: boolean, onEvent: (event: StaffEvent) => void): { typing(sessionId: string): void } {
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
      const ws = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws/staff`);
      socket.current = ws;
      ws.onopen = () => {
        // Anything missed while disconnected is picked up by one refresh.
        if (attempt > 0) handler.current({ type: 'conversation', sessionId: '' });
        attempt = 0;
      };
      ws.onmessage = (e) => handler.current(JSON.parse(String(e.data)) as StaffEvent);
      ws.onclose = (e) => {
        if (closed) return;
        // Closed because this session ended (usually a sign-out already navigating away): stop.
        if (e.code === 4401) return;
        // Refused again and again (session over, permission gone): one refresh lets the server's
        // guard decide — it redirects to sign-in — instead of retrying quietly forever.
        if (attempt === 3) handler.current({ type: 'conversation', sessionId: '' });
        timer = setTimeout(connect, RECONNECT_BACKOFF_MS[Math.min(attempt++, RECONNECT_BACKOFF_MS.length - 1)]);
      };
    };
    connect();
    return () => {
      closed = true;
      clearTimeout(timer);
      socket.current?.close();
    };
  }, [enabled]);
  return {
    typing(sessionId) {
      if (socket.current?.readyState === WebSocket.OPEN) socket.current.send(JSON.stringify({ type: 'typing', sessionId }));
    },
  };
}
