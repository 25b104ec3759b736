// Shipments (issue 16, product.md §3): a distributor (the sender) ships lines of one retailer's
// approved or invoiced orders — some or all, partial shipments allowed — with a carrier, a tracking
// number and its link. Per order line, the cases in all its shipments never exceed the approved
// cases: checked under the orders' row locks in the creating transaction. Every move follows
// shared/shipments.ts `SHIPMENT_TRANSITIONS` as a guarded update; shipping takes the bottles out of
// the sender's ledger (on hand and reserved, through `moveStock`), and the orders follow their
// lines (lines.ts). Receipts and the answer to a discrepancy are in receipts.ts. Every write is one
// transaction with its audit rows, bell entries and emails; both sides' open pages hear of it.
import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AccessNeed } from '../../../shared/policy';
import { invalidShipmentMove, shipmentActionRefusal, shipmentFacts } from '../../../shared/shipment-actions';
import { STANDING_REFUSAL, standingOf, todayUtc } from '../../../shared/partners';
import { plural } from '../../../shared/plural';
import {
  type CreateShipmentInput,
  type RemainingOrderView,
  SHIPMENT_STATUS_LABELS,
  type ShipmentAction,
  type ShipmentDetailView,
  type ShipmentListQuery,
  type ShipmentSide,
  type ShipmentStatusInput,
  type ShipmentSummaryView,
  shipmentTransitionFor,
  shippingProgress,
  type OrderShippingView,
} from '../../../shared/schemas/shipments';
import { type Access, serviceRefusal, type Viewer } from '../../auth/authorize';
import type { Actor } from '../../core/actor';
import { refusalError } from '../../core/action-refusal';
import { AppError, notFound, versionConflict } from '../../core/errors';
import type { Db, Tx } from '../../db/client';
import { orderItems, orders, organisations, products, shipmentItems, shipments } from '../../db/schema';
import { containsPattern } from '../../db/like';
import type { Mailer } from '../../mail/mailer';
import type { Live } from '../../realtime/live';
import { recordAudit } from '../audit/service';
import type { InvoiceService } from '../invoices/service';
import type { AttachmentService } from '../attachments/service';
import type { NotificationService, StoredNotification } from '../notifications/service';
import { ORDER_TOPIC } from '../orders/service';
import { balanceOf, holdersMoved, moveStock, productNameOf } from '../stock/ledger';
import { announceStock } from '../stock/announce';
import { deriveShipped, lineTotals, lockOrders } from './lines';
import { createShipmentNotices, recipientShipmentPath, senderShipmentPath, type ShipmentNews } from './notices';
import { createReceipts } from './receipts';
import { createShipmentViews } from './views';
import { statusInSentence } from '../../../shared/status-labels';

/** The live channel's topic for a shipment and its receipt (`{ type: 'changed', topic, id }`). */
export const SHIPMENT_TOPIC = 'shipment';

/**
 * Orders whose lines may be shipped: approved, invoiced, or paid before they went (a customer may pay
 * an invoice in full before everything has shipped; the order stays `paid`, its stock reserved until
 * its lines go). What is left to ship is counted per line, so nothing ships twice.
 */
export const SHIPPABLE_ORDER_STATUSES = ['approved', 'invoiced', 'paid'] as const;

export interface ShipmentDeps {
  db: Db;
  access: Access;
  notifications: NotificationService;
  mailer: Mailer;
  attachments: AttachmentService;
  /** Credit notes for a receipt's shortfall (services.invoices). */
  invoicing?: Pick<InvoiceService, 'creditForShortfall'>;
  live?: Live;
  origin: string;
  now?: () => number;
}

export type ShipmentRow = typeof shipments.$inferSelect;
type ItemRow = typeof shipmentItems.$inferSelect;

const PERMISSION = 'orders:manage' as const;

export function invalidShipmentTransition(action: ShipmentAction, from: ShipmentRow['status']): AppError {
  return refusalError(invalidShipmentMove(action, from), { from, action });
}

