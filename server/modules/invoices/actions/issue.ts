// Issuing an invoice: the orders move approved → invoiced by the orders' own guarded transition, the
// lines and terms as they stand now, the parties copied, the number from the gapless counter per
// issuer, kind and year (its row locked last, for a few statements only), and the customer told
// (bell, email with the PDF).
import { and, asc, eq } from 'drizzle-orm';
import { addDays } from '../../../../shared/invoice-totals';
import { documentNumber } from '../../../../shared/invoicing';
import { INVOICEABLE } from '../../../../shared/orders';
import { todayUtc } from '../../../../shared/partners';
import type { DraftStepInput, InvoiceOrdersInput } from '../../../../shared/schemas/invoices';
import { statusInSentence } from '../../../../shared/status-labels';
import type { Viewer } from '../../../auth/authorize';
import type { Actor } from '../../../core/actor';
import { AppError, versionConflict } from '../../../core/errors';
import type { DbOrTx, Tx } from '../../../db/client';
import { invoiceOrders, invoices, type organisations } from '../../../db/schema';
import { recordAudit } from '../../audit';
import { advanceOrder } from '../../orders';
import type { AfterCommit } from '../../trade';
import type { InvoiceContext } from '../context';
import { type InvoiceRow, partyOf, type PreparedInvoice, prepareInvoice } from '../documents';
import { nextDocumentSequence } from '../numbers';
import { insertDraft, taxColumns, writeLines } from './draft';
import type { InvoiceChannel } from '../types';

/**
 * Issues the draft `row` (locked) with `p` read afresh in this transaction: the orders move approved
 * → invoiced (the orders' guarded transition), the lines and the terms as they stand now, the
 * parties copied, and — last, so its row lock is held for a few statements only — the number.
 */
async function issueIn(
  ctx: InvoiceContext,
  tx: Tx,
  row: InvoiceRow,
  p: PreparedInvoice,
  issuer: typeof organisations.$inferSelect,
  actor: Actor,
  fx: AfterCommit,
  opts: { freshLines: boolean },
): Promise<InvoiceRow> {
  const at = new Date(ctx.now());
  for (const o of p.orders) {
    // The orders' own transition (approved → invoiced, the seller's), read under this transaction's row lock;
    // an order shipped or delivered before it was invoiced keeps its state.
    if (o.status !== 'approved' && INVOICEABLE.includes(o.status)) continue;
    const moved = await advanceOrder(tx, o, 'invoice', 'seller', actor, at, {}, { invoiceId: row.id });
    if (!moved)
      throw new AppError(
        'order_not_approved',
        'conflict',
        `Order ${o.number} is ${statusInSentence(o.status)}: only approved, shipped or delivered orders can be invoiced.`,
      );
    fx.orderChanged(moved);
  }
  // A draft made earlier gets its lines as they stand now; one made in this transaction has them.
  if (!opts.freshLines) await writeLines(tx, row.id, p);
  // The issue date is the tax point the lines were taxed on (read at the start of this transaction).
  const issuedOn = p.taxPoint;
  const year = Number(issuedOn.slice(0, 4));
  const sequence = await nextDocumentSequence(tx, row.issuerId, 'invoice', year);
  const number = documentNumber('invoice', year, sequence);
  const [after] = await tx
    .update(invoices)
    .set({
      state: 'issued',
      number,
      year,
      sequence,
      currency: p.currency,
      ...taxColumns(p),
      paymentTermsDays: p.paymentTermsDays,
      creditLimitMinor: p.creditLimitMinor,
      issuedOn,
      dueOn: addDays(issuedOn, p.paymentTermsDays),
      issuer: partyOf(issuer, 'seller'),
      customer: partyOf(p.customer),
      issuedBy: actor.userId,
      issuedAt: at,
      emailedAt: at,
      version: row.version + 1,
      updatedAt: at,
    })
    .where(and(eq(invoices.id, row.id), eq(invoices.state, 'draft'), eq(invoices.version, row.version)))
    .returning();
  if (!after) throw versionConflict('invoice', row.version + 1, row.version);
  await recordAudit(tx, actor, {
    action: 'UPDATE',
    tableName: 'invoices',
    recordId: row.id,
    oldValues: { state: 'draft', version: row.version },
    newValues: {
      state: 'issued',
      version: after.version,
      number,
      orders: p.orders.map((o) => o.number),
      totalMinor: after.totalMinor,
      dueOn: after.dueOn,
    },
  });
  await ctx.tell(tx, fx, { doc: after, to: 'customer', from: issuer.tradingName });
  ctx.documentChanged(fx, after);
  return after;
}

async function draftOrders(tx: DbOrTx, invoiceId: number): Promise<number[]> {
  const rows = await tx
    .select({ id: invoiceOrders.orderId })
    .from(invoiceOrders)
    .where(eq(invoiceOrders.invoiceId, invoiceId))
    .orderBy(asc(invoiceOrders.orderId));
  return rows.map((r) => r.id);
}

/** Issues a draft: numbered now, with the orders, lines and terms as they stand now. */
export async function issue(
  ctx: InvoiceContext,
  viewer: Viewer,
  id: number,
  input: DraftStepInput,
  actor: Actor,
  channel: InvoiceChannel,
): Promise<InvoiceRow> {
  const first = await ctx.requireRow(id);
  await ctx.issuerOf(viewer, first, channel);
  return ctx.write(async (tx, fx) => {
    const issuer = await ctx.tradingIssuer(tx, first.issuerId);
    const draft = await ctx.requireRow(id, tx, true);
    await ctx.decide(tx, 'issue', draft);
    if (draft.version !== input.version) throw versionConflict('invoice', draft.version, input.version);
    // The tax point is the issue date: the rules in force today, read afresh.
    const p = await prepareInvoice(
      tx,
      draft.issuerId,
      { orderIds: await draftOrders(tx, id), customerId: draft.customerId },
      { lock: true, draftId: id, taxPoint: todayUtc(ctx.now()) },
    );
    return issueIn(ctx, tx, draft, p, issuer, actor, fx, { freshLines: false });
  });
}

/** Invoices the orders at once: the draft and its issue in one transaction (Generate Invoice's button). */
export async function issueFromOrders(
  ctx: InvoiceContext,
  viewer: Viewer,
  input: InvoiceOrdersInput,
  actor: Actor,
  channel: InvoiceChannel,
): Promise<InvoiceRow> {
  const issuerId = await ctx.actingIssuer(viewer, channel);
  return ctx.write(async (tx, fx) => {
    const issuer = await ctx.tradingIssuer(tx, issuerId);
    const at = new Date(ctx.now());
    const p = await prepareInvoice(tx, issuer.id, input, { lock: true, taxPoint: todayUtc(at.getTime()) });
    const draft = await insertDraft(tx, issuer.id, p, actor, at);
    return issueIn(ctx, tx, draft, p, issuer, actor, fx, { freshLines: true });
  });
}
