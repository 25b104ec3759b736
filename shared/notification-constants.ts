// The bell's feed as both sides see it: the live push to staff sockets and one entry of the list.
/** Pushed to a staff socket when a notification its user may see was stored (any instance). */
export interface NotificationPush {
  type: 'notification';
  /** The new entry (the page refreshes its feed; the id says which one arrived). */
  id: number;
}

export interface NotificationItem {
  id: number;
  kind: string;
  title: string;
  body: string;
  link: string | null;
  createdAt: string;
  read: boolean;
}

/** How many the top bar's loader brings along. */
export const NOTIFICATIONS_LATEST = 5;
export const NOTIFICATIONS_PAGE_SIZE = 25;
