// The bell: one stored notifications feed, read/unread per user, pushed live. (Filled by the inquiries work.)
import type { Db } from '../../db/client';
import type { ChangeFeed } from '../../realtime/changes';

// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface NotificationService {}

export function createNotificationService(_db: Db, _feed: ChangeFeed): NotificationService {
  return {};
}
