// The order's records and views: the rows the service reads and writes, what it is built with, and
// how an order reads to its parties (a list's summary, the page's detail with its lines, actions and
// timeline, the thread's messages).
import type { OrganisationType } from '../../../shared/partners';
import type { OrderPageAction } from '../../../shared/order-actions';
import type { OrderSide, OrderStatus } from '../../../shared/schemas/orders';
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

export interface OrderParty {
  id: string | null;
  name: string;
  type: OrganisationType | 'brand';
}

export interface OrderLine {
  id: number;
  productId: number;
  productName: string;
  caseSize: number;
  casesRequested: number;
  cases: number;
  unitPriceMinor: number;
  lineTotalMinor: number;
  /** The line as asked for, when the seller changed it: old and new side by side. */
  modified: boolean;
  modificationReason: string | null;
  /** While the seller may approve: the whole cases its ledger has available of the product now; else null. */
  availableCases: number | null;
}

export interface TimelineEntry {
  at: string;
  kind: 'status' | 'message';
  /** For a status entry: the state it moved to. */
  status?: OrderStatus;
  label: string;
  by: string | null;
  /** Which side acted or wrote. */
  side: OrderSide | null;
  text: string | null;
}

export interface OrderSummary {
  id: number;
  number: string;
  status: OrderStatus;
  statusLabel: string;
  buyer: OrderParty;
  seller: OrderParty;
  currency: string;
  totalMinor: number;
  submittedAt: string | null;
  createdAt: string;
  version: number;
}

export interface OrderDetail extends OrderSummary {
  /** The viewer's side of this order. */
  side: OrderSide;
  /** What the viewer may do now (what the page offers). */
  actions: OrderPageAction[];
  subtotalMinor: number;
  taxRateBp: number;
  taxMinor: number;
  note: string;
  seenAt: string | null;
  decidedAt: string | null;
  decisionReason: string | null;
  cancelledAt: string | null;
  cancelReason: string | null;
  shippedAt: string | null;
  deliveredAt: string | null;
  items: OrderLine[];
  timeline: TimelineEntry[];
}

export interface OrderMessage {
  id: number;
  body: string;
  by: string | null;
  side: OrderSide;
  createdAt: string;
}
