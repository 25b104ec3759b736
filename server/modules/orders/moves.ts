// An order moving along the one transition table (shared/orders.ts `TRANSITIONS`): the guarded update
// and its audit row (the trade kernel's `guardedMove`), for this service's own moves and for the
// services whose records move orders (invoices invoice them, payments pay them, shipments ship and
// deliver them).
import { eq } from 'drizzle-orm';
import { invalidOrderTransition } from '../../../shared/order-actions';
import { type OrderAction, type OrderSide, type OrderStatus, transitionFor } from '../../../shared/schemas/orders';
import { refusalError } from '../../core/action-refusal';
import type { AppError } from '../../core/errors';
import type { Actor } from '../../core/actor';
import type { Db, Tx } from '../../db/client';
import { orders, shipmentItems } from '../../db/schema';
import { guardedMove } from '../trade';
import type { OrderRow } from './types';

export function invalidTransition(action: OrderAction, from: OrderStatus): AppError {
  return refusalError(invalidOrderTransition(action, from), { from, action });
}

/**
 * The guarded update: the row moves only if it is still in the state (and version) it was read in.
 * Of two people acting at once, the second finds nothing to update and is told why.
 */
export function moveOrder(
  tx: Tx,
  row: OrderRow,
  action: OrderAction,
  to: OrderStatus,
  set: Partial<typeof orders.$inferInsert>,
  actor: Actor,
  extra: object,
  at: Date,
): Promise<OrderRow> {
  return guardedMove(tx, actor, {
    table: orders,
    tableName: 'orders',
    entity: 'order',
    row,
    to,
    set,
    at,
    audit: { action, ...extra },
    invalid: (from) => invalidTransition(action, from as OrderStatus),
  });
}

/**
 * Moves an order along the one transition table from another service (shipments derive shipped and
 * delivered from the order's lines): the transition `action` takes for `side` from the state of
 * `row` — read under the caller's row lock — as the same guarded update and audit row as here; null
 * when the table has no such move from there (the order stays where it is).
 */
export async function advanceOrder(
  tx: Tx,
  row: OrderRow,
  action: OrderAction,
  side: OrderSide,
  actor: Actor,
  at: Date,
  set: Partial<typeof orders.$inferInsert> = {},
  extra: object = {},
): Promise<OrderRow | null> {
  const t = transitionFor(action, row.status, side);
  return t ? moveOrder(tx, row, action, t.to, set, actor, { side, ...extra }, at) : null;
}

/** Whether a line of the order is in a shipment (being prepared, on its way or delivered): what went, or is packed, cannot be cancelled. */
export async function inShipment(tx: Db | Tx, orderId: number): Promise<boolean> {
  const [item] = await tx.select({ id: shipmentItems.id }).from(shipmentItems).where(eq(shipmentItems.orderId, orderId)).limit(1);
  return Boolean(item);
}
