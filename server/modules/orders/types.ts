// The order's records and views: the rows the service reads and writes, what it is built with, and
// how an order reads to its parties (a list's summary, the page's detail with its lines, actions and
// timeline, the thread's messages).
import type { Actor } from '../../core/actor';
import type { Tx } from '../../db/client';
import type { orderItems, orders } from '../../db/schema';
import type { ChangeFeed } from '../../realtime/changes';
import type { TradeDeps } from '../trade';

/** What cancelling an invoiced order asks of invoicing (services.invoices): a credit note for its lines, in the cancel's transaction. */
export interface OrderInvoicing {
  /**
   * Locks the issued invoice billing the order, if any: a cancel takes it before the order's row lock,
   * in the order a payment's confirmation takes them (invoices, then their orders) — the other way
   * round, the two at once deadlock on PostgreSQL.
   */
  lockInvoiceOf(tx: Tx, orderId: number): Promise<void>;
  /** Issues the credit note inside `tx`; the answer tells the other side after the commit. */
  orderCancelled(tx: Tx, order: OrderRow, reason: string, actor: Actor): Promise<() => Promise<void>>;
}

export interface OrderDeps extends TradeDeps {
  invoicing: OrderInvoicing;
  /** The change feed, for the figures cache's evictions. */
  feed?: ChangeFeed;
}

export type OrderRow = typeof orders.$inferSelect;
export type ItemRow = typeof orderItems.$inferSelect;

/** Which door the viewer came through: a partner's own routes, or the brand's Trade orders. */
export type Channel = 'partner' | 'staff';

// What the service answers is what the pages render: declared once, in shared/order-views.ts.
export type {
  OrderPartyView as OrderParty,
  OrderLineView as OrderLine,
  TimelineEntryView as TimelineEntry,
  OrderSummaryView as OrderSummary,
  OrderDetailView as OrderDetail,
  OrderMessageView as OrderMessage,
  OfferSummaryView as OfferSummary,
} from '../../../shared/order-views';
