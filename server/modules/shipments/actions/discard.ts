// Calls off a shipment still being prepared (not a replacement, which answers a receipt): its lines
// are free to ship again.
import { and, eq } from 'drizzle-orm';
import { SHIPMENT_STATUS_LABELS } from '../../../../shared/schemas/shipments';
import { shipmentActionRefusal, shipmentFacts } from '../../../../shared/shipment-actions';
import type { Viewer } from '../../../auth/authorize';
import { refusalError } from '../../../core/action-refusal';
import type { Actor } from '../../../core/actor';
import { AppError, versionConflict } from '../../../core/errors';
import { shipments } from '../../../db/schema';
import { recordAudit } from '../../audit';
import type { ShipmentContext } from '../context';

export async function discard(ctx: ShipmentContext, viewer: Viewer, id: number, version: number, actor: Actor): Promise<void> {
  const first = await ctx.requireRow(id);
  const side = await ctx.sideOf(viewer, first, true);
  const wrong = shipmentActionRefusal('discard', shipmentFacts(first, side));
  if (wrong?.code === 'wrong_side') throw refusalError(wrong);
  await ctx.write(async (tx, tell) => {
    const row = await ctx.requireRow(id, tx);
    if (row.version !== version) throw versionConflict('shipment', row.version, version);
    // The shared decision the page offers "Call off shipment" from; the guarded delete below catches a move that won meanwhile.
    const refusal = shipmentActionRefusal('discard', shipmentFacts(row, side));
    if (refusal) throw refusalError(refusal);
    const people = await ctx.placers(tx, row.id);
    const [gone] = await tx
      .delete(shipments)
      .where(and(eq(shipments.id, id), eq(shipments.status, 'preparing'), eq(shipments.version, version)))
      .returning({ id: shipments.id });
    if (!gone) {
      const current = await ctx.requireRow(id, tx);
      if (current.status !== 'preparing')
        throw new AppError(
          'invalid_transition',
          'conflict',
          `This shipment is ${SHIPMENT_STATUS_LABELS[current.status].toLowerCase()}: it can no longer be called off.`,
        );
      throw versionConflict('shipment', current.version, version);
    }
    await recordAudit(tx, actor, { action: 'DELETE', tableName: 'shipments', recordId: id, oldValues: { number: row.number, status: row.status } });
    await tell({ kind: 'discarded', shipment: row, to: 'recipient', people });
  });
}
