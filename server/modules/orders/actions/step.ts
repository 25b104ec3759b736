// Staff ship a brand order (out of the brand's ledger) or mark it delivered (into the importer's).
import type { OrderStepInput } from '../../../../shared/schemas/orders';
import type { Viewer } from '../../../auth/authorize';
import type { Actor } from '../../../core/actor';
import { moveStock } from '../../stock';
import type { OrderContext } from '../context';
import type { OrderDetail } from '../types';

export async function step(
  ctx: OrderContext,
  viewer: Viewer,
  id: number,
  action: 'ship' | 'deliver',
  input: OrderStepInput,
  actor: Actor,
): Promise<OrderDetail> {
  const first = await ctx.requireRow(id);
  const side = await ctx.sideOf(viewer, first, 'staff', { act: true });
  await ctx.write(async (tx, tell) => {
    const row = await ctx.requireRow(id, tx);
    const t = await ctx.transition(tx, action, row, side, 'staff', input.version);
    const at = new Date(ctx.now());
    const after = await ctx.guardedMove(tx, row, action, t.to, action === 'ship' ? { shippedAt: at } : { deliveredAt: at }, actor);
    for (const item of await ctx.itemsOf(tx, row.id)) {
      const n = ctx.bottles(item);
      if (n === 0) continue;
      await moveStock(
        tx,
        action === 'ship'
          ? {
              organisationId: row.sellerId,
              productId: item.productId,
              onHand: -n,
              reserved: -n,
              cause: 'shipment',
              orderId: row.id,
              actorId: actor.userId,
              reason: `Order ${row.number} shipped`,
            }
          : {
              organisationId: row.buyerId,
              productId: item.productId,
              onHand: n,
              reserved: 0,
              cause: 'delivery',
              orderId: row.id,
              actorId: actor.userId,
              reason: `Order ${row.number} delivered`,
            },
      );
    }
    await tell({ kind: action === 'ship' ? 'shipped' : 'delivered', order: after, to: 'buyer' });
  });
  return ctx.views.detail(await ctx.requireRow(id), side, 'staff');
}
