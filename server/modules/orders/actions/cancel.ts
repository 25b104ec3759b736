// Either side cancels an order, per the transition table, while no line of it is in a shipment (the
// supplier withdrawing an allocation offer is a cancel too): what an approval or an offer reserved is
// released, and an invoiced order is taken back by a credit note for its lines (invoicing), all in
// the cancel's transaction.
import { RESERVING, type CancelOrderInput } from '../../../../shared/schemas/orders';
import type { Viewer } from '../../../auth/authorize';
import type { Actor } from '../../../core/actor';
import type { OrderContext } from '../context';
import type { Channel, OrderDetail } from '../types';

export async function cancel(ctx: OrderContext, viewer: Viewer, id: number, input: CancelOrderInput, actor: Actor, channel: Channel): Promise<OrderDetail> {
  const first = await ctx.requireRow(id);
  const side = await ctx.sideOf(viewer, first, channel, { act: true });
  let credited: (() => Promise<void>) | undefined;
  await ctx.write(async (tx, tell) => {
    await ctx.deps.invoicing.lockInvoiceOf(tx, id);
    // Locked before its shipments are read: creating a shipment locks the orders it takes lines from.
    const row = await ctx.lockRow(id, tx);
    const t = await ctx.transition(tx, 'cancel', row, side, channel, input.version);
    const after = await ctx.guardedMove(
      tx,
      row,
      'cancel',
      t.to,
      { cancelledAt: new Date(ctx.now()), cancelledBy: actor.userId, cancelReason: input.reason },
      actor,
      { reason: input.reason, side },
    );
    // An allocation offer withdrawn gives back what it reserved, as a cancelled approval does.
    const offer = row.status === 'offered';
    if (RESERVING.includes(row.status)) await ctx.release(tx, row, actor, 'release', offer ? `Offer ${row.number} withdrawn` : undefined);
    // An invoiced order is taken back by a credit note for its lines, in this transaction.
    if (row.status === 'invoiced') credited = await ctx.deps.invoicing.orderCancelled(tx, after, input.reason, actor);
    await tell({ kind: offer ? 'withdrawn' : 'cancelled', order: after, to: side === 'buyer' ? 'seller' : 'buyer', text: input.reason });
  });
  await credited?.();
  return ctx.views.detail(await ctx.requireRow(id), side, channel);
}
