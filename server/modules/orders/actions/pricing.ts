// What an order's lines cost its buyer: the buyer's trade prices (its tier and market), its trade
// terms' currency and tax rate, the tax once on the subtotal (shared/invoice-totals.ts). One reading
// for both ways an order starts — the buyer placing it, and its supplier offering an allocation — so
// an offer costs the distributor exactly what ordering the same cases would.
import { and, eq, inArray } from 'drizzle-orm';
import { lineTotalMinor, MAX_AMOUNT_MINOR, taxOn } from '../../../../shared/invoice-totals';
import { partnerTypeOf } from '../../../../shared/partners';
import { AppError, type ErrorKind } from '../../../core/errors';
import type { Tx } from '../../../db/client';
import { productTradePrices, products, tradeTerms } from '../../../db/schema';
import type { Organisation } from '../../trade';

export const fieldError = (code: string, kind: ErrorKind, message: string, details: { path: string; message: string }[]) =>
  new AppError(code, kind, message, { details });

export interface PricedProduct {
  id: number;
  name: string;
  caseSize: number;
  amountMinor: number;
}

/**
 * The buyer's terms and the products of `lines` it may be charged for (active, with a trade price
 * for its tier and market in its currency); `product_unavailable` naming the lines that are not.
 */
export async function buyerPrices(tx: Tx, buyer: Organisation, lines: { productId: number }[], refusal: string) {
  const [terms] = await tx.select().from(tradeTerms).where(eq(tradeTerms.customerId, buyer.id));
  const currency = terms?.currency ?? buyer.currency;
  const taxRateBp = terms?.taxRateBp ?? 0;
  const found = await tx
    .select({
      id: products.id,
      name: products.name,
      caseSize: products.caseSize,
      amountMinor: productTradePrices.amountMinor,
      currency: productTradePrices.currency,
    })
    .from(products)
    .innerJoin(
      productTradePrices,
      and(eq(productTradePrices.productId, products.id), eq(productTradePrices.tier, partnerTypeOf(buyer.type)), eq(productTradePrices.market, buyer.market)),
    )
    .where(
      and(
        inArray(
          products.id,
          lines.map((l) => l.productId),
        ),
        eq(products.status, 'active'),
      ),
    );
  const byId = new Map<number, PricedProduct>(found.filter((p) => p.currency === currency).map(({ currency: _c, ...p }) => [p.id, p]));
  const refused = lines.flatMap((l, i) => (byId.has(l.productId) ? [] : [{ path: `lines.${i}.productId`, message: 'This product cannot be ordered.' }]));
  if (refused.length) throw fieldError('product_unavailable', 'invalid', refusal, refused);
  return { currency, taxRateBp, byId };
}

/** The lines at those prices and the order's totals; `order_too_large` past what one order can hold. */
export function pricedLines(lines: { productId: number; cases: number }[], byId: Map<number, PricedProduct>, taxRateBp: number) {
  const priced = lines.map((l) => {
    const p = byId.get(l.productId)!;
    return {
      productId: l.productId,
      casesRequested: l.cases,
      cases: l.cases,
      caseSize: p.caseSize,
      unitPriceMinor: p.amountMinor,
      lineTotalMinor: lineTotalMinor(l.cases, p.caseSize, p.amountMinor),
    };
  });
  const subtotal = priced.reduce((s, l) => s + l.lineTotalMinor, 0);
  // Past the largest amount the subtotal alone is too much (and may be past exact arithmetic): no tax is computed on it.
  const tax = subtotal > MAX_AMOUNT_MINOR ? 0 : taxOn(subtotal, taxRateBp);
  if (priced.some((l) => l.lineTotalMinor > MAX_AMOUNT_MINOR) || subtotal + tax > MAX_AMOUNT_MINOR)
    throw fieldError('order_too_large', 'invalid', 'This order adds up to more than one order can hold: split it.', [
      { path: 'lines', message: 'Order fewer cases, or split the order.' },
    ]);
  return { lines: priced, subtotal, tax };
}
