// How shipments read to their parties: the summaries of the lists (parties, cases, the tracking
// link, the receipt's standing) and a page of them, one shipment in full (its lines with what arrived,
// the receipt, what it replaces, the credit notes that may answer it, the timeline from its audit
// rows), the sender's orders with what is left to ship, and how far one order has shipped.
import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  CARRIERS,
  type OrderShippingView,
  type RemainingOrderView,
  SHIPMENT_STATUS_LABELS,
  type ShipmentDetailView,
  type ShipmentListQuery,
  type ShipmentSide,
  type ShipmentSummaryView,
  shippingProgress,
  trackingUrl,
} from '../../../shared/schemas/shipments';
import { shipmentActions } from '../../../shared/shipment-actions';
import type { Db } from '../../db/client';
import { containsPattern } from '../../db/like';
import { orderItems, orders, organisations, products, shipmentItems, shipments } from '../../db/schema';
import type { AnyOrganisationType } from '../../../shared/partners';
import { auditTrail } from '../trade';
import { lineTotals } from './lines';
import { recipientShipmentPath, senderShipmentPath } from './notices';
import { SHIPPABLE_ORDER_STATUSES, type ShipmentRow } from './types';
import type { ReceiptViews } from './receipt-views';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function createShipmentViews(db: Db, receipts: ReceiptViews) {
  async function partyNames(ids: string[]) {
    const wanted = [...new Set(ids)];
    const rows = wanted.length
      ? await db.select({ id: organisations.id, name: organisations.tradingName }).from(organisations).where(inArray(organisations.id, wanted))
      : [];
    const byId = new Map(rows.map((r) => [r.id, r.name]));
    return (id: string) => ({ id, name: byId.get(id) ?? '' });
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
    const audits = await auditTrail<{ status?: ShipmentRow['status']; reason?: string; note?: string }>(db, 'shipments', row.id);
    return audits.map(({ at, by, values: v }) => {
      const status = v.status ?? 'preparing';
      return { at, label: SHIPMENT_STATUS_LABELS[status], by, text: v.reason || v.note || null };
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

  /** A page of the organisation's shipments, sent or received, newest first (keyset on created_at, id), with a status filter and a search. */
  async function page(mine: string, query: ShipmentListQuery): Promise<{ items: ShipmentSummaryView[]; next: string | null }> {
    const other = alias(organisations, 'other');
    const sending = query.side === 'sending';
    let after: SQL | undefined;
    if (query.after) {
      const [ms, rid] = query.after.split('_').map(Number) as [number, number];
      after = sql`(${shipments.createdAt}, ${shipments.id}) < (${new Date(ms)}, ${rid})`;
    }
    const q = query.q ? containsPattern(query.q) : null;
    const rows = await db
      .select({ shipment: shipments })
      .from(shipments)
      .innerJoin(other, eq(other.id, sending ? shipments.recipientId : shipments.senderId))
      .where(
        and(
          sending ? eq(shipments.senderId, mine) : eq(shipments.recipientId, mine),
          query.status ? eq(shipments.status, query.status) : undefined,
          q ? or(ilike(shipments.number, q), ilike(shipments.trackingNumber, q), ilike(other.tradingName, q)) : undefined,
          after,
        ),
      )
      .orderBy(desc(shipments.createdAt), desc(shipments.id))
      .limit(query.limit + 1);
    const rowsOnPage = rows.slice(0, query.limit).map((r) => r.shipment);
    const last = rowsOnPage[rowsOnPage.length - 1];
    return { items: await summaries(rowsOnPage), next: rows.length > query.limit && last ? `${last.createdAt.getTime()}_${last.id}` : null };
  }

  /** The sender's approved or invoiced orders (of one retailer, or all) with the committed and remaining cases per line. */
  async function openOrders(senderId: string, recipientId: string | null) {
    const rows = await db
      .select({ order: orders, item: orderItems, productName: products.name })
      .from(orders)
      .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
      .innerJoin(products, eq(products.id, orderItems.productId))
      .where(
        and(eq(orders.sellerId, senderId), recipientId ? eq(orders.buyerId, recipientId) : undefined, inArray(orders.status, [...SHIPPABLE_ORDER_STATUSES])),
      )
      .orderBy(asc(orders.createdAt), asc(orders.id), asc(orderItems.id));
    const totals = await lineTotals(
      db,
      rows.map((r) => r.item.id),
    );
    const byOrder = new Map<number, RemainingOrderView & { buyerId: string }>();
    for (const { order, item, productName } of rows) {
      let o = byOrder.get(order.id);
      if (!o) {
        o = { id: order.id, number: order.number, status: order.status, buyerId: order.buyerId, progress: 'unshipped', lines: [] };
        byOrder.set(order.id, o);
      }
      const t = totals.get(item.id) ?? { committed: 0, shipped: 0 };
      o.lines.push({
        orderItemId: item.id,
        productId: item.productId,
        productName,
        caseSize: item.caseSize,
        cases: item.cases,
        committed: t.committed,
        remaining: Math.max(0, item.cases - t.committed),
      });
    }
    for (const o of byOrder.values()) o.progress = shippingProgress(o.lines.map((l) => ({ cases: l.cases, shipped: totals.get(l.orderItemId)?.shipped ?? 0 })));
    return [...byOrder.values()];
  }

  /** How far an order has shipped, for its page: per line shipped and received, and its shipments (the links of the viewer's side and organisation type). */
  async function orderShipping(orderId: number, side: ShipmentSide, viewerType: AnyOrganisationType | null): Promise<OrderShippingView> {
    const items = await db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id));
    const totals = await lineTotals(
      db,
      items.map((i) => i.id),
    );
    const carried = await db
      .select({ shipment: shipments, cases: sql<number>`sum(${shipmentItems.cases})::int` })
      .from(shipmentItems)
      .innerJoin(shipments, eq(shipments.id, shipmentItems.shipmentId))
      .where(eq(shipmentItems.orderId, orderId))
      .groupBy(shipments.id)
      .orderBy(asc(shipments.id));
    const received = await receipts.receivedPerOrderLine(orderId);
    return {
      progress: shippingProgress(items.map((i) => ({ cases: i.cases, shipped: totals.get(i.id)?.shipped ?? 0 }))),
      lines: items.map((i) => ({ orderItemId: i.id, cases: i.cases, shipped: totals.get(i.id)?.shipped ?? 0, received: received.get(i.id) ?? 0 })),
      shipments: carried.map(({ shipment, cases }) => ({
        id: shipment.id,
        number: shipment.number,
        status: shipment.status,
        cases: Number(cases),
        link: side === 'sender' ? senderShipmentPath(shipment.id, viewerType) : recipientShipmentPath(shipment.id, viewerType),
      })),
    };
  }

  return { summaries, detail, page, openOrders, orderShipping };
}
