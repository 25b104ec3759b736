// Contact messages and business inquiries. The public forms: validated, rate-limited per IP,
// protected by a honeypot, stored with their audit row and a notification for the bell in one
// transaction. The staff side: one list of both kinds, and triage (status, assignee, notes) with
// an updated_at check against overwriting a colleague's newer save. Onboarding: a business inquiry
// becomes a pending organisation with its contact invited, in one transaction, once.
import { type AnyColumn, and, asc, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import { href } from 'react-router';
import type { AdminPage } from '../../../shared/schemas/admin';
import {
  type BusinessInquiryForm,
  type ContactForm,
  type InquiryKind,
  type InquiryListQuery,
  type InquiryStatus,
  type InquiryUpdate,
  MIN_FILL_MS,
} from '../../../shared/schemas/inquiries';
import type { InquiryConversion } from '../../../shared/schemas/partners-admin';
import type { Db, DbOrTx } from '../../db/client';
import { businessInquiries, contactMessages, profiles, users } from '../../db/schema';
import { AppError, notFound } from '../../core/errors';
import { createRateLimiter, type RateLimiter } from '../../core/rate-limit';
import { type Actor } from '../../core/actor';
import { recordAudit } from '../audit';
import type { NotificationService } from '../notifications';
import { containsPattern } from '../../db/like';
import { onePreparedPage, preparePage, totalOf } from '../../db/paged';
import { preparedByShape } from '../../db/prepared';
import { type PartnerService, emailTakenOn, refusePastLicence } from '../partners';
import { partnerTypeOf } from '../../../shared/partners';

/** Per IP: 5 submissions of each form in 10 minutes. */
export const INQUIRY_LIMIT = 5;
export const INQUIRY_WINDOW_MS = 10 * 60_000;

/** What makes the inbox's query differ (`prepared.ts`): the kinds, a search or a status filter or none, the order. */
interface ListShape extends Record<string, string | boolean | undefined> {
  kind?: InquiryListQuery['kind'];
  search: boolean;
  status: boolean;
  sort?: InquiryListQuery['sort'];
  dir?: InquiryListQuery['dir'];
}

export interface BotSignals {
  honeypot?: string;
  startedAt?: number;
  /** Sent by our own page form, which always carries the time it was shown. */
  fromPage?: boolean;
}

export interface InquiryRow {
  kind: InquiryKind;
  id: number;
  from: string;
  email: string;
  /** The contact form's subject, or the company of a business inquiry. */
  subject: string;
  status: InquiryStatus;
  assigneeId: string | null;
  assigneeName: string | null;
  createdAt: Date;
}

export interface Colleague {
  id: string;
  name: string;
}

export type InquiryDetail =
  { kind: 'contact'; record: typeof contactMessages.$inferSelect } | { kind: 'business'; record: typeof businessInquiries.$inferSelect };

export interface InquiryService {
  submitContact(form: ContactForm, bot: BotSignals, actor: Actor): Promise<{ id: number } | { discarded: true }>;
  submitBusinessInquiry(form: BusinessInquiryForm, bot: BotSignals, actor: Actor): Promise<{ id: number } | { discarded: true }>;
  list(query: InquiryListQuery): Promise<AdminPage<InquiryRow>>;
  get(kind: InquiryKind, id: number): Promise<InquiryDetail>;
  update(kind: InquiryKind, id: number, input: InquiryUpdate, actor: Actor): Promise<InquiryDetail>;
  /** Staff who may be assigned an inquiry: active users holding inquiries:manage. */
  colleagues(): Promise<Colleague[]>;
  /**
   * Onboarding: the business inquiry becomes a pending organisation, its contact is invited as a
   * member with the type's role, and the inquiry records the outcome and is done — one transaction.
   * Converting twice is 409 `inquiry_already_converted`.
   */
  convert(id: number, input: InquiryConversion, actor: Actor, origin: string): Promise<{ organisationId: string; userId: string }>;
  readonly limiter: RateLimiter;
}

export const inquiryPath = (kind: InquiryKind, id: number) => href('/admin/dashboard/inquiries/:kind/:id', { kind, id: String(id) });

const tableOf = (kind: InquiryKind) => (kind === 'contact' ? contactMessages : businessInquiries);

export function createInquiryService(
  db: Db,
  notifications: NotificationService,
  now: () => number = Date.now,
  partners: PartnerService | null = null,
): InquiryService {
  const limiter = createRateLimiter(db, { name: 'inquiry', limit: INQUIRY_LIMIT, windowMs: INQUIRY_WINDOW_MS, now, what: 'messages from your network' });

  /** A bot fills the hidden field or submits faster than a person can type: accept silently, store nothing. */
  function looksAutomated(bot: BotSignals): boolean {
    if (bot.honeypot) return true;
    if (bot.fromPage && bot.startedAt === undefined) return true;
    return bot.startedAt !== undefined && Number.isFinite(bot.startedAt) && now() - bot.startedAt < MIN_FILL_MS;
  }

  async function checkLimit(kind: string, actor: Actor) {
    if (!actor.ip) throw new AppError('bad_request', 'invalid', 'The sender could not be identified.');
    await limiter.hit(`${kind}:${actor.ip}`);
  }

  /** Whether the user `userId` (with `status`) may be assigned an inquiry: active and holding inquiries:manage. */
  const isColleague = (userId: SQL | AnyColumn, status: SQL | AnyColumn) =>
    sql`${status} = 'active' and exists (select 1 from user_roles ur join role_permissions rp on rp.role = ur.role where ur.user_id = ${userId} and rp.permission = 'inquiries:manage')`;
  /** A colleague's name as lists show it: first and last name, else the address. */
  const colleagueName = (first: SQL | AnyColumn, last: SQL | AnyColumn, email: SQL | AnyColumn) =>
    sql<string>`coalesce(nullif(btrim(${first} || ' ' || ${last}), ''), ${email})`;

  async function colleagues(q: DbOrTx = db): Promise<Colleague[]> {
    return q
      .select({ id: users.id, name: colleagueName(profiles.firstName, profiles.lastName, users.email) })
      .from(users)
      .innerJoin(profiles, eq(profiles.id, users.id))
      .where(isColleague(users.id, users.status))
      .orderBy(asc(profiles.firstName), asc(profiles.lastName));
  }

  function contactWhere(shape: ListShape) {
    const t = contactMessages;
    const like = sql.placeholder('q');
    return and(
      shape.status ? sql`${t.status} = ${sql.placeholder('status')}` : undefined,
      shape.search ? or(ilike(t.name, like), ilike(t.email, like), ilike(t.subject, like), ilike(t.message, like)) : undefined,
    );
  }

  function contactSelect(shape: ListShape) {
    const t = contactMessages;
    return db
      .select({
        kind: sql<InquiryKind>`'contact'`.as('kind'),
        id: t.id,
        from: sql<string>`${t.name}`.as('from_name'),
        email: t.email,
        subject: sql<string>`${t.subject}`.as('subject_line'),
        status: t.status,
        assigneeId: t.assigneeId,
        createdAt: t.createdAt,
      })
      .from(t)
      .where(contactWhere(shape));
  }

  function businessWhere(shape: ListShape) {
    const t = businessInquiries;
    const like = sql.placeholder('q');
    return and(
      shape.status ? sql`${t.status} = ${sql.placeholder('status')}` : undefined,
      shape.search ? or(ilike(t.company, like), ilike(t.contactName, like), ilike(t.email, like), ilike(t.message, like)) : undefined,
    );
  }

  function businessSelect(shape: ListShape) {
    const t = businessInquiries;
    return db
      .select({
        kind: sql<InquiryKind>`'business'`.as('kind'),
        id: t.id,
        from: sql<string>`${t.contactName}`.as('from_name'),
        email: t.email,
        subject: sql<string>`${t.company}`.as('subject_line'),
        status: t.status,
        assigneeId: t.assigneeId,
        createdAt: t.createdAt,
      })
      .from(t)
      .where(businessWhere(shape));
  }

  // The inbox's page, built once per shape (which kinds, search and status filters present, order);
  // the search pattern, the status and the page are bound.
  const listPage = preparedByShape((shape: ListShape) => {
    const selects = [shape.kind !== 'business' ? contactSelect(shape) : null, shape.kind !== 'contact' ? businessSelect(shape) : null].filter(
      (s) => s !== null,
    );
    const [first, second] = selects as [ReturnType<typeof contactSelect>, ReturnType<typeof contactSelect>?];
    const all = (second ? unionAll(first, second) : first).as('inquiries');
    const column = shape.sort === 'from' ? all.from : shape.sort === 'status' ? all.status : all.createdAt;
    const direction = shape.dir === 'asc' ? asc : desc;
    // The assignee's name for the page's rows only; one who may no longer be assigned is a former colleague.
    // (assignee_id is text; only a colleague's id is ever stored, so it is a uuid.)
    const assigneeName = sql<string | null>`case when ${all.assigneeId} is null then null else coalesce((select ${colleagueName(
      sql`p.first_name`,
      sql`p.last_name`,
      sql`u.email`,
    )} from ${users} u join ${profiles} p on p.id = u.id where u.id = inquiries.assignee_id::uuid and ${isColleague(sql`u.id`, sql`u.status`)}), 'Former colleague') end`;
    // Each kind counted on its own table, added up.
    const counts = [
      shape.kind !== 'business' ? db.select({ n: count() }).from(contactMessages).where(contactWhere(shape)) : null,
      shape.kind !== 'contact' ? db.select({ n: count() }).from(businessInquiries).where(businessWhere(shape)) : null,
    ].flatMap((c) => (c ? [sql`(${c})`] : []));
    return preparePage(
      db
        .select({
          kind: all.kind,
          id: all.id,
          from: all.from,
          email: all.email,
          subject: all.subject,
          status: all.status,
          assigneeId: all.assigneeId,
          createdAt: all.createdAt,
          assigneeName,
          matched: totalOf(sql`select ${sql.join(counts, sql` + `)}`),
        })
        .from(all)
        .orderBy(direction(column), direction(all.id)),
    );
  });

  async function get(kind: InquiryKind, id: number): Promise<InquiryDetail> {
    const table = tableOf(kind);
    const [record] = await db.select().from(table).where(eq(table.id, id));
    if (!record) throw notFound('Inquiry');
    return { kind, record } as InquiryDetail;
  }

  return {
    limiter,
    colleagues,
    get,

    async submitContact(form, bot, actor) {
      await checkLimit('contact', actor);
      if (looksAutomated(bot)) return { discarded: true };
      const { id, notice } = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(contactMessages)
          .values({ ...form, ipAddress: actor.ip })
          .returning({ id: contactMessages.id });
        const id = (row as { id: number }).id;
        await recordAudit(tx, actor, {
          action: 'INSERT',
          tableName: 'contact_messages',
          recordId: id,
          newValues: { subject: form.subject, email: form.email },
        });
        const notice = await notifications.notify(tx, {
          kind: 'contact_message',
          title: `New message from ${form.name}`,
          body: form.subject,
          link: inquiryPath('contact', id),
          permission: 'inquiries:manage',
        });
        return { id, notice };
      });
      await notifications.announce(notice);
      return { id };
    },

    async submitBusinessInquiry(form, bot, actor) {
      await checkLimit('business', actor);
      if (looksAutomated(bot)) return { discarded: true };
      const { id, notice } = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(businessInquiries)
          .values({ ...form, phone: form.phone ?? null, licenceNumber: form.licenceNumber ?? null, ipAddress: actor.ip })
          .returning({ id: businessInquiries.id });
        const id = (row as { id: number }).id;
        await recordAudit(tx, actor, {
          action: 'INSERT',
          tableName: 'business_inquiries',
          recordId: id,
          newValues: { company: form.company, partnerType: form.partnerType, country: form.country },
        });
        const notice = await notifications.notify(tx, {
          kind: 'business_inquiry',
          title: `New business inquiry from ${form.company}`,
          body: `${form.contactName} · ${form.partnerType} · ${form.country}`,
          link: inquiryPath('business', id),
          permission: 'inquiries:manage',
        });
        return { id, notice };
      });
      await notifications.announce(notice);
      return { id };
    },

    async list(query) {
      const { rows, total } = await onePreparedPage(
        listPage({ kind: query.kind, search: Boolean(query.q), status: Boolean(query.status), sort: query.sort, dir: query.dir }),
        { q: query.q ? containsPattern(query.q) : null, status: query.status ?? null },
        query,
      );
      return { items: rows, page: query.page, pageSize: query.pageSize, total };
    },

    async convert(id, input, actor, origin) {
      if (!partners) throw new Error('inquiries: converting needs the partner service');
      const { contactFirstName, contactLastName, contactEmail, ...organisation } = input;
      refusePastLicence(organisation.licenceExpiresOn, partners.today());
      try {
        return await db.transaction(async (tx) => {
          // The row lock makes a second conversion (even one racing this) wait, then see the outcome.
          const [inquiry] = await tx
            .select({ organisationId: businessInquiries.organisationId, convertedAt: businessInquiries.convertedAt, status: businessInquiries.status })
            .from(businessInquiries)
            .where(eq(businessInquiries.id, id))
            .for('update');
          if (!inquiry) throw notFound('Inquiry');
          if (inquiry.organisationId || inquiry.convertedAt)
            throw new AppError('inquiry_already_converted', 'conflict', 'This inquiry has already become an organisation.', {
              details: { organisationId: inquiry.organisationId },
              hint: 'Open the organisation from the inquiry to invite more people.',
            });
          const org = await partners.createIn(tx, organisation, actor, 'pending');
          const { userId } = await partners.inviteMemberIn(
            tx,
            org,
            { email: contactEmail, firstName: contactFirstName, lastName: contactLastName, role: partnerTypeOf(org.type) },
            actor,
            origin,
          );
          await tx
            .update(businessInquiries)
            .set({
              organisationId: org.id,
              convertedAt: new Date(now()),
              convertedBy: actor.userId,
              status: 'done',
              updatedAt: sql`greatest(now(), ${businessInquiries.updatedAt} + interval '1 millisecond')`,
            })
            .where(eq(businessInquiries.id, id));
          await recordAudit(tx, actor, {
            action: 'CONVERTED',
            tableName: 'business_inquiries',
            recordId: id,
            oldValues: { status: inquiry.status },
            newValues: { status: 'done', organisationId: org.id, invitedUserId: userId },
          });
          return { organisationId: org.id, userId };
        });
      } catch (err) {
        throw emailTakenOn('contactEmail', err);
      }
    },

    async update(kind, id, input, actor) {
      const table = tableOf(kind);
      await db.transaction(async (tx) => {
        const [before] = await tx
          .select({ status: table.status, assigneeId: table.assigneeId, notes: table.notes, updatedAt: table.updatedAt })
          .from(table)
          .where(eq(table.id, id))
          .for('update');
        if (!before) throw notFound('Inquiry');
        if (before.updatedAt.toISOString() !== input.updatedAt) {
          throw new AppError('version_conflict', 'conflict', 'Someone else changed this inquiry since you opened it.', {
            details: { currentUpdatedAt: before.updatedAt.toISOString(), yourUpdatedAt: input.updatedAt },
            hint: 'Reload the inquiry to see the latest version, then make your change again.',
          });
        }
        const next = {
          status: input.status,
          assigneeId: input.assigneeId === undefined ? before.assigneeId : input.assigneeId,
          notes: input.notes === undefined ? before.notes : input.notes,
        };
        // A new assignee must handle inquiries; keeping one who no longer does is not refused.
        if (next.assigneeId && next.assigneeId !== before.assigneeId && !(await colleagues(tx)).some((c) => c.id === next.assigneeId)) {
          throw new AppError('validation_failed', 'invalid', 'Inquiries can only be assigned to staff who handle inquiries.', {
            details: [{ path: 'assigneeId', message: 'Choose a colleague who handles inquiries.' }],
          });
        }
        // Milliseconds are what the editor sees: a save must move the stamp by at least one.
        await tx
          .update(table)
          .set({ ...next, updatedAt: sql`greatest(now(), ${table.updatedAt} + interval '1 millisecond')` })
          .where(eq(table.id, id));
        const { updatedAt: _at, ...old } = before;
        await recordAudit(tx, actor, {
          action: 'UPDATE',
          tableName: kind === 'contact' ? 'contact_messages' : 'business_inquiries',
          recordId: id,
          oldValues: old,
          newValues: next,
        });
      });
      return get(kind, id);
    },
  };
}
