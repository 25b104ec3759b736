// The bell (product.md §6): one stored notifications feed that every capability writes to, read and
// unread per user. A capability stores its entry inside its own transaction (`notify`), naming its
// audience, then announces it after the commit; every instance pushes that announcement to the staff
// sockets the one decision lets see it. The feed's query applies the same rule (`usable` below).
import { and, count, desc, eq, isNull, notExists, or, sql, type SQL } from 'drizzle-orm';
import { onePage } from '../../db/paged';
import type { AdminPage } from '../../../shared/schemas/admin';
import { NOTIFICATIONS_PAGE_SIZE, type NotificationItem } from '../../../shared/notification-constants';
import type { Access, Audience, Viewer } from '../../auth/authorize';
import type { Db, DbOrTx } from '../../db/client';
import { notificationReads, notifications, users } from '../../db/schema';
import { notFound } from '../../core/errors';
import type { ChangeFeed } from '../../realtime/changes';
import { isoString } from '../../core/iso-time';
import { textArray } from '../../db/any-of';
import { jsonRows } from '../../db/json-rows';
import { preparedByShape } from '../../db/prepared';

export const NOTIFICATIONS_TOPIC = 'notifications';
/** A reader marked entries read (`{ userId }`): every instance forgets that reader's counts. */
export const NOTIFICATIONS_READ_TOPIC = 'notifications.read';
/** The longest a reader's counts are kept without a change being heard (an entry deleted with its organisation or user tells no one). */
export const FEED_COUNTS_TTL_MS = 30_000;
const FEED_COUNTS_KEPT = 10_000;

export interface NotificationInput extends Audience {
  kind: string;
  title: string;
  body?: string;
  /** Where the entry leads (an admin page). */
  link?: string | null;
}

/** What is announced on the change feed once the entry is committed: its id and audience. */
export interface StoredNotification extends Audience {
  id: number;
}

/** Who is reading: the one decision says what they see. */
export type Reader = Viewer;

export interface NotificationPage extends AdminPage<NotificationItem> {
  unreadCount: number;
}

export interface NotificationService {
  /** Stores an entry inside the caller's transaction; call `announce` with the result after the commit. */
  notify(tx: DbOrTx, input: NotificationInput): Promise<StoredNotification>;
  announce(stored: StoredNotification): Promise<void>;
  /** A page of the feed, its total and how many of all the reader's entries are unread (one query). */
  list(reader: Reader, opts?: { unreadOnly?: boolean; page?: number; pageSize?: number }): Promise<NotificationPage>;
  unreadCount(reader: Reader): Promise<number>;
  /** Marks one entry read for this reader; answers where it leads. */
  markRead(reader: Reader, id: number): Promise<{ link: string | null }>;
  markAllRead(reader: Reader): Promise<void>;
}

type Usable = Awaited<ReturnType<Access['usable']>>;

interface FeedCounts {
  total: number;
  unread: number;
  at: number;
}

