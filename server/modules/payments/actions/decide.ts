// The payee — the payer's supplier; staff for the brand — decides a pending payment: confirms it (settled; each invoice's paid amount rises by
// its allocation, invoices paid in full move their orders to paid) or marks it failed with a reason
// (nothing changes on the invoices). Both are guarded moves out of pending (`… where status =
// 'pending' and version = v`), so of two confirms one wins.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { PaymentView } from '../../../../shared/payment-views';
import { allocatedMinor, type ConfirmPaymentInput, type FailPaymentInput } from '../../../../shared/schemas/payments';
import { statusInSentence } from '../../../../shared/status-labels';
import type { Viewer } from '../../../auth/authorize';
import type { Actor } from '../../../core/actor';
import { AppError, versionConflict } from '../../../core/errors';
import type { Tx } from '../../../db/client';
import { paymentAllocations, payments } from '../../../db/schema';
import { recordAudit } from '../../audit';
import { apply, lockInvoices } from '../allocations';
import type { Effects, PaymentChannel, PaymentContext } from '../context';
import { paymentLabel, type PaymentRow } from '../views';

function notPending(row: PaymentRow, what: string) {
  return new AppError('invalid_transition', 'conflict', `This payment is ${statusInSentence(row.status)}: it cannot be ${what}.`, {
    details: { from: row.status },
    hint: 'Reload the page to see where it stands.',
  });
}

/** The guarded move out of pending: of two people acting at once, the second finds nothing to update and is told why. */
async function leavePending(
  ctx: PaymentContext,
  tx: Tx,
  id: number,
  version: number,
  set: Partial<typeof payments.$inferInsert>,
  what: string,
): Promise<PaymentRow> {
  const [after] = await tx
    .update(payments)
    // The stored version + 1, not the sent one's: a version no row has must not overflow before the where refuses it.
    .set({ ...set, version: sql`${payments.version} + 1`, updatedAt: new Date(ctx.now()) })
    .where(and(eq(payments.id, id), eq(payments.status, 'pending'), eq(payments.version, version)))
    .returning();
  if (after) return after;
  const current = await ctx.requirePayment(id, tx);
  if (current.status !== 'pending') throw notPending(current, what);
  throw versionConflict('payment', current.version, version);
}

async function decide(
  ctx: PaymentContext,
  viewer: Viewer,
  id: number,
  action: 'confirm' | 'fail',
  fn: (tx: Tx, fx: Effects, row: PaymentRow) => Promise<void>,
  channel: PaymentChannel,
): Promise<PaymentView> {
  const first = await ctx.requirePayment(id);
  const side = await ctx.sideOf(viewer, first, true, channel);
  await ctx.refuseUnless(ctx.db, action, first, side, 'wrong_side');
  await ctx.write(async (tx, fx) => {
    await ctx.tradingOrganisation(tx, first.payeeId);
    // The move out of pending is a guarded update (leavePending): a decision that won meanwhile is caught there too.
    await ctx.refuseUnless(tx, action, await ctx.requirePayment(id, tx), side);
    await fn(tx, fx, first);
  });
  return ctx.view(await ctx.requirePayment(id), first.payeeId);
}

export async function confirm(
  ctx: PaymentContext,
  viewer: Viewer,
  id: number,
  input: ConfirmPaymentInput,
  actor: Actor,
  channel: PaymentChannel = 'partner',
): Promise<PaymentView> {
  const { money } = ctx;
  return decide(
    ctx,
    viewer,
    id,
    'confirm',
    async (tx, fx, first) => {
      const after = await leavePending(
        ctx,
        tx,
        id,
        input.version,
        { status: 'settled', confirmedBy: actor.userId, confirmedAt: new Date(ctx.now()) },
        'confirmed',
      );
      const allocs = await tx.select().from(paymentAllocations).where(eq(paymentAllocations.paymentId, id)).orderBy(asc(paymentAllocations.invoiceId));
      const { rows } = await lockInvoices(tx, allocs, after.payerId, after.payeeId, after.currency);
      const { applied, paidInFull } = await apply(tx, fx, after, allocs, rows, actor, new Date(ctx.now()));
      // What a credit note took meanwhile cannot be applied: that part of the allocation becomes account credit.
      const trimmed = allocs
        .map((a) => ({ invoiceId: a.invoiceId, from: a.amountMinor, to: applied.find((x) => x.invoiceId === a.invoiceId)?.amountMinor ?? 0 }))
        .filter((t) => t.to !== t.from);
      for (const t of trimmed) {
        const where = and(eq(paymentAllocations.paymentId, id), eq(paymentAllocations.invoiceId, t.invoiceId));
        if (t.to === 0) await tx.delete(paymentAllocations).where(where);
        else await tx.update(paymentAllocations).set({ amountMinor: t.to }).where(where);
      }
      await recordAudit(tx, actor, {
        action: 'UPDATE',
        tableName: 'payments',
        recordId: id,
        oldValues: { status: 'pending', version: input.version },
        newValues: { status: 'settled', version: after.version, action: 'confirm', applied, ...(trimmed.length ? { trimmed } : {}) },
      });
      const left = after.amountMinor - allocatedMinor(applied);
      const numbers = applied.map((a) => rows.get(a.invoiceId)?.number).filter(Boolean);
      await fx.tell({
        kind: 'payment_settled',
        organisationId: after.payerId,
        title: `Payment ${paymentLabel(id)} of ${money(after.amountMinor, after.currency)} was confirmed`,
        lines: [
          `${paymentLabel(id)} (${money(after.amountMinor, after.currency)}) is settled.${numbers.length ? ` It paid ${numbers.join(', ')}.` : ''}`,
          ...(paidInFull.length ? [`Paid in full: ${paidInFull.map((i) => rows.get(i)?.number).join(', ')}.`] : []),
          ...(left > 0 ? [`${money(left, after.currency)} is account credit: apply it to an invoice on the Payments page.`] : []),
        ],
      });
      fx.touch(first);
    },
    channel,
  );
}

export async function fail(
  ctx: PaymentContext,
  viewer: Viewer,
  id: number,
  input: FailPaymentInput,
  actor: Actor,
  channel: PaymentChannel = 'partner',
): Promise<PaymentView> {
  const { money } = ctx;
  return decide(
    ctx,
    viewer,
    id,
    'fail',
    async (tx, fx, first) => {
      const after = await leavePending(
        ctx,
        tx,
        id,
        input.version,
        { status: 'failed', failureReason: input.reason, confirmedBy: actor.userId, confirmedAt: new Date(ctx.now()) },
        'marked failed',
      );
      await recordAudit(tx, actor, {
        action: 'UPDATE',
        tableName: 'payments',
        recordId: id,
        oldValues: { status: 'pending', version: input.version },
        newValues: { status: 'failed', version: after.version, action: 'fail', reason: input.reason },
      });
      await fx.tell({
        kind: 'payment_failed',
        organisationId: after.payerId,
        title: `Payment ${paymentLabel(id)} of ${money(after.amountMinor, after.currency)} failed`,
        lines: [
          `Your supplier marked ${paymentLabel(id)} (${money(after.amountMinor, after.currency)}) as failed: ${input.reason}`,
          'The invoices it named still owe the same.',
        ],
      });
      fx.touch(first);
    },
    channel,
  );
}
