// Partners' marketing requests (product.md §3): printed materials, an event of their own, a place at
// a brand event. A partner makes and reads its organisation's requests (another's is not found) and may
// only place or comment while its organisation can trade; staff holding `marketing:requests` approve
// or decline (a decline says why), then mark approved ones fulfilled. Every write is one transaction
// with its audit row, its bell entry and its emails; decisions check the version the page read.
//
// This file puts the service together with the reads (collateral, lists, one request): the writes are
// in actions/ (create, move, comment), what they share in context.ts, the queries in queries.ts.
import { and, eq, sql } from 'drizzle-orm';
import type { OrganisationType } from '../../../shared/partners';
import type { AdminPage } from '../../../shared/schemas/admin';
import type {
  MarketingRequestInput,
  MarketingRequestKind,
  PartnerRequestListQuery,
  RequestComment as CommentInput,
  RequestDecision,
  RequestFulfilment,
  StaffRequestListQuery,
} from '../../../shared/schemas/marketing-requests';
import type { Viewer } from '../../auth/authorize';
import type { Actor } from '../../core/actor';
import { notFound } from '../../core/errors';
import { collateralItems, mediaAssets, organisations } from '../../db/schema';
import { comment, commentOwn } from './actions/comment';
import { create } from './actions/create';
import { move } from './actions/move';
import { createRequestContext, HANDLE, type MarketingRequestDeps, READ } from './context';
import type { RequestDetail, RequestSummary } from './queries';
import { partnerTypeOf } from '../../../shared/partners';

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

export function createMarketingRequestService(deps: MarketingRequestDeps) {
  const ctx = createRequestContext(deps);
  const { db, allow, queries } = ctx;

  async function organisationType(organisationId: string | null): Promise<OrganisationType | null> {
    if (!organisationId) return null;
    const [org] = await db.select({ type: organisations.type }).from(organisations).where(eq(organisations.id, organisationId));
    return org ? partnerTypeOf(org.type) : null;
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

    /** One of the viewer's organisation's requests; another organisation's is not found. */
    async getOwn(viewer: Viewer, id: number): Promise<RequestDetail> {
      const row = await ctx.requireRow(id);
      await allow(viewer, ctx.owned(row));
      return queries.detail(row);
    },

    /** A new request from the viewer's organisation, which must be able to trade. */
    create: (viewer: Viewer, input: MarketingRequestInput, actor: Actor): Promise<RequestDetail> => create(ctx, viewer, input, actor),

    /** A partner's comment on its organisation's request (it must be able to trade). */
    commentOwn: (viewer: Viewer & { firstName?: string; lastName?: string }, id: number, input: CommentInput, actor: Actor): Promise<RequestDetail> =>
      commentOwn(ctx, viewer, id, input, actor),

    // ---- The brand's side --------------------------------------------------------------------

    async list(viewer: Viewer, query: StaffRequestListQuery): Promise<AdminPage<RequestSummary>> {
      await allow(viewer, HANDLE);
      return queries.list({ ...query, kinds: query.kind ? [query.kind] : undefined });
    },

    async get(viewer: Viewer, id: number): Promise<RequestDetail> {
      await allow(viewer, HANDLE);
      return queries.detail(await ctx.requireRow(id));
    },

    /** Approve or decline an open request (a decline says why). */
    decide(viewer: Viewer, id: number, input: RequestDecision, actor: Actor): Promise<RequestDetail> {
      return move(ctx, viewer, id, input.decision === 'approve' ? 'approved' : 'declined', input, actor);
    },

    /** Mark an approved request fulfilled, optionally saying how (the note joins the thread). */
    fulfil(viewer: Viewer, id: number, input: RequestFulfilment, actor: Actor): Promise<RequestDetail> {
      return move(ctx, viewer, id, 'fulfilled', input, actor);
    },

    comment: (viewer: Viewer, id: number, input: CommentInput, actor: Actor): Promise<RequestDetail> => comment(ctx, viewer, id, input, actor),

    /** The organisation's details a request form starts from (delivery address, currency). */
    async organisationOf(viewer: Viewer) {
      if (!viewer.organisationId) return null;
      const [org] = await db.select().from(organisations).where(eq(organisations.id, viewer.organisationId));
      // A member's organisation is a partner's (the brand's row has no members).
      return org ? { ...org, type: partnerTypeOf(org.type) } : null;
    },
  };
}

export type MarketingRequestService = ReturnType<typeof createMarketingRequestService>;
