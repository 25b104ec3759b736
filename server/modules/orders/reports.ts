// What a partner's dashboard says about its organisation's trade orders, and the order history as
// CSV (Report Access). Both are scoped by the one decision to the viewer's own organisation, on
// either side of an order; every query walks one of the orders table's per-side indexes —
// (buyer_id | seller_id, status) for the counts, (buyer_id | seller_id, created_at, id) for the
// newest orders and the export's keyset batches — so a large history costs a partner only its own rows.
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { stringify } from 'csv-stringify/sync';
import { ORDER_STATUS_LABELS, ORDER_STATUSES, type OrderSide, type OrderStatus } from '../../../shared/schemas/orders';
import type { Access, Viewer } from '../../auth/authorize';
import type { Db } from '../../db/client';
import { orders, organisations } from '../../db/schema';
import { AppError } from '../../core/errors';
import { escapeCell } from '../../core/csv-cell';
import { createFiguresCache } from '../../cache/figures-cache';
import type { ChangeFeed } from '../../realtime/changes';

/** States in which an order waits for its seller to decide (approve or reject). */
export const AWAITING_SELLER: readonly OrderStatus[] = ['submitted', 'seen'];
/** States in which an approved order is on its way to the buyer (nothing to do but receive it). */
export const AWAITING_DELIVERY: readonly OrderStatus[] = ['approved', 'invoiced', 'shipped'];
/** How many of the newest orders the dashboard lists. */
export const RECENT_ORDERS = 5;

export type StateCounts = Record<OrderStatus, number>;

export interface RecentOrder {
  id: number;
  number: string;
  side: OrderSide;
  counterparty: string;
  status: OrderStatus;
  statusLabel: string;
  currency: string;
  totalMinor: number;
  createdAt: string;
  updatedAt: string;
}

export interface OrderFigures {
  /** Orders the organisation placed, by state. */
  buying: StateCounts;
  /** Orders placed with the organisation (its customers'), by state. */
  selling: StateCounts;
  /** Waiting for my action: as seller, orders submitted or seen and not yet decided. */
  toDecide: number;
  /** Not an action but what a buyer waits for: approved orders not yet delivered. */
  toReceive: number;
  /** The newest orders on either side, with where each stands now. */
  recent: RecentOrder[];
}

/** The export's columns, in order: Subtotal + Duty + Tax (the VAT; one flat tax before issue 44) = Total. */
export const ORDER_CSV_COLUMNS = ['Number', 'Date', 'Side', 'Counterparty', 'Status', 'Currency', 'Subtotal', 'Duty', 'Tax', 'Total'] as const;
const BATCH = 500;

const emptyCounts = (): StateCounts => Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as StateCounts;

