// The buyer confirms a shipment addressed to it — cases received and damaged per line (together never
// more than shipped), a note and one photo or PDF (an organisation-scoped attachment). One receipt per
// shipment; it marks the shipment delivered, and an order delivered once nothing of it is still on its
// way. Until then the bottles were in transit, in nobody's ledger. A buyer that holds a ledger (an
// importer, a distributor) gets what was shipped into it (`receipt`) and loses at once what did not
// arrive whole (`transit_loss`), so its on hand is what it received and the ledger says where the rest
// went; a retailer holds no ledger, and its receipt is the record. A short or damaged line makes the
// receipt a discrepancy, which the sender answers (resolve.ts).
import { eq } from 'drizzle-orm';
import { plural } from '../../../../shared/plural';
import { exceedsShipment, missingCases, type ReceiptInput, receiptStatusOf } from '../../../../shared/schemas/shipments';
import type { Viewer } from '../../../auth/authorize';
import type { Actor } from '../../../core/actor';
import { AppError, isUniqueViolation, notFound } from '../../../core/errors';
import type { Tx } from '../../../db/client';
import { organisations, receiptItems, receipts, shipments } from '../../../db/schema';
import { recordAudit } from '../../audit';
import type { IncomingFile, StoredFile } from '../../attachments';
import type { ShipmentContext } from '../context';
import { deriveDelivered, lockOrders } from '../lines';
import { receiptOf } from '../receipt-views';
import { moveStock } from '../../stock';
import type { ItemRow, ShipmentRow } from '../types';

type ReceiptRow = typeof receipts.$inferSelect;

/** Checks the lines against what was shipped: every line once, nothing unknown (not found), never more received and damaged than shipped. */
function checkLines(items: ItemRow[], input: ReceiptInput) {
  const byId = new Map(items.map((i) => [i.id, i]));
  for (const l of input.lines) if (!byId.has(l.shipmentItemId)) throw notFound('Shipment line');
  const named = new Set(input.lines.map((l) => l.shipmentItemId));
  const missing = items.filter((i) => !named.has(i.id));
  if (missing.length)
    throw new AppError('receipt_line_missing', 'invalid', 'Say what arrived on every line of the shipment.', {
      details: missing.map((i) => ({ path: 'lines', shipmentItemId: i.id, message: 'Say what arrived on this line.' })),
    });
  const over = input.lines
    .map((l, i) => ({ l, i, item: byId.get(l.shipmentItemId)! }))
    .filter(({ l, item }) => exceedsShipment({ cases: item.cases, casesReceived: l.casesReceived, casesDamaged: l.casesDamaged }));
  if (over.length)
    throw new AppError('receipt_exceeds_shipment', 'invalid', 'A line reports more cases than were shipped.', {
      details: over.map(({ i, item }) => ({
        path: `lines.${i}.casesReceived`,
        shipmentItemId: item.id,
        shippedCases: item.cases,
        message: `Only ${plural(item.cases, 'case')} ${item.cases === 1 ? 'was' : 'were'} shipped on this line: received and damaged together cannot be more.`,
      })),
      hint: 'Count received and damaged cases so that together they are at most what was shipped.',
    });
}

