// Staff move a request on: approve or decline an open one (a decline says why), then mark an approved
// one fulfilled (optionally saying how; the note joins the thread) — the version they read, a
// transition the machine allows, one audit row.
import { eq } from 'drizzle-orm';
import { canMoveTo, MARKETING_REQUEST_STATUS_LABELS, type MarketingRequestStatus } from '../../../../shared/schemas/marketing-requests';
import type { Viewer } from '../../../auth/authorize';
import type { Actor } from '../../../core/actor';
import { AppError, notFound, versionConflict } from '../../../core/errors';
import { marketingRequests, organisations } from '../../../db/schema';
import { recordAudit } from '../../audit';
import { HANDLE, type RequestContext } from '../context';
import type { RequestDetail, RequestRow } from '../queries';
import { addComment } from './comment';

function invalidTransition(from: MarketingRequestStatus, to: MarketingRequestStatus): AppError {
  const verb = { open: 'reopened', approved: 'approved', declined: 'declined', fulfilled: 'marked fulfilled' }[to];
  return new AppError('invalid_transition', 'conflict', `This request is ${MARKETING_REQUEST_STATUS_LABELS[from].toLowerCase()}: it cannot be ${verb}.`, {
    details: { from, to },
    hint: 'Reload the request to see where it stands.',
  });
}

/** Staff move a request on: the version they read, a transition the machine allows, one audit row. */
export async function move(
  ctx: RequestContext,
  viewer: Viewer,
  id: number,
  to: MarketingRequestStatus,
  input: { comment: string; version: number },
  actor: Actor,
): Promise<RequestDetail> {
  await ctx.allow(viewer, HANDLE);
  await ctx.write(async (tx, tell) => {
    const [before] = await tx.select().from(marketingRequests).where(eq(marketingRequests.id, id)).for('update');
    if (!before) throw notFound('Request');
    if (before.version !== input.version) throw versionConflict('request', before.version, input.version);
    if (!canMoveTo(before.status, to)) throw invalidTransition(before.status, to);
    const at = new Date(ctx.now());
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
    if (to === 'fulfilled' && input.comment) await addComment(ctx, tx, after as RequestRow, input.comment, true, actor);
    const [org] = await tx.select().from(organisations).where(eq(organisations.id, before.organisationId));
    await tell({
      kind: to === 'approved' ? 'approved' : to === 'declined' ? 'declined' : 'fulfilled',
      request: after as RequestRow,
      org: org!,
      comment: input.comment,
    });
  });
  return ctx.queries.detail(await ctx.requireRow(id));
}
