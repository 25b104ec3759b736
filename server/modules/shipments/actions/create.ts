// A supplier (the sender: the brand, acted for by staff, an importer or a distributor) ships lines of
// one buyer's approved, invoiced or paid orders — some or all, partial shipments allowed — with a
// carrier and a tracking number. Per order line, the cases in all its shipments never exceed the
// approved cases: checked under the orders' row locks.
import { eq, inArray } from 'drizzle-orm';
import { plural } from '../../../../shared/plural';
import type { CreateShipmentInput } from '../../../../shared/schemas/shipments';
import { statusInSentence } from '../../../../shared/status-labels';
import type { Viewer } from '../../../auth/authorize';
import type { Actor } from '../../../core/actor';
import { AppError, notFound } from '../../../core/errors';
import { orderItems, orders } from '../../../db/schema';
import type { ShipmentContext } from '../context';
import { lineTotals, lockOrders } from '../lines';
import { SHIPPABLE_ORDER_STATUSES, type ShipmentRow } from '../types';

export async function create(ctx: ShipmentContext, viewer: Viewer, input: CreateShipmentInput, actor: Actor): Promise<ShipmentRow> {
  const senderId = await ctx.actingFor(viewer, true);
  return ctx.write(async (tx, tell) => {
    await ctx.tradingOrganisation(tx, senderId);
    await ctx.ownBuyer(tx, senderId, input.recipientId);
    const wanted = input.lines.map((l) => l.orderItemId);
    const found = await tx
      .select({ item: orderItems, order: { id: orders.id, sellerId: orders.sellerId, buyerId: orders.buyerId } })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(inArray(orderItems.id, wanted));
    const byId = new Map(found.map((f) => [f.item.id, f]));
    // A line of another seller's or another buyer's order does not exist for this shipment.
    input.lines.forEach((l) => {
      const f = byId.get(l.orderItemId);
      if (!f || f.order.sellerId !== senderId || f.order.buyerId !== input.recipientId) throw notFound('Order line');
    });
    // The orders' row locks: every shipment of these orders is created (and shipped) one at a time.
    const locked = new Map((await lockOrders(tx, [...new Set(found.map((f) => f.order.id))])).map((o) => [o.id, o]));
    const totals = await lineTotals(tx, wanted);
    const problems: { path: string; message: string; code: string; orderItemId: number; remainingCases?: number }[] = [];
    input.lines.forEach((l, i) => {
      const { item } = byId.get(l.orderItemId)!;
      const order = locked.get(item.orderId)!;
      if (!(SHIPPABLE_ORDER_STATUSES as readonly string[]).includes(order.status)) {
        problems.push({
          path: `lines.${i}.orderItemId`,
          code: 'order_not_shippable',
          orderItemId: item.id,
          message: `Order ${order.number} is ${statusInSentence(order.status)}: it cannot be shipped.`,
        });
        return;
      }
      const remaining = item.cases - (totals.get(item.id)?.committed ?? 0);
      if (l.cases > remaining)
        problems.push({
          path: `lines.${i}.cases`,
          code: 'over_shipment',
          orderItemId: item.id,
          remainingCases: Math.max(0, remaining),
          message:
            remaining > 0
              ? `Only ${plural(remaining, 'case')} of this line ${remaining === 1 ? 'is' : 'are'} left to ship.`
              : 'Nothing of this line is left to ship.',
        });
    });
    if (problems.length) {
      const first = problems[0]!;
      throw new AppError(
        first.code,
        'conflict',
        first.code === 'over_shipment' ? 'Some lines would ship more than was approved.' : 'Some orders cannot be shipped.',
        {
          details: problems,
          hint: 'Reload the buyer’s orders to see what is left to ship.',
        },
      );
    }
    const created = await ctx.insertShipment(
      tx,
      { senderId, recipientId: input.recipientId, carrier: input.carrier, trackingNumber: input.trackingNumber, note: input.note, replacesReceiptId: null },
      input.lines.map((l) => {
        const { item } = byId.get(l.orderItemId)!;
        return { orderId: item.orderId, orderItemId: item.id, productId: item.productId, cases: l.cases, caseSize: item.caseSize };
      }),
      actor,
    );
    await tell({ kind: 'created', shipment: created, to: 'recipient', people: await ctx.placers(tx, created.id), text: input.note || undefined });
    return created;
  });
}