/** 123456 → "1234.56" (every trade currency has two decimals); negative amounts keep their sign. */
export function decimal(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

type Row = Pick<
  typeof orders.$inferSelect,
  'id' | 'number' | 'buyerId' | 'sellerId' | 'status' | 'currency' | 'subtotalMinor' | 'dutyMinor' | 'taxMinor' | 'totalMinor' | 'createdAt' | 'updatedAt'
>;
const COLUMNS = {
  id: orders.id,
  number: orders.number,
  buyerId: orders.buyerId,
  sellerId: orders.sellerId,
  status: orders.status,
  currency: orders.currency,
  subtotalMinor: orders.subtotalMinor,
  dutyMinor: orders.dutyMinor,
  taxMinor: orders.taxMinor,
  totalMinor: orders.totalMinor,
  createdAt: orders.createdAt,
  updatedAt: orders.updatedAt,
};

export function createOrderReports(db: Db, access: Access, feed?: ChangeFeed) {
  // The figures of each organisation, until a live signal names it (server/cache/figures-cache.ts).
  const figuresCache = createFiguresCache(feed);

  /** The viewer's organisation when the decision allows `need` over it; a refusal otherwise. */
  async function ownOrganisation(viewer: Viewer | null, permission: 'orders:manage' | 'reports:view'): Promise<string | null> {
    const organisationId = viewer?.organisationId ?? null;
    // The records are the organisation's own: the decision says whether the viewer may see them.
    const d = await access.decide(viewer, organisationId ? { permission, resource: { organisationIds: [organisationId] } } : { permission });
    if (!d.allowed) {
      if (d.reason === 'unauthenticated' || d.reason === 'mfa_pending') throw new AppError('unauthenticated', 'unauthenticated', 'Sign in to use this.');
      throw new AppError('forbidden', 'forbidden', 'You may not do this.');
    }
    return organisationId;
  }

  async function counterpartyNames(rows: Row[], organisationId: string) {
    const ids = [...new Set(rows.map((r) => (r.buyerId === organisationId ? r.sellerId : r.buyerId)).filter((x): x is string => !!x))];
    const found = ids.length
      ? await db.select({ id: organisations.id, name: organisations.tradingName }).from(organisations).where(inArray(organisations.id, ids))
      : [];
    const byId = new Map(found.map((o) => [o.id, o.name]));
    return (r: Row) => {
      const other = r.buyerId === organisationId ? r.sellerId : r.buyerId;
      return other ? (byId.get(other) ?? '') : 'Frolic';
    };
  }

  /** One side's orders, newest first, after a keyset cursor (an index range scan). */
  function side(organisationId: string, which: OrderSide, after: { at: Date; id: number } | null, limit: number) {
    const col = which === 'buyer' ? orders.buyerId : orders.sellerId;
    // A row comparison, so the index is sought to the cursor rather than filtered from the top.
    const cursor: SQL | undefined = after ? sql`(${orders.createdAt}, ${orders.id}) < (${after.at}, ${after.id})` : undefined;
    return db
      .select(COLUMNS)
      .from(orders)
      .where(and(eq(col, organisationId), cursor))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(limit);
  }

  const newer = (a: Row, b: Row) => a.createdAt.getTime() > b.createdAt.getTime() || (a.createdAt.getTime() === b.createdAt.getTime() && a.id > b.id);

  /** Both sides merged, newest first, in batches: two keyset cursors, each on its own index. */
  async function* merged(organisationId: string): AsyncGenerator<{ row: Row; side: OrderSide }[]> {
    const state = {
      buyer: { buf: [] as Row[], after: null as { at: Date; id: number } | null, done: false },
      seller: { buf: [] as Row[], after: null as { at: Date; id: number } | null, done: false },
    };
    const refill = async (which: OrderSide) => {
      const s = state[which];
      if (s.buf.length || s.done) return;
      const rows = await side(organisationId, which, s.after, BATCH);
      if (rows.length < BATCH) s.done = true;
      const last = rows[rows.length - 1];
      if (last) s.after = { at: last.createdAt, id: last.id };
      s.buf = rows;
    };
    for (;;) {
      await Promise.all([refill('buyer'), refill('seller')]);
      const out: { row: Row; side: OrderSide }[] = [];
      // Emit while both buffers hold rows (or one side is exhausted), so the order stays exact.
      while (out.length < BATCH) {
        const b = state.buyer.buf[0];
        const s = state.seller.buf[0];
        if (!b && !s) break;
        if (b && s) out.push(newer(b, s) ? { row: state.buyer.buf.shift()!, side: 'buyer' } : { row: state.seller.buf.shift()!, side: 'seller' });
        else if (b && state.seller.done) out.push({ row: state.buyer.buf.shift()!, side: 'buyer' });
        else if (s && state.buyer.done) out.push({ row: state.seller.buf.shift()!, side: 'seller' });
        else break; // one buffer ran dry but its side has more: refill first
      }
      if (out.length) yield out;
      else if (state.buyer.done && state.seller.done && !state.buyer.buf.length && !state.seller.buf.length) return;
    }
  }

  /** Counts by state on each side, and the newest orders of both (2 grouped counts, 2 index range scans). */
  async function computeFigures(organisationId: string): Promise<OrderFigures> {
    const count = sql<number>`count(*)::int`;
    const [bought, sold, buying, selling] = await Promise.all([
      db.select({ status: orders.status, n: count }).from(orders).where(eq(orders.buyerId, organisationId)).groupBy(orders.status),
      db.select({ status: orders.status, n: count }).from(orders).where(eq(orders.sellerId, organisationId)).groupBy(orders.status),
      side(organisationId, 'buyer', null, RECENT_ORDERS),
      side(organisationId, 'seller', null, RECENT_ORDERS),
    ]);
    const tally = (rows: { status: OrderStatus; n: number }[]) => {
      const c = emptyCounts();
      for (const r of rows) c[r.status] = r.n;
      return c;
    };
    const buyingCounts = tally(bought);
    const sellingCounts = tally(sold);
    const newest = [...buying.map((row) => ({ row, side: 'buyer' as const })), ...selling.map((row) => ({ row, side: 'seller' as const }))]
      .sort((a, b) => (newer(a.row, b.row) ? -1 : 1))
      .slice(0, RECENT_ORDERS);
    const name = await counterpartyNames(
      newest.map((n) => n.row),
      organisationId,
    );
    return {
      buying: buyingCounts,
      selling: sellingCounts,
      toDecide: AWAITING_SELLER.reduce((s, st) => s + sellingCounts[st], 0),
      toReceive: AWAITING_DELIVERY.reduce((s, st) => s + buyingCounts[st], 0),
      recent: newest.map(({ row, side }) => ({
        id: row.id,
        number: row.number,
        side,
        counterparty: name(row),
        status: row.status,
        statusLabel: ORDER_STATUS_LABELS[row.status],
        currency: row.currency,
        totalMinor: row.totalMinor,
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
      })),
    };
  }

  return {
    /**
     * The dashboard's order figures for the viewer's organisation (Order Management, own scope), or
     * null for a viewer without an organisation.
     */
    async figures(viewer: Viewer | null): Promise<OrderFigures | null> {
      const organisationId = await ownOrganisation(viewer, 'orders:manage');
      if (!organisationId) return null;
      return figuresCache.get('order-figures', [organisationId], () => computeFigures(organisationId));
    },
    /**
     * The organisation's order history as CSV (Report Access, own scope), newest first, both sides:
     * the header first, then chunks of rows as the keyset batches come. Every cell is formula-escaped
     * (a leading = + - @ gets a '), and csv-stringify quotes what needs quoting.
     */
    async exportCsv(viewer: Viewer | null): Promise<AsyncGenerator<string>> {
      const organisationId = await ownOrganisation(viewer, 'reports:view');
      async function* chunks(): AsyncGenerator<string> {
        yield stringify([ORDER_CSV_COLUMNS as unknown as string[]], { bom: true, record_delimiter: 'windows' });
        if (!organisationId) return;
        for await (const batch of merged(organisationId)) {
          const name = await counterpartyNames(
            batch.map((b) => b.row),
            organisationId,
          );
          const rows = batch.map(({ row, side }) =>
            [
              row.number,
              row.createdAt.toISOString().slice(0, 10),
              side === 'buyer' ? 'Bought' : 'Sold',
              name(row),
              ORDER_STATUS_LABELS[row.status],
              row.currency,
              decimal(row.subtotalMinor),
              decimal(row.dutyMinor),
              decimal(row.taxMinor),
              decimal(row.totalMinor),
            ].map(escapeCell),
          );
          yield stringify(rows, { record_delimiter: 'windows' });
        }
      }
      return chunks();
    },
  };
}
export type OrderReports = ReturnType<typeof createOrderReports>;
