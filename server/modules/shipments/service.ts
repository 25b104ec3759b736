// Shipments (issue 16, product.md §3): a distributor (the sender) ships lines of one retailer's
// approved or invoiced orders — some or all, partial shipments allowed — with a carrier, a tracking
// number and its link. Per order line, the cases in all its shipments never exceed the approved
// cases: checked under the orders' row locks in the creating transaction. Every move follows
// shared/shipments.ts `SHIPMENT_TRANSITIONS` as a guarded update; shipping takes the bottles out of
// the sender's ledger (on hand and reserved, through `moveStock`), and the orders follow their
// lines (lines.ts). The retailer's receipt and the answer to a discrepancy are actions too. Every
// write is one transaction with its audit rows, bell entries and emails; both sides' open pages hear
// of it.
//
// This file puts the service together: the actions are in actions/ (create, move, discard, receive,
// resolve), what they share in context.ts, the read model in views.ts and receipt-views.ts.
import { asc, and, eq } from 'drizzle-orm';
import type {
  CreateShipmentInput,
  OrderShippingView,
  ReceiptInput,
  RemainingOrderView,
  ResolveReceiptInput,
  ShipmentDetailView,
  ShipmentListQuery,
  ShipmentSide,
  ShipmentStatusInput,
  ShipmentSummaryView,
} from '../../../shared/schemas/shipments';
import type { Viewer } from '../../auth/authorize';
import type { Actor } from '../../core/actor';
import { notFound } from '../../core/errors';
import { orders, organisations } from '../../db/schema';
import type { IncomingFile } from '../attachments';
import { create } from './actions/create';
import { discard } from './actions/discard';
import { move } from './actions/move';
import { receive } from './actions/receive';
import { resolve } from './actions/resolve';
import { createShipmentContext } from './context';
import { createReceiptViews } from './receipt-views';
import { PERMISSION, type ShipmentDeps } from './types';
import { createShipmentViews } from './views';
import { brandId } from '../../db/brand';

export function createShipmentService(deps: ShipmentDeps) {
  const ctx = createShipmentContext(deps);
  const { db, allow } = ctx;
  const { detail, page, openOrders, orderShipping } = createShipmentViews(db, createReceiptViews(db));

  return {
    async create(viewer: Viewer, input: CreateShipmentInput, actor: Actor): Promise<ShipmentDetailView> {
      return detail(await create(ctx, viewer, input, actor), 'sender');
    },

    async move(viewer: Viewer, id: number, input: ShipmentStatusInput, actor: Actor): Promise<ShipmentDetailView> {
      const { side } = await move(ctx, viewer, id, input, actor);
      return detail(await ctx.requireRow(id), side);
    },

    discard: (viewer: Viewer, id: number, version: number, actor: Actor): Promise<void> => discard(ctx, viewer, id, version, actor),
    receive: (viewer: Viewer, shipmentId: number, input: ReceiptInput, file: IncomingFile | null, actor: Actor) =>
      receive(ctx, viewer, shipmentId, input, file, actor),
    resolve: (viewer: Viewer, receiptId: number, input: ResolveReceiptInput, actor: Actor) => resolve(ctx, viewer, receiptId, input, actor),

    async get(viewer: Viewer, id: number): Promise<ShipmentDetailView> {
      const row = await ctx.requireRow(id);
      return detail(row, await ctx.sideOf(viewer, row));
    },

    /** A page of the viewer's shipments, sent or received, newest first (keyset on created_at, id), with a status filter and a search. */
    async list(viewer: Viewer, query: ShipmentListQuery): Promise<{ items: ShipmentSummaryView[]; next: string | null }> {
      await allow(viewer, { permission: PERMISSION });
      const mine = viewer.organisationId;
      if (!mine) return { items: [], next: null };
      return page(mine, query);
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

    /** One retailer's approved or invoiced orders with what is left to ship per line (not found for a retailer the viewer does not supply). */
    async remaining(viewer: Viewer, recipientId: string): Promise<RemainingOrderView[]> {
      await allow(viewer, { permission: PERMISSION });
      const mine = viewer.organisationId;
      if (!mine) throw notFound('Retailer');
      await ctx.ownRetailer(db, mine, recipientId);
      return (await openOrders(mine, recipientId))
        .filter((o) => o.lines.some((l) => l.remaining > 0))
        .map(({ buyerId: _b, ...o }) => ({ ...o, lines: o.lines.filter((l) => l.remaining > 0) }));
    },

    /** How far an order has shipped, for its page: per line shipped and received, and its shipments (the viewer's side's links). */
    async forOrder(viewer: Viewer, orderId: number): Promise<OrderShippingView | null> {
      const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
      // The brand's own sales are shipped by staff's ship and deliver steps, not by shipments (yet).
      if (!order || order.sellerId === (await brandId(db))) return null;
      const d = await deps.access.decide(viewer, { permission: PERMISSION, resource: { organisationIds: [order.buyerId, order.sellerId] } });
      if (!d.allowed || !viewer.organisationId || ![order.buyerId, order.sellerId].includes(viewer.organisationId)) return null;
      const side: ShipmentSide = viewer.organisationId === order.sellerId ? 'sender' : 'recipient';
      return orderShipping(orderId, side);
    },
  };
}

export type ShipmentService = ReturnType<typeof createShipmentService>;