export async function receive(ctx: ShipmentContext, viewer: Viewer, shipmentId: number, input: ReceiptInput, file: IncomingFile | null, actor: Actor) {
  const first = await ctx.requireRow(shipmentId);
  const side = await ctx.sideOf(viewer, first, true);
  // Every refusal that needs no write comes before the file is stored.
  ctx.transition('receive', first, side, null);
  ctx.deps.attachments.check(file);
  checkLines(await ctx.itemsOf(ctx.db, shipmentId), input);
  const stored: StoredFile = await ctx.deps.attachments.store(file);
  try {
    await ctx.write(async (tx, tell, fx) => {
      const [row] = await tx.select().from(shipments).where(eq(shipments.id, shipmentId)).for('update');
      if (!row) throw notFound('Shipment');
      ctx.transition('receive', row, side, null);
      if (await receiptOf(tx, row.id)) throw alreadyReceived();
      const items = await ctx.itemsOf(tx, row.id);
      checkLines(items, input);
      const byId = new Map(items.map((i) => [i.id, i]));
      const counts = input.lines.map((l) => ({ cases: byId.get(l.shipmentItemId)!.cases, casesReceived: l.casesReceived, casesDamaged: l.casesDamaged }));
      const status = receiptStatusOf(counts);
      const attachment = await ctx.deps.attachments.record(tx, stored, { ownerId: row.recipientId, counterpartId: row.senderId }, actor);
      const at = new Date(ctx.now());
      let receipt: ReceiptRow;
      try {
        [receipt] = (await tx
          .insert(receipts)
          .values({
            shipmentId: row.id,
            recipientId: row.recipientId,
            senderId: row.senderId,
            status,
            note: input.note,
            attachmentId: attachment.id,
            receivedBy: actor.userId,
            receivedAt: at,
          })
          .returning()) as [ReceiptRow];
      } catch (err) {
        if (isUniqueViolation(err, 'receipts_shipment_key')) throw alreadyReceived();
        throw err;
      }
      await tx.insert(receiptItems).values(input.lines.map((l) => ({ receiptId: receipt.id, ...l })));
      if (await holdsStock(tx, row.recipientId)) await intoLedger(tx, row, items, input, actor);
      const missing = counts.reduce((n, c) => n + missingCases(c), 0);
      await recordAudit(tx, actor, {
        action: 'INSERT',
        tableName: 'receipts',
        recordId: receipt.id,
        newValues: { shipmentId: row.id, status, note: input.note || undefined, lines: input.lines, attachmentId: attachment.id, missingCases: missing },
      });
      const after = await ctx.guardedMove(tx, row, 'receive', { deliveredAt: at }, actor, { receiptId: receipt.id, note: input.note || undefined });
      const orderIds = [...new Set(items.map((i) => i.orderId))];
      for (const o of await lockOrders(tx, orderIds)) {
        const moved = await deriveDelivered(tx, o, actor, at, row.number);
        if (moved) fx.orderChanged(moved);
      }
      const text =
        status === 'discrepancy'
          ? `${missing} ${missing === 1 ? 'case' : 'cases'} short or damaged.${input.note ? ` ${input.note}` : ''}`
          : input.note || undefined;
      await tell({ kind: status === 'discrepancy' ? 'discrepancy' : 'received', shipment: after, to: 'sender', people: [row.createdBy], text });
    });
  } catch (err) {
    await ctx.deps.attachments.discard(stored);
    throw err;
  }
  return ctx.requireRow(shipmentId);
}

/** Whether the recipient keeps a stock ledger: every organisation but a retailer (and the brand, which never receives). */
async function holdsStock(tx: Tx, organisationId: string): Promise<boolean> {
  const [org] = await tx.select({ type: organisations.type }).from(organisations).where(eq(organisations.id, organisationId));
  return org !== undefined && org.type !== 'retailer';
}

/**
 * The receipt into the recipient's ledger, per line in product order (the order every ledger write
 * takes, so two writers queue instead of deadlocking): what was shipped arrives (`receipt`), and what
 * was short or damaged leaves the chain at once (`transit_loss`) — on hand ends at what arrived whole.
 */
async function intoLedger(tx: Tx, row: ShipmentRow, items: ItemRow[], input: ReceiptInput, actor: Actor) {
  const counted = new Map(input.lines.map((l) => [l.shipmentItemId, l]));
  for (const item of [...items].sort((a, b) => a.productId - b.productId || a.id - b.id)) {
    const shipped = item.cases * item.caseSize;
    const lost = (item.cases - counted.get(item.id)!.casesReceived) * item.caseSize;
    const base = { organisationId: row.recipientId, productId: item.productId, reserved: 0, orderId: item.orderId, actorId: actor.userId };
    await moveStock(tx, { ...base, onHand: shipped, cause: 'receipt', reason: `Shipment ${row.number} received` });
    if (lost > 0) await moveStock(tx, { ...base, onHand: -lost, cause: 'transit_loss', reason: `Shipment ${row.number}: short or damaged on arrival` });
  }
}

const alreadyReceived = () =>
  new AppError('already_received', 'conflict', 'This shipment has been received already.', { hint: 'Reload the shipment to see its receipt.' });
