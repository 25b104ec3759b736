// Trade orders (product.md §3): one model, three channels — an importer buys from the brand (seller
// null: staff holding Order Management act for it), a distributor from its importer, a retailer from
// its distributor. The buyer's side places and may cancel; the seller's side sees, approves (possibly
// cutting lines, each with a reason), rejects (with a reason) or cancels; an importer may instead
// offer an allocation, which its distributor accepts or declines (and the importer may withdraw);
// staff ship and deliver the brand's old orders. Every transition is checked against shared/orders.ts
// `TRANSITIONS` and written as a guarded update (`… where status = 'from' and version = v`): of two
// people acting at once, one wins and the other gets a clear conflict. Approval reserves the seller's stock through the ledger's one
// guarded write, so the last units go to exactly as many orders as they cover. Every write is one
// transaction with its audit rows, bell entries and emails; the other side's open pages hear of it.
//
// This file puts the service together: each action is in actions/ (place, offer, accept and decline,
// approve, reject, cancel, ship and deliver, open, message), what they share in context.ts, the read
// model in views.ts.
import type {
  AcceptOrderInput,
  ApproveOrderInput,
  DeclineOrderInput,
  CancelOrderInput,
  OrderListQuery,
  OrderMessageInput,
  OrderStepInput,
  PlaceOrderInput,
  RejectOrderInput,
} from '../../../shared/schemas/orders';
import type { AllocationInput } from '../../../shared/schemas/stock';
import type { Viewer } from '../../auth/authorize';
import type { Actor } from '../../core/actor';
import { requireAnyScope } from '../trade';
import { approve } from './actions/approve';
import { cancel } from './actions/cancel';
import { postMessage } from './actions/message';
import { open } from './actions/open';
import { place } from './actions/place';
import { offer } from './actions/offer';
import { reject } from './actions/reject';
import { respond } from './actions/respond';
import { step } from './actions/step';
import { createOrderContext } from './context';
import { createOrderReports } from './reports';
import type { Channel, OfferSummary, OrderDeps, OrderMessage, OrderSummary } from './types';

export function createOrderService(deps: OrderDeps) {
  const ctx = createOrderContext(deps);

  return {
    ...createOrderReports(deps.db, deps.access, deps.feed),
    place: (viewer: Viewer, input: PlaceOrderInput, key: string | null, actor: Actor) => place(ctx, viewer, input, key, actor),
    approve: (viewer: Viewer, id: number, input: ApproveOrderInput, actor: Actor, channel: Channel) => approve(ctx, viewer, id, input, actor, channel),
    reject: (viewer: Viewer, id: number, input: RejectOrderInput, actor: Actor, channel: Channel) => reject(ctx, viewer, id, input, actor, channel),
    cancel: (viewer: Viewer, id: number, input: CancelOrderInput, actor: Actor, channel: Channel) => cancel(ctx, viewer, id, input, actor, channel),
    ship: (viewer: Viewer, id: number, input: OrderStepInput, actor: Actor) => step(ctx, viewer, id, 'ship', input, actor),
    deliver: (viewer: Viewer, id: number, input: OrderStepInput, actor: Actor) => step(ctx, viewer, id, 'deliver', input, actor),
    /** One order; the seller's first opening marks it seen. */
    get: (viewer: Viewer, id: number, actor: Actor, channel: Channel) => open(ctx, viewer, id, actor, channel),
    /** An importer's allocation offer to one of its distributors (Assign to Distributors): an order in `offered`, its cases reserved. */
    offer: (viewer: Viewer, input: AllocationInput, key: string | null, actor: Actor) => offer(ctx, viewer, input, key, actor),
    /** The buyer accepts an offer (it becomes an approved order) or declines it (its stock goes back). */
    accept: (viewer: Viewer, id: number, input: AcceptOrderInput, actor: Actor) => respond(ctx, viewer, id, 'accept', input, actor, 'partner'),
    decline: (viewer: Viewer, id: number, input: DeclineOrderInput, actor: Actor) => respond(ctx, viewer, id, 'decline', input, actor, 'partner'),

    /** The allocation offers the viewer's organisation made, newest first, in whatever state they are now. */
    async offers(viewer: Viewer, limit = 50): Promise<OfferSummary[]> {
      if (!viewer.organisationId) return [];
      await ctx.allow(viewer, { permission: 'orders:manage', resource: { organisationIds: [viewer.organisationId] } });
      return ctx.views.offers(viewer.organisationId, limit);
    },

    /** A page of the viewer's side's orders, newest first (keyset on created_at, id). */
    async list(viewer: Viewer, query: OrderListQuery, channel: Channel): Promise<{ items: OrderSummary[]; next: string | null }> {
      const scope = await ctx.allow(viewer, { permission: 'orders:manage' });
      if (channel === 'staff') requireAnyScope(scope);
      if (channel !== 'staff' && !viewer.organisationId) return { items: [], next: null };
      return ctx.views.list(viewer.organisationId ?? null, channel === 'staff' ? 'staff' : query.side, query);
    },

    async messages(viewer: Viewer, id: number, channel: Channel): Promise<OrderMessage[]> {
      const row = await ctx.requireRow(id);
      await ctx.sideOf(viewer, row, channel, { permission: channel === 'staff' ? 'orders:manage' : 'chat:internal' });
      return ctx.views.messagesOf(row);
    },

    postMessage: (viewer: Viewer, id: number, input: OrderMessageInput, actor: Actor, channel: Channel) => postMessage(ctx, viewer, id, input, actor, channel),
  };
}

export type OrderService = ReturnType<typeof createOrderService>;
