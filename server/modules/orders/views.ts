// How orders read to their parties: a page of the list (prepared once per shape), one order in full
// — its lines with what the seller's stock can cover while it decides, the actions the viewer may
// take, the tax it was priced with and the timeline, both from its audit rows, and its messages — and
// the thread.
import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { orderActions } from '../../../shared/order-actions';
import { type OrderAction, type OrderListQuery, type OrderSide, type OrderStatus, ORDER_STATUS_LABELS } from '../../../shared/schemas/orders';
import type { Db } from '../../db/client';
import { uuidArray } from '../../db/any-of';
import { preparedByLimit } from '../../db/paged';
import { preparedByShape, UNNAMED, withRowPlan } from '../../db/prepared';
import { jsonRows } from '../../db/json-rows';
import { orderItems, orderMessages, orders, organisations, products } from '../../db/schema';
import { isoString, isoStringOrNull } from '../../core/iso-time';
import { balancesOf } from '../stock';
import { type AuditEntry, auditTrail, peopleNames } from '../trade';
import type { OrderTaxRecord } from './actions/pricing';
import { inShipment } from './moves';
import type { Channel, OfferSummary, OrderDetail, OrderMessage, OrderParty, OrderRow, OrderSummary, TimelineEntry } from './types';
import { brandIdSql } from '../../db/brand';

const iso = isoStringOrNull;

/** What an order's audit rows say (the acts that priced it also keep their tax, pricing.ts OrderTaxRecord). */
type AuditValues = {
  status?: OrderStatus;
  action?: OrderAction | 'place' | 'offer';
  reason?: string;
  note?: string;
  side?: OrderSide;
  tax?: OrderTaxRecord;
};

/** The tax of the last act that priced the order: placing, offering or an approval that changed lines. */
function taxOf(audits: AuditEntry<AuditValues>[]): OrderTaxRecord | null {
  for (let i = audits.length - 1; i >= 0; i--) {
    const tax = audits[i]!.values.tax;
    if (tax) return tax;
  }
  return null;
}

