// A message in the order's thread (`chat:internal` for partners, Order Management for staff): the
// other side is told.
import type { OrderMessageInput } from '../../../../shared/schemas/orders';
import type { Viewer } from '../../../auth/authorize';
import type { Actor } from '../../../core/actor';
import { orderMessages } from '../../../db/schema';
import { recordAudit } from '../../audit';
import type { OrderContext } from '../context';
import type { Channel, OrderMessage } from '../types';

export async function postMessage(
  ctx: OrderContext,
  viewer: Viewer,
  id: number,
  input: OrderMessageInput,
  actor: Actor,
  channel: Channel,
): Promise<OrderMessage[]> {
  const row = await ctx.requireRow(id);
  const side = await ctx.sideOf(viewer, row, channel, { permission: channel === 'staff' ? 'orders:manage' : 'chat:internal', act: true });
  await ctx.write(async (tx, tell) => {
    const [m] = await tx
      .insert(orderMessages)
      .values({
        orderId: id,
        authorId: actor.userId,
        organisationId: side === 'buyer' ? row.buyerId : row.sellerId,
        body: input.body,
        createdAt: new Date(ctx.now()),
      })
      .returning();
    await recordAudit(tx, actor, { action: 'INSERT', tableName: 'order_messages', recordId: m?.id ?? null, newValues: { orderId: id, body: input.body } });
    await tell({ kind: 'message', order: row, to: side === 'buyer' ? 'seller' : 'buyer', text: input.body });
  });
  return ctx.views.messagesOf(row);
}
