// Support chat: anonymous conversations (id + secret), messages stored before they are acknowledged
// and idempotent by client id, the staff inbox (assign, close, reopen, read), canned replies and
// staff presence. Every stored message is published on the change feed for live delivery.
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { ChatMessage } from '../../../shared/schemas/chat';
import { CHAT_RATE_PER_IP, CHAT_RATE_PER_SESSION, CHAT_STARTS_PER_IP } from '../../../shared/schemas/chat';
import { type Db, statementRows } from '../../db/client';
import { cannedReplies, chatMessages, chatPresence, chatSessions, profiles, users } from '../../db/schema';
import { AppError, pgError } from '../../core/errors';
import { createRateLimiter, hitsInStatement } from '../../core/rate-limit';
import { hashToken, newToken } from '../../auth/tokens';
import type { ChangeFeed } from '../../realtime/changes';
import { type Actor } from '../../core/actor';
import { recordAudit } from '../audit';

export const CHAT_TOPIC = 'chat';
/** A staff member counts as online while an instance saw their inbox socket this recently. */
const PRESENCE_FRESH_MS = 75_000;
/** PostgreSQL refuses a NOTIFY payload of 8,000 bytes or more; this leaves room for the envelope and the id. */
const NOTIFY_MAX_BYTES = 7_800;

export type ChatEvent =
  /** A stored message; its conversation changed too (last message, assignee): no separate `conversation` event follows. */
  | { type: 'message'; message: ChatMessage }
  | { type: 'typing'; sessionId: string; from: 'visitor' | 'staff' }
  | { type: 'conversation'; sessionId: string }
  /** An instance went from no staff to some, or back: every instance pushes presence to its visitors. */
  | { type: 'presence' };

type Row = typeof chatMessages.$inferSelect;

function toMessage(row: Row, staffName: string | null): ChatMessage {
  return {
    id: row.id,
    content: row.content,
    sessionId: row.sessionId,
    userId: row.userId as ChatMessage['userId'],
    clientId: row.clientId,
    staffName,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  };
}

