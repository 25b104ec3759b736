// An order moves to `paid` when the invoice that bills it is paid in full (issue 16): the transition
// table's `pay` (shared/orders.ts: from invoiced, shipped or delivered) through `advanceOrder` — the
// same guarded update and audit row as every other move — inside the caller's transaction, the one
// that settled the payment, under the orders' row locks. An order not yet in a state `pay` starts
// from stays where it is.
import { asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { invoiceOrders, orders } from '../../db/schema';
import type { Actor } from '../../core/actor';
import { advanceOrder } from './moves';
import type { OrderRow } from './types';

export type PaidOrder = OrderRow;

/** Moves the orders billed by `invoiceIds` to paid where the table allows it; answers the orders moved. */
export async function payOrdersOfInvoices(tx: Tx, invoiceIds: readonly number[], actor: Actor, at: Date): Promise<PaidOrder[]> {
  if (invoiceIds.length === 0) return [];
  const billed = await tx
    .select({ order: orders, invoiceId: invoiceOrders.invoiceId })
    .from(orders)
    .innerJoin(invoiceOrders, eq(invoiceOrders.orderId, orders.id))
    .where(inArray(invoiceOrders.invoiceId, [...invoiceIds]))
    .orderBy(asc(orders.id))
    .for('update', { of: orders });
  const moved: PaidOrder[] = [];
  for (const { order, invoiceId } of billed) {
    const after = await advanceOrder(tx, order, 'pay', 'seller', actor, at, {}, { invoiceId });
    if (after) moved.push(after);
  }
  return moved;
}
