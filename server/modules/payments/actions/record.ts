// A buyer records a payment to its supplier — a retailer to its distributor, a distributor to its
// importer, an importer to the brand (issue 43) — allocated to its issued invoices from that
// supplier: pending until the supplier (staff, for the brand) confirms it. Idempotent per payer with an
// Idempotency-Key (as placing an order): the same key and body answer the first payment again,
// another body is a conflict (`idempotency_key_reused`).
import { and, eq } from 'drizzle-orm';
import { PAYMENT_METHOD_LABELS } from '../../../../shared/invoicing';
import type { PaymentView } from '../../../../shared/payment-views';
import { allocatedMinor, type RecordPaymentInput } from '../../../../shared/schemas/payments';
import type { Viewer } from '../../../auth/authorize';
import type { Actor } from '../../../core/actor';
import { AppError, isUniqueViolation } from '../../../core/errors';
import type { DbOrTx } from '../../../db/client';
import { paymentAllocations, payments, tradeTerms } from '../../../db/schema';
import { recordAudit } from '../../audit';
import { replayOf, requestHash } from '../../trade';
import { lockInvoices, refuseAllocations } from '../allocations';
import { type PaymentContext, PERMISSION } from '../context';
import { paymentLabel, type PaymentRow } from '../views';

/** The payment's canonical form: the same payment hashes the same whatever its allocations' order. */
function paymentHash(input: RecordPaymentInput): string {
  const allocations = [...input.allocations].sort((a, b) => a.invoiceId - b.invoiceId).map((a) => [a.invoiceId, a.amountMinor]);
  const { amountMinor, currency, method, reference, paidOn } = input;
  return requestHash({ amountMinor, currency, method, reference, paidOn, allocations });
}

const keyReused = (existing: PaymentRow) =>
  new AppError('idempotency_key_reused', 'conflict', 'This Idempotency-Key was already used for a different payment.', {
    details: { paymentId: existing.id },
    hint: 'Send a new key for a new payment; resend the same payment to get it back.',
  });

async function byKey(db: DbOrTx, payerId: string, key: string): Promise<PaymentRow | undefined> {
  const [existing] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.payerId, payerId), eq(payments.idempotencyKey, key)));
  return existing;
}

export async function record(
  ctx: PaymentContext,
  viewer: Viewer,
  input: RecordPaymentInput,
  key: string | null,
  actor: Actor,
): Promise<{ payment: PaymentView; replayed: boolean }> {
  const { money } = ctx;
  await ctx.allow(viewer, { permission: PERMISSION, act: true });
  const payerId = ctx.ownOrganisation(viewer);
  const hash = paymentHash(input);
  const replay = async () => (key ? replayOf(await byKey(ctx.db, payerId, key), hash, keyReused) : null);
  const first = await replay();
  if (first) return { payment: await ctx.view(first, payerId), replayed: true };
  if (input.paidOn > ctx.today())
    throw new AppError('paid_on_in_future', 'invalid', 'The payment date cannot be in the future.', {
      details: [{ path: 'paidOn', message: 'Enter the day the money was sent (today or earlier).' }],
    });
  let row: PaymentRow;
  try {
    row = await ctx.write(async (tx, fx) => {
      const org = await ctx.tradingOrganisation(tx, payerId);
      const payeeId = org.supplierId;
      if (!payeeId || org.type === 'brand')
        throw new AppError('no_supplier', 'conflict', 'Payments are recorded by a buyer to its supplier: your organisation has none to pay.');
      const [terms] = await tx.select().from(tradeTerms).where(eq(tradeTerms.customerId, payerId));
      const currency = terms?.currency ?? org.currency;
      if (input.currency !== currency)
        throw new AppError('currency_mismatch', 'invalid', `Payments to your supplier are in ${currency}.`, {
          details: [{ path: 'currency', message: `Pay in ${currency}.` }],
        });
      const { rows, available } = await lockInvoices(tx, input.allocations, payerId, payeeId, input.currency);
      refuseAllocations(input.amountMinor, input.allocations, available);
      const at = new Date(ctx.now());
      const [created] = await tx
        .insert(payments)
        .values({
          payerId,
          payeeId,
          amountMinor: input.amountMinor,
          currency: input.currency,
          method: input.method,
          reference: input.reference,
          paidOn: input.paidOn,
          status: 'pending',
          recordedBy: actor.userId,
          idempotencyKey: key,
          requestHash: key ? hash : null,
          createdAt: at,
          updatedAt: at,
        })
        .returning();
      const payment = created!;
      if (input.allocations.length)
        await tx
          .insert(paymentAllocations)
          .values(input.allocations.map((a) => ({ paymentId: payment.id, invoiceId: a.invoiceId, amountMinor: a.amountMinor })));
      await recordAudit(tx, actor, {
        action: 'INSERT',
        tableName: 'payments',
        recordId: payment.id,
        newValues: {
          status: 'pending',
          payerId,
          payeeId,
          amountMinor: input.amountMinor,
          currency: input.currency,
          method: input.method,
          reference: input.reference,
          paidOn: input.paidOn,
          allocations: input.allocations,
        },
      });
      const numbers = input.allocations.map((a) => `${rows.get(a.invoiceId)?.number}: ${money(a.amountMinor, input.currency)}`);
      const left = input.amountMinor - allocatedMinor(input.allocations);
      await fx.tell({
        kind: 'payment_recorded',
        organisationId: payeeId,
        title: `${org.tradingName} recorded a payment of ${money(input.amountMinor, input.currency)}`,
        lines: [
          `${org.tradingName} recorded ${paymentLabel(payment.id)}: ${money(input.amountMinor, input.currency)} by ${PAYMENT_METHOD_LABELS[input.method].toLowerCase()} on ${input.paidOn}${input.reference ? ` (reference ${input.reference})` : ''}. Confirm it once the money arrives, or mark it failed.`,
          ...(numbers.length ? [`Allocated to ${numbers.join(', ')}.`] : []),
          ...(left > 0 ? [`${money(left, input.currency)} is not allocated: account credit once settled.`] : []),
        ],
      });
      fx.touch(payment);
      return payment;
    });
  } catch (err) {
    // A retry that raced its first attempt meets the unique index: answer with the first payment.
    if (key && isUniqueViolation(err, 'payments_payer_idempotency_key')) {
      const existing = await replay();
      if (existing) return { payment: await ctx.view(existing, payerId), replayed: true };
    }
    throw err;
  }
  return { payment: await ctx.view(row, payerId), replayed: false };
}
