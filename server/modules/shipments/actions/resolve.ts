// The distributor answers a delivery discrepancy: with a replacement shipment (up to the missing cases
// per line, its stock reserved at once and moved like any shipment), with a credit note it already
// issued to this retailer (one that credits at least what is missing, answering no other receipt), or
// with a credit note issued now for what is missing (invoicing, in this transaction).
import { and, asc, eq, ne } from 'drizzle-orm';
import { plural } from '../../../../shared/plural';
import { missingCases, type ReceiptStatus, type ResolveReceiptInput } from '../../../../shared/schemas/shipments';
import { shipmentActionRefusal, shipmentFacts } from '../../../../shared/shipment-actions';
import type { Viewer } from '../../../auth/authorize';
import { refusalError } from '../../../core/action-refusal';
import type { Actor } from '../../../core/actor';
import { AppError, notFound, versionConflict } from '../../../core/errors';
import type { Tx } from '../../../db/client';
import { invoiceItems, invoices, receiptItems, receipts, shipmentItems } from '../../../db/schema';
import { recordAudit } from '../../audit';
import { moveStockOr, productNameOf } from '../../stock';
import type { ShipmentContext } from '../context';
import { lockOrders } from '../lines';
import { linesOf } from '../receipt-views';
import type { ShipmentRow } from '../types';

type ReceiptRow = typeof receipts.$inferSelect;

/** Per order line, the cases a receipt found missing (shipped − received in good order). */
async function missingOf(tx: Tx, receiptId: number): Promise<{ orderItemId: number; cases: number }[]> {
  const rows = await tx
    .select({
      orderItemId: shipmentItems.orderItemId,
      cases: shipmentItems.cases,
      casesReceived: receiptItems.casesReceived,
      casesDamaged: receiptItems.casesDamaged,
    })
    .from(receiptItems)
    .innerJoin(shipmentItems, eq(shipmentItems.id, receiptItems.shipmentItemId))
    .where(eq(receiptItems.receiptId, receiptId))
    .orderBy(asc(shipmentItems.id));
  return rows.map((r) => ({ orderItemId: r.orderItemId, cases: missingCases(r) })).filter((l) => l.cases > 0);
}

export async function resolve(ctx: ShipmentContext, viewer: Viewer, receiptId: number, input: ResolveReceiptInput, actor: Actor): Promise<ShipmentRow> {
  const [first] = await ctx.db.select().from(receipts).where(eq(receipts.id, receiptId));
  if (!first) throw notFound('Receipt');
  const side = await ctx.sideOf(viewer, first, true);
  // The shared decision the shipment's page offers its answer from (shared/shipment-actions.ts).
  const decide = (status: ReceiptStatus, shipment: ShipmentRow) =>
    shipmentActionRefusal('resolve', { ...shipmentFacts(shipment, side), receiptStatus: status });
  const wrong = decide(first.status, await ctx.requireRow(first.shipmentId));
  if (wrong?.code === 'wrong_side') throw refusalError(wrong);
  return ctx.write(async (tx, tell, fx) => {
    const [receipt] = await tx.select().from(receipts).where(eq(receipts.id, receiptId)).for('update');
    if (!receipt) throw notFound('Receipt');
    if (receipt.version !== input.version) throw versionConflict('receipt', receipt.version, input.version);
    const refusal = decide(receipt.status, await ctx.requireRow(receipt.shipmentId, tx));
    if (refusal) throw refusalError(refusal);
    await ctx.tradingOrganisation(tx, receipt.senderId);
    const shipment = await ctx.requireRow(receipt.shipmentId, tx);
    const at = new Date(ctx.now());
    const set: Partial<typeof receipts.$inferInsert> = { status: 'resolved', resolution: input.resolution, resolvedBy: actor.userId, resolvedAt: at };
    let replacement: ShipmentRow | null = null;
    if (input.resolution === 'replacement') {
      replacement = await replace(ctx, tx, receipt, shipment, input, actor);
      set.replacementShipmentId = replacement.id;
    } else if (input.creditNoteId) {
      const [note] = await tx
        .select({ id: invoices.id })
        .from(invoices)
        .where(
          and(
            eq(invoices.id, input.creditNoteId),
            eq(invoices.kind, 'credit_note'),
            eq(invoices.state, 'issued'),
            eq(invoices.issuerId, receipt.senderId),
            eq(invoices.customerId, receipt.recipientId),
          ),
        );
      // Another issuer's or customer's document, a draft or an invoice: none that answers this receipt.
      if (!note) throw notFound('Credit note');
      // One credit note answers one discrepancy, and only one that credits at least what is missing.
      const [taken] = await tx
        .select({ id: receipts.id })
        .from(receipts)
        .where(and(eq(receipts.creditNoteId, note.id), ne(receipts.id, receipt.id)))
        .limit(1);
      if (taken)
        throw new AppError('credit_note_used', 'conflict', 'That credit note already answers another delivery discrepancy.', {
          hint: 'Issue a credit note for this shortfall instead.',
        });
      const credited = new Map<number, number>();
      for (const line of await tx
        .select({ orderItemId: invoiceItems.orderItemId, cases: invoiceItems.cases })
        .from(invoiceItems)
        .where(eq(invoiceItems.invoiceId, note.id)))
        if (line.orderItemId !== null) credited.set(line.orderItemId, (credited.get(line.orderItemId) ?? 0) + line.cases);
      if ((await missingOf(tx, receipt.id)).some((m) => (credited.get(m.orderItemId) ?? 0) < m.cases))
        throw new AppError('credit_note_short', 'conflict', 'That credit note does not credit every missing or damaged case of this delivery.', {
          hint: 'Issue a credit note for this shortfall instead.',
        });
      set.creditNoteId = note.id;
    } else {
      // A credit note for what is missing (short or damaged), issued now in this transaction.
      if (!ctx.deps.invoicing) throw new AppError('credit_unavailable', 'unavailable', 'Credit notes cannot be issued here.');
      const lines = await missingOf(tx, receipt.id);
      const credit = await ctx.deps.invoicing.creditForShortfall(
        tx,
        { issuerId: receipt.senderId, lines, reason: `Missing or damaged on delivery of ${shipment.number}` },
        actor,
      );
      const first = credit.creditNotes[0];
      if (!first)
        throw new AppError('nothing_invoiced', 'conflict', 'None of the missing lines is on an issued invoice: there is nothing to credit.', {
          hint: 'Send a replacement shipment instead, or issue the invoice first.',
        });
      set.creditNoteId = first.id;
      fx.after(credit.announce);
    }
    const [after] = await tx
      .update(receipts)
      .set({ ...set, version: receipt.version + 1 })
      .where(and(eq(receipts.id, receipt.id), eq(receipts.status, 'discrepancy'), eq(receipts.version, receipt.version)))
      .returning();
    if (!after) throw versionConflict('receipt', receipt.version + 1, receipt.version);
    await recordAudit(tx, actor, {
      action: 'UPDATE',
      tableName: 'receipts',
      recordId: receipt.id,
      oldValues: { status: receipt.status, version: receipt.version },
      newValues: {
        status: 'resolved',
        version: after.version,
        resolution: input.resolution,
        creditNoteId: set.creditNoteId,
        replacementShipmentId: replacement?.id,
      },
    });
    const text = replacement ? `Replacement shipment ${replacement.number} is being prepared.` : 'A credit note was issued for what was missing.';
    await tell({ kind: 'resolved', shipment, to: 'recipient', people: [receipt.receivedBy], text });
    if (replacement)
      await tell({
        kind: 'created',
        shipment: replacement,
        to: 'recipient',
        people: [receipt.receivedBy],
        text: `Replaces what was missing from ${shipment.number}.`,
      });
    return replacement ?? shipment;
  });
}

