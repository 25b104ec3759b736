// An importer's allocation offer to one of its own distributors (Assign to Distributors): an order
// the supplier starts — buyer the distributor, seller the importer, state `offered` — priced as the
// distributor's own order to the importer would be (pricing.ts), its cases reserved in the importer's
// ledger at once so the offer can be honoured when accepted. Idempotent per importer with an
// Idempotency-Key (the form's hidden key): the same key and body answer the first offer, another
// body is refused.
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { plural } from '../../../../shared/plural';
import type { AllocationInput } from '../../../../shared/schemas/stock';
import type { Viewer } from '../../../auth/authorize';
import { AppError, isUniqueViolation, notFound } from '../../../core/errors';
import type { Actor } from '../../../core/actor';
import type { Db, Tx } from '../../../db/client';
import { orderItems, orders, organisations } from '../../../db/schema';
import { recordAudit } from '../../audit';
import { balanceOf, moveStockOr } from '../../stock';
import { replayOf, requestHash } from '../../trade';
import type { OrderContext } from '../context';
import type { OrderDetail, OrderRow } from '../types';
import { nextNumber } from './place';
import { buyerPrices, itemRows, orderTax, pricedLines } from './pricing';

const notAnImporter = () => new AppError('forbidden', 'forbidden', 'Only an importer offers its stock to its distributors.');

/** The offer's canonical form: the same offer hashes the same whatever its lines' order. */
export function offerHash(input: AllocationInput): string {
  const lines = [...input.lines].sort((a, b) => a.productId - b.productId).map((l) => [l.productId, l.cases]);
  return requestHash({ d: input.distributorId, l: lines, n: input.note });
}

const keyReused = (existing: OrderRow) =>
  new AppError('idempotency_key_reused', 'conflict', 'This Idempotency-Key was already used for a different offer.', {
    details: { orderId: existing.id, number: existing.number },
    hint: 'Send a new key for a new offer; resend the same offer to get it back.',
  });

/** The offer the importer made under `key` (its key is the importer's, whichever distributor it went to). */
async function byKey(db: Db | Tx, importerId: string, key: string): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.sellerId, importerId), eq(orders.idempotencyKey, key), isNotNull(orders.offeredAt)));
  return row;
}

export async function offer(
  ctx: OrderContext,
  viewer: Viewer,
  input: AllocationInput,
  key: string | null,
  actor: Actor,
): Promise<{ order: OrderDetail; replayed: boolean }> {
  const { db, views } = ctx;
  const importerId = viewer.organisationId;
  // Staff hold Order Management over everything, but an offer is an importer's own act.
  if (!importerId) throw notAnImporter();
  await ctx.allow(viewer, { permission: 'orders:manage', act: true, resource: { organisationIds: [importerId] } });
  const hash = offerHash(input);
  const replay = async () => (key ? replayOf(await byKey(db, importerId, key), hash, keyReused) : null);
  const first = await replay();
  if (first) return { order: await views.detail(first, 'seller', 'partner'), replayed: true };
  let row: OrderRow;
  let replayed = false;
  try {
    row = await ctx.write(async (tx, tell) => {
      if (key) {
        // The unique index is per buyer, and one key may be tried with two distributors at once: the
        // importer's key is taken one request at a time, so the second finds the first's offer.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('frolic.offer'), hashtext(${`${importerId}:${key}`}))`);
        const again = replayOf(await byKey(tx, importerId, key), hash, keyReused);
        if (again) {
          replayed = true;
          return again;
        }
      }
      const importer = await ctx.tradingOrganisation(tx, importerId);
      if (importer.type !== 'importer') throw notAnImporter();
      const [distributor] = await tx
        .select()
        .from(organisations)
        .where(and(eq(organisations.id, input.distributorId), eq(organisations.supplierId, importerId), eq(organisations.type, 'distributor')));
      if (!distributor) throw notFound('Distributor');
      const { currency, dutyTreatment, byId } = await buyerPrices(
        tx,
        distributor,
        input.lines,
        'Only active products with a trade price for this distributor can be offered.',
      );
      const lines = pricedLines(input.lines, byId);
      const { lineTotals, amounts, record } = await orderTax(tx, { seller: importer, buyer: distributor, dutyTreatment, currency, now: ctx.now(), lines });
      const number = await nextNumber(ctx, tx);
      const at = new Date(ctx.now());
      const [created] = await tx
        .insert(orders)
        .values({
          number,
          buyerId: distributor.id,
          sellerId: importerId,
          status: 'offered',
          currency,
          ...amounts,
          note: input.note,
          placedBy: viewer.id,
          offeredAt: at,
          idempotencyKey: key,
          requestHash: key ? hash : null,
          createdAt: at,
          updatedAt: at,
        })
        .returning();
      const order = created!;
      await tx.insert(orderItems).values(itemRows(lines, lineTotals).map((l) => ({ ...l, orderId: order.id })));
      // Reserved now, in product order (two offers of the same products lock the balances in the same
      // order): the ledger's guarded write refuses what the importer's available stock cannot cover.
      const reserving = input.lines.map((l, index) => ({ ...l, index, product: byId.get(l.productId)! })).sort((a, b) => a.productId - b.productId);
      for (const l of reserving)
        await moveStockOr(
          tx,
          {
            organisationId: importerId,
            productId: l.productId,
            onHand: 0,
            reserved: l.cases * l.product.caseSize,
            cause: 'reservation',
            orderId: order.id,
            actorId: actor.userId,
            reason: `Offered to ${distributor.tradingName} (order ${number})`,
          },
          async () => {
            const have = await balanceOf(tx, importerId, l.productId);
            const available = Math.max(0, Math.floor(have.available / l.product.caseSize));
            return new AppError('insufficient_stock', 'conflict', `Not enough stock of ${l.product.name}: only ${plural(available, 'case')} available.`, {
              details: [
                {
                  path: `lines.${l.index}.cases`,
                  message: `Only ${plural(available, 'case')} of ${l.product.name} available.`,
                  productId: l.productId,
                  availableCases: available,
                },
              ],
              hint: 'Offer what is available, or the rest later.',
            });
          },
        );
      await recordAudit(tx, actor, {
        action: 'INSERT',
        tableName: 'orders',
        recordId: order.id,
        newValues: {
          status: 'offered',
          action: 'offer',
          side: 'seller',
          number,
          totalMinor: order.totalMinor,
          lines: input.lines,
          note: input.note || undefined,
          tax: record,
        },
      });
      const cases = input.lines.reduce((s, l) => s + l.cases, 0);
      await tell({ kind: 'offered', order, to: 'buyer', text: input.note || undefined, offer: { from: importer.tradingName, cases } });
      return order;
    });
  } catch (err) {
    // Both attempts of one key to the same distributor: the second meets the first's row.
    if (key && isUniqueViolation(err, 'orders_buyer_idempotency_key')) {
      const existing = await replay();
      if (existing) return { order: await views.detail(existing, 'seller', 'partner'), replayed: true };
    }
    throw err;
  }
  return { order: await views.detail(row, 'seller', 'partner'), replayed };
}