export function createNotificationService(db: Db, feed: ChangeFeed, access: Access, now: () => number = Date.now): NotificationService {
  /** What the feed shows of an entry (with whether the reader read it). */
  const feedColumns = {
    id: notifications.id,
    kind: notifications.kind,
    title: notifications.title,
    body: notifications.body,
    link: notifications.link,
    createdAt: notifications.createdAt,
  };
  /**
   * The audience rule of `authorize(reader, audienceNeed(entry))` as SQL: a permission the reader may
   * use over everything (`any`), or over their organisation's entries (`own`); an entry for one user
   * is theirs alone. From the day the account was created (no backlog for newcomers). `shape` says
   * which permissions the reader has; `v` gives the reader's values, or placeholders for a prepared page.
   */
  type RuleShape = { any: boolean; own: boolean };
  type RuleValues = { readerId: unknown; any: unknown; own: unknown; organisationId: unknown };
  const audienceRule = (shape: RuleShape, v: RuleValues): SQL => {
    const scoped: SQL[] = [];
    if (shape.any) scoped.push(sql`${notifications.permission} = any(${v.any}::text[])`);
    if (shape.own)
      scoped.push(and(sql`${notifications.permission} = any(${v.own}::text[])`, sql`${notifications.organisationId} = ${v.organisationId}`) as SQL);
    return and(
      scoped.length ? or(...scoped) : sql`false`,
      or(isNull(notifications.userId), sql`${notifications.userId} = ${v.readerId}`),
      sql`${notifications.createdAt} >= (select ${users.createdAt} from ${users} where ${users.id} = ${v.readerId})`,
    ) as SQL;
  };
  const shapeOf = (reader: Reader, usable: Usable): RuleShape => ({ any: usable.any.length > 0, own: usable.own.length > 0 && Boolean(reader.organisationId) });
  const valuesOf = (reader: Reader, usable: Usable): RuleValues => ({
    readerId: reader.id,
    any: textArray(usable.any),
    own: textArray(usable.own),
    organisationId: reader.organisationId ?? null,
  });
  const visibleTo = async (reader: Reader, usable?: Usable): Promise<SQL> => {
    usable ??= await access.usable(reader);
    return audienceRule(shapeOf(reader, usable), valuesOf(reader, usable));
  };
  /** Whether the reader (an id, or a placeholder) has read the entry. */
  const readBy = (readerId: unknown) =>
    db
      .select({ one: sql`1` })
      .from(notificationReads)
      .where(and(eq(notificationReads.notificationId, notifications.id), sql`${notificationReads.userId} = ${readerId}`));
  const unread = async (reader: Reader, usable?: Usable) => and(await visibleTo(reader, usable), notExists(readBy(reader.id)));

  /**
   * A page of the feed while the reader's counts are kept (every page after the first request): the
   * same rule, prepared once per shape (and whether only the unread), its values and the page bound.
   */
  const keptPage = preparedByShape((shape: RuleShape & { unreadOnly: boolean }) => {
    const readerId = sql.placeholder('readerId');
    const visible = audienceRule(shape, {
      readerId,
      any: sql.placeholder('any'),
      own: sql.placeholder('own'),
      organisationId: sql.placeholder('organisationId'),
    });
    return jsonRows(
      db
        .select({ ...feedColumns, read: sql<boolean>`exists (${readBy(readerId)})` })
        .from(notifications)
        .where(shape.unreadOnly ? and(visible, notExists(readBy(readerId))) : visible)
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset')),
    );
  });

  /*
   * A reader's two numbers (all they see, and unread) are asked for with every page of the feed,
   * and counting them reads every entry the reader sees (a year of a brand's entries: thousands),
   * while they change only when an entry arrives or the reader reads. So they are kept per reader
   * and what they may see (the key), until anything is heard that could change them: an entry
   * announced on any instance, or this reader's reads (published, so every instance forgets them),
   * and for FEED_COUNTS_TTL_MS at most. A count taken while a change was heard is not kept (the
   * generation moved on); the page's rows are always read.
   */
  const kept = new Map<string, FeedCounts>();
  let generation = 0;
  const forget = (userId?: string) => {
    generation++;
    if (userId === undefined) kept.clear();
    else for (const key of kept.keys()) if (key.startsWith(`${userId} `)) kept.delete(key);
  };
  feed.subscribe(NOTIFICATIONS_TOPIC, () => forget());
  feed.subscribe(NOTIFICATIONS_READ_TOPIC, (data) => forget((data as { userId?: string } | undefined)?.userId));
  const keyOf = (reader: Reader, usable: Usable) => `${reader.id} ${reader.organisationId ?? '-'} ${usable.any.join(',')} ${usable.own.join(',')}`;
  const keptFor = (key: string) => {
    const counts = kept.get(key);
    return counts && now() - counts.at < FEED_COUNTS_TTL_MS ? counts : undefined;
  };
  const keep = (key: string, since: number, counts: Omit<FeedCounts, 'at'>) => {
    if (since !== generation) return;
    if (kept.size >= FEED_COUNTS_KEPT) kept.clear();
    kept.set(key, { ...counts, at: now() });
  };
  const readsChanged = (reader: Reader) => feed.publish(NOTIFICATIONS_READ_TOPIC, { userId: reader.id });

  async function unreadCount(reader: Reader, usable?: Usable): Promise<number> {
    usable ??= await access.usable(reader);
    const counts = keptFor(keyOf(reader, usable));
    if (counts) return counts.unread;
    const [row] = await db
      .select({ n: count() })
      .from(notifications)
      .where(await unread(reader, usable));
    return row?.n ?? 0;
  }

  return {
    async notify(tx, input) {
      const [row] = await tx
        .insert(notifications)
        .values({
          kind: input.kind,
          title: input.title,
          body: input.body ?? '',
          link: input.link ?? null,
          permission: input.permission,
          organisationId: input.organisationId ?? null,
          userId: input.userId ?? null,
        })
        .returning({ id: notifications.id, permission: notifications.permission, organisationId: notifications.organisationId, userId: notifications.userId });
      return row as StoredNotification;
    },

    announce: (stored) => feed.publish(NOTIFICATIONS_TOPIC, stored),

    async list(reader, { unreadOnly = false, page = 1, pageSize = NOTIFICATIONS_PAGE_SIZE } = {}) {
      // What the reader may use, asked once: the entries' rule and the counts' key both follow it.
      const usable = await access.usable(reader);
      const items = <T extends { createdAt: Date }>(rows: T[]) => rows.map((r) => ({ ...r, createdAt: isoString(r.createdAt) }));
      const key = keyOf(reader, usable);
      const counts = keptFor(key);
      if (counts) {
        const rows = await keptPage({ ...shapeOf(reader, usable), unreadOnly }).execute({
          ...valuesOf(reader, usable),
          limit: pageSize,
          offset: (page - 1) * pageSize,
        });
        return { items: items(rows), page, pageSize, total: unreadOnly ? counts.unread : counts.total, unreadCount: counts.unread };
      }
      const visible = await visibleTo(reader, usable);
      const where = unreadOnly ? and(visible, notExists(readBy(reader.id))) : visible;
      const columns = { ...feedColumns, read: sql<boolean>`exists (${readBy(reader.id)})` };
      const order = [desc(notifications.createdAt), desc(notifications.id)] as const;
      // The total and the bell's number from one scan of what the reader sees, joined to what they
      // have read (two counts scanned it twice), computed once and carried by every row of the page.
      const since = generation;
      const mine = and(eq(notificationReads.notificationId, notifications.id), eq(notificationReads.userId, reader.id));
      const countsCte = db.$with('counts').as(
        db
          .select({
            total: sql<number>`count(*)::int`.as('total'),
            unread: sql<number>`(count(*) filter (where ${notificationReads.notificationId} is null))::int`.as('unread'),
          })
          .from(notifications)
          .leftJoin(notificationReads, mine)
          .where(unreadOnly ? and(visible, isNull(notificationReads.notificationId)) : visible),
      );
      const { rows, total } = await onePage(
        db
          .with(countsCte)
          .select({ ...columns, matched: countsCte.total, unread: countsCte.unread })
          .from(notifications)
          .crossJoin(countsCte)
          .where(where)
          .orderBy(...order),
        { page, pageSize },
      );
      // Past the last page no row carries the unread count: then it is asked for on its own.
      const unread = rows[0] ? rows[0].unread : total ? await unreadCount(reader, usable) : 0;
      if (!unreadOnly) keep(key, since, { total, unread });
      return { items: items(rows.map(({ unread: _unread, ...r }) => r)), page, pageSize, total, unreadCount: unread };
    },

    unreadCount,

    async markRead(reader, id) {
      const [visible] = await db
        .select({ link: notifications.link })
        .from(notifications)
        .where(and(eq(notifications.id, id), await visibleTo(reader)));
      if (!visible) throw notFound('Notification');
      await db.insert(notificationReads).values({ notificationId: id, userId: reader.id }).onConflictDoNothing();
      await readsChanged(reader);
      return visible;
    },

    async markAllRead(reader) {
      await db
        .insert(notificationReads)
        .select(
          db
            .select({ notificationId: notifications.id, userId: sql<string>`${reader.id}::uuid`.as('user_id'), readAt: sql<Date>`now()`.as('read_at') })
            .from(notifications)
            .where(await unread(reader)),
        )
        .onConflictDoNothing();
      await readsChanged(reader);
    },
  };
}
