// Allocating a payment to invoices: the invoices it names, locked in id order for the rest of the
// transaction (the payer's own issued invoices from the payee, in the payment's currency), what each
// can take now (outstanding − other pending allocations), the refusals of allocations that do not
// fit, and applying them — each invoice's paid amount rising by what it still owes at most.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { type Allocation, allocationProblems, settle } from '../../../shared/schemas/payments';
import type { Actor } from '../../core/actor';
import { AppError } from '../../core/errors';
import type { Tx } from '../../db/client';
import { invoices } from '../../db/schema';
import { recordAudit } from '../audit';
import { payOrdersOfInvoices } from '../orders';
import type { Effects } from './context';
import { type PaymentRow, pendingByInvoice } from './views';

export type InvoiceRow = typeof invoices.$inferSelect;

const owedOn = (i: Pick<InvoiceRow, 'totalMinor' | 'paidMinor' | 'creditedMinor'>) => i.totalMinor - i.paidMinor - i.creditedMinor;

/**
 * The invoices an allocation names, locked (in id order) for the rest of the transaction: the
 * payer's own issued invoices from the payee, in the payment's currency, with what each can take
 * now (outstanding − other pending allocations). Another organisation's invoice is not found.
 */
export async function lockInvoices(tx: Tx, allocations: readonly Allocation[], payerId: string, payeeId: string, currency: string) {
  const ids = [...new Set(allocations.map((a) => a.invoiceId))].sort((a, b) => a - b);
  if (!ids.length) return { rows: new Map<number, InvoiceRow>(), available: new Map<number, number>() };
  const found = await tx.select().from(invoices).where(inArray(invoices.id, ids)).orderBy(asc(invoices.id)).for('update');
  const rows = new Map(found.map((r) => [r.id, r]));
  allocations.forEach((a, i) => {
    const inv = rows.get(a.invoiceId);
    // Not the payer's to pay (or not an issued invoice): it does not exist for it.
    if (!inv || inv.customerId !== payerId || inv.kind !== 'invoice' || inv.state !== 'issued')
      throw new AppError('not_found', 'not_found', 'Invoice not found.', {
        details: [{ path: `allocations.${i}.invoiceId`, message: 'No such invoice of yours.' }],
      });
    if (inv.issuerId !== payeeId)
      throw new AppError('wrong_payee', 'conflict', `Invoice ${inv.number} is from another supplier: pay it to them.`, {
        details: [{ path: `allocations.${i}.invoiceId`, message: 'This invoice is from another supplier.' }],
      });
    if (inv.currency !== currency)
      throw new AppError('currency_mismatch', 'invalid', `Invoice ${inv.number} is in ${inv.currency}; this payment is in ${currency}.`, {
        details: [{ path: `allocations.${i}.invoiceId`, message: `This invoice is in ${inv.currency}.` }],
        hint: 'Record one payment per currency.',
      });
  });
  const pending = await pendingByInvoice(tx, ids);
  const available = new Map(found.map((r) => [r.id, owedOn(r) - (pending.get(r.id) ?? 0)]));
  return { rows, available };
}

/** The first allocation problem as the refusal: over an invoice a conflict, over the payment invalid, both `over_allocation`. */
export function refuseAllocations(amountMinor: number, allocations: readonly Allocation[], available: ReadonlyMap<number, number>) {
  const problems = allocationProblems(amountMinor, allocations, available);
  if (!problems.length) return;
  const details = problems.map(({ path, message, invoiceId, availableMinor }) => ({ path, message, invoiceId, availableMinor }));
  const overInvoice = problems.find((p) => p.code === 'over_allocation' && p.path !== 'allocations');
  if (overInvoice)
    throw new AppError('over_allocation', 'conflict', 'An allocation is more than its invoice can take now.', {
      details,
      hint: 'Another payment may be waiting to be confirmed against it: reload to see what each invoice can take.',
    });
  const first = problems[0]!;
  throw new AppError(first.code === 'over_allocation' ? 'over_allocation' : 'validation_failed', 'invalid', first.message, { details });
}

/**
 * Applies allocations to their (locked) invoices: each invoice's paid amount rises by what it still
 * owes at most — a guarded update the `invoices_settled_covered` check backs — with an audit row
 * per invoice; invoices paid in full move their orders to paid. Answers what was applied.
 */
export async function apply(
  tx: Tx,
  fx: Effects,
  payment: PaymentRow,
  allocations: readonly Allocation[],
  rows: Map<number, InvoiceRow>,
  actor: Actor,
  at: Date,
) {
  const outstanding = new Map([...rows.values()].map((r) => [r.id, owedOn(r)]));
  const { applied, outstandingAfter } = settle(payment.amountMinor, allocations, outstanding);
  for (const a of applied) {
    const [after] = await tx
      .update(invoices)
      .set({ paidMinor: sql`${invoices.paidMinor} + ${a.amountMinor}`, updatedAt: at })
      .where(and(eq(invoices.id, a.invoiceId), sql`${invoices.paidMinor} + ${invoices.creditedMinor} + ${a.amountMinor} <= ${invoices.totalMinor}`))
      .returning({ paidMinor: invoices.paidMinor });
    if (!after) throw new AppError('over_allocation', 'conflict', 'An invoice no longer owes what this payment allocates to it.');
    await recordAudit(tx, actor, {
      action: 'UPDATE',
      tableName: 'invoices',
      recordId: a.invoiceId,
      oldValues: { paidMinor: after.paidMinor - a.amountMinor },
      newValues: { paidMinor: after.paidMinor, paymentId: payment.id },
    });
  }
  const paidInFull = [...outstandingAfter].filter(([id, owed]) => owed === 0 && applied.some((a) => a.invoiceId === id)).map(([id]) => id);
  fx.ordersPaid(await payOrdersOfInvoices(tx, paidInFull, actor, at));
  return { applied, paidInFull };
}
