// Placing an order (the buyer's side): its lines at the buyer's trade prices and its duty and VAT by
// the tax rules in force today (pricing.ts), what its supplier's stock can cover now, a number from the
// order sequence — idempotent per buyer with an Idempotency-Key (the same key and body answer the
// first order; another body is refused).
import { and, eq, sql } from 'drizzle-orm';
import { plural } from '../../../../shared/plural';
import type { PlaceOrderInput } from '../../../../shared/schemas/orders';
import type { Viewer } from '../../../auth/authorize';
import { AppError, isUniqueViolation } from '../../../core/errors';
import type { Actor } from '../../../core/actor';
import type { Tx } from '../../../db/client';
import { orderItems, orders } from '../../../db/schema';
import { recordAudit } from '../../audit';
import { balancesOf } from '../../stock';
import { partnerOrganisation, replayOf, requestHash } from '../../trade';
import type { OrderContext } from '../context';
import type { OrderDetail, OrderRow } from '../types';
import { buyerPrices, itemRows, orderTax, pricedLines, sellerOf } from './pricing';

/** The order's canonical form: the same order hashes the same whatever its lines' order. */
function orderHash(input: PlaceOrderInput): string {
  const lines = [...input.lines].sort((a, b) => a.productId - b.productId).map((l) => [l.productId, l.cases]);
  // The reference joins the hash only when given, so keys used before it existed still match.
  return requestHash({ lines, note: input.note, ...(input.buyerReference ? { buyerReference: input.buyerReference } : {}) });
}

const keyReused = (existing: OrderRow) =>
  new AppError('idempotency_key_reused', 'conflict', 'This Idempotency-Key was already used for a different order.', {
    details: { orderId: existing.id, number: existing.number },
    hint: 'Send a new key for a new order; resend the same order to get it back.',
  });

async function byKey(db: OrderContext['db'] | Tx, buyerId: string, key: string): Promise<OrderRow | undefined> {
  const [existing] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.buyerId, buyerId), eq(orders.idempotencyKey, key)));
  return existing;
}

export async function nextNumber(ctx: OrderContext, tx: Tx): Promise<string> {
  // Unique, not gapless: a sequence, so placing orders never queues on a lock (schema/orders.ts).
  const { rows } = (await tx.execute(sql`select nextval('order_number_seq')::text as n`)) as unknown as { rows: { n: string }[] };
  const n = rows[0]?.n;
  return `FR-${new Date(ctx.now()).getUTCFullYear()}-${String(n).padStart(6, '0')}`;
}

export async function place(
  ctx: OrderContext,
  viewer: Viewer,
  input: PlaceOrderInput,
  key: string | null,
  actor: Actor,
): Promise<{ order: OrderDetail; replayed: boolean }> {
  const { db, views } = ctx;
  await ctx.allow(viewer, { permission: 'orders:manage', act: true });
  const buyerId = partnerOrganisation(viewer, 'Only a member of a partner organisation can place an order.');
  const hash = orderHash(input);
  const replay = async () => (key ? replayOf(await byKey(db, buyerId, key), hash, keyReused) : null);
  const first = await replay();
  if (first) return { order: await views.detail(first, 'buyer', 'partner'), replayed: true };
  let row: OrderRow;
  let replayed = false;
  try {
    row = await ctx.write(async (tx, tell) => {
      const org = await ctx.tradingOrganisation(tx, buyerId);
      // The buyer's supplier: the brand for an importer, an importer for a distributor, a distributor for a retailer.
      const sellerId = org.supplierId;
      if (!sellerId) throw new AppError('no_supplier', 'conflict', 'Your organisation has no supplier to order from yet.');
      // The number's lock also serialises placings under one key: a retry that raced its first attempt finds it here.
      const number = await nextNumber(ctx, tx);
      if (key) {
        const again = replayOf(await byKey(tx, buyerId, key), hash, keyReused);
        if (again) {
          replayed = true;
          return again;
        }
      }
      const { currency, dutyTreatment, byId } = await buyerPrices(
        tx,
        org,
        input.lines,
        'Only active products with a trade price for your organisation can be ordered.',
      );
      const ids = input.lines.map((l) => l.productId);
      // A buyer orders what its supplier can sell it now (the seller's available stock, from its ledger).
      // Approval reserves it; until then another buyer may take it, and approval refuses what is gone.
      const stock = await balancesOf(tx, sellerId, ids);
      const short = input.lines.flatMap((l, i) => {
        const p = byId.get(l.productId)!;
        const availableCases = Math.floor(Math.max(0, stock.get(l.productId)?.available ?? 0) / p.caseSize);
        if (l.cases <= availableCases) return [];
        const message = `Only ${plural(availableCases, 'case')} of ${p.name} available.`;
        return [{ path: `lines.${i}.cases`, message, productId: l.productId, name: p.name, availableCases }];
      });
      if (short.length)
        throw new AppError(
          'insufficient_stock',
          'conflict',
          short.length === 1
            ? `Not enough stock of ${short[0]!.name}: only ${plural(short[0]!.availableCases, 'case')} available.`
            : `Not enough stock of ${short.map((x) => x.name).join(', ')}: lower the highlighted lines.`,
          { details: short.map(({ name: _n, ...d }) => d), hint: 'Lower the cases to what is available, or order the rest later.' },
        );
      const lines = pricedLines(input.lines, byId);
      const { lineTotals, amounts, record } = await orderTax(tx, {
        seller: await sellerOf(tx, sellerId),
        buyer: org,
        dutyTreatment,
        currency,
        now: ctx.now(),
        lines,
      });
      const at = new Date(ctx.now());
      const [created] = await tx
        .insert(orders)
        .values({
          number,
          buyerId,
          sellerId,
          status: 'submitted',
          currency,
          ...amounts,
          note: input.note,
          buyerReference: input.buyerReference,
          placedBy: viewer.id,
          submittedAt: at,
          idempotencyKey: key,
          requestHash: key ? hash : null,
          createdAt: at,
          updatedAt: at,
        })
        .returning();
      const order = created!;
      await tx.insert(orderItems).values(itemRows(lines, lineTotals).map((l) => ({ ...l, orderId: order.id })));
      await recordAudit(tx, actor, {
        action: 'INSERT',
        tableName: 'orders',
        recordId: order.id,
        newValues: {
          status: 'submitted',
          action: 'place',
          side: 'buyer',
          number,
          totalMinor: order.totalMinor,
          lines: input.lines,
          note: input.note || undefined,
          buyerReference: input.buyerReference || undefined,
          tax: record,
        },
      });
      await tell({ kind: 'placed', order, to: 'seller', text: input.note || undefined });
      return order;
    });
  } catch (err) {
    // A retry that slipped past every check meets the unique index: answer with the first attempt's order.
    if (key && isUniqueViolation(err, 'orders_buyer_idempotency_key')) {
      const existing = await replay();
      if (existing) return { order: await views.detail(existing, 'buyer', 'partner'), replayed: true };
    }
    throw err;
  }
  return { order: await views.detail(row, 'buyer', 'partner'), replayed };
}
