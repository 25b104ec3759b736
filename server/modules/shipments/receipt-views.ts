// How a shipment's receipt reads: its standing for the lists, the receipt in full (what arrived, the
// photo or PDF, how a discrepancy was answered), the shipment a replacement stands in for, the credit
// notes that may answer a discrepancy, and per order line what was received in good order.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { CreditNoteChoice, ReceiptView, ShipmentSide } from '../../../shared/schemas/shipments';
import type { DbOrTx } from '../../db/client';
import { attachments, invoices, receiptItems, receipts, shipmentItems, shipments } from '../../db/schema';
import { peopleNames } from '../trade';
import type { ShipmentRow } from './types';

type ReceiptRow = typeof receipts.$inferSelect;

const attachmentPath = (id: string) => `/api/attachments/${id}`;

/** A shipment's receipt, if it has one. */
export async function receiptOf(tx: DbOrTx, shipmentId: number): Promise<ReceiptRow | null> {
  const [row] = await tx.select().from(receipts).where(eq(receipts.shipmentId, shipmentId));
  return row ?? null;
}

/** A receipt's counts per shipment line. */
export async function linesOf(tx: DbOrTx, receiptId: number) {
  const rows = await tx.select().from(receiptItems).where(eq(receiptItems.receiptId, receiptId));
  return new Map(rows.map((r) => [r.shipmentItemId, { casesReceived: r.casesReceived, casesDamaged: r.casesDamaged }]));
}

export function createReceiptViews(db: DbOrTx) {
  return {
    linesOf: (receiptId: number) => linesOf(db, receiptId),

    /** Each shipment's receipt standing, for the lists. */
    async statusOf(shipmentIds: number[]) {
      const rows = shipmentIds.length
        ? await db.select({ shipmentId: receipts.shipmentId, status: receipts.status }).from(receipts).where(inArray(receipts.shipmentId, shipmentIds))
        : [];
      return new Map(rows.map((r) => [r.shipmentId, r.status]));
    },

    async viewOf(shipment: ShipmentRow, _side: ShipmentSide): Promise<ReceiptView | null> {
      const row = await receiptOf(db, shipment.id);
      if (!row) return null;
      const [file] = row.attachmentId ? await db.select().from(attachments).where(eq(attachments.id, row.attachmentId)) : [];
      const name = await peopleNames(db, [row.receivedBy, row.resolvedBy]);
      const [credit] = row.creditNoteId
        ? await db.select({ id: invoices.id, number: invoices.number }).from(invoices).where(eq(invoices.id, row.creditNoteId))
        : [];
      const [replacement] = row.replacementShipmentId
        ? await db.select({ id: shipments.id, number: shipments.number }).from(shipments).where(eq(shipments.id, row.replacementShipmentId))
        : [];
      return {
        id: row.id,
        status: row.status,
        note: row.note,
        receivedAt: row.receivedAt.toISOString(),
        receivedBy: name(row.receivedBy),
        attachment: file
          ? { id: file.id, filename: file.filename, contentType: file.contentType, sizeBytes: file.sizeBytes, url: attachmentPath(file.id) }
          : null,
        resolution: (row.resolution as ReceiptView['resolution']) ?? null,
        creditNote: credit ?? null,
        replacementShipment: replacement ?? null,
        resolvedAt: row.resolvedAt ? row.resolvedAt.toISOString() : null,
        resolvedBy: name(row.resolvedBy),
        version: row.version,
      };
    },

    /** The shipment a replacement stands in for (through the receipt it answers). */
    async replacedBy(shipment: ShipmentRow) {
      if (shipment.replacesReceiptId === null) return null;
      const [r] = await db
        .select({ receiptId: receipts.id, shipmentId: shipments.id, shipmentNumber: shipments.number })
        .from(receipts)
        .innerJoin(shipments, eq(shipments.id, receipts.shipmentId))
        .where(eq(receipts.id, shipment.replacesReceiptId));
      return r ?? null;
    },

    /** The credit notes the sender issued to this retailer, newest first (what may answer a discrepancy). */
    async creditNoteChoices(shipment: ShipmentRow): Promise<CreditNoteChoice[]> {
      const rows = await db
        .select({ id: invoices.id, number: invoices.number, totalMinor: invoices.totalMinor, currency: invoices.currency, issuedOn: invoices.issuedOn })
        .from(invoices)
        .where(
          and(
            eq(invoices.kind, 'credit_note'),
            eq(invoices.state, 'issued'),
            eq(invoices.issuerId, shipment.senderId),
            eq(invoices.customerId, shipment.recipientId),
            // One that answers another discrepancy already is not offered (resolving refuses it).
            sql`not exists (select 1 from ${receipts} where ${receipts.creditNoteId} = ${invoices.id})`,
          ),
        )
        .orderBy(sql`${invoices.issuedAt} desc nulls last`, asc(invoices.id))
        .limit(50);
      return rows.map((r) => ({ ...r, number: r.number ?? '' }));
    },

    /** Per line of an order, the cases received in good order (over every receipt of its shipments). */
    async receivedPerOrderLine(orderId: number) {
      const rows = await db
        .select({ orderItemId: shipmentItems.orderItemId, received: sql<number>`sum(${receiptItems.casesReceived})::int` })
        .from(receiptItems)
        .innerJoin(shipmentItems, eq(shipmentItems.id, receiptItems.shipmentItemId))
        .where(eq(shipmentItems.orderId, orderId))
        .groupBy(shipmentItems.orderItemId);
      return new Map(rows.map((r) => [r.orderItemId, Number(r.received)]));
    },
  };
}

export type ReceiptViews = ReturnType<typeof createReceiptViews>;
