// The stock ledger's one write: move a holder's balance of a product and record the movement, in the
// caller's transaction. The balance row changes by a conditional update — it matches only while the
// result stays valid (on hand ≥ 0, 0 ≤ reserved ≤ on hand) — so two orders competing for the last
// units cannot both take them, on PostgreSQL as on PGlite; the check constraints on stock_balances
// refuse anything that slipped past. The brand's on-hand figure is mirrored in products.stock_units
// (read by the dashboards and catalogue), written only here.
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { products, stockBalances, stockMovements } from '../../db/schema';
import { AppError } from '../../core/errors';

export type StockCause = (typeof stockMovements.$inferInsert)['cause'];

export interface Movement {
  /** The holder: an importer or a distributor; null for the brand warehouse. */
  organisationId: string | null;
  productId: number;
  /** Bottles into (+) or out of (−) stock on hand. */
  onHand: number;
  /** Bottles reserved (+) or released (−). */
  reserved: number;
  cause: StockCause;
  orderId?: number | null;
  allocationId?: number | null;
  reason?: string;
  actorId?: string | null;
}

export interface Balance {
  onHand: number;
  reserved: number;
  available: number;
}

/** The refusal when the stock cannot cover a movement (the caller says which line, if it knows). */
export function insufficientStock(productId: number, details?: unknown): AppError {
  return new AppError('insufficient_stock', 409, 'There is not enough stock available for this.', {
    details: details ?? { productId },
    hint: 'Lower the quantity, or wait for stock to arrive.',
  });
}

const holderIs = (organisationId: string | null) => (organisationId ? eq(stockBalances.organisationId, organisationId) : isNull(stockBalances.organisationId));

/** Applies one movement; throws `insufficient_stock` (nothing written) when the balance cannot take it. */
export async function moveStock(tx: DbOrTx, m: Movement): Promise<Balance> {
  if (!Number.isInteger(m.onHand) || !Number.isInteger(m.reserved)) throw new TypeError('stock moves in whole bottles');
  await tx.insert(stockBalances).values({ organisationId: m.organisationId, productId: m.productId }).onConflictDoNothing();
  const [row] = await tx
    .update(stockBalances)
    .set({
      onHand: sql`${stockBalances.onHand} + ${m.onHand}`,
      reserved: sql`${stockBalances.reserved} + ${m.reserved}`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        holderIs(m.organisationId),
        eq(stockBalances.productId, m.productId),
        sql`${stockBalances.onHand} + ${m.onHand} >= 0`,
        sql`${stockBalances.reserved} + ${m.reserved} >= 0`,
        sql`${stockBalances.reserved} + ${m.reserved} <= ${stockBalances.onHand} + ${m.onHand}`,
      ),
    )
    .returning({ id: stockBalances.id, onHand: stockBalances.onHand, reserved: stockBalances.reserved });
  if (!row) throw insufficientStock(m.productId);
  await tx.insert(stockMovements).values({
    balanceId: row.id,
    organisationId: m.organisationId,
    productId: m.productId,
    cause: m.cause,
    onHandDelta: m.onHand,
    reservedDelta: m.reserved,
    onHandAfter: row.onHand,
    reservedAfter: row.reserved,
    orderId: m.orderId ?? null,
    allocationId: m.allocationId ?? null,
    reason: m.reason ?? '',
    actorId: m.actorId ?? null,
  });
  if (m.organisationId === null && m.onHand !== 0) await tx.update(products).set({ stockUnits: row.onHand }).where(eq(products.id, m.productId));
  return { onHand: row.onHand, reserved: row.reserved, available: row.onHand - row.reserved };
}

/** A product's name, for a refusal a person reads ("Not enough stock of Frolic London Dry Gin"), never "line 1". */
export async function productNameOf(tx: DbOrTx, productId: number): Promise<string> {
  const [row] = await tx.select({ name: products.name }).from(products).where(eq(products.id, productId));
  return row?.name ?? `product ${productId}`;
}

/** A holder's balance of a product (zero when it never held any). */
export async function balanceOf(tx: DbOrTx, organisationId: string | null, productId: number): Promise<Balance> {
  const [row] = await tx
    .select({ onHand: stockBalances.onHand, reserved: stockBalances.reserved })
    .from(stockBalances)
    .where(and(holderIs(organisationId), eq(stockBalances.productId, productId)));
  const onHand = row?.onHand ?? 0;
  const reserved = row?.reserved ?? 0;
  return { onHand, reserved, available: onHand - reserved };
}
