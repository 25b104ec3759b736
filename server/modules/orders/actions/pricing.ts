// What an order costs its buyer: the buyer's trade prices (its tier and market) in its terms'
// currency, and the tax the one tax module decides for every document (server/modules/tax
// documentTax, issue 44) — excise duty per line when the relationship releases the goods, VAT per
// category on the duty-inclusive lines, by the rules in force today between the seller (the buyer's
// supplier, the brand's row for an importer) and the buyer. One reading for every way an order is
// priced — the buyer placing it, its supplier offering an allocation, the seller approving it with
// lines changed — so an offer costs the distributor exactly what ordering the same cases would.
import { and, eq, inArray } from 'drizzle-orm';
import { lineTotalMinor, MAX_AMOUNT_MINOR } from '../../../../shared/invoice-totals';
import { partnerTypeOf, todayUtc } from '../../../../shared/partners';
import type { OrderTaxView } from '../../../../shared/order-views';
import { defaultDutyTreatment, type DutyTreatment } from '../../../../shared/tax';
import { AppError, type ErrorKind } from '../../../core/errors';
import type { Tx } from '../../../db/client';
import { organisations, productTradePrices, products, tradeTerms } from '../../../db/schema';
import { documentTax } from '../../tax';
import type { Organisation } from '../../trade';

export const fieldError = (code: string, kind: ErrorKind, message: string, details: { path: string; message: string }[]) =>
  new AppError(code, kind, message, { details });

export interface PricedProduct {
  id: number;
  name: string;
  caseSize: number;
  amountMinor: number;
  volumeMl: number;
  abvTenths: number;
}

/** How the relationship between the buyer and its supplier treats duty: its terms, or the leg's default. */
export async function dutyTreatmentOf(tx: Tx, buyer: Pick<Organisation, 'id' | 'type'>): Promise<DutyTreatment> {
  const [terms] = await tx.select({ dutyTreatment: tradeTerms.dutyTreatment }).from(tradeTerms).where(eq(tradeTerms.customerId, buyer.id));
  return terms?.dutyTreatment ?? defaultDutyTreatment(buyer.type);
}

/**
 * The buyer's terms and the products of `lines` it may be charged for (active, with a trade price
 * for its tier and market in its currency); `product_unavailable` naming the lines that are not.
 */
export async function buyerPrices(tx: Tx, buyer: Organisation, lines: { productId: number }[], refusal: string) {
  const [terms] = await tx.select().from(tradeTerms).where(eq(tradeTerms.customerId, buyer.id));
  const currency = terms?.currency ?? buyer.currency;
  const dutyTreatment = terms?.dutyTreatment ?? defaultDutyTreatment(buyer.type);
  const found = await tx
    .select({
      id: products.id,
      name: products.name,
      caseSize: products.caseSize,
      volumeMl: products.volumeMl,
      abvTenths: products.abvTenths,
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
  return { currency, dutyTreatment, byId };
}

/**
 * What an order was priced with, kept in the audit row of the act that priced it (placing, offering,
 * an approval that changed lines): the order's row holds the amounts, this the VAT category, the
 * duty treatment and each line's duty its page shows (shared/order-views.ts OrderTaxView).
 */
export interface OrderTaxRecord extends OrderTaxView {
  /** Each line's duty (an order has one line per product). */
  lines: { productId: number; dutyMinor: number }[];
}

/** A line as the order prices it: the cases at the per-bottle price, the product's strength and size. */
export interface LineToPrice {
  productId: number;
  name: string;
  cases: number;
  caseSize: number;
  unitPriceMinor: number;
  volumeMl: number;
  abvTenths: number;
}

const tooLarge = () =>
  fieldError('order_too_large', 'invalid', 'This order adds up to more than one order can hold: split it.', [
    { path: 'lines', message: 'Order fewer cases, or split the order.' },
  ]);

/**
 * The order's amounts from its lines: the subtotal, the duty and VAT documentTax decides between
 * `seller` and `buyer` today (its refusals — no rule in force, no band — reach the user as they are),
 * the total, and the record of what priced it. `order_too_large` past what one order can hold (the
 * lines and the subtotal are checked before any tax is computed on them).
 */
export async function orderTax(
  tx: Tx,
  args: { seller: Organisation; buyer: Organisation; dutyTreatment: DutyTreatment; currency: string; now: number; lines: readonly LineToPrice[] },
) {
  const lineTotals = args.lines.map((l) => lineTotalMinor(l.cases, l.caseSize, l.unitPriceMinor));
  const subtotal = lineTotals.reduce((s, t) => s + t, 0);
  if (lineTotals.some((t) => t > MAX_AMOUNT_MINOR) || subtotal > MAX_AMOUNT_MINOR) throw tooLarge();
  const taxPoint = todayUtc(args.now);
  const tax = await documentTax(tx, {
    seller: args.seller,
    buyer: args.buyer,
    dutyTreatment: args.dutyTreatment,
    taxPoint,
    currency: args.currency,
    lines: args.lines.map((l) => ({ ...l, description: l.name })),
  });
  if (tax.totalMinor > MAX_AMOUNT_MINOR) throw tooLarge();
  const record: OrderTaxRecord = {
    vatCategory: tax.vat.category,
    vatRateBp: tax.vat.rateBp,
    vatNote: tax.vat.note,
    dutyTreatment: args.dutyTreatment,
    taxPoint,
    exampleRates: tax.exampleRates,
    lines: args.lines.map((l, i) => ({ productId: l.productId, dutyMinor: tax.lines[i]!.dutyMinor })),
  };
  return {
    lineTotals,
    /** The order's columns: `taxMinor` is the VAT, `taxRateBp` its rate (0 for K and G; kept for the lists that read it). */
    amounts: {
      subtotalMinor: tax.subtotalMinor,
      dutyMinor: tax.dutyMinor,
      taxMinor: tax.vatMinor,
      taxRateBp: tax.vat.rateBp,
      totalMinor: tax.totalMinor,
    },
    record,
  };
}

/** The seller of an order (the brand's row for an importer's), for its tax. */
export async function sellerOf(tx: Tx, sellerId: string): Promise<Organisation> {
  const [seller] = await tx.select().from(organisations).where(eq(organisations.id, sellerId));
  if (!seller) throw new AppError('no_supplier', 'conflict', 'This order has no supplier to price it.');
  return seller;
}

/** The lines of `input` at the buyer's prices (`byId` from buyerPrices), as order_items rows and as tax sees them. */
export function pricedLines(lines: readonly { productId: number; cases: number }[], byId: Map<number, PricedProduct>) {
  return lines.map((l): LineToPrice => {
    const p = byId.get(l.productId)!;
    return {
      productId: l.productId,
      name: p.name,
      cases: l.cases,
      caseSize: p.caseSize,
      unitPriceMinor: p.amountMinor,
      volumeMl: p.volumeMl,
      abvTenths: p.abvTenths,
    };
  });
}

/** The order_items rows of priced lines. */
export function itemRows(lines: readonly LineToPrice[], lineTotals: readonly number[]) {
  return lines.map((l, i) => ({
    productId: l.productId,
    casesRequested: l.cases,
    cases: l.cases,
    caseSize: l.caseSize,
    unitPriceMinor: l.unitPriceMinor,
    lineTotalMinor: lineTotals[i]!,
  }));
}
