// An order moves to `paid` when the invoice that bills it is paid in full (issue 16). The move is the
// transition table's `pay` (shared/orders.ts: from invoiced, shipped or delivered), made as the
// guarded update every other move is, with its audit row, inside the caller's transaction — the one
// that settled the payment. An order not yet in a state `pay` starts from stays where it is.
import { and, asc, eq, inArray } from 'drizzle-orm';
import { transitionFor } from '../../../shared/orders';
import type { Tx } from '../../db/client';
import { invoiceOrders, orders } from '../../db/schema';
import type { Actor } from '../../core/actor';
import { recordAudit } from '../audit/service';

export type PaidOrder = typeof orders.$inferSelect;

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
    const t = transitionFor('pay', order.status, 'seller');
    if (!t) continue;
    const [after] = await tx
      .update(orders)
      .set({ status: t.to, version: order.version + 1, updatedAt: at })
      .where(and(eq(orders.id, order.id), eq(orders.status, order.status), eq(orders.version, order.version)))
      .returning();
    if (!after) continue;
    await recordAudit(tx, actor, {
      action: 'UPDATE',
      tableName: 'orders',
      recordId: order.id,
      oldValues: { status: order.status, version: order.version },
      newValues: { status: t.to, version: after.version, action: 'pay', invoiceId },
    });
    moved.push(after);
  }
  return moved;
}
