// The buyer answers an allocation offer: accepting makes it an approved order (the stock the offer
// reserved stays reserved for it; invoice, shipment, receipt and payment follow as for any order),
// declining ends it (a reason is optional) and gives the reserved stock back to the supplier. Both
// are guarded moves: of two answers at once, one wins and the other is told the offer moved on.
import type { AcceptOrderInput, DeclineOrderInput } from '../../../../shared/schemas/orders';
import type { Viewer } from '../../../auth/authorize';
import type { Actor } from '../../../core/actor';
import type { OrderContext } from '../context';
import type { Channel, OrderDetail } from '../types';

export async function respond(
  ctx: OrderContext,
  viewer: Viewer,
  id: number,
  action: 'accept' | 'decline',
  input: AcceptOrderInput | DeclineOrderInput,
  actor: Actor,
  channel: Channel,
): Promise<OrderDetail> {
  const first = await ctx.requireRow(id);
  const side = await ctx.sideOf(viewer, first, channel, { act: true });
  const reason = 'reason' in input ? input.reason : '';
  await ctx.write(async (tx, tell) => {
    const row = await ctx.requireRow(id, tx);
    // An offer changes only by leaving `offered`: a page older than the row met an answer or a
    // withdrawal, and the state says which better than "someone changed it" (invalid_transition).
    const t = await ctx.transition(tx, action, row, side, channel, row.status === 'offered' ? input.version : null);
    await ctx.tradingOrganisation(tx, row.buyerId);
    const at = new Date(ctx.now());
    const after = await ctx.guardedMove(tx, row, action, t.to, { decidedAt: at, decidedBy: actor.userId, decisionReason: reason || null }, actor, {
      side,
      ...(reason ? { reason } : {}),
    });
    if (action === 'decline') await ctx.release(tx, row, actor, 'release', `Offer ${row.number} declined`);
    await tell({ kind: action === 'accept' ? 'accepted' : 'declined', order: after, to: 'seller', text: reason || undefined });
  });
  return ctx.views.detail(await ctx.requireRow(id), side, channel);
}