export function createChatService(db: Db, feed: ChangeFeed, now: () => number = Date.now, limits: { startsPerIp?: number } = {}) {
  // Shared by every instance (the rate_limits table): a visitor's socket may land on any of them.
  const perSession = createRateLimiter(db, { name: 'chat-session', limit: CHAT_RATE_PER_SESSION, windowMs: 60_000, now, what: 'messages in a minute' });
  const perIp = createRateLimiter(db, { name: 'chat-ip', limit: CHAT_RATE_PER_IP, windowMs: 60_000, now, what: 'messages from your network in a minute' });
  const starts = createRateLimiter(db, {
    name: 'chat-start',
    limit: limits.startsPerIp ?? CHAT_STARTS_PER_IP,
    windowMs: 60 * 60_000,
    now,
    what: 'new conversations from your network',
  });
  const publish = (event: ChatEvent) => feed.publish(CHAT_TOPIC, event);

  async function staffNames(ids: (string | null)[]): Promise<Map<string, string>> {
    const wanted = [...new Set(ids.filter((x): x is string => !!x))];
    if (!wanted.length) return new Map();
    const rows = await db.select({ id: profiles.id, firstName: profiles.firstName }).from(profiles).where(inArray(profiles.id, wanted));
    return new Map(rows.map((r) => [r.id, r.firstName]));
  }

  /**
   * Stores a message (once per client id) with what it changes — its conversation, an audit row —
   * and its live delivery in one statement, `statement(notify)`: its CTE `m` inserts the message
   * (returning its id, or nothing for a resend) and its select list holds `notify`. One round trip
   * and one commit a message, a prepared statement on PostgreSQL (its text is the same at each
   * call), the notification going out with that commit (`ChangeFeed.publishFrom`): no one hears of a
   * message that was not stored.
   * A resend stores and publishes nothing; it is answered with the stored message.
   */
  async function storeMessage(
    statement: (notify: string) => string,
    message: Omit<ChatMessage, 'id'>,
    values: unknown[],
    /** The rate limits the statement counted (`hitsInStatement`): refused when one was exceeded. */
    limits?: { refused(rows: unknown): AppError | null },
  ): Promise<{ message: ChatMessage; duplicate: boolean }> {
    // The event with the id still to come: the statement writes the message's id into it. `{"id":0,`
    // occurs once: every string in it is JSON-escaped, so no quote stands bare inside one.
    const template = JSON.stringify({ type: 'message', message: { id: 0, ...message } } satisfies ChatEvent);
    if (Buffer.byteLength(template) > NOTIFY_MAX_BYTES) {
      throw new AppError('validation_failed', 'invalid', 'This message cannot be sent: remove unusual characters from it.');
    }
    const text = (notify: (data: string) => string) => statement(notify(`replace($${values.length + 1}::text, '{"id":0,', '{"id":' || m.id || ',')`));
    const stored = await feed.publishFrom(CHAT_TOPIC, async (notify) => {
      const [row] = await statementRows<{ id: number | null; hits?: unknown }>(db, text(notify), [...values, template]);
      if (row && limits) {
        const refused = limits.refused(row.hits);
        if (refused) throw refused;
      }
      return row?.id != null
        ? { result: { ...message, id: row.id }, data: { type: 'message', message: { ...message, id: row.id } } satisfies ChatEvent }
        : { result: null };
    });
    if (stored) return { message: stored, duplicate: false };
    const [existing] = await db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.sessionId, message.sessionId), eq(chatMessages.clientId, message.clientId)));
    return { message: toMessage(existing as Row, message.staffName), duplicate: true };
  }

  return {
    /** A new conversation: CHAT_STARTS_PER_IP an hour per address. */
    async startSession(ip: string | null): Promise<{ sessionId: string; secret: string }> {
      await starts.hit(ip ?? 'unknown');
      const sessionId = randomUUID();
      const secret = newToken(24);
      await db.insert(chatSessions).values({ id: sessionId, secretHash: hashToken(secret), ipAddress: ip, createdAt: new Date(now()) });
      return { sessionId, secret };
    },

    /** Only the holder of the secret reads or writes a conversation. */
    async verifyVisitor(sessionId: string, secret: string): Promise<void> {
      const [row] = await db.select({ secretHash: chatSessions.secretHash }).from(chatSessions).where(eq(chatSessions.id, sessionId));
      if (!row || row.secretHash !== hashToken(secret)) throw new AppError('chat_forbidden', 'forbidden', 'This conversation is not yours.');
    },

    async history(sessionId: string, after = 0): Promise<ChatMessage[]> {
      const rows = await db
        .select()
        .from(chatMessages)
        .where(and(eq(chatMessages.sessionId, sessionId), gt(chatMessages.id, after)))
        .orderBy(asc(chatMessages.id))
        .limit(500);
      const names = await staffNames(rows.map((r) => r.staffId));
      return rows.map((r) => toMessage(r, r.staffId ? (names.get(r.staffId) ?? null) : null));
    },

    async postVisitorMessage(sessionId: string, input: { clientId: string; content: string; page?: string }, ip: string | null) {
      // A resend of a stored message (its acknowledgement was lost, say with the instance that sent
      // it) is answered as it was, and counts on no limit: the limits are shared by every instance,
      // so a visitor who moves to another one after a crash must not pay twice for what was sent.
      const [stored] = await db
        .select()
        .from(chatMessages)
        .where(and(eq(chatMessages.sessionId, sessionId), eq(chatMessages.clientId, input.clientId)));
      if (stored) return { message: toMessage(stored, null), duplicate: true };
      // Both limits counted in the message's own statement (each new message counts on both): a
      // count commits with its message, so an instance killed before storing it leaves none behind.
      const limit = hitsInStatement([perSession.on(sessionId), perIp.on(ip ?? 'unknown')], 6);
      const createdAt = new Date(now()).toISOString();
      const message = {
        content: input.content,
        sessionId,
        userId: 'anonymous_user',
        clientId: input.clientId,
        staffName: null,
        createdAt,
        readAt: null,
      } as const;
      // The conversation: its last message, the visitor's page, reopened if it was closed.
      return storeMessage(
        (notify) => `
          with ${limit.cte}, m as (
            insert into chat_messages (content, session_id, user_id, client_id, created_at)
            select $1::text, $2::uuid, 'anonymous_user', $3::text, $4::timestamptz where ${limit.within}
            on conflict (session_id, client_id) do nothing
            returning id
          ), s as (
            update chat_sessions
            set last_message_at = $4::timestamptz, page_url = $5::text,
              status = case when status = 'closed' then 'open'::chat_status else status end
            where id = $2::uuid and exists (select 1 from m)
          )
          select (select m.id from m) as id, (select ${notify} from m) as notified, ${limit.hits} as hits`,
        message,
        [input.content, sessionId, input.clientId, createdAt, input.page ?? null, ...limit.values],
        limit,
      );
    },

    async postStaffMessage(staff: { id: string; firstName: string }, sessionId: string, input: { clientId: string; content: string }, actor: Actor) {
      const createdAt = new Date(now()).toISOString();
      const message = {
        content: input.content,
        sessionId,
        userId: 'operator',
        clientId: input.clientId,
        staffName: staff.firstName,
        createdAt,
        readAt: null,
      } as const;
      try {
        // The conversation: its last message, and answering one nobody holds takes it. The audit row
        // as recordAudit writes it.
        return await storeMessage(
          (notify) => `
            with m as (
              insert into chat_messages (content, session_id, user_id, client_id, created_at, staff_id)
              values ($1::text, $2::uuid, 'operator', $3::text, $4::timestamptz, $5::uuid)
              on conflict (session_id, client_id) do nothing
              returning id
            ), s as (
              update chat_sessions
              set last_message_at = $4::timestamptz, assignee_id = coalesce(assignee_id, $5::uuid),
                status = case when assignee_id is null then 'assigned'::chat_status else status end
              where id = $2::uuid and exists (select 1 from m)
            ), a as (
              insert into audit_logs (user_id, action, table_name, record_id, new_values, ip_address, user_agent)
              select $6::text, 'INSERT', 'chat_messages', m.id::text, jsonb_build_object('sessionId', $2::uuid), $7::text, $8::text from m
            )
            select m.id, ${notify} from m`,
          message,
          [input.content, sessionId, input.clientId, createdAt, staff.id, actor.userId, actor.ip, actor.userAgent ?? null],
        );
      } catch (err) {
        // No conversation to answer: the message's reference to it is what says so (no read before).
        if (pgError(err)?.constraint === 'chat_messages_session_id_chat_sessions_id_fk')
          throw new AppError('not_found', 'not_found', 'Conversation not found.');
        throw err;
      }
    },

    async setVisitorEmail(sessionId: string, email: string): Promise<void> {
      await feed.transaction(async (tx, publishOnCommit) => {
        await tx.update(chatSessions).set({ visitorEmail: email }).where(eq(chatSessions.id, sessionId));
        publishOnCommit(CHAT_TOPIC, { type: 'conversation', sessionId } satisfies ChatEvent);
      });
    },

    typing: (sessionId: string, from: 'visitor' | 'staff') => publish({ type: 'typing', sessionId, from }),

    async listConversations(filter: { status?: 'open' | 'assigned' | 'closed' } = {}) {
      const unread = sql<number>`(select count(*)::int from ${chatMessages} m where m.session_id = ${chatSessions.id} and m.user_id = 'anonymous_user' and m.read_at is null)`;
      const last = sql<string | null>`(select m.content from ${chatMessages} m where m.session_id = ${chatSessions.id} order by m.id desc limit 1)`;
      return db
        .select({
          id: chatSessions.id,
          status: chatSessions.status,
          assigneeId: chatSessions.assigneeId,
          assigneeName: profiles.firstName,
          visitorEmail: chatSessions.visitorEmail,
          pageUrl: chatSessions.pageUrl,
          lastMessageAt: chatSessions.lastMessageAt,
          lastMessage: last,
          unread,
        })
        .from(chatSessions)
        .leftJoin(profiles, eq(profiles.id, chatSessions.assigneeId))
        .where(and(sql`${chatSessions.lastMessageAt} is not null`, filter.status ? eq(chatSessions.status, filter.status) : undefined))
        .orderBy(desc(chatSessions.lastMessageAt))
        .limit(200);
    },

    async unreadTotal(): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(chatMessages)
        .where(and(eq(chatMessages.userId, 'anonymous_user'), isNull(chatMessages.readAt)));
      return row?.n ?? 0;
    },

    /** Opening a conversation marks the visitor's messages read. */
    async openConversation(sessionId: string) {
      const [session] = await db.select().from(chatSessions).where(eq(chatSessions.id, sessionId));
      if (!session) throw new AppError('not_found', 'not_found', 'Conversation not found.');
      const marked = await db
        .update(chatMessages)
        .set({ readAt: new Date(now()) })
        .where(and(eq(chatMessages.sessionId, sessionId), eq(chatMessages.userId, 'anonymous_user'), isNull(chatMessages.readAt)))
        .returning({ id: chatMessages.id });
      if (marked.length) await publish({ type: 'conversation', sessionId });
      const { secretHash: _s, ipAddress: _ip, ...visible } = session;
      return { session: visible, messages: await this.history(sessionId) };
    },

    async assign(sessionId: string, assigneeId: string | null, actor: Actor) {
      // Checked before the transaction: PGlite has one connection, so no outer query inside it.
      if (assigneeId && !(await this.colleagues()).some((c) => c.id === assigneeId)) {
        throw new AppError('not_a_colleague', 'invalid', 'Conversations can only be assigned to staff who answer support.');
      }
      await feed.transaction(async (tx, publishOnCommit) => {
        const [before] = await tx.select({ assigneeId: chatSessions.assigneeId }).from(chatSessions).where(eq(chatSessions.id, sessionId));
        if (!before) throw new AppError('not_found', 'not_found', 'Conversation not found.');
        await tx
          .update(chatSessions)
          .set({ assigneeId, status: assigneeId ? 'assigned' : 'open' })
          .where(eq(chatSessions.id, sessionId));
        await recordAudit(tx, actor, { action: 'UPDATE', tableName: 'chat_sessions', recordId: sessionId, oldValues: before, newValues: { assigneeId } });
        publishOnCommit(CHAT_TOPIC, { type: 'conversation', sessionId } satisfies ChatEvent);
      });
    },

    async setClosed(sessionId: string, closed: boolean, actor: Actor) {
      await feed.transaction(async (tx, publishOnCommit) => {
        const [row] = await tx
          .update(chatSessions)
          .set({ status: closed ? 'closed' : sql`case when ${chatSessions.assigneeId} is null then 'open'::chat_status else 'assigned'::chat_status end` })
          .where(eq(chatSessions.id, sessionId))
          .returning({ id: chatSessions.id });
        if (!row) throw new AppError('not_found', 'not_found', 'Conversation not found.');
        await recordAudit(tx, actor, { action: closed ? 'CLOSE' : 'REOPEN', tableName: 'chat_sessions', recordId: sessionId });
        publishOnCommit(CHAT_TOPIC, { type: 'conversation', sessionId } satisfies ChatEvent);
      });
    },

    cannedReplies: () => db.select().from(cannedReplies).orderBy(asc(cannedReplies.title)),

    async addCannedReply(input: { title: string; body: string }, actor: Actor) {
      await db.transaction(async (tx) => {
        const [row] = await tx.insert(cannedReplies).values(input).returning({ id: cannedReplies.id });
        await recordAudit(tx, actor, { action: 'INSERT', tableName: 'canned_replies', recordId: row?.id ?? null, newValues: input });
      });
    },

    /**
     * Records the staff connected to this instance's inbox sockets (and only them). One transaction,
     * so another instance never reads the moment between the delete and the insert as "offline".
     */
    async heartbeat(instanceId: string, staffIds: string[]): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(chatPresence).where(eq(chatPresence.instanceId, instanceId));
        if (staffIds.length)
          await tx
            .insert(chatPresence)
            .values([...new Set(staffIds)].map((userId) => ({ userId, instanceId, seenAt: new Date(now()) })))
            .onConflictDoNothing();
      });
    },

    presenceChanged: () => publish({ type: 'presence' }),

    async staffOnline(): Promise<boolean> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(chatPresence)
        .where(gt(chatPresence.seenAt, new Date(now() - PRESENCE_FRESH_MS)));
      return (row?.n ?? 0) > 0;
    },

    /** Staff who may be assigned conversations. */
    async colleagues() {
      return db
        .selectDistinct({ id: users.id, firstName: profiles.firstName, lastName: profiles.lastName })
        .from(users)
        .innerJoin(profiles, eq(profiles.id, users.id))
        .where(
          sql`${users.status} = 'active' and exists (select 1 from user_roles ur join role_permissions rp on rp.role = ur.role where ur.user_id = ${users.id} and rp.permission = 'support:answer')`,
        );
    },
  };
}
export type ChatService = ReturnType<typeof createChatService>;
