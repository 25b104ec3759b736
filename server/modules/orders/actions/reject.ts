// The seller rejects an order, saying why (nothing was reserved, so no stock moves).
import type { RejectOrderInput } from '../../../../shared/schemas/orders';
import type { Viewer } from '../../../auth/authorize';
import type { Actor } from '../../../core/actor';
import type { OrderContext } from '../context';
import type { Channel, OrderDetail } from '../types';

export async function reject(ctx: OrderContext, viewer: Viewer, id: number, input: RejectOrderInput, actor: Actor, channel: Channel): Promise<OrderDetail> {
  const first = await ctx.requireRow(id);
  const side = await ctx.sideOf(viewer, first, channel, { act: true });
  await ctx.write(async (tx, tell) => {
    const row = await ctx.requireRow(id, tx);
    const t = await ctx.transition(tx, 'reject', row, side, channel, input.version);
    const after = await ctx.guardedMove(
      tx,
      row,
      'reject',
      t.to,
      { decidedAt: new Date(ctx.now()), decidedBy: actor.userId, decisionReason: input.reason },
      actor,
      { reason: input.reason },
    );
    await tell({ kind: 'rejected', order: after, to: 'buyer', text: input.reason });
  });
  return ctx.views.detail(await ctx.requireRow(id), side, channel);
}