export function createShipmentService(deps: ShipmentDeps) {
  const { db, access } = deps;
  const now = deps.now ?? Date.now;
  const notices = createShipmentNotices(deps.notifications, deps.mailer, deps.origin);

  async function allow(viewer: Viewer | null, need: AccessNeed): Promise<'any' | 'own'> {
    const d = await access.decide(viewer, need);
    if (d.allowed) return d.scope === 'own' ? 'own' : 'any';
    throw serviceRefusal(d, 'Shipment');
  }

  async function requireRow(id: number, tx: Db | Tx = db): Promise<ShipmentRow> {
    const [row] = await tx.select().from(shipments).where(eq(shipments.id, id));
    if (!row) throw notFound('Shipment');
    return row;
  }

  /** The viewer's side of a shipment (its organisation sends or receives it), or a 404 for anyone else. */
  async function sideOf(viewer: Viewer, row: Pick<ShipmentRow, 'senderId' | 'recipientId'>, act = false): Promise<ShipmentSide> {
    await allow(viewer, { permission: PERMISSION, resource: { organisationIds: [row.senderId, row.recipientId] }, ...(act ? { act: true } : {}) });
    if (viewer.organisationId && viewer.organisationId === row.senderId) return 'sender';
    if (viewer.organisationId && viewer.organisationId === row.recipientId) return 'recipient';
    throw notFound('Shipment');
  }

  /** The sender's organisation, read afresh in the write: it must be able to trade today. */
  async function tradingOrganisation(tx: Tx, organisationId: string) {
    const [org] = await tx.select().from(organisations).where(eq(organisations.id, organisationId)).for('share');
    if (!org) throw notFound('Organisation');
    const standing = standingOf(org, todayUtc(now()));
    if (standing !== 'active') {
      const why = STANDING_REFUSAL[standing];
      throw new AppError(why.code, 'forbidden', why.message);
    }
    return org;
  }

  interface Touched {
    shipments: Map<number, Pick<ShipmentRow, 'senderId' | 'recipientId'>>;
    orders: Map<number, { buyerId: string; sellerId: string | null }>;
    /** What another service asks to run after the commit (an issued credit note's notices). */
    after: (() => Promise<void>)[];
  }

  /** Runs a write with its news; after the commit the bell entries are announced and both sides' open pages hear of it. */
  async function write<T>(fn: (tx: Tx, tell: (news: ShipmentNews) => Promise<void>, touched: Touched) => Promise<T>): Promise<T> {
    const told: StoredNotification[] = [];
    const touched: Touched = { shipments: new Map(), orders: new Map(), after: [] };
    let moved: (string | null)[] = [];
    const result = await db.transaction(async (tx) => {
      const out = await fn(
        tx,
        async (news) => {
          touched.shipments.set(news.shipment.id, news.shipment);
          told.push(await notices.tell(tx, news));
        },
        touched,
      );
      moved = holdersMoved(tx);
      return out;
    });
    for (const n of told) await deps.notifications.announce(n);
    for (const [id, s] of touched.shipments)
      await deps.live?.changed({
        topic: SHIPMENT_TOPIC,
        id,
        audiences: [
          { permission: PERMISSION, organisationId: s.senderId },
          { permission: PERMISSION, organisationId: s.recipientId },
        ],
      });
    for (const [id, o] of touched.orders)
      await deps.live?.changed({
        topic: ORDER_TOPIC,
        id,
        audiences: [
          { permission: PERMISSION, organisationId: o.buyerId },
          o.sellerId ? { permission: PERMISSION, organisationId: o.sellerId } : { permission: PERMISSION },
        ],
      });
    await announceStock(db, deps.live, moved);
    for (const run of touched.after) await run();
    return result;
  }

  /** The transition `action` takes for `side` from the row's state, or the refusal (wrong side 403, stale version 409, wrong state 409). */
  function transition(action: ShipmentAction, row: ShipmentRow, side: ShipmentSide, version: number | null) {
    // The shared decision the shipment's page offers its buttons from (shared/shipment-actions.ts).
    const refusal = shipmentActionRefusal(action, shipmentFacts(row, side));
    if (refusal?.code === 'wrong_side') throw refusalError(refusal);
    if (version !== null && row.version !== version) throw versionConflict('shipment', row.version, version);
    if (refusal) throw refusal.code === 'invalid_transition' ? invalidShipmentTransition(action, row.status) : refusalError(refusal);
    return shipmentTransitionFor(action, row.status, side)!;
  }

  /** The guarded update: the shipment moves only if it is still in the state (and version) it was read in. */
  async function guardedMove(tx: Tx, row: ShipmentRow, action: ShipmentAction, set: Partial<typeof shipments.$inferInsert>, actor: Actor, extra: object = {}) {
    const t = shipmentTransitionFor(action, row.status, action === 'receive' ? 'recipient' : 'sender')!;
    const at = new Date(now());
    const [after] = await tx
      .update(shipments)
      .set({ ...set, status: t.to, version: row.version + 1, updatedAt: at })
      .where(and(eq(shipments.id, row.id), eq(shipments.status, row.status), eq(shipments.version, row.version)))
      .returning();
    if (!after) {
      const [current] = await tx.select().from(shipments).where(eq(shipments.id, row.id));
      if (current && current.status !== row.status) throw invalidShipmentTransition(action, current.status);
      throw versionConflict('shipment', current?.version ?? row.version, row.version);
    }
    await recordAudit(tx, actor, {
      action: 'UPDATE',
      tableName: 'shipments',
      recordId: row.id,
      oldValues: { status: row.status, version: row.version },
      newValues: { status: t.to, version: after.version, action, ...extra },
    });
    return after;
  }

  async function itemsOf(tx: Db | Tx, shipmentId: number): Promise<ItemRow[]> {
    return tx.select().from(shipmentItems).where(eq(shipmentItems.shipmentId, shipmentId)).orderBy(asc(shipmentItems.id));
  }

  /** The next number, SH-{year}-{n}: the row's own id from its sequence (unique; gaps do not matter here). */
  async function nextIdAndNumber(tx: Tx): Promise<{ id: number; number: string }> {
    const [row] = await tx.select({ id: sql<number>`nextval(pg_get_serial_sequence('shipments', 'id'))::int` }).from(sql`(select 1) as one`);
    const id = Number(row!.id);
    return { id, number: `SH-${new Date(now()).getUTCFullYear()}-${String(id).padStart(6, '0')}` };
  }

  /** Inserts a shipment (preparing) with its lines and its audit row. */
  async function insertShipment(
    tx: Tx,
    values: { senderId: string; recipientId: string; carrier: string; trackingNumber: string; note: string; replacesReceiptId: number | null },
    lines: { orderId: number; orderItemId: number; productId: number; cases: number; caseSize: number }[],
    actor: Actor,
  ): Promise<ShipmentRow> {
    const { id, number } = await nextIdAndNumber(tx);
    const at = new Date(now());
    const [row] = await tx
      .insert(shipments)
      .values({ id, number, ...values, status: 'preparing', createdBy: actor.userId, createdAt: at, updatedAt: at })
      .returning();
    await tx.insert(shipmentItems).values(lines.map((l) => ({ ...l, shipmentId: id })));
    await recordAudit(tx, actor, {
      action: 'INSERT',
      tableName: 'shipments',
      recordId: id,
      newValues: {
        status: 'preparing',
        number,
        ...values,
        lines: lines.map((l) => ({ orderItemId: l.orderItemId, cases: l.cases })),
      },
    });
    return row!;
  }

  // ---- Creating ---------------------------------------------------------------------------------

  /** The retailer the viewer's organisation supplies, or a 404 (another's retailer does not exist for it). */
  async function ownRetailer(tx: Db | Tx, senderId: string, recipientId: string) {
    const [retailer] = await tx
      .select()
      .from(organisations)
      .where(and(eq(organisations.id, recipientId), eq(organisations.supplierId, senderId), eq(organisations.type, 'retailer')));
    if (!retailer) throw notFound('Retailer');
    return retailer;
  }

  async function create(viewer: Viewer, input: CreateShipmentInput, actor: Actor): Promise<ShipmentDetailView> {
    await allow(viewer, { permission: PERMISSION, act: true });
    const senderId = viewer.organisationId;
    if (!senderId) throw new AppError('no_organisation', 'forbidden', 'Only a member of a partner organisation can ship.');
    const row = await write(async (tx, tell) => {
      await tradingOrganisation(tx, senderId);
      await ownRetailer(tx, senderId, input.recipientId);
      const wanted = input.lines.map((l) => l.orderItemId);
      const found = await tx
        .select({ item: orderItems, order: { id: orders.id, sellerId: orders.sellerId, buyerId: orders.buyerId } })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .where(inArray(orderItems.id, wanted));
      const byId = new Map(found.map((f) => [f.item.id, f]));
      // A line of another seller's or another retailer's order does not exist for this shipment.
      input.lines.forEach((l) => {
        const f = byId.get(l.orderItemId);
        if (!f || f.order.sellerId !== senderId || f.order.buyerId !== input.recipientId) throw notFound('Order line');
      });
      // The orders' row locks: every shipment of these orders is created (and shipped) one at a time.
      const locked = new Map((await lockOrders(tx, [...new Set(found.map((f) => f.order.id))])).map((o) => [o.id, o]));
      const totals = await lineTotals(tx, wanted);
      const problems: { path: string; message: string; code: string; orderItemId: number; remainingCases?: number }[] = [];
      input.lines.forEach((l, i) => {
        const { item } = byId.get(l.orderItemId)!;
        const order = locked.get(item.orderId)!;
        if (!(SHIPPABLE_ORDER_STATUSES as readonly string[]).includes(order.status)) {
          problems.push({
            path: `lines.${i}.orderItemId`,
            code: 'order_not_shippable',
            orderItemId: item.id,
            message: `Order ${order.number} is ${statusInSentence(order.status)}: it cannot be shipped.`,
          });
          return;
        }
        const remaining = item.cases - (totals.get(item.id)?.committed ?? 0);
        if (l.cases > remaining)
          problems.push({
            path: `lines.${i}.cases`,
            code: 'over_shipment',
            orderItemId: item.id,
            remainingCases: Math.max(0, remaining),
            message:
              remaining > 0
                ? `Only ${plural(remaining, 'case')} of this line ${remaining === 1 ? 'is' : 'are'} left to ship.`
                : 'Nothing of this line is left to ship.',
          });
      });
      if (problems.length) {
        const first = problems[0]!;
        throw new AppError(
          first.code,
          'conflict',
          first.code === 'over_shipment' ? 'Some lines would ship more than was approved.' : 'Some orders cannot be shipped.',
          {
            details: problems,
            hint: 'Reload the retailer’s orders to see what is left to ship.',
          },
        );
      }
      const created = await insertShipment(
        tx,
        { senderId, recipientId: input.recipientId, carrier: input.carrier, trackingNumber: input.trackingNumber, note: input.note, replacesReceiptId: null },
        input.lines.map((l) => {
          const { item } = byId.get(l.orderItemId)!;
          return { orderId: item.orderId, orderItemId: item.id, productId: item.productId, cases: l.cases, caseSize: item.caseSize };
        }),
        actor,
      );
      await tell({ kind: 'created', shipment: created, to: 'recipient', people: await placers(tx, created.id), text: input.note || undefined });
      return created;
    });
    return detail(row, 'sender');
  }

  /** Who placed the orders a shipment carries (the retailer's people to email). */
  async function placers(tx: Db | Tx, shipmentId: number): Promise<(string | null)[]> {
    const rows = await tx
      .selectDistinct({ placedBy: orders.placedBy })
      .from(shipmentItems)
      .innerJoin(orders, eq(orders.id, shipmentItems.orderId))
      .where(eq(shipmentItems.shipmentId, shipmentId));
    return rows.map((r) => r.placedBy);
  }

  // ---- Moving a shipment along -------------------------------------------------------------------

  /** Takes a shipment's bottles out of the sender's ledger: on hand and reserved down (the reservation made at approval, or at a replacement's creation). */
  async function shipStock(tx: Tx, row: ShipmentRow, items: ItemRow[], actor: Actor) {
    const ordered = [...items].sort((a, b) => a.productId - b.productId || a.id - b.id);
    for (const item of ordered) {
      const bottles = item.cases * item.caseSize;
      try {
        await moveStock(tx, {
          organisationId: row.senderId,
          productId: item.productId,
          onHand: -bottles,
          reserved: -bottles,
          cause: 'shipment',
          orderId: item.orderId,
          actorId: actor.userId,
          reason: `Shipment ${row.number} shipped`,
        });
      } catch (err) {
        if (err instanceof AppError && err.code === 'insufficient_stock') {
          const b = await balanceOf(tx, row.senderId, item.productId);
          const name = await productNameOf(tx, item.productId);
          throw new AppError('insufficient_stock', 'conflict', `Not enough stock of ${name} is reserved for this shipment.`, {
            details: [
              {
                path: 'lines',
                shipmentItemId: item.id,
                productId: item.productId,
                onHand: b.onHand,
                reserved: b.reserved,
                message: `Not enough stock of ${name}.`,
              },
            ],
            hint: 'Check your stock: it must hold what the approved orders reserved.',
          });
        }
        throw err;
      }
    }
  }

  async function move(viewer: Viewer, id: number, input: ShipmentStatusInput, actor: Actor): Promise<ShipmentDetailView> {
    const first = await requireRow(id);
    const side = await sideOf(viewer, first, true);
    await write(async (tx, tell, touched) => {
      const row = await requireRow(id, tx);
      transition(input.action, row, side, input.version);
      await tradingOrganisation(tx, row.senderId);
      const at = new Date(now());
      const set: Partial<typeof shipments.$inferInsert> = {};
      if (input.action === 'ship') {
        set.shippedAt = at;
        if (input.trackingNumber !== undefined && input.trackingNumber !== '') set.trackingNumber = input.trackingNumber;
      }
      if (input.action === 'exception') set.exceptionReason = input.reason;
      if (input.action === 'resume') set.exceptionReason = null;
      const after = await guardedMove(tx, row, input.action, set, actor, { reason: input.reason || undefined, trackingNumber: set.trackingNumber });
      if (input.action === 'ship') {
        const items = await itemsOf(tx, row.id);
        const locked = await lockOrders(
          tx,
          items.map((i) => i.orderId),
        );
        const closed = locked.find((o) => o.status === 'cancelled' || o.status === 'rejected');
        const refusal = shipmentActionRefusal('ship', shipmentFacts(row, side, { orderClosed: Boolean(closed) }));
        if (refusal) throw refusalError(refusal, closed ? { orderId: closed.id, number: closed.number, status: closed.status } : undefined);
        await shipStock(tx, row, items, actor);
        // Replacements send again what a receipt found missing: the orders have shipped already.
        if (row.replacesReceiptId === null)
          for (const o of locked) {
            const moved = await deriveShipped(tx, o, actor, at, row.number);
            if (moved) touched.orders.set(o.id, moved);
          }
      }
      await tell({
        kind: input.action === 'ship' ? 'shipped' : input.action,
        shipment: after,
        to: 'recipient',
        people: await placers(tx, row.id),
        text: input.reason || undefined,
      });
    });
    return detail(await requireRow(id), side);
  }

  /** Calls off a shipment still being prepared (not a replacement, which answers a receipt): its lines are free to ship again. */
  async function discard(viewer: Viewer, id: number, version: number, actor: Actor): Promise<void> {
    const first = await requireRow(id);
    const side = await sideOf(viewer, first, true);
    const wrong = shipmentActionRefusal('discard', shipmentFacts(first, side));
    if (wrong?.code === 'wrong_side') throw refusalError(wrong);
    await write(async (tx, tell) => {
      const row = await requireRow(id, tx);
      if (row.version !== version) throw versionConflict('shipment', row.version, version);
      // The shared decision the page offers "Call off shipment" from; the guarded delete below catches a move that won meanwhile.
      const refusal = shipmentActionRefusal('discard', shipmentFacts(row, side));
      if (refusal) throw refusalError(refusal);
      const people = await placers(tx, row.id);
      const [gone] = await tx
        .delete(shipments)
        .where(and(eq(shipments.id, id), eq(shipments.status, 'preparing'), eq(shipments.version, version)))
        .returning({ id: shipments.id });
      if (!gone) {
        const current = await requireRow(id, tx);
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

  const receipts = createReceipts({
    db,
    now,
    invoicing: deps.invoicing,
    attachments: deps.attachments,
    requireRow,
    sideOf,
    transition,
    guardedMove,
    insertShipment,
    itemsOf,
    placers,
    tradingOrganisation,
    write,
  });
  const { summaries, detail } = createShipmentViews(db, receipts);

  return {
    create,
    move,
    discard,
    receive: receipts.receive,
    resolve: receipts.resolve,

    async get(viewer: Viewer, id: number): Promise<ShipmentDetailView> {
      const row = await requireRow(id);
      return detail(row, await sideOf(viewer, row));
    },

    /** A page of the viewer's shipments, sent or received, newest first (keyset on created_at, id), with a status filter and a search. */
    async list(viewer: Viewer, query: ShipmentListQuery): Promise<{ items: ShipmentSummaryView[]; next: string | null }> {
      await allow(viewer, { permission: PERMISSION });
      const mine = viewer.organisationId;
      if (!mine) return { items: [], next: null };
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
      const page = rows.slice(0, query.limit).map((r) => r.shipment);
      const last = page[page.length - 1];
      return { items: await summaries(page), next: rows.length > query.limit && last ? `${last.createdAt.getTime()}_${last.id}` : null };
    },

    /** The sender's retailers (those it supplies), with how many of their approved orders still have lines to ship. */
    async retailers(viewer: Viewer): Promise<{ id: string; name: string; status: string; openOrders: number }[]> {
      await allow(viewer, { permission: PERMISSION });
      const mine = viewer.organisationId;
      if (!mine) return [];
      const shops = await db
        .select({ id: organisations.id, name: organisations.tradingName, status: organisations.status })
        .from(organisations)
        .where(and(eq(organisations.supplierId, mine), eq(organisations.type, 'retailer')))
        .orderBy(asc(organisations.tradingName));
      const open = await openOrders(mine, null);
      const count = new Map<string, number>();
      for (const o of open) if (o.lines.some((l) => l.remaining > 0)) count.set(o.buyerId, (count.get(o.buyerId) ?? 0) + 1);
      return shops.map((s) => ({ ...s, openOrders: count.get(s.id) ?? 0 }));
    },

    /** One retailer's approved or invoiced orders with what is left to ship per line (404 for a retailer the viewer does not supply). */
    async remaining(viewer: Viewer, recipientId: string): Promise<RemainingOrderView[]> {
      await allow(viewer, { permission: PERMISSION });
      const mine = viewer.organisationId;
      if (!mine) throw notFound('Retailer');
      await ownRetailer(db, mine, recipientId);
      return (await openOrders(mine, recipientId))
        .filter((o) => o.lines.some((l) => l.remaining > 0))
        .map(({ buyerId: _b, ...o }) => ({ ...o, lines: o.lines.filter((l) => l.remaining > 0) }));
    },

    /** How far an order has shipped, for its page: per line shipped and received, and its shipments (the viewer's side's links). */
    async forOrder(viewer: Viewer, orderId: number): Promise<OrderShippingView | null> {
      const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
      if (!order || !order.sellerId) return null;
      const d = await access.decide(viewer, { permission: PERMISSION, resource: { organisationIds: [order.buyerId, order.sellerId] } });
      if (!d.allowed || !viewer.organisationId || ![order.buyerId, order.sellerId].includes(viewer.organisationId)) return null;
      const side: ShipmentSide = viewer.organisationId === order.sellerId ? 'sender' : 'recipient';
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
          link: side === 'sender' ? senderShipmentPath(shipment.id) : recipientShipmentPath(shipment.id),
        })),
      };
    },
  };

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
}

export type ShipmentService = ReturnType<typeof createShipmentService>;
