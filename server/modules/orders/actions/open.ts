// Opening an order: the seller's first opening marks it seen (a guarded update: once, whoever opens it
// first). A member with read-only access reads the order as it stands: not marked seen, no action offered.
import { and, eq } from 'drizzle-orm';
import { tradesFor } from '../../../../shared/partners';
import type { Viewer } from '../../../auth/authorize';
import type { Actor } from '../../../core/actor';
import { orders } from '../../../db/schema';
import { recordAudit } from '../../audit';
import type { OrderContext } from '../context';
import type { Channel, OrderDetail } from '../types';

export async function open(ctx: OrderContext, viewer: Viewer, id: number, actor: Actor, channel: Channel): Promise<OrderDetail> {
  const { db, now } = ctx;
  let row = await ctx.requireRow(id);
  const side = await ctx.sideOf(viewer, row, channel);
  const acts = channel === 'staff' || tradesFor(viewer.roles);
  if (acts && side === 'seller' && row.status === 'submitted') {
    const seen = await db.transaction(async (tx) => {
      const [after] = await tx
        .update(orders)
        .set({ status: 'seen', seenAt: new Date(now()), version: row.version + 1, updatedAt: new Date(now()) })
        .where(and(eq(orders.id, id), eq(orders.status, 'submitted'), eq(orders.version, row.version)))
        .returning();
      if (after)
        await recordAudit(tx, actor, {
          action: 'UPDATE',
          tableName: 'orders',
          recordId: id,
          oldValues: { status: 'submitted', version: row.version },
          newValues: { status: 'seen', version: after.version, action: 'see' },
        });
      return after ?? null;
    });
    if (seen) await ctx.signal(id, seen);
    row = await ctx.requireRow(id);
  }
  const out = await ctx.views.detail(row, side, channel);
  return acts ? out : { ...out, actions: [] };
}