/** A replacement shipment for up to the missing cases per line, its stock reserved now (so shipping it moves it like any shipment). */
async function replace(
  ctx: ShipmentContext,
  tx: Tx,
  receipt: ReceiptRow,
  shipment: ShipmentRow,
  input: Extract<ResolveReceiptInput, { resolution: 'replacement' }>,
  actor: Actor,
): Promise<ShipmentRow> {
  const items = await ctx.itemsOf(tx, shipment.id);
  const byId = new Map(items.map((i) => [i.id, i]));
  const counted = await linesOf(tx, receipt.id);
  const problems: { path: string; message: string; shipmentItemId: number; missingCases: number }[] = [];
  input.lines.forEach((l, i) => {
    const item = byId.get(l.shipmentItemId);
    if (!item) throw notFound('Shipment line');
    const c = counted.get(item.id) ?? { casesReceived: item.cases, casesDamaged: 0 };
    const missing = missingCases({ cases: item.cases, ...c });
    if (l.cases > missing)
      problems.push({
        path: `lines.${i}.cases`,
        shipmentItemId: item.id,
        missingCases: missing,
        message: `At most the ${plural(missing, 'case')} missing on this line.`,
      });
  });
  if (problems.length)
    throw new AppError('replacement_exceeds_missing', 'conflict', 'A replacement sends at most what was missing.', {
      details: problems,
      hint: 'Send again only what arrived short or damaged.',
    });
  // The orders' locks, as every shipment of their lines takes them.
  await lockOrders(
    tx,
    items.map((i) => i.orderId),
  );
  const lines = input.lines
    .map((l) => {
      const item = byId.get(l.shipmentItemId)!;
      return { orderId: item.orderId, orderItemId: item.orderItemId, productId: item.productId, cases: l.cases, caseSize: item.caseSize };
    })
    .sort((a, b) => a.productId - b.productId);
  const created = await ctx.insertShipment(
    tx,
    {
      senderId: shipment.senderId,
      recipientId: shipment.recipientId,
      carrier: input.carrier,
      trackingNumber: input.trackingNumber,
      note: input.note,
      replacesReceiptId: receipt.id,
    },
    lines,
    actor,
  );
  for (const l of lines)
    await moveStockOr(
      tx,
      {
        organisationId: shipment.senderId,
        productId: l.productId,
        onHand: 0,
        reserved: l.cases * l.caseSize,
        cause: 'reservation',
        orderId: l.orderId,
        actorId: actor.userId,
        reason: `Replacement ${created.number} for ${shipment.number}`,
      },
      async () => {
        const name = await productNameOf(tx, l.productId);
        return new AppError('insufficient_stock', 'conflict', `Not enough stock of ${name} is available for the replacement.`, {
          details: [{ path: 'lines', productId: l.productId, message: `Not enough stock of ${name} available.` }],
          hint: 'Answer with a credit note instead, or wait for stock to arrive.',
        });
      },
    );
  return created;
}
