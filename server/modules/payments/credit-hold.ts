// The credit hold (issues 16 and 43): a seller with trade terms for its buyer — the brand for an
// importer, an importer for a distributor, a distributor for a retailer — may not approve a new order
// from a buyer whose issued invoices still owing plus this order exceed the credit limit of their
// trade terms, or that has an invoice more than CREDIT_HOLD_OVERDUE_DAYS days overdue — unless it
// overrides with a reason, which the approval's audit row carries. The orders service calls
// `enforceCreditHold` from its approve path inside the approval's transaction (so the figures are the
// ones the approval commits against); the order page asks `creditHoldOf` to show the hold before
// anyone presses Approve.
import { and, asc, eq, gt, lt, sql } from 'drizzle-orm';
import { formatPrice } from '../../../shared/markets';
import { isBlank } from '../../../shared/schemas/text';
import { type CreditHoldReason, type CreditPosition, creditHoldReasons, daysPastDue } from '../../../shared/payments';
import type { DbOrTx } from '../../db/client';
import { invoices, organisations, tradeTerms } from '../../db/schema';
import { AppError } from '../../core/errors';

export interface CreditHold {
  position: CreditPosition;
  reasons: CreditHoldReason[];
}

/** What an invoice still owes, in SQL (the same rule as shared/invoicing.ts `outstandingMinor`). */
export const OWED = sql<number>`(${invoices.totalMinor} - ${invoices.paidMinor} - ${invoices.creditedMinor})`;

/**
 * Where a buyer stands with its seller if `orderTotalMinor` more is approved; null when the hold does
 * not apply (the buyer has no trade terms with this seller).
 */
export async function creditHoldOf(
  tx: DbOrTx,
  order: { sellerId: string | null; buyerId: string; totalMinor: number },
  today: string,
): Promise<CreditHold | null> {
  if (!order.sellerId) return null;
  const [terms] = await tx.select().from(tradeTerms).where(eq(tradeTerms.customerId, order.buyerId));
  if (!terms || terms.supplierId !== order.sellerId) return null;
  const open = and(
    eq(invoices.issuerId, order.sellerId),
    eq(invoices.customerId, order.buyerId),
    eq(invoices.kind, 'invoice'),
    eq(invoices.state, 'issued'),
    gt(OWED, 0),
  );
  const [owing] = await tx
    .select({ n: sql<string>`coalesce(sum(${OWED}), 0)::bigint::text` })
    .from(invoices)
    .where(and(open, eq(invoices.currency, terms.currency)));
  const [oldest] = await tx
    .select({ number: invoices.number, dueOn: invoices.dueOn })
    .from(invoices)
    .where(and(open, lt(invoices.dueOn, today)))
    .orderBy(asc(invoices.dueOn), asc(invoices.id))
    .limit(1);
  const position: CreditPosition = {
    currency: terms.currency,
    creditLimitMinor: terms.creditLimitMinor,
    outstandingMinor: Number(owing?.n ?? 0),
    orderTotalMinor: order.totalMinor,
    mostOverdue: oldest?.dueOn ? { number: oldest.number ?? '', daysOverdue: daysPastDue(oldest.dueOn, today) } : null,
  };
  return { position, reasons: creditHoldReasons(position, (m) => formatPrice(m, terms.currency)) };
}

/** The buyer's type as a sentence names it ("This importer is on credit hold"). */
async function buyerWord(tx: DbOrTx, buyerId: string): Promise<string> {
  const [buyer] = await tx.select({ type: organisations.type }).from(organisations).where(eq(organisations.id, buyerId));
  return buyer?.type ?? 'buyer';
}

/**
 * The approve path's check: refuses (a conflict: `credit_hold`, the reasons in `details`) when the hold
 * applies and no override reason was given; with one, answers what the approval's audit row records.
 */
export async function enforceCreditHold(
  tx: DbOrTx,
  order: { sellerId: string | null; buyerId: string; totalMinor: number },
  override: string,
  today: string,
): Promise<{ reason: string; holds: CreditHoldReason[]; position: CreditPosition } | null> {
  const hold = await creditHoldOf(tx, order, today);
  if (!hold || hold.reasons.length === 0) return null;
  if (isBlank(override))
    throw new AppError(
      'credit_hold',
      'conflict',
      `This ${await buyerWord(tx, order.buyerId)} is on credit hold: ${hold.reasons.map((r) => r.message).join(' ')}`,
      {
        details: [{ path: 'creditOverride', message: 'Give a reason to approve despite the credit hold.' }, ...hold.reasons.map((r) => ({ path: '', ...r }))],
        hint: 'Ask the buyer to pay its overdue invoices, lower the order, or override the hold with a reason.',
      },
    );
  return { reason: override.trim(), holds: hold.reasons, position: hold.position };
}
