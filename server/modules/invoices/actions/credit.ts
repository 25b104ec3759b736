// Credit notes: an issued invoice never changes, a correction is a credit note against it — numbered
// like an invoice, raising the invoice's credited amount in its transaction. The issuer writes one
// for lines of its invoice; the orders service asks for one when an invoiced order is cancelled, and
// shipments when a receipt found a shortfall (both inside their own transaction, announcing after
// their commit).
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { CreditNoteInput } from '../../../../shared/schemas/invoices';
import type { Viewer } from '../../../auth/authorize';
import type { Actor } from '../../../core/actor';
import { notFound } from '../../../core/errors';
import type { Tx } from '../../../db/client';
import { invoiceItems, invoiceOrders, invoices } from '../../../db/schema';
import type { OrderRow } from '../../orders';
import type { AfterCommit } from '../../trade';
import type { InvoiceContext } from '../context';
import { creditedOn, type CreditLine, type InvoiceRow, organisationOf, writeCreditNote } from '../documents';
import type { CreditResult, InvoiceChannel } from '../types';

/** A credit note written in `tx`, with its news for the customer (and for the issuer when its customer cancelled an order). */
async function creditIn(
  ctx: InvoiceContext,
  tx: Tx,
  invoice: InvoiceRow,
  lines: CreditLine[],
  reason: string,
  actor: Actor,
  cause: 'correction' | 'order_cancelled' | 'shortfall',
  fx: AfterCommit,
): Promise<InvoiceRow> {
  const { note, paidOrders } = await writeCreditNote(tx, invoice, lines, reason, actor, new Date(ctx.now()), cause);
  for (const o of paidOrders) fx.orderChanged(o);
  const [issuer, customer] = await Promise.all([organisationOf(tx, invoice.issuerId), organisationOf(tx, invoice.customerId)]);
  await ctx.tell(tx, fx, { doc: note, credits: invoice.number, to: 'customer', from: issuer.tradingName });
  // The issuer hears of a credit note it did not write itself (its customer cancelled an order).
  if (cause === 'order_cancelled') await ctx.tell(tx, fx, { doc: note, credits: invoice.number, to: 'issuer', from: customer.tradingName });
  ctx.documentChanged(fx, note);
  ctx.documentChanged(fx, invoice);
  return note;
}

/** A credit note on an issued invoice of the viewer's: lines of it (cases), and why. */
export async function issueCreditNote(
  ctx: InvoiceContext,
  viewer: Viewer,
  invoiceId: number,
  input: CreditNoteInput,
  actor: Actor,
  channel: InvoiceChannel,
): Promise<InvoiceRow> {
  const first = await ctx.requireRow(invoiceId);
  await ctx.issuerOf(viewer, first, channel);
  return ctx.write(async (tx, fx) => {
    await ctx.tradingIssuer(tx, first.issuerId);
    const invoice = await ctx.requireRow(invoiceId, tx, true);
    await ctx.decide(tx, 'credit', invoice);
    const items = await tx.select().from(invoiceItems).where(eq(invoiceItems.invoiceId, invoiceId));
    const byId = new Map(items.map((i) => [i.id, i]));
    const lines = input.lines.map((l, n) => {
      const item = byId.get(l.invoiceItemId);
      if (!item) throw notFound('Invoice line');
      return { item, cases: l.cases, path: `lines.${n}.cases` };
    });
    return creditIn(ctx, tx, invoice, lines, input.reason, actor, 'correction', fx);
  });
}

/** Locks the issued invoice billing `orderId` (none: nothing), before a cancel locks the order. */
export async function lockInvoiceOfOrder(tx: Tx, orderId: number): Promise<void> {
  await tx
    .select({ id: invoices.id })
    .from(invoices)
    .innerJoin(invoiceOrders, eq(invoiceOrders.invoiceId, invoices.id))
    .where(and(eq(invoiceOrders.orderId, orderId), eq(invoices.state, 'issued'), eq(invoices.kind, 'invoice')))
    .for('update', { of: invoices });
}

