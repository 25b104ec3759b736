// Partners' marketing requests (product.md §3): printed materials, an event of their own, a place at
// a brand event. A partner makes and reads its organisation's requests (another's is a 404) and may
// only place or comment while its organisation can trade; staff holding `marketing:requests` approve
// or decline (a decline says why), then mark approved ones fulfilled. Every write is one transaction
// with its audit row, its bell entry and its emails; decisions check the version the page read.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AdminPage } from '../../../shared/schemas/admin';
import {
  canMoveTo,
  MARKETING_REQUEST_STATUS_LABELS,
  type MarketingRequestInput,
  type MarketingRequestKind,
  type MarketingRequestStatus,
  type PartnerRequestListQuery,
  type RequestComment as CommentInput,
  type RequestDecision,
  type RequestFulfilment,
  type StaffRequestListQuery,
} from '../../../shared/schemas/marketing-requests';
import { type OrganisationType, STANDING_REFUSAL, standingOf, todayUtc } from '../../../shared/partners';
import type { AccessNeed } from '../../../shared/policy';
import { type Access, serviceRefusal, type Viewer } from '../../auth/authorize';
import type { Db, Tx } from '../../db/client';
import { brandEvents, collateralItems, marketingRequestComments, marketingRequestItems, marketingRequests, mediaAssets, organisations } from '../../db/schema';
import { AppError, notFound, versionConflict, type ErrorKind } from '../../core/errors';
import type { Actor } from '../../core/actor';
import type { Mailer } from '../../mail/mailer';
import { recordAudit } from '../audit/service';
import type { NotificationService, StoredNotification } from '../notifications/service';
import { utcToZoned } from '../marketing/zoned-time';
import { createNotices, type News } from './notices';
import type { Live } from '../../realtime/live';

/** The live channel's topic for a marketing request (`{ type: 'changed', topic, id }`). */
export const MARKETING_REQUEST_TOPIC = 'marketing_request';
import { createRequestQueries, type RequestDetail, type RequestRow, type RequestSummary } from './queries';

export type { RequestDetail, RequestSummary } from './queries';

/** A collateral item as a partner sees it: what it is, and where to download it. */
export interface PartnerCollateral {
  id: number;
  title: string;
  kind: string;
  description: string;
  fileName: string;
  mimeType: string;
  sizeBytes: number;
  /** The guarded download (never the media library's own address). */
  downloadUrl: string;
}

export const partnerCollateralFileUrl = (id: number) => `/api/partner/collateral/${id}/file`;
export const staffCollateralFileUrl = (id: number) => `/api/admin/collateral/${id}/file`;

export interface MarketingRequestDeps {
  db: Db;
  access: Access;
  notifications: NotificationService;
  mailer: Mailer;
  /** The live channel: open pages hear that a request changed. */
  live?: Live;
  /** Where links in emails point (PUBLIC_ORIGIN, else the local address). */
  origin: string;
  now?: () => number;
}

const READ: AccessNeed = { permission: 'marketing:request' };
const HANDLE: AccessNeed = { permission: 'marketing:requests' };

const fieldRefusal = (code: string, kind: ErrorKind, message: string, path: string) => new AppError(code, kind, message, { details: [{ path, message }] });

function invalidTransition(from: MarketingRequestStatus, to: MarketingRequestStatus): AppError {
  const verb = { open: 'reopened', approved: 'approved', declined: 'declined', fulfilled: 'marked fulfilled' }[to];
  return new AppError('invalid_transition', 'conflict', `This request is ${MARKETING_REQUEST_STATUS_LABELS[from].toLowerCase()}: it cannot be ${verb}.`, {
    details: { from, to },
    hint: 'Reload the request to see where it stands.',
  });
}

