// Shipments (issue 16, product.md §3): on every leg, the supplier (the sender: the brand, acted for by
// staff, an importer or a distributor) ships lines of one buyer's approved, invoiced or paid orders —
// some or all, partial shipments allowed — with a carrier, a tracking number and its link. Per order
// line, the cases in all its shipments never exceed the approved cases: checked under the orders' row
// locks in the creating transaction. Every move follows shared/shipments.ts `SHIPMENT_TRANSITIONS` as
// a guarded update; shipping takes the bottles out of the sender's ledger (on hand and reserved,
// through `moveStock`) and they are in transit until received, and the orders follow their lines
// (lines.ts). The buyer's receipt (into its ledger, when it holds one) and the answer to a
// discrepancy are actions too. Every
// write is one transaction with its audit rows, bell entries and emails; both sides' open pages hear
// of it.
//
// This file puts the service together: the actions are in actions/ (create, move, discard, receive,
// resolve), what they share in context.ts, the read model in views.ts and receipt-views.ts.
import { asc, and, eq, ne } from 'drizzle-orm';
import type {
  CreateShipmentInput,
  OrderShippingView,
  ReceiptInput,
  RemainingOrderView,
  ResolveReceiptInput,
  ShipmentDetailView,
  ShipmentListQuery,
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
import { organisationTypeOf } from '../trade';

export function createShipmentService(deps: ShipmentDeps) {
  const ctx = createShipmentContext(deps);
  const { db, allow } = ctx;
  const { detail, page, openOrders, orderShipping } = createShipmentViews(db, createReceiptViews(db));

  /** The organisation the viewer reads for (the brand's, for staff over every organisation), or null for a viewer with none. */
  async function own(viewer: Viewer): Promise<string | null> {
    const scope = await allow(viewer, { permission: PERMISSION });
    return viewer.organisationId ?? (scope === 'any' ? brandId(db) : null);
  }

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

    /** A page of the viewer's shipments (the brand's, for staff), sent or received, newest first (keyset on created_at, id), with a status filter and a search. */
    async list(viewer: Viewer, query: ShipmentListQuery): Promise<{ items: ShipmentSummaryView[]; next: string | null }> {
      const mine = await own(viewer);
      if (!mine) return { items: [], next: null };
      return page(mine, query);
    },

    /** The sender's buyers (those it supplies, whatever their type), with how many of their open orders still have lines to ship. */
    async buyers(viewer: Viewer): Promise<{ id: string; name: string; type: string; status: string; openOrders: number }[]> {
      const mine = await own(viewer);
      if (!mine) return [];
      const buyers = await db
        .select({ id: organisations.id, name: organisations.tradingName, type: organisations.type, status: organisations.status })
        .from(organisations)
        .where(and(eq(organisations.supplierId, mine), ne(organisations.type, 'brand')))
        .orderBy(asc(organisations.tradingName));
      const open = await openOrders(mine, null);
      const count = new Map<string, number>();
      for (const o of open) if (o.lines.some((l) => l.remaining > 0)) count.set(o.buyerId, (count.get(o.buyerId) ?? 0) + 1);
      return buyers.map((b) => ({ ...b, openOrders: count.get(b.id) ?? 0 }));
    },

    /** One buyer's shippable orders with what is left to ship per line (not found for a buyer the viewer does not supply). */
    async remaining(viewer: Viewer, recipientId: string): Promise<RemainingOrderView[]> {
      const mine = await own(viewer);
      if (!mine) throw notFound('Buyer');
      await ctx.ownBuyer(db, mine, recipientId);
      return (await openOrders(mine, recipientId))
        .filter((o) => o.lines.some((l) => l.remaining > 0))
        .map(({ buyerId: _b, ...o }) => ({ ...o, lines: o.lines.filter((l) => l.remaining > 0) }));
    },

    /** How far an order has shipped, for its page: per line shipped and received, and its shipments (the viewer's side's links); null for anyone not party to it. */
    async forOrder(viewer: Viewer, orderId: number): Promise<OrderShippingView | null> {
      const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
      if (!order) return null;
      const d = await deps.access.decide(viewer, { permission: PERMISSION, resource: { organisationIds: [order.buyerId, order.sellerId] } });
      if (!d.allowed) return null;
      const mine = viewer.organisationId ?? (d.scope === 'any' ? await brandId(db) : null);
      if (!mine || ![order.buyerId, order.sellerId].includes(mine)) return null;
      return orderShipping(orderId, mine === order.sellerId ? 'sender' : 'recipient', await organisationTypeOf(db, mine));
    },
  };
}

export type ShipmentService = ReturnType<typeof createShipmentService>;