export function createOrderViews(db: Db) {
  const organisationsById = withRowPlan(
    db
      .select({ id: organisations.id, name: organisations.tradingName, type: organisations.type })
      .from(organisations)
      .where(sql`${organisations.id} = any(${sql.placeholder('ids')}::uuid[])`)
      .prepare(UNNAMED),
  );

  async function parties(rows: Pick<OrderRow, 'buyerId' | 'sellerId'>[]) {
    const ids = [...new Set(rows.flatMap((r) => [r.buyerId, r.sellerId]))];
    const found = ids.length ? await organisationsById.execute({ ids: uuidArray(ids) }) : [];
    const byId = new Map(found.map((o) => [o.id, o]));
    return (id: string): OrderParty => {
      const o = byId.get(id);
      return { id, name: o?.name ?? '', type: o?.type ?? 'importer' };
    };
  }

  /** The columns a summary needs. */
  const summaryColumns = {
    id: orders.id,
    number: orders.number,
    status: orders.status,
    buyerId: orders.buyerId,
    sellerId: orders.sellerId,
    currency: orders.currency,
    totalMinor: orders.totalMinor,
    submittedAt: orders.submittedAt,
    createdAt: orders.createdAt,
    version: orders.version,
  };
  type SummaryRow = Pick<OrderRow, keyof typeof summaryColumns>;

  /**
   * A page of the list, prepared once per shape (`prepared.ts`): whose orders (the brand's, or an
   * organisation's as buyer or seller), with a status or not, from a cursor or the top. The
   * organisation, the status and the cursor are bound; the limit is written in (`preparedByLimit`).
   */
  const listPage = preparedByShape((shape: { side: 'staff' | 'buying' | 'selling'; status: boolean; after: boolean }) =>
    preparedByLimit((limit) => {
      const org = sql.placeholder('organisationId');
      const party = shape.side === 'buying' ? orders.buyerId : orders.sellerId;
      const mine = shape.side === 'staff' ? sql`${orders.sellerId} = ${brandIdSql}` : sql`${party} = ${org}`;
      return jsonRows(
        db
          .select(summaryColumns)
          .from(orders)
          .where(
            and(
              mine,
              shape.status ? sql`${orders.status} = ${sql.placeholder('status')}` : undefined,
              // A row comparison: PostgreSQL seeks the (side, created_at, id) index to it instead of filtering from the top.
              shape.after
                ? sql`(${orders.createdAt}, ${orders.id}) < (${sql.placeholder('afterAt')}::timestamptz, ${sql.placeholder('afterId')}::int)`
                : undefined,
            ),
          )
          // The side's column leads the order, though it is one value here: PostgreSQL reads an `is null`
          // side (the brand's, staff) in the (side, created_at, id) index's order only when told so —
          // without it, it fetches all the brand's orders and sorts them (figures: docs/decisions/024-trade-documents-move-by-guarded-transitions.md).
          .orderBy(desc(party), desc(orders.createdAt), desc(orders.id))
          .limit(limit),
      );
    }),
  );

  function summary(row: SummaryRow, party: (id: string) => OrderParty): OrderSummary {
    return {
      id: row.id,
      number: row.number,
      status: row.status,
      statusLabel: ORDER_STATUS_LABELS[row.status],
      buyer: party(row.buyerId),
      seller: party(row.sellerId),
      currency: row.currency,
      totalMinor: row.totalMinor,
      submittedAt: iso(row.submittedAt),
      createdAt: isoString(row.createdAt),
      version: row.version,
    };
  }

  /** A page of one side's orders (the viewer's organisation's, or the brand's for staff), newest first (keyset on created_at, id). */
  async function list(
    organisationId: string | null,
    side: 'staff' | 'buying' | 'selling',
    query: OrderListQuery,
  ): Promise<{ items: OrderSummary[]; next: string | null }> {
    const [afterMs, afterId] = query.after ? (query.after.split('_').map(Number) as [number, number]) : [];
    const rows = await listPage({ side, status: Boolean(query.status), after: Boolean(query.after) })(query.limit + 1).execute({
      organisationId,
      status: query.status ?? null,
      afterAt: afterMs === undefined ? null : new Date(afterMs).toISOString(),
      afterId: afterId ?? null,
    });
    const page = rows.slice(0, query.limit);
    const party = await parties(page);
    const last = page[page.length - 1];
    return { items: page.map((r) => summary(r, party)), next: rows.length > query.limit && last ? `${last.createdAt.getTime()}_${last.id}` : null };
  }

  async function messagesOf(row: OrderRow): Promise<OrderMessage[]> {
    const rows = await db.select().from(orderMessages).where(eq(orderMessages.orderId, row.id)).orderBy(asc(orderMessages.id));
    const name = await peopleNames(
      db,
      rows.map((r) => r.authorId),
    );
    return rows.map((m) => ({
      id: m.id,
      body: m.body,
      by: name(m.authorId),
      side: m.organisationId === row.buyerId ? 'buyer' : 'seller',
      createdAt: m.createdAt.toISOString(),
    }));
  }

  /** The order's history: its audit rows (placing and every move) and its messages, oldest first. */
  async function timelineOf(row: OrderRow, audits: AuditEntry<AuditValues>[]): Promise<TimelineEntry[]> {
    const messages = await messagesOf(row);
    const SIDE: Partial<Record<OrderAction | 'place' | 'offer', OrderSide>> = {
      place: 'buyer',
      offer: 'seller',
      accept: 'buyer',
      decline: 'buyer',
      see: 'seller',
      approve: 'seller',
      reject: 'seller',
      ship: 'seller',
    };
    const entries: TimelineEntry[] = [];
    let last: OrderStatus | null = null;
    for (const { at, by, values: v } of audits) {
      const status = v.status ?? 'submitted';
      // A row written outside the order's moves (a change to another column) is not a step of its history.
      if (!v.action && status === last) continue;
      last = status;
      entries.push({
        at,
        kind: 'status',
        status,
        label: ORDER_STATUS_LABELS[status],
        by,
        side: v.side ?? (v.action ? (SIDE[v.action] ?? null) : null),
        text: v.reason || v.note || null,
      });
    }
    for (const m of messages) entries.push({ at: m.createdAt, kind: 'message', label: 'Message', by: m.by, side: m.side, text: m.body });
    return entries.sort((a, b) => a.at.localeCompare(b.at));
  }

  async function detail(row: OrderRow, side: OrderSide, channel: Channel): Promise<OrderDetail> {
    const party = await parties([row]);
    const audits = await auditTrail<AuditValues>(db, 'orders', row.id);
    const tax = taxOf(audits);
    const lineDuty = new Map(tax?.lines.map((l) => [l.productId, l.dutyMinor]));
    const items = await db
      .select({ item: orderItems, name: products.name })
      .from(orderItems)
      .innerJoin(products, eq(products.id, orderItems.productId))
      .where(eq(orderItems.orderId, row.id))
      .orderBy(asc(orderItems.id));
    // The shared decision the server checks before each move (shared/order-actions.ts).
    const actions = orderActions({ status: row.status, side, channel, inShipment: await inShipment(db, row.id), legacySteps: row.legacySteps });
    // The seller deciding sees what its stock can cover (the approval reserves it).
    const stock = actions.includes('approve')
      ? await balancesOf(
          db,
          row.sellerId,
          items.map((i) => i.item.productId),
        )
      : null;
    return {
      ...summary(row, party),
      side,
      actions,
      subtotalMinor: row.subtotalMinor,
      dutyMinor: row.dutyMinor,
      taxRateBp: row.taxRateBp,
      taxMinor: row.taxMinor,
      tax: tax
        ? {
            vatCategory: tax.vatCategory,
            vatRateBp: tax.vatRateBp,
            vatNote: tax.vatNote,
            dutyTreatment: tax.dutyTreatment,
            taxPoint: tax.taxPoint,
            exampleRates: tax.exampleRates,
          }
        : null,
      note: row.note,
      buyerReference: row.buyerReference,
      offeredAt: iso(row.offeredAt),
      seenAt: iso(row.seenAt),
      decidedAt: iso(row.decidedAt),
      decisionReason: row.decisionReason,
      cancelledAt: iso(row.cancelledAt),
      cancelReason: row.cancelReason,
      shippedAt: iso(row.shippedAt),
      deliveredAt: iso(row.deliveredAt),
      items: items.map(({ item, name }) => ({
        id: item.id,
        productId: item.productId,
        productName: name,
        caseSize: item.caseSize,
        casesRequested: item.casesRequested,
        cases: item.cases,
        unitPriceMinor: item.unitPriceMinor,
        lineTotalMinor: item.lineTotalMinor,
        modified: item.cases !== item.casesRequested,
        modificationReason: item.modificationReason,
        availableCases: stock ? Math.floor(Math.max(0, stock.get(item.productId)?.available ?? 0) / item.caseSize) : null,
        dutyMinor: tax ? (lineDuty.get(item.productId) ?? 0) : null,
      })),
      timeline: await timelineOf(row, audits),
    };
  }

  /**
   * The allocation offers a supplier made, newest first, whatever became of them (offered, accepted —
   * then approved and onwards —, declined or withdrawn), each with its lines' cases.
   */
  async function offers(sellerId: string, limit: number): Promise<OfferSummary[]> {
    const rows = await db
      .select({ ...summaryColumns, offeredAt: orders.offeredAt })
      .from(orders)
      .where(and(eq(orders.sellerId, sellerId), isNotNull(orders.offeredAt)))
      .orderBy(desc(orders.offeredAt), desc(orders.id))
      .limit(limit);
    if (!rows.length) return [];
    const party = await parties(rows);
    const lines = await db
      .select({ orderId: orderItems.orderId, productName: products.name, cases: orderItems.cases })
      .from(orderItems)
      .innerJoin(products, eq(products.id, orderItems.productId))
      .where(
        inArray(
          orderItems.orderId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(asc(products.name));
    return rows.map((r) => ({
      ...summary(r, party),
      offeredAt: isoString(r.offeredAt!),
      lines: lines.filter((l) => l.orderId === r.id).map(({ orderId: _o, ...l }) => l),
    }));
  }

  return { list, messagesOf, detail, offers };
}

export type OrderViews = ReturnType<typeof createOrderViews>;
