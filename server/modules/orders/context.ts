// What every order action works with: the access check and the viewer's side, the rows (read, or
// locked for the transaction), the trading standing, the write that tells both sides after its
// commit, the shared decision before a move and the guarded move itself, and the stock an approval
// holds. The actions (actions/*.ts) and the service (service.ts) are built on one of these.
import { asc, eq } from 'drizzle-orm';
import { type OrderFacts, orderActionRefusal, type OrderPageAction } from '../../../shared/order-actions';
import { type OrderAction, type OrderSide, type OrderStatus, ORDER_TOPIC, transitionFor } from '../../../shared/schemas/orders';
import type { Viewer } from '../../auth/authorize';
import { notFound } from '../../core/errors';
import type { Actor } from '../../core/actor';
import type { Db, Tx } from '../../db/client';
import { orderItems, orders } from '../../db/schema';
import { moveStock } from '../stock';
import { createAllow, createTradeWriter, orderAudiences, refuseMove, requireAnyScope, rowReader, tradingOrganisation } from '../trade';
import { createOrderNotices, type OrderNews } from './notices';
import { inShipment, invalidTransition, moveOrder } from './moves';
import type { Channel, ItemRow, OrderDeps, OrderRow } from './types';
import { createOrderViews } from './views';
import { brandId } from '../../db/brand';

export function createOrderContext(deps: OrderDeps) {
  const { db } = deps;
  const now = deps.now ?? Date.now;
  const notices = createOrderNotices(deps.notifications, deps.mailer, deps.origin);
  const writer = createTradeWriter(deps, ORDER_TOPIC);
  const allow = createAllow(deps.access, 'Order');
  const requireRow = rowReader(db, orders, 'Order');

  /**
   * The viewer's side of an order, or not found: a partner is the buyer or the seller (its
   * organisation); staff come through Trade orders and act for the brand, so only the brand's own
   * sales exist there.
   */
  async function sideOf(viewer: Viewer, row: OrderRow, channel: Channel, need: { permission?: 'orders:manage' | 'chat:internal'; act?: boolean } = {}) {
    const permission = need.permission ?? 'orders:manage';
    if (channel === 'staff') {
      // Staff act for the brand: a grant over their own organisation only is not enough.
      requireAnyScope(await allow(viewer, { permission, ...(need.act ? { act: true } : {}) }));
      if (row.sellerId !== (await brandId(db))) throw notFound('Order');
      return 'seller' as const;
    }
    const parties = [row.buyerId, row.sellerId];
    await allow(viewer, { permission, resource: { organisationIds: parties }, ...(need.act ? { act: true } : {}) });
    if (viewer.organisationId && viewer.organisationId === row.buyerId) return 'buyer' as const;
    if (viewer.organisationId && viewer.organisationId === row.sellerId) return 'seller' as const;
    throw notFound('Order');
  }

  /** Runs a write with its news; after the commit the bell entries are announced and both sides' open pages hear of it. */
  function write<T>(fn: (tx: Tx, tell: (news: OrderNews) => Promise<void>) => Promise<T>): Promise<T> {
    return writer.write((tx, fx) =>
      fn(tx, async (news) => {
        fx.orderChanged(news.order);
        fx.told(await notices.tell(tx, news));
      }),
    );
  }

  async function signal(id: number, row: Pick<OrderRow, 'buyerId' | 'sellerId'>) {
    await deps.live?.changed({ topic: ORDER_TOPIC, id, audiences: orderAudiences(row) });
  }

  /**
   * The transition `action` takes for `side` from the row's state, or the refusal: the one shared
   * decision the order's page offers its buttons from (shared/order-actions.ts), with the version
   * checked after the side (wrong side: forbidden; stale version, wrong state or a guard: a
   * conflict). A cancel reads its row under the order's row lock, so "no line in a shipment" holds
   * until the move; the other moves are guarded updates on the state they read.
   */
  async function transition(tx: Tx, action: OrderPageAction, row: OrderRow, side: OrderSide, channel: Channel, version: number | null) {
    const facts: OrderFacts = {
      status: row.status,
      side,
      channel,
      inShipment: action === 'cancel' && (await inShipment(tx, row.id)),
      legacySteps: row.legacySteps,
    };
    refuseMove(orderActionRefusal(action, facts), 'order', { current: row.version, sent: version }, () => invalidTransition(action, row.status));
    return transitionFor(action, row.status, side)!;
  }

  const guardedMove = (
    tx: Tx,
    row: OrderRow,
    action: OrderAction,
    to: OrderStatus,
    set: Partial<typeof orders.$inferInsert>,
    actor: Actor,
    extra: object = {},
  ) => moveOrder(tx, row, action, to, set, actor, extra, new Date(now()));

  const bottles = (item: Pick<ItemRow, 'cases' | 'caseSize'>) => item.cases * item.caseSize;

  async function itemsOf(tx: Db | Tx, orderId: number) {
    return tx.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id));
  }

  /** Releases what an approved or offered order holds of the seller's stock (a rejection never held any). */
  async function release(tx: Tx, row: OrderRow, actor: Actor, cause: 'release', reason = `Order ${row.number} cancelled`) {
    for (const item of await itemsOf(tx, row.id))
      if (item.cases > 0)
        await moveStock(tx, {
          organisationId: row.sellerId,
          productId: item.productId,
          onHand: 0,
          reserved: -bottles(item),
          cause,
          orderId: row.id,
          actorId: actor.userId,
          reason,
        });
  }

  return {
    db,
    deps,
    now,
    allow,
    requireRow,
    /** The order's row, locked for this transaction: what the shared decision reads holds until the move. */
    lockRow: (id: number, tx: Tx) => requireRow(id, tx, true),
    sideOf,
    /** An organisation, read afresh in the write: it must be able to trade today. */
    tradingOrganisation: (tx: Tx, organisationId: string) => tradingOrganisation(tx, organisationId, now),
    write,
    signal,
    transition,
    guardedMove,
    bottles,
    itemsOf,
    release,
    views: createOrderViews(db),
  };
}

export type OrderContext = ReturnType<typeof createOrderContext>;
