// The admin area's live connection (`/ws/staff`, the live channel with the admin shell's rule): chat
// events from any instance reach staff who answer chats here, the bell's signal for a new
// notification and `changed` signals reach staff their audience admits. Pages refresh their data
// from the server (revalidate) rather than patching it, so the server stays the source.
import type { LivePush } from '@shared/live-events';
import type { ServerEvent } from '@shared/schemas/chat';
import { useLiveSocket } from '~/lib/live-socket';

/** Chat events, the bell's signal that a new notification was stored, and `changed` signals. */
export type StaffEvent = ServerEvent | LivePush;

export function useStaffSocket(enabled: boolean, onEvent: (event: StaffEvent) => void): { typing(sessionId: string): void } {
  const socket = useLiveSocket<StaffEvent>('/ws/staff', enabled, (event) =>
    // Anything missed while disconnected is picked up by one refresh of the inbox and the bell.
    onEvent(event.type === 'resync' ? { type: 'conversation', sessionId: '' } : event),
  );
  return {
    typing(sessionId) {
      socket.send({ type: 'typing', sessionId });
    },
  };
}
