// The bell's feed as both sides see it: the live push to staff sockets and one entry of the list.
/** Pushed to a staff socket when a notification its user may see was stored (any instance). */
export interface NotificationPush {
  type: 'notification';
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

const stamp = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });

/** A time for the staff screens, in UTC: the server's render and the browser's hydration agree. */
export function formatUtc(value: string | Date): string {
  return `${stamp.format(new Date(value))} UTC`;
}