/**
 * Cancelling an invoiced order (the orders service calls this in its cancel transaction): a credit
 * note for what is still uncredited of the order's lines on its invoice. More than is still owed
 * on the invoice is refused (a conflict: `credit_exceeds_outstanding`), and with it the cancel.
 */
export async function creditCancelledOrder(ctx: InvoiceContext, tx: Tx, order: OrderRow, reason: string, actor: Actor): Promise<() => Promise<void>> {
  const told = ctx.collect();
  const announce = () => told.announce();
  const [on] = await tx
    .select({ id: invoices.id })
    .from(invoiceOrders)
    .innerJoin(invoices, eq(invoices.id, invoiceOrders.invoiceId))
    .where(and(eq(invoiceOrders.orderId, order.id), eq(invoices.state, 'issued'), eq(invoices.kind, 'invoice')));
  if (!on) return announce;
  const invoice = await ctx.requireRow(on.id, tx, true);
  const credited = await creditedOn(tx, invoice.id);
  const items = await tx
    .select()
    .from(invoiceItems)
    .where(and(eq(invoiceItems.invoiceId, invoice.id), eq(invoiceItems.orderId, order.id)))
    .orderBy(asc(invoiceItems.id));
  const lines = items.flatMap((item, n) => {
    const left = item.cases - (credited.cases.get(item.orderItemId ?? -1) ?? 0);
    return left > 0 ? [{ item, cases: left, path: `lines.${n}.cases` }] : [];
  });
  if (lines.length) await creditIn(ctx, tx, invoice, lines, `Order ${order.number} cancelled: ${reason}`, actor, 'order_cancelled', told.fx);
  return announce;
}

/**
 * A credit note for a shortfall or damage a receipt found (shipments call this in their own
 * transaction): per order line, the cases to take back, grouped into one credit note per issued
 * invoice of `issuerId`. Lines on no issued invoice are answered in `uncredited`.
 */
export async function creditForShortfall(
  ctx: InvoiceContext,
  tx: Tx,
  input: { issuerId: string; lines: { orderItemId: number; cases: number }[]; reason: string },
  actor: Actor,
): Promise<CreditResult> {
  const told = ctx.collect();
  const ids = input.lines.map((l) => l.orderItemId);
  const items = ids.length
    ? await tx
        .select({ item: invoiceItems })
        .from(invoiceItems)
        .innerJoin(invoices, eq(invoices.id, invoiceItems.invoiceId))
        .where(
          and(
            inArray(invoiceItems.orderItemId, ids),
            eq(invoices.kind, 'invoice'),
            eq(invoices.state, 'issued'),
            eq(invoices.issuerId, input.issuerId),
            isNull(invoices.creditsInvoiceId),
          ),
        )
        .orderBy(asc(invoiceItems.invoiceId), asc(invoiceItems.id))
    : [];
  const byOrderItem = new Map(items.map(({ item }) => [item.orderItemId, item]));
  const groups = new Map<number, CreditLine[]>();
  const uncredited: { orderItemId: number; cases: number }[] = [];
  input.lines.forEach((l, n) => {
    const item = byOrderItem.get(l.orderItemId);
    if (!item || l.cases <= 0) {
      if (l.cases > 0) uncredited.push(l);
      return;
    }
    const g = groups.get(item.invoiceId) ?? [];
    g.push({ item, cases: l.cases, path: `lines.${n}.cases` });
    groups.set(item.invoiceId, g);
  });
  const creditNotes: CreditResult['creditNotes'] = [];
  // Invoices in id order, so two receipts crediting the same invoices lock them alike.
  for (const invoiceId of [...groups.keys()].sort((a, b) => a - b)) {
    const invoice = await ctx.requireRow(invoiceId, tx, true);
    const note = await creditIn(ctx, tx, invoice, groups.get(invoiceId)!, input.reason, actor, 'shortfall', told.fx);
    creditNotes.push({ id: note.id, number: note.number!, invoiceId, invoiceNumber: invoice.number!, totalMinor: note.totalMinor });
  }
  return { creditNotes, uncredited, announce: () => told.announce() };
}