export function createMarketingRequestService(deps: MarketingRequestDeps) {
  const { db, access } = deps;
  const now = deps.now ?? Date.now;
  const queries = createRequestQueries(db);
  const notices = createNotices(deps.notifications, deps.mailer, deps.origin);

  /** The one decision, as this service's refusal: a record another organisation owns is not there. */
  async function allow(viewer: Viewer | null, need: AccessNeed, what = 'Request'): Promise<'any' | 'own'> {
    const d = await access.decide(viewer, need);
    if (d.allowed) return d.scope === 'own' ? 'own' : 'any';
    throw serviceRefusal(d, what);
  }

  const owned = (row: RequestRow): AccessNeed => ({ ...READ, resource: { organisationIds: [row.organisationId] } });

  async function requireRow(id: number): Promise<RequestRow> {
    const row = await queries.row(id);
    if (!row) throw notFound('Request');
    return row;
  }

  /** The partner's organisation, read afresh in the write: it must be able to trade today. */
  async function tradingOrganisation(tx: Tx, organisationId: string) {
    const [org] = await tx.select().from(organisations).where(eq(organisations.id, organisationId)).for('share');
    if (!org) throw notFound('Organisation');
    const standing = standingOf(org, todayUtc(now()));
    if (standing !== 'active') {
      const why = STANDING_REFUSAL[standing];
      throw new AppError(why.code, 'forbidden', why.message);
    }
    return org;
  }

  function notPast(day: string, path: string, what: string) {
    if (day < todayUtc(now())) throw fieldRefusal('date_in_past', 'invalid', `The ${what} is in the past: choose today or a later day.`, path);
  }

  /**
   * Runs a write with its news; once it committed, the bell entries are announced and the open pages
   * of both sides — the organisation's members and the staff who handle requests — hear that the
   * request changed (even when no bell entry is theirs, e.g. a comment they wrote themselves).
   */
  async function write<T>(fn: (tx: Tx, tell: (news: News) => Promise<void>) => Promise<T>): Promise<T> {
    const told: StoredNotification[] = [];
    const touched = new Map<number, string>();
    const result = await db.transaction(async (tx) =>
      fn(tx, async (news) => {
        touched.set(news.request.id, news.request.organisationId);
        told.push(await notices.tell(tx, news));
      }),
    );
    for (const n of told) await deps.notifications.announce(n);
    for (const [id, organisationId] of touched)
      await deps.live?.changed({
        topic: MARKETING_REQUEST_TOPIC,
        id,
        audiences: [
          { permission: 'marketing:request', organisationId },
          { permission: 'marketing:requests', organisationId },
        ],
      });
    return result;
  }

  async function insertRequest(tx: Tx, org: typeof organisations.$inferSelect, viewer: Viewer, input: MarketingRequestInput): Promise<RequestRow> {
    const base = { organisationId: org.id, requestedBy: viewer.id, kind: input.kind, details: input.details };
    if (input.kind === 'materials') {
      notPast(input.neededBy, 'neededBy', 'needed-by date');
      const ids = input.items.map((i) => i.collateralId);
      const found = await tx
        .select({ id: collateralItems.id, title: collateralItems.title, audience: collateralItems.audience, published: collateralItems.published })
        .from(collateralItems)
        .where(inArray(collateralItems.id, ids));
      const byId = new Map(found.map((c) => [c.id, c]));
      const refused = input.items.flatMap((item, i) => {
        const c = byId.get(item.collateralId);
        return c && c.published && c.audience.includes(org.type as OrganisationType)
          ? []
          : [{ path: `items.${i}.collateralId`, message: `This item is not offered to ${org.type}s.` }];
      });
      if (refused.length)
        throw new AppError('collateral_unavailable', 'invalid', `Only published collateral offered to ${org.type}s can be requested.`, { details: refused });
      const named = input.items.map((i) => `${i.quantity} × ${byId.get(i.collateralId)?.title}`).join(', ');
      const title = input.title || (named.length <= 150 ? named : `${input.items.length} printed items`);
      const [row] = await tx
        .insert(marketingRequests)
        .values({ ...base, title, deliveryAddress: input.deliveryAddress, neededBy: input.neededBy })
        .returning();
      await tx.insert(marketingRequestItems).values(input.items.map((i) => ({ requestId: (row as RequestRow).id, ...i })));
      return row as RequestRow;
    }
    if (input.kind === 'event_proposal') {
      notPast(input.eventDate, 'eventDate', 'event date');
      const { kind: _k, details: _d, ...proposal } = input;
      const [row] = await tx
        .insert(marketingRequests)
        .values({ ...base, ...proposal, currency: input.budgetMinor === null ? null : org.currency })
        .returning();
      return row as RequestRow;
    }
    // A place at a published brand event that is not over; a draft or unknown one does not exist.
    const [event] = await tx
      .select()
      .from(brandEvents)
      .where(and(eq(brandEvents.id, input.eventId), eq(brandEvents.published, true)));
    if (!event) throw notFound('Event');
    if ((event.endsAt ?? event.startsAt).getTime() <= now()) throw fieldRefusal('event_over', 'invalid', 'This event has already taken place.', 'eventId');
    const [pending] = await tx
      .select({ id: marketingRequests.id })
      .from(marketingRequests)
      .where(
        and(eq(marketingRequests.organisationId, org.id), eq(marketingRequests.eventId, event.id), inArray(marketingRequests.status, ['open', 'approved'])),
      )
      .limit(1);
    if (pending)
      throw new AppError('already_requested', 'conflict', 'Your organisation has already asked to join this event.', {
        details: { requestId: pending.id },
        hint: 'Follow the request you already made.',
      });
    const [row] = await tx
      .insert(marketingRequests)
      .values({
        ...base,
        title: `Join: ${event.title}`.slice(0, 200),
        eventId: event.id,
        eventDate: utcToZoned(event.startsAt, event.timezone).slice(0, 10),
        venue: event.venue,
        expectedGuests: input.expectedGuests,
      })
      .returning();
    return row as RequestRow;
  }

  async function addComment(tx: Tx, row: RequestRow, body: string, fromStaff: boolean, actor: Actor) {
    const [comment] = await tx.insert(marketingRequestComments).values({ requestId: row.id, authorId: actor.userId, fromStaff, body }).returning();
    await tx
      .update(marketingRequests)
      .set({ updatedAt: new Date(now()) })
      .where(eq(marketingRequests.id, row.id));
    await recordAudit(tx, actor, { action: 'INSERT', tableName: 'marketing_request_comments', recordId: comment?.id ?? null, newValues: comment });
  }

  /** Staff move a request on: the version they read, a transition the machine allows, one audit row. */
  async function move(
    viewer: Viewer,
    id: number,
    to: MarketingRequestStatus,
    input: { comment: string; version: number },
    actor: Actor,
  ): Promise<RequestDetail> {
    await allow(viewer, HANDLE);
    await write(async (tx, tell) => {
      const [before] = await tx.select().from(marketingRequests).where(eq(marketingRequests.id, id)).for('update');
      if (!before) throw notFound('Request');
      if (before.version !== input.version) throw versionConflict('request', before.version, input.version);
      if (!canMoveTo(before.status, to)) throw invalidTransition(before.status, to);
      const at = new Date(now());
      const decision = to === 'fulfilled' ? { fulfilledAt: at } : { decidedBy: actor.userId, decidedAt: at, decisionComment: input.comment || null };
      const [after] = await tx
        .update(marketingRequests)
        .set({ status: to, ...decision, version: before.version + 1, updatedAt: at })
        .where(eq(marketingRequests.id, id))
        .returning();
      await recordAudit(tx, actor, {
        action: 'UPDATE',
        tableName: 'marketing_requests',
        recordId: id,
        oldValues: { status: before.status, version: before.version },
        newValues: { status: to, version: before.version + 1, ...(to === 'fulfilled' ? {} : { decisionComment: input.comment || null }) },
      });
      // A fulfilment's note (how it was sent) belongs to the thread; a decision's stays on the decision.
      if (to === 'fulfilled' && input.comment) await addComment(tx, after as RequestRow, input.comment, true, actor);
      const [org] = await tx.select().from(organisations).where(eq(organisations.id, before.organisationId));
      await tell({
        kind: to === 'approved' ? 'approved' : to === 'declined' ? 'declined' : 'fulfilled',
        request: after as RequestRow,
        org: org!,
        comment: input.comment,
      });
    });
    return queries.detail(await requireRow(id));
  }

  return {
    // ---- The partner's side ----------------------------------------------------------------

    /** Published collateral offered to the viewer's organisation type (staff holding the permission: all published). */
    async collateralFor(viewer: Viewer): Promise<PartnerCollateral[]> {
      const scope = await allow(viewer, READ);
      const type = scope === 'own' ? await organisationType(viewer.organisationId) : null;
      if (scope === 'own' && !type) return [];
      const rows = await db
        .select({ c: collateralItems, m: mediaAssets })
        .from(collateralItems)
        .innerJoin(mediaAssets, eq(mediaAssets.id, collateralItems.mediaId))
        .where(and(eq(collateralItems.published, true), type ? sql`${collateralItems.audience} @> ${JSON.stringify([type])}::jsonb` : undefined))
        .orderBy(collateralItems.title, collateralItems.id);
      return rows.map(({ c, m }) => ({
        id: c.id,
        title: c.title,
        kind: c.kind,
        description: c.description,
        fileName: m.originalName,
        mimeType: m.mimeType,
        sizeBytes: m.sizeBytes,
        downloadUrl: partnerCollateralFileUrl(c.id),
      }));
    },

    /**
     * The media file of a collateral item, for a download: staff (`staff`) any item; a partner only a
     * published item offered to its type — anything else does not exist for them.
     */
    async collateralFile(viewer: Viewer, id: number, side: 'partner' | 'staff'): Promise<{ mediaId: string }> {
      const scope = side === 'staff' ? await allow(viewer, { area: 'admin' }, 'Collateral item') : await allow(viewer, READ, 'Collateral item');
      const [c] = await db.select().from(collateralItems).where(eq(collateralItems.id, id));
      if (!c) throw notFound('Collateral item');
      if (scope === 'own') {
        const type = await organisationType(viewer.organisationId);
        if (!type || !c.published || !c.audience.includes(type)) throw notFound('Collateral item');
      }
      return { mediaId: c.mediaId };
    },

    /** The viewer's organisation's requests (none without an organisation). */
    async listOwn(viewer: Viewer, query: PartnerRequestListQuery & { kinds?: readonly MarketingRequestKind[] }): Promise<AdminPage<RequestSummary>> {
      await allow(viewer, READ);
      if (!viewer.organisationId) return { items: [], page: query.page, pageSize: query.pageSize, total: 0 };
      return queries.list({
        organisationId: viewer.organisationId,
        kinds: query.kinds ?? (query.kind ? [query.kind] : undefined),
        status: query.status,
        sort: 'createdAt',
        dir: 'desc',
        page: query.page,
        pageSize: query.pageSize,
      });
    },

    /** One of the viewer's organisation's requests; another organisation's is a 404. */
    async getOwn(viewer: Viewer, id: number): Promise<RequestDetail> {
      const row = await requireRow(id);
      await allow(viewer, owned(row));
      return queries.detail(row);
    },

    /** A new request from the viewer's organisation, which must be able to trade. */
    async create(viewer: Viewer, input: MarketingRequestInput, actor: Actor): Promise<RequestDetail> {
      await allow(viewer, { ...READ, act: true });
      const organisationId = viewer.organisationId;
      if (!organisationId) throw new AppError('no_organisation', 'forbidden', 'Only a member of a partner organisation can make a request.');
      const id = await write(async (tx, tell) => {
        const org = await tradingOrganisation(tx, organisationId);
        const row = await insertRequest(tx, org, viewer, input);
        const items = input.kind === 'materials' ? { items: input.items } : {};
        await recordAudit(tx, actor, { action: 'INSERT', tableName: 'marketing_requests', recordId: row.id, newValues: { ...row, ...items } });
        await tell({ kind: 'created', request: row, org });
        return row.id;
      });
      return queries.detail(await requireRow(id));
    },

    /** A partner's comment on its organisation's request (it must be able to trade). */
    async commentOwn(viewer: Viewer & { firstName?: string; lastName?: string }, id: number, input: CommentInput, actor: Actor): Promise<RequestDetail> {
      const row = await requireRow(id);
      await allow(viewer, { ...owned(row), act: true });
      await write(async (tx, tell) => {
        const org = await tradingOrganisation(tx, row.organisationId);
        await addComment(tx, row, input.body, false, actor);
        const authorName = `${viewer.firstName ?? ''} ${viewer.lastName ?? ''}`.trim() || undefined;
        await tell({ kind: 'partner_comment', request: row, org, comment: input.body, authorName });
      });
      return queries.detail(await requireRow(id));
    },

    // ---- The brand's side --------------------------------------------------------------------

    async list(viewer: Viewer, query: StaffRequestListQuery): Promise<AdminPage<RequestSummary>> {
      await allow(viewer, HANDLE);
      return queries.list({ ...query, kinds: query.kind ? [query.kind] : undefined });
    },

    async get(viewer: Viewer, id: number): Promise<RequestDetail> {
      await allow(viewer, HANDLE);
      return queries.detail(await requireRow(id));
    },

    /** Approve or decline an open request (a decline says why). */
    decide(viewer: Viewer, id: number, input: RequestDecision, actor: Actor): Promise<RequestDetail> {
      return move(viewer, id, input.decision === 'approve' ? 'approved' : 'declined', input, actor);
    },

    /** Mark an approved request fulfilled, optionally saying how (the note joins the thread). */
    fulfil(viewer: Viewer, id: number, input: RequestFulfilment, actor: Actor): Promise<RequestDetail> {
      return move(viewer, id, 'fulfilled', input, actor);
    },

    async comment(viewer: Viewer, id: number, input: CommentInput, actor: Actor): Promise<RequestDetail> {
      await allow(viewer, HANDLE);
      const row = await requireRow(id);
      await write(async (tx, tell) => {
        await addComment(tx, row, input.body, true, actor);
        const [org] = await tx.select().from(organisations).where(eq(organisations.id, row.organisationId));
        await tell({ kind: 'staff_comment', request: row, org: org!, comment: input.body });
      });
      return queries.detail(await requireRow(id));
    },

    /** The organisation's details a request form starts from (delivery address, currency). */
    async organisationOf(viewer: Viewer) {
      if (!viewer.organisationId) return null;
      const [org] = await db.select().from(organisations).where(eq(organisations.id, viewer.organisationId));
      return org ?? null;
    },
  };

  async function organisationType(organisationId: string | null): Promise<OrganisationType | null> {
    if (!organisationId) return null;
    const [org] = await db.select({ type: organisations.type }).from(organisations).where(eq(organisations.id, organisationId));
    return org?.type ?? null;
  }
}

export type MarketingRequestService = ReturnType<typeof createMarketingRequestService>;
