// The live channel's wire contract (docs/decisions/017-the-live-channel-and-the-bell.md): what a signed-in
// user's socket (`/ws/live`; the admin shell's `/ws/staff`) may be sent. Every event is filtered per
// socket by the one decision; an event carries what changed, never the record itself — the page
// revalidates and its loader, scoped by the same decision, reads it.
import type { NotificationPush } from './notification-constants';

export type { NotificationPush } from './notification-constants';

/** Every signed-in user's socket (partners, staff, customers: each gets what the decision allows). */
export const LIVE_SOCKET_PATH = '/ws/live';

/**
 * Something a reader may see changed (a marketing request, later an order): `topic` names the kind,
 * `id` the record when there is one. Sent to the sockets whose user one of the signal's audiences
 * admits (server/realtime/live-sockets.ts `LiveSignal`).
 */
export interface ChangedPush {
  type: 'changed';
  topic: string;
  id: string | number | null;
}

/** A refused or unreadable message from the client. */
export interface LiveErrorPush {
  type: 'error';
  code: string;
  message: string;
}

export type LivePush = NotificationPush | ChangedPush | LiveErrorPush;
