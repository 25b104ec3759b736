// Comments on a request's thread: a partner's on its organisation's request (while it can trade),
// staff's on any; the other side is told.
import { eq } from 'drizzle-orm';
import type { RequestComment as CommentInput } from '../../../../shared/schemas/marketing-requests';
import type { Viewer } from '../../../auth/authorize';
import type { Actor } from '../../../core/actor';
import type { Tx } from '../../../db/client';
import { marketingRequestComments, marketingRequests, organisations } from '../../../db/schema';
import { recordAudit } from '../../audit';
import { HANDLE, type RequestContext } from '../context';
import type { RequestDetail, RequestRow } from '../queries';

/** A comment in the request's thread (the request's updated time moves with it), with its audit row. */
export async function addComment(ctx: RequestContext, tx: Tx, row: RequestRow, body: string, fromStaff: boolean, actor: Actor) {
  const [comment] = await tx.insert(marketingRequestComments).values({ requestId: row.id, authorId: actor.userId, fromStaff, body }).returning();
  await tx
    .update(marketingRequests)
    .set({ updatedAt: new Date(ctx.now()) })
    .where(eq(marketingRequests.id, row.id));
  await recordAudit(tx, actor, { action: 'INSERT', tableName: 'marketing_request_comments', recordId: comment?.id ?? null, newValues: comment });
}

/** A partner's comment on its organisation's request (it must be able to trade). */
export async function commentOwn(
  ctx: RequestContext,
  viewer: Viewer & { firstName?: string; lastName?: string },
  id: number,
  input: CommentInput,
  actor: Actor,
): Promise<RequestDetail> {
  const row = await ctx.requireRow(id);
  await ctx.allow(viewer, { ...ctx.owned(row), act: true });
  await ctx.write(async (tx, tell) => {
    const org = await ctx.tradingOrganisation(tx, row.organisationId);
    await addComment(ctx, tx, row, input.body, false, actor);
    const authorName = `${viewer.firstName ?? ''} ${viewer.lastName ?? ''}`.trim() || undefined;
    await tell({ kind: 'partner_comment', request: row, org, comment: input.body, authorName });
  });
  return ctx.queries.detail(await ctx.requireRow(id));
}

/** Staff's comment on a request. */
export async function comment(ctx: RequestContext, viewer: Viewer, id: number, input: CommentInput, actor: Actor): Promise<RequestDetail> {
  await ctx.allow(viewer, HANDLE);
  const row = await ctx.requireRow(id);
  await ctx.write(async (tx, tell) => {
    await addComment(ctx, tx, row, input.body, true, actor);
    const [org] = await tx.select().from(organisations).where(eq(organisations.id, row.organisationId));
    await tell({ kind: 'staff_comment', request: row, org: org!, comment: input.body });
  });
  return ctx.queries.detail(await ctx.requireRow(id));
}
