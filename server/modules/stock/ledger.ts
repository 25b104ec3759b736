// The stock ledger's one write: move a holder's balance of a product and record the movement, in the
// caller's transaction. The balance row changes by a conditional update — it matches only while the
// result stays valid (on hand ≥ 0, 0 ≤ reserved ≤ on hand) — so two orders competing for the last
// units cannot both take them, on PostgreSQL as on PGlite; the check constraints on stock_balances
// refuse anything that slipped past. The ledger is the only stock: every screen's figure is read from
// stock_balances (`balancesOf`, `brandStock`), none is copied elsewhere.
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { brandIdSql } from '../../db/brand';
import type { DbOrTx } from '../../db/client';
import { products, stockBalances, stockMovements } from '../../db/schema';
import { AppError } from '../../core/errors';

export type StockCause = (typeof stockMovements.$inferInsert)['cause'];

export interface Movement {
  /** The holder: the brand (its warehouse), an importer or a distributor. */
  organisationId: string;
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
  return new AppError('insufficient_stock', 'conflict', 'There is not enough stock available for this.', {
    details: details ?? { productId },
    hint: 'Lower the quantity, or wait for stock to arrive.',
  });
}

const holderIs = (organisationId: string) => eq(stockBalances.organisationId, organisationId);

// The holders whose stock a transaction moved, so the write that ran it can tell their open pages
// after the commit (`holdersMoved`). Keyed by the transaction object: gone with it.
const moved = new WeakMap<object, Set<string>>();
function movedIn(tx: DbOrTx): Set<string> {
  let set = moved.get(tx);
  if (!set) moved.set(tx, (set = new Set()));
  return set;
}

/** The holders whose balances `moveStock` changed in this transaction. */
export function holdersMoved(tx: DbOrTx): string[] {
  return [...(moved.get(tx) ?? [])];
}

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
  movedIn(tx).add(m.organisationId);
  return { onHand: row.onHand, reserved: row.reserved, available: row.onHand - row.reserved };
}

/**
 * `moveStock`, or — when the stock cannot cover the movement — the caller's own refusal, which names
 * the line and what is left as its form shows them (read in the same transaction).
 */
export async function moveStockOr(tx: DbOrTx, m: Movement, refuse: () => Promise<AppError>): Promise<Balance> {
  try {
    return await moveStock(tx, m);
  } catch (err) {
    if (err instanceof AppError && err.code === 'insufficient_stock') throw await refuse();
    throw err;
  }
}

/** A product's name, for a refusal a person reads ("Not enough stock of Frolic London Dry Gin"), never "line 1". */
export async function productNameOf(tx: DbOrTx, productId: number): Promise<string> {
  const [row] = await tx.select({ name: products.name }).from(products).where(eq(products.id, productId));
  return row?.name ?? `product ${productId}`;
}

/** A holder's balance of a product (zero when it never held any). */
export async function balanceOf(tx: DbOrTx, organisationId: string, productId: number): Promise<Balance> {
  const [row] = await tx
    .select({ onHand: stockBalances.onHand, reserved: stockBalances.reserved })
    .from(stockBalances)
    .where(and(holderIs(organisationId), eq(stockBalances.productId, productId)));
  const onHand = row?.onHand ?? 0;
  const reserved = row?.reserved ?? 0;
  return { onHand, reserved, available: onHand - reserved };
}

/** A holder's balances of many products at once (a product it never held reads as zero). */
export async function balancesOf(tx: DbOrTx, organisationId: string, productIds: number[]): Promise<Map<number, Balance>> {
  const out = new Map<number, Balance>(productIds.map((id) => [id, { onHand: 0, reserved: 0, available: 0 }]));
  if (!productIds.length) return out;
  const rows = await tx
    .select({ productId: stockBalances.productId, onHand: stockBalances.onHand, reserved: stockBalances.reserved })
    .from(stockBalances)
    .where(and(holderIs(organisationId), inArray(stockBalances.productId, productIds)));
  for (const r of rows) out.set(r.productId, { onHand: r.onHand, reserved: r.reserved, available: r.onHand - r.reserved });
  return out;
}

/**
 * A holder's figures of the product in the row, as SQL a query over `products` (not aliased) selects,
 * sorts or filters on — zero where it never held the product (one indexed lookup of its balance row each).
 */
export function stockOf(holder: string | SQL) {
  const figure = (column: SQL) =>
    // `products.id` written out: Drizzle drops the table name of a one-table select's column, and a bare
    // "id" here would be the balance row's.
    sql<number>`coalesce((select ${column} from ${stockBalances} b where b.product_id = "products"."id" and b.organisation_id = ${holder}), 0)`.mapWith(Number);
  return { onHand: figure(sql`b.on_hand`), reserved: figure(sql`b.reserved`), available: figure(sql`b.on_hand - b.reserved`) };
}

/** The brand warehouse's figures (staff's Manage Products, the product editor, the dashboard's low stock). */
export const brandStock = stockOf(brandIdSql);
