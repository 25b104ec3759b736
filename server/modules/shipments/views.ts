// How shipments read to their parties: the summaries of the lists (parties, cases, the tracking
// link, the receipt's standing) and one shipment in full (its lines with what arrived, the receipt,
// what it replaces, the credit notes that may answer it, the timeline from its audit rows).
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  CARRIERS,
  SHIPMENT_STATUS_LABELS,
  type ShipmentDetailView,
  type ShipmentSide,
  type ShipmentSummaryView,
  trackingUrl,
} from '../../../shared/schemas/shipments';
import { shipmentActions } from '../../../shared/shipment-actions';
import type { Db } from '../../db/client';
import { auditLogs, orders, organisations, products, profiles, shipmentItems, type shipments } from '../../db/schema';
import type { createReceipts } from './receipts';

type ShipmentRow = typeof shipments.$inferSelect;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function createShipmentViews(db: Db, receipts: ReturnType<typeof createReceipts>) {
  async function partyNames(ids: string[]) {
    const wanted = [...new Set(ids)];
    const rows = wanted.length
      ? await db.select({ id: organisations.id, name: organisations.tradingName }).from(organisations).where(inArray(organisations.id, wanted))
      : [];
    const byId = new Map(rows.map((r) => [r.id, r.name]));
    return (id: string) => ({ id, name: byId.get(id) ?? '' });
  }

  async function peopleNames(ids: (string | null)[]) {
    const wanted = [...new Set(ids.filter((x): x is string => !!x))];
    const rows = wanted.length
      ? await db.select({ id: profiles.id, first: profiles.firstName, last: profiles.lastName }).from(profiles).where(inArray(profiles.id, wanted))
      : [];
    const byId = new Map(rows.map((r) => [r.id, `${r.first} ${r.last}`.trim() || null]));
    return (id: string | null) => (id ? (byId.get(id) ?? null) : null);
  }

  async function summaries(rows: ShipmentRow[]): Promise<ShipmentSummaryView[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const party = await partyNames(rows.flatMap((r) => [r.senderId, r.recipientId]));
    const totals = await db
      .select({ shipmentId: shipmentItems.shipmentId, cases: sql<number>`sum(${shipmentItems.cases})::int` })
      .from(shipmentItems)
      .where(inArray(shipmentItems.shipmentId, ids))
      .groupBy(shipmentItems.shipmentId);
    const cases = new Map(totals.map((t) => [t.shipmentId, Number(t.cases)]));
    const receiptRows = await receipts.statusOf(ids);
    return rows.map((r) => ({
      id: r.id,
      number: r.number,
      status: r.status,
      sender: party(r.senderId),
      recipient: party(r.recipientId),
      carrier: r.carrier,
      carrierLabel: (CARRIERS as Record<string, { label: string }>)[r.carrier]?.label ?? r.carrier,
      trackingNumber: r.trackingNumber,
      trackingUrl: trackingUrl(r.carrier, r.trackingNumber),
      cases: cases.get(r.id) ?? 0,
      receiptStatus: receiptRows.get(r.id) ?? null,
      replacesReceiptId: r.replacesReceiptId,
      shippedAt: iso(r.shippedAt),
      deliveredAt: iso(r.deliveredAt),
      createdAt: r.createdAt.toISOString(),
      version: r.version,
    }));
  }

  async function timelineOf(row: ShipmentRow): Promise<ShipmentDetailView['timeline']> {
    const audits = await db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.tableName, 'shipments'), eq(auditLogs.recordId, String(row.id))))
      .orderBy(asc(auditLogs.id));
    const name = await peopleNames(audits.map((a) => a.userId));
    return audits.map((a) => {
      const v = (a.newValues ?? {}) as { status?: ShipmentRow['status']; reason?: string; note?: string };
      const status = v.status ?? 'preparing';
      return { at: a.createdAt.toISOString(), label: SHIPMENT_STATUS_LABELS[status], by: name(a.userId), text: v.reason || v.note || null };
    });
  }

  async function detail(row: ShipmentRow, side: ShipmentSide): Promise<ShipmentDetailView> {
    const [summary] = await summaries([row]);
    const items = await db
      .select({ item: shipmentItems, productName: products.name, orderNumber: orders.number, orderStatus: orders.status })
      .from(shipmentItems)
      .innerJoin(products, eq(products.id, shipmentItems.productId))
      .innerJoin(orders, eq(orders.id, shipmentItems.orderId))
      .where(eq(shipmentItems.shipmentId, row.id))
      .orderBy(asc(shipmentItems.id));
    const receipt = await receipts.viewOf(row, side);
    const counted = receipt ? await receipts.linesOf(receipt.id) : new Map<number, { casesReceived: number; casesDamaged: number }>();
    return {
      ...summary!,
      side,
      // The shared decision the server checks before each move (shared/shipment-actions.ts).
      actions: shipmentActions({
        status: row.status,
        side,
        replacement: row.replacesReceiptId !== null,
        receiptStatus: receipt?.status ?? null,
        orderClosed: items.some((i) => i.orderStatus === 'cancelled' || i.orderStatus === 'rejected'),
      }),
      note: row.note,
      exceptionReason: row.exceptionReason,
      items: items.map(({ item, productName, orderNumber }) => {
        const c = counted.get(item.id);
        return {
          id: item.id,
          orderId: item.orderId,
          orderNumber,
          orderItemId: item.orderItemId,
          productId: item.productId,
          productName,
          cases: item.cases,
          caseSize: item.caseSize,
          casesReceived: c?.casesReceived ?? null,
          casesDamaged: c?.casesDamaged ?? null,
          missing: c ? Math.max(0, item.cases - c.casesReceived) : null,
        };
      }),
      receipt,
      replaces: await receipts.replacedBy(row),
      creditNotes: side === 'sender' && receipt?.status === 'discrepancy' ? await receipts.creditNoteChoices(row) : [],
      timeline: await timelineOf(row),
    };
  }

  return { summaries, detail };
}
