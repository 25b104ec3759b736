// A draft invoice: the orders held for it (no other invoice takes them), its lines and totals, no
// number yet. The issuer may discard it (its orders are free again); an issued invoice is never
// discarded.
import { and, eq } from 'drizzle-orm';
import { todayUtc } from '../../../../shared/partners';
import type { DraftStepInput, InvoiceOrdersInput } from '../../../../shared/schemas/invoices';
import type { Viewer } from '../../../auth/authorize';
import type { Actor } from '../../../core/actor';
import { AppError, isUniqueViolation, versionConflict } from '../../../core/errors';
import type { Tx } from '../../../db/client';
import { invoiceItems, invoiceOrders, invoices } from '../../../db/schema';
import { recordAudit } from '../../audit';
import type { InvoiceContext } from '../context';
import { type InvoiceRow, type PreparedInvoice, prepareInvoice } from '../documents';
import type { InvoiceChannel } from '../types';

export async function insertDraft(tx: Tx, issuerId: string, p: PreparedInvoice, actor: Actor, at: Date): Promise<InvoiceRow> {
  const [row] = await tx
    .insert(invoices)
    .values({
      kind: 'invoice',
      state: 'draft',
      issuerId,
      customerId: p.customer.id,
      currency: p.currency,
      ...taxColumns(p),
      paymentTermsDays: p.paymentTermsDays,
      creditLimitMinor: p.creditLimitMinor,
      createdBy: actor.userId,
      createdAt: at,
      updatedAt: at,
    })
    .returning();
  const draft = row!;
  try {
    await tx.insert(invoiceOrders).values(p.orders.map((o) => ({ invoiceId: draft.id, orderId: o.id })));
  } catch (err) {
    // Another invoice took one of the orders since they were checked.
    if (isUniqueViolation(err, 'invoice_orders_order_key')) throw new AppError('order_already_invoiced', 'conflict', 'An order can be on one invoice only.');
    throw err;
  }
  await writeLines(tx, draft.id, p);
  await recordAudit(tx, actor, {
    action: 'INSERT',
    tableName: 'invoices',
    recordId: draft.id,
    newValues: { state: 'draft', customerId: p.customer.id, orders: p.orders.map((o) => o.number), totalMinor: p.totalMinor },
  });
  return draft;
}

/** A new document's totals and tax as `p` has them (layout 2: duty and VAT by category, issue 44). */
export function taxColumns(p: PreparedInvoice) {
  return {
    layoutVersion: 2,
    subtotalMinor: p.subtotalMinor,
    taxRateBp: p.taxRateBp,
    dutyMinor: p.dutyMinor,
    taxMinor: p.taxMinor,
    totalMinor: p.totalMinor,
    vatBreakdown: p.vatBreakdown,
    dutyTreatment: p.dutyTreatment,
    taxPoint: p.taxPoint,
  };
}

/** The draft's lines as `p` has them now (the old ones replaced). */
export async function writeLines(tx: Tx, invoiceId: number, p: PreparedInvoice) {
  await tx.delete(invoiceItems).where(eq(invoiceItems.invoiceId, invoiceId));
  if (p.lines.length)
    await tx.insert(invoiceItems).values(
      p.lines.map((l) => ({
        invoiceId,
        orderId: l.orderId,
        orderItemId: l.orderItemId,
        productId: l.productId,
        description: l.description,
        cases: l.cases,
        caseSize: l.caseSize,
        unitPriceMinor: l.unitPriceMinor,
        lineTotalMinor: l.lineTotalMinor,
        volumeMl: l.volumeMl,
        abvTenths: l.abvTenths,
        dutyPerHlpaMinor: l.dutyPerHlpaMinor,
        dutyMinor: l.dutyMinor,
        vatCategory: l.vatCategory,
        vatRateBp: l.vatRateBp,
      })),
    );
}

/** A draft: the orders are held for it (no other invoice takes them), no number yet. */
export async function createDraft(ctx: InvoiceContext, viewer: Viewer, input: InvoiceOrdersInput, actor: Actor, channel: InvoiceChannel): Promise<InvoiceRow> {
  const issuerId = await ctx.actingIssuer(viewer, channel);
  return ctx.write(async (tx, fx) => {
    const issuer = await ctx.tradingIssuer(tx, issuerId);
    const at = new Date(ctx.now());
    const p = await prepareInvoice(tx, issuer.id, input, { lock: true, taxPoint: todayUtc(at.getTime()) });
    const draft = await insertDraft(tx, issuer.id, p, actor, at);
    ctx.documentChanged(fx, draft);
    return draft;
  });
}

/** Discards a draft (its orders are free again); an issued invoice is never discarded. */
export async function discard(ctx: InvoiceContext, viewer: Viewer, id: number, input: DraftStepInput, actor: Actor, channel: InvoiceChannel): Promise<void> {
  await ctx.issuerOf(viewer, await ctx.requireRow(id), channel);
  await ctx.write(async (tx, fx) => {
    const draft = await ctx.requireRow(id, tx, true);
    await ctx.decide(tx, 'discard', draft);
    if (draft.version !== input.version) throw versionConflict('invoice', draft.version, input.version);
    await tx.delete(invoices).where(and(eq(invoices.id, id), eq(invoices.state, 'draft')));
    await recordAudit(tx, actor, {
      action: 'DELETE',
      tableName: 'invoices',
      recordId: id,
      oldValues: { state: 'draft', customerId: draft.customerId, totalMinor: draft.totalMinor },
    });
    ctx.documentChanged(fx, draft);
  });
}
