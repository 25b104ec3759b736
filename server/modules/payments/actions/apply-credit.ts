// The payer applies a settled payment's account credit to invoices: at once (the money is the
// supplier's already), under the same rules as recording.
import { eq, sql } from 'drizzle-orm';
import type { PaymentView } from '../../../../shared/payment-views';
import { allocatedMinor, type ApplyCreditInput } from '../../../../shared/schemas/payments';
import type { Viewer } from '../../../auth/authorize';
import type { Actor } from '../../../core/actor';
import { organisations, paymentAllocations, payments } from '../../../db/schema';
import { recordAudit } from '../../audit';
import { apply, lockInvoices, refuseAllocations } from '../allocations';
import type { PaymentContext } from '../context';
import { paymentLabel } from '../views';

export async function applyCredit(ctx: PaymentContext, viewer: Viewer, id: number, input: ApplyCreditInput, actor: Actor): Promise<PaymentView> {
  const { money } = ctx;
  const first = await ctx.requirePayment(id);
  const side = await ctx.sideOf(viewer, first, true);
  await ctx.refuseUnless(ctx.db, 'apply_credit', first, side, 'wrong_side');
  await ctx.write(async (tx, fx) => {
    await ctx.tradingOrganisation(tx, first.payerId);
    const row = await ctx.requirePayment(id, tx, true);
    await ctx.refuseUnless(tx, 'apply_credit', row, side);
    const existing = await tx.select().from(paymentAllocations).where(eq(paymentAllocations.paymentId, id));
    const credit = row.amountMinor - allocatedMinor(existing);
    const { rows, available } = await lockInvoices(tx, input.allocations, row.payerId, row.payeeId, row.currency);
    refuseAllocations(credit, input.allocations, available);
    const { applied, paidInFull } = await apply(tx, fx, row, input.allocations, rows, actor, new Date(ctx.now()));
    for (const a of applied)
      await tx
        .insert(paymentAllocations)
        .values({ paymentId: id, invoiceId: a.invoiceId, amountMinor: a.amountMinor })
        .onConflictDoUpdate({
          target: [paymentAllocations.paymentId, paymentAllocations.invoiceId],
          set: { amountMinor: sql`${paymentAllocations.amountMinor} + ${a.amountMinor}` },
        });
    const [after] = await tx
      .update(payments)
      .set({ version: row.version + 1, updatedAt: new Date(ctx.now()) })
      .where(eq(payments.id, id))
      .returning();
    await recordAudit(tx, actor, {
      action: 'UPDATE',
      tableName: 'payments',
      recordId: id,
      oldValues: { version: row.version, unallocatedMinor: credit },
      newValues: { version: after!.version, action: 'apply_credit', applied, unallocatedMinor: credit - allocatedMinor(applied) },
    });
    const [payer] = await tx.select({ name: organisations.tradingName }).from(organisations).where(eq(organisations.id, row.payerId));
    await fx.tell({
      kind: 'credit_applied',
      organisationId: row.payeeId,
      title: `${payer?.name ?? 'Your customer'} applied ${money(allocatedMinor(applied), row.currency)} of account credit`,
      lines: [
        `${payer?.name ?? 'Your customer'} applied credit from ${paymentLabel(id)} to ${applied.map((a) => `${rows.get(a.invoiceId)?.number}: ${money(a.amountMinor, row.currency)}`).join(', ')}.`,
        ...(paidInFull.length ? [`Paid in full: ${paidInFull.map((i) => rows.get(i)?.number).join(', ')}.`] : []),
      ],
    });
    fx.touch(row);
  });
  return ctx.view(await ctx.requirePayment(id), first.payerId);
}
