// Moving a shipment along shared/shipments.ts `SHIPMENT_TRANSITIONS` (ship, in transit, an exception
// and resuming): shipping takes the bottles out of the sender's ledger (on hand and reserved) and the
// orders follow their lines (lines.ts) — unless an order was closed meanwhile.
import type { ShipmentStatusInput } from '../../../../shared/schemas/shipments';
import { shipmentActionRefusal, shipmentFacts } from '../../../../shared/shipment-actions';
import type { Viewer } from '../../../auth/authorize';
import { refusalError } from '../../../core/action-refusal';
import type { Actor } from '../../../core/actor';
import { AppError } from '../../../core/errors';
import type { Tx } from '../../../db/client';
import type { shipments } from '../../../db/schema';
import { balanceOf, moveStockOr, productNameOf } from '../../stock';
import type { ShipmentContext } from '../context';
import { deriveShipped, lockOrders } from '../lines';
import type { ItemRow, ShipmentRow } from '../types';

/** Takes a shipment's bottles out of the sender's ledger: on hand and reserved down (the reservation made at approval, or at a replacement's creation). */
async function shipStock(tx: Tx, row: ShipmentRow, items: ItemRow[], actor: Actor) {
  const ordered = [...items].sort((a, b) => a.productId - b.productId || a.id - b.id);
  for (const item of ordered) {
    const bottles = item.cases * item.caseSize;
    await moveStockOr(
      tx,
      {
        organisationId: row.senderId,
        productId: item.productId,
        onHand: -bottles,
        reserved: -bottles,
        cause: 'shipment',
        orderId: item.orderId,
        actorId: actor.userId,
        reason: `Shipment ${row.number} shipped`,
      },
      async () => {
        const b = await balanceOf(tx, row.senderId, item.productId);
        const name = await productNameOf(tx, item.productId);
        return new AppError('insufficient_stock', 'conflict', `Not enough stock of ${name} is reserved for this shipment.`, {
          details: [
            {
              path: 'lines',
              shipmentItemId: item.id,
              productId: item.productId,
              onHand: b.onHand,
              reserved: b.reserved,
              message: `Not enough stock of ${name}.`,
            },
          ],
          hint: 'Check your stock: it must hold what the approved orders reserved.',
        });
      },
    );
  }
}

export async function move(
  ctx: ShipmentContext,
  viewer: Viewer,
  id: number,
  input: ShipmentStatusInput,
  actor: Actor,
): Promise<{ side: 'sender' | 'recipient' }> {
  const first = await ctx.requireRow(id);
  const side = await ctx.sideOf(viewer, first, true);
  await ctx.write(async (tx, tell, fx) => {
    const row = await ctx.requireRow(id, tx);
    ctx.transition(input.action, row, side, input.version);
    await ctx.tradingOrganisation(tx, row.senderId);
    const at = new Date(ctx.now());
    const set: Partial<typeof shipments.$inferInsert> = {};
    if (input.action === 'ship') {
      set.shippedAt = at;
      if (input.trackingNumber !== undefined && input.trackingNumber !== '') set.trackingNumber = input.trackingNumber;
    }
    if (input.action === 'exception') set.exceptionReason = input.reason;
    if (input.action === 'resume') set.exceptionReason = null;
    const after = await ctx.guardedMove(tx, row, input.action, set, actor, { reason: input.reason || undefined, trackingNumber: set.trackingNumber });
    if (input.action === 'ship') {
      const items = await ctx.itemsOf(tx, row.id);
      const locked = await lockOrders(
        tx,
        items.map((i) => i.orderId),
      );
      const closed = locked.find((o) => o.status === 'cancelled' || o.status === 'rejected');
      const refusal = shipmentActionRefusal('ship', shipmentFacts(row, side, { orderClosed: Boolean(closed) }));
      if (refusal) throw refusalError(refusal, closed ? { orderId: closed.id, number: closed.number, status: closed.status } : undefined);
      await shipStock(tx, row, items, actor);
      // Replacements send again what a receipt found missing: the orders have shipped already.
      if (row.replacesReceiptId === null)
        for (const o of locked) {
          const moved = await deriveShipped(tx, o, actor, at, row.number);
          if (moved) fx.orderChanged(moved);
        }
    }
    await tell({
      kind: input.action === 'ship' ? 'shipped' : input.action,
      shipment: after,
      to: 'recipient',
      people: await ctx.placers(tx, row.id),
      text: input.reason || undefined,
    });
  });
  return { side };
}
