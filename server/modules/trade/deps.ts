import type { Access } from '../../auth/authorize';
import type { Db } from '../../db/client';
import type { Mailer } from '../../mail/mailer';
import type { Live } from '../../realtime/live';
import type { NotificationService } from '../notifications';

/** What every trade service is built with (services.ts); a service adds what else it needs. */
export interface TradeDeps {
  db: Db;
  access: Access;
  notifications: NotificationService;
  mailer: Mailer;
  /** The live channel: the parties' open pages hear that a record changed. */
  live?: Live;
  /** Where links in emails point (PUBLIC_ORIGIN, else the local address). */
  origin: string;
  now?: () => number;
}
