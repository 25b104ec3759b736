// Payments (product.md §3, issues 16 and 43): a buyer records a payment to its supplier — a retailer
// to its distributor, a distributor to its importer, an importer to the brand — and allocates it to
// its issued invoices from that supplier; the supplier (staff, for the brand) confirms it
// (pending → settled, each invoice's paid amount rising by its allocation) or marks it failed (with
// a reason; nothing changes on the invoices). An invoice paid in full moves its orders to `paid`.
//
// The rules, where the issue left them to us:
// - Pending payments reserve what they allocate: an allocation may take at most the invoice's
//   outstanding minus what other pending payments already allocate to it, so two payments can
//   never be recorded against the same money, and settling never finds an invoice short — unless a
//   credit note came in between; then settling applies what is still owed and the rest stays with
//   the payment as account credit (the allocation row is trimmed, audited).
// - What a payment leaves unallocated is account credit once it settles; the retailer may apply it
//   to invoices later (`applyCredit`): applied at once, the money being the supplier's already.
// - Allocations over an invoice are a conflict (`over_allocation`); allocations summing to more than
//   the payment are invalid (`over_allocation`); another organisation's invoice is not found; an
//   invoice in another currency than the payment is invalid (`currency_mismatch`).
// - Recording is idempotent per payer with an Idempotency-Key (as placing an order): the same key and
//   body answer the first payment again, another body is a conflict (`idempotency_key_reused`).
// Every write locks the invoices it touches (in id order) and is one transaction with its audit rows,
// its bell entries and emails; confirm and fail are guarded updates (`… where status = 'pending' and
// version = v`), so of two confirms one wins. Both sides' open pages hear of it (topic `payment`).
//
// This file puts the service together: the actions are in actions/ (record, decide, apply-credit),
// allocating in allocations.ts, what they share in context.ts, the pages' reads in pages.ts and views.ts.
import type { ApplyCreditInput, ConfirmPaymentInput, FailPaymentInput, RecordPaymentInput } from '../../../shared/schemas/payments';
import type { Viewer } from '../../auth/authorize';
import type { Actor } from '../../core/actor';
import { applyCredit } from './actions/apply-credit';
import { confirm, fail } from './actions/decide';
import { record } from './actions/record';
import { createPaymentContext, type PaymentChannel, type PaymentDeps } from './context';
import { createOverdueCheck } from './overdue';
import { createPaymentPages } from './pages';

export function createPaymentService(deps: PaymentDeps) {
  const ctx = createPaymentContext(deps);

  const checkOverdue = createOverdueCheck({
    db: ctx.db,
    notifications: deps.notifications,
    notices: ctx.notices,
    now: ctx.now,
    signal: (inv) => ctx.signal(null, inv.customerId, inv.issuerId),
  });
  deps.jobs?.every('payments.overdue-check', 'day', async () => {
    await checkOverdue();
  });

  return {
    record: (viewer: Viewer, input: RecordPaymentInput, key: string | null, actor: Actor) => record(ctx, viewer, input, key, actor),
    confirm: (viewer: Viewer, id: number, input: ConfirmPaymentInput, actor: Actor, channel: PaymentChannel = 'partner') =>
      confirm(ctx, viewer, id, input, actor, channel),
    fail: (viewer: Viewer, id: number, input: FailPaymentInput, actor: Actor, channel: PaymentChannel = 'partner') =>
      fail(ctx, viewer, id, input, actor, channel),
    applyCredit: (viewer: Viewer, id: number, input: ApplyCreditInput, actor: Actor) => applyCredit(ctx, viewer, id, input, actor),
    ...createPaymentPages(ctx),
    /** The daily overdue check, run now (the job calls it; tests too). */
    checkOverdue,
  };
}

export type PaymentService = ReturnType<typeof createPaymentService>;
