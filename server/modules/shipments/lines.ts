// What has been shipped of each order line, and what that makes of the order: the sums the
// over-shipping rule reads under the orders' row locks, and the order's own moves derived from its
// lines (shipped once every approved case has left, delivered once every shipment carrying it was
// received) — through the orders service's guarded move on the one transition table.
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { shippingProgress } from '../../../shared/shipments';
import type { Actor } from '../../core/actor';
import type { DbOrTx, Tx } from '../../db/client';
import { orderItems, orders, shipmentItems, shipments } from '../../db/schema';
import { advanceOrder } from '../orders';

export type OrderRow = typeof orders.$inferSelect;

export interface LineTotals {
  /** Cases in shipments of the line, those being prepared included (what may not exceed the approved cases). */
  committed: number;
  /** Cases that have left (shipments past preparing). */
  shipped: number;
}

/**
 * Per order line, the cases in its shipments. Replacements do not count: they send again what a
 * receipt found missing, on top of the approved cases.
 */
export async function lineTotals(tx: DbOrTx, orderItemIds: number[]): Promise<Map<number, LineTotals>> {
  if (orderItemIds.length === 0) return new Map();
  const rows = await tx
    .select({
      orderItemId: shipmentItems.orderItemId,
      committed: sql<number>`coalesce(sum(${shipmentItems.cases}), 0)::int`,
      shipped: sql<number>`coalesce(sum(case when ${shipments.status} <> 'preparing' then ${shipmentItems.cases} else 0 end), 0)::int`,
    })
    .from(shipmentItems)
    .innerJoin(shipments, eq(shipments.id, shipmentItems.shipmentId))
    .where(and(inArray(shipmentItems.orderItemId, orderItemIds), isNull(shipments.replacesReceiptId)))
    .groupBy(shipmentItems.orderItemId);
  return new Map(rows.map((r) => [r.orderItemId, { committed: Number(r.committed), shipped: Number(r.shipped) }]));
}

/**
 * Locks the orders (in id order, so two writers over the same orders queue instead of deadlocking)
 * and answers them as they stand now: whoever creates, ships or receives a shipment of an order
 * holds its row until the commit, so the sums read after this are the last word.
 */
export async function lockOrders(tx: Tx, ids: number[]): Promise<OrderRow[]> {
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  if (unique.length === 0) return [];
  return tx.select().from(orders).where(inArray(orders.id, unique)).orderBy(asc(orders.id)).for('update');
}

/** Moves a (locked) order to shipped when every approved case of it has left; otherwise it stays where it is ("partially shipped" is derived). */
export async function deriveShipped(tx: Tx, order: OrderRow, actor: Actor, at: Date, shipmentNumber: string): Promise<OrderRow | null> {
  const items = await tx.select({ id: orderItems.id, cases: orderItems.cases }).from(orderItems).where(eq(orderItems.orderId, order.id));
  const totals = await lineTotals(
    tx,
    items.map((i) => i.id),
  );
  const progress = shippingProgress(items.map((i) => ({ cases: i.cases, shipped: totals.get(i.id)?.shipped ?? 0 })));
  if (progress !== 'shipped') return null;
  return advanceOrder(tx, order, 'ship', 'seller', actor, at, { shippedAt: at }, { shipment: shipmentNumber });
}

/** Moves a (locked) shipped order to delivered once no shipment carrying its lines is still on its way. */
export async function deriveDelivered(tx: Tx, order: OrderRow, actor: Actor, at: Date, shipmentNumber: string): Promise<OrderRow | null> {
  if (order.status !== 'shipped') return null;
  const [onTheWay] = await tx
    .select({ id: shipments.id })
    .from(shipmentItems)
    .innerJoin(shipments, eq(shipments.id, shipmentItems.shipmentId))
    .where(and(eq(shipmentItems.orderId, order.id), inArray(shipments.status, ['shipped', 'in_transit', 'exception'])))
    .limit(1);
  if (onTheWay) return null;
  return advanceOrder(tx, order, 'deliver', 'buyer', actor, at, { deliveredAt: at }, { shipment: shipmentNumber });
}
