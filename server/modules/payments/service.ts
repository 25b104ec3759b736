// Payments (product.md §3, issue 16): a retailer records a payment to its distributor (its supplier)
// and allocates it to its issued invoices from that distributor; the distributor confirms it
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
//   to invoices later (`applyCredit`): applied at once, the money being the distributor's already.
// - Allocations over an invoice are 409 `over_allocation`; allocations summing to more than the
//   payment are 400 `over_allocation`; another organisation's invoice is a 404; an invoice in
//   another currency than the payment is 400 `currency_mismatch`.
// - Recording is idempotent per payer with an Idempotency-Key (as placing an order): the same key and
//   body answer the first payment (200), another body 409 `idempotency_key_reused`.
// Every write locks the invoices it touches (in id order) and is one transaction with its audit rows,
// its bell entries and emails; confirm and fail are guarded updates (`… where status = 'pending' and
// version = v`), so of two confirms one wins. Both sides' open pages hear of it (topic `payment`).
import { createHash } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { formatPrice } from '../../../shared/markets';
import { PAYMENT_METHOD_LABELS } from '../../../shared/invoicing';
import { STANDING_REFUSAL, standingOf, todayUtc } from '../../../shared/partners';
import type { AccessNeed } from '../../../shared/policy';
import { type PaymentFacts, paymentActionRefusal } from '../../../shared/payment-actions';
import type { PaymentAction, PaymentSide, PaymentView, PaymentsOverview, Statement } from '../../../shared/payment-views';
import {
  type Allocation,
  allocatedMinor,
  allocationProblems,
  type ApplyCreditInput,
  type ConfirmPaymentInput,
  type FailPaymentInput,
  type RecordPaymentInput,
  settle,
  type StatementQuery,
} from '../../../shared/schemas/payments';
import { type Access, serviceRefusal, type Viewer } from '../../auth/authorize';
import type { Db, Tx } from '../../db/client';
import { invoices, organisations, paymentAllocations, payments, tradeTerms } from '../../db/schema';
import { refusalError } from '../../core/action-refusal';
import { AppError, isUniqueViolation, notFound, versionConflict } from '../../core/errors';
import type { Actor } from '../../core/actor';
import type { Jobs } from '../../jobs/registry';
import type { Mailer } from '../../mail/mailer';
import type { Live } from '../../realtime/live';
import type { ChangeFeed } from '../../realtime/changes';
import { recordAudit } from '../audit/service';
import type { NotificationService, StoredNotification } from '../notifications/service';
import { payOrdersOfInvoices, type PaidOrder } from '../orders/paid';
import { creditHoldOf } from './credit-hold';
import { createFiguresCache } from '../../cache/figures-cache';
import { createPaymentNotices, type PaymentNews } from './notices';
import { createOverdueCheck } from './overdue';
import { buildStatement, statementCsv, statementPdf } from './statement';
import {
  aging,
  customersOf,
  isCustomerOf,
  owedInvoices,
  payingTotals,
  paymentLabel,
  paymentPage,
  type PaymentRow,
  paymentViews,
  pendingByInvoice,
  pendingPayments,
} from './views';
import { statusInSentence } from '../../../shared/status-labels';

/** The live channel's topic for a payment (`{ type: 'changed', topic, id }`). */
export const PAYMENT_TOPIC = 'payment';
const PERMISSION = 'orders:manage';
const PAGE = 20;
/** The oldest pending payments the page lists (the count says how many wait in all). */
const PENDING_SHOWN = 25;

export interface PaymentDeps {
  db: Db;
  access: Access;
  notifications: NotificationService;
  mailer: Mailer;
  jobs?: Jobs;
  live?: Live;
  /** The change feed: the figures cache hears every organisation's live signals on it. */
  feed?: ChangeFeed;
  origin: string;
  now?: () => number;
}

type InvoiceRow = typeof invoices.$inferSelect;

function requestHash(input: RecordPaymentInput): string {
  const allocations = [...input.allocations].sort((a, b) => a.invoiceId - b.invoiceId).map((a) => [a.invoiceId, a.amountMinor]);
  const { amountMinor, currency, method, reference, paidOn } = input;
  return createHash('sha256').update(JSON.stringify({ amountMinor, currency, method, reference, paidOn, allocations })).digest('hex');
}

const owedOn = (i: Pick<InvoiceRow, 'totalMinor' | 'paidMinor' | 'creditedMinor'>) => i.totalMinor - i.paidMinor - i.creditedMinor;

export function createPaymentService(deps: PaymentDeps) {
  const { db, access } = deps;
  const now = deps.now ?? Date.now;
  const today = () => todayUtc(now());
  const notices = createPaymentNotices(deps.notifications, deps.mailer, deps.origin);
  const figures = createFiguresCache(deps.feed, { now });

  async function allow(viewer: Viewer | null, need: AccessNeed): Promise<void> {
    const d = await access.decide(viewer, need);
    if (!d.allowed) throw serviceRefusal(d, 'Payment');
  }

  /** The viewer's organisation for a write: a partner member's, or a refusal. */
  function ownOrganisation(viewer: Viewer): string {
    if (!viewer.organisationId) throw new AppError('no_organisation', 'forbidden', 'Only a member of a partner organisation can do this.');
    return viewer.organisationId;
  }

  async function requirePayment(id: number, tx: Db | Tx = db, lock = false): Promise<PaymentRow> {
    const q = tx.select().from(payments).where(eq(payments.id, id));
    const [row] = lock ? await q.for('update') : await q;
    if (!row) throw notFound('Payment');
    return row;
  }

  /** The viewer's side of a payment, or a 404 (another organisation's). */
  async function sideOf(viewer: Viewer, row: PaymentRow, act = false): Promise<PaymentSide> {
    await allow(viewer, { permission: PERMISSION, resource: { organisationIds: [row.payerId, row.payeeId] }, ...(act ? { act: true } : {}) });
    if (viewer.organisationId === row.payerId) return 'payer';
    if (viewer.organisationId === row.payeeId) return 'payee';
    throw notFound('Payment');
  }

  /** An organisation, read afresh in the write: it must be able to trade today. */
  async function tradingOrganisation(tx: Tx, organisationId: string) {
    const [org] = await tx.select().from(organisations).where(eq(organisations.id, organisationId)).for('share');
    if (!org) throw notFound('Organisation');
    const standing = standingOf(org, today());
    if (standing !== 'active') {
      const why = STANDING_REFUSAL[standing];
      throw new AppError(why.code, 'forbidden', why.message);
    }
    return org;
  }

  interface Effects {
    tell: (news: PaymentNews) => Promise<void>;
    touch: (payment: Pick<PaymentRow, 'id' | 'payerId' | 'payeeId'>) => void;
    ordersPaid: (orders: PaidOrder[]) => void;
  }

  /** Runs a write; after the commit its bell entries are announced and both sides' open pages (payments, orders) hear of it. */
  async function write<T>(fn: (tx: Tx, fx: Effects) => Promise<T>): Promise<T> {
    const told: StoredNotification[] = [];
    const touched = new Map<number, Pick<PaymentRow, 'id' | 'payerId' | 'payeeId'>>();
    const paid: PaidOrder[] = [];
    const result = await db.transaction(async (tx) =>
      fn(tx, {
        tell: async (news) => void told.push(await notices.tell(tx, news)),
        touch: (p) => void touched.set(p.id, p),
        ordersPaid: (orders) => void paid.push(...orders),
      }),
    );
    for (const n of told) await deps.notifications.announce(n);
    for (const p of touched.values()) await signal(p.id, p.payerId, p.payeeId);
    for (const o of paid)
      await deps.live?.changed({
        topic: 'order',
        id: o.id,
        audiences: [
          { permission: PERMISSION, organisationId: o.buyerId },
          o.sellerId ? { permission: PERMISSION, organisationId: o.sellerId } : { permission: PERMISSION },
        ],
      });
    return result;
  }

  async function signal(id: number | null, payerId: string, payeeId: string) {
    await deps.live?.changed({
      topic: PAYMENT_TOPIC,
      id,
      audiences: [
        { permission: PERMISSION, organisationId: payerId },
        { permission: PERMISSION, organisationId: payeeId },
      ],
    });
  }

  async function view(row: PaymentRow, viewerOrg: string): Promise<PaymentView> {
    const [v] = await paymentViews(db, [row], viewerOrg);
    return v!;
  }

  const money = (minor: number, currency: string) => formatPrice(minor, currency);

  /**
   * The invoices an allocation names, locked (in id order) for the rest of the transaction: the
   * payer's own issued invoices from the payee, in the payment's currency, with what each can take
   * now (outstanding − other pending allocations). Another organisation's invoice is a 404.
   */
  async function lockInvoices(tx: Tx, allocations: readonly Allocation[], payerId: string, payeeId: string, currency: string) {
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

  /** The first allocation problem as the refusal: over an invoice 409, over the payment 400, both `over_allocation`. */
  function refuseAllocations(amountMinor: number, allocations: readonly Allocation[], available: ReadonlyMap<number, number>) {
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
  async function apply(tx: Tx, fx: Effects, payment: PaymentRow, allocations: readonly Allocation[], rows: Map<number, InvoiceRow>, actor: Actor) {
    const outstanding = new Map([...rows.values()].map((r) => [r.id, owedOn(r)]));
    const { applied, outstandingAfter } = settle(payment.amountMinor, allocations, outstanding);
    const at = new Date(now());
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

  // ---- Recording --------------------------------------------------------------------------------

  const keyReused = (existing: PaymentRow) =>
    new AppError('idempotency_key_reused', 'conflict', 'This Idempotency-Key was already used for a different payment.', {
      details: { paymentId: existing.id },
      hint: 'Send a new key for a new payment; resend the same payment to get it back.',
    });

  async function replay(payerId: string, key: string, hash: string): Promise<PaymentRow | null> {
    const [existing] = await db
      .select()
      .from(payments)
      .where(and(eq(payments.payerId, payerId), eq(payments.idempotencyKey, key)));
    if (!existing) return null;
    if (existing.requestHash !== hash) throw keyReused(existing);
    return existing;
  }

  async function record(viewer: Viewer, input: RecordPaymentInput, key: string | null, actor: Actor): Promise<{ payment: PaymentView; replayed: boolean }> {
    await allow(viewer, { permission: PERMISSION, act: true });
    const payerId = ownOrganisation(viewer);
    const hash = requestHash(input);
    if (key) {
      const existing = await replay(payerId, key, hash);
      if (existing) return { payment: await view(existing, payerId), replayed: true };
    }
    if (input.paidOn > today())
      throw new AppError('paid_on_in_future', 'invalid', 'The payment date cannot be in the future.', {
        details: [{ path: 'paidOn', message: 'Enter the day the money was sent (today or earlier).' }],
      });
    let row: PaymentRow;
    try {
      row = await write(async (tx, fx) => {
        const org = await tradingOrganisation(tx, payerId);
        const payeeId = org.supplierId;
        if (!payeeId || org.type !== 'retailer')
          throw new AppError('no_supplier', 'conflict', 'Payments are recorded by a retailer to its distributor: your organisation has none to pay.');
        const [terms] = await tx.select().from(tradeTerms).where(eq(tradeTerms.customerId, payerId));
        const currency = terms?.currency ?? org.currency;
        if (input.currency !== currency)
          throw new AppError('currency_mismatch', 'invalid', `Payments to your supplier are in ${currency}.`, {
            details: [{ path: 'currency', message: `Pay in ${currency}.` }],
          });
        const { rows, available } = await lockInvoices(tx, input.allocations, payerId, payeeId, input.currency);
        refuseAllocations(input.amountMinor, input.allocations, available);
        const at = new Date(now());
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
        const existing = await replay(payerId, key, hash);
        if (existing) return { payment: await view(existing, payerId), replayed: true };
      }
      throw err;
    }
    return { payment: await view(row, payerId), replayed: false };
  }

  // ---- The distributor decides ------------------------------------------------------------------

  function notPending(row: PaymentRow, what: string) {
    return new AppError('invalid_transition', 'conflict', `This payment is ${statusInSentence(row.status)}: it cannot be ${what}.`, {
      details: { from: row.status },
      hint: 'Reload the page to see where it stands.',
    });
  }

  /** The guarded move out of pending: of two people acting at once, the second finds nothing to update and is told why. */
  async function leavePending(tx: Tx, id: number, version: number, set: Partial<typeof payments.$inferInsert>, what: string): Promise<PaymentRow> {
    const [after] = await tx
      .update(payments)
      // The stored version + 1, not the sent one's: a version no row has must not overflow before the where refuses it.
      .set({ ...set, version: sql`${payments.version} + 1`, updatedAt: new Date(now()) })
      .where(and(eq(payments.id, id), eq(payments.status, 'pending'), eq(payments.version, version)))
      .returning();
    if (after) return after;
    const current = await requirePayment(id, tx);
    if (current.status !== 'pending') throw notPending(current, what);
    throw versionConflict('payment', current.version, version);
  }

  /** The facts the shared decision reads (shared/payment-actions.ts): the payment's state and what its allocations take of it. */
  async function paymentFacts(tx: Db | Tx, row: PaymentRow, side: PaymentSide): Promise<PaymentFacts> {
    const allocs = await tx.select().from(paymentAllocations).where(eq(paymentAllocations.paymentId, row.id));
    return { status: row.status, side, amountMinor: row.amountMinor, allocatedMinor: allocatedMinor(allocs) };
  }

  /** Refuses `action` unless the shared decision the Payments page offers its buttons from allows it. */
  async function refuseUnless(tx: Db | Tx, action: PaymentAction, row: PaymentRow, side: PaymentSide, only?: 'wrong_side') {
    const refusal = paymentActionRefusal(action, await paymentFacts(tx, row, side));
    if (refusal && (!only || refusal.code === only)) throw refusalError(refusal, refusal.code === 'invalid_transition' ? { from: row.status } : undefined);
  }

  async function decide(
    viewer: Viewer,
    id: number,
    action: 'confirm' | 'fail',
    fn: (tx: Tx, fx: Effects, row: PaymentRow) => Promise<void>,
  ): Promise<PaymentView> {
    const first = await requirePayment(id);
    const side = await sideOf(viewer, first, true);
    await refuseUnless(db, action, first, side, 'wrong_side');
    await write(async (tx, fx) => {
      await tradingOrganisation(tx, first.payeeId);
      // The move out of pending is a guarded update (leavePending): a decision that won meanwhile is caught there too.
      await refuseUnless(tx, action, await requirePayment(id, tx), side);
      await fn(tx, fx, first);
    });
    return view(await requirePayment(id), first.payeeId);
  }

  async function confirm(viewer: Viewer, id: number, input: ConfirmPaymentInput, actor: Actor): Promise<PaymentView> {
    return decide(viewer, id, 'confirm', async (tx, fx, first) => {
      const after = await leavePending(tx, id, input.version, { status: 'settled', confirmedBy: actor.userId, confirmedAt: new Date(now()) }, 'confirmed');
      const allocs = await tx.select().from(paymentAllocations).where(eq(paymentAllocations.paymentId, id)).orderBy(asc(paymentAllocations.invoiceId));
      const { rows } = await lockInvoices(tx, allocs, after.payerId, after.payeeId, after.currency);
      const { applied, paidInFull } = await apply(tx, fx, after, allocs, rows, actor);
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
    });
  }

  async function fail(viewer: Viewer, id: number, input: FailPaymentInput, actor: Actor): Promise<PaymentView> {
    return decide(viewer, id, 'fail', async (tx, fx, first) => {
      const after = await leavePending(
        tx,
        id,
        input.version,
        { status: 'failed', failureReason: input.reason, confirmedBy: actor.userId, confirmedAt: new Date(now()) },
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
          `The distributor marked ${paymentLabel(id)} (${money(after.amountMinor, after.currency)}) as failed: ${input.reason}`,
          'The invoices it named still owe the same.',
        ],
      });
      fx.touch(first);
    });
  }

  /** The payer applies a settled payment's account credit to invoices: at once, under the same rules as recording. */
  async function applyCredit(viewer: Viewer, id: number, input: ApplyCreditInput, actor: Actor): Promise<PaymentView> {
    const first = await requirePayment(id);
    const side = await sideOf(viewer, first, true);
    await refuseUnless(db, 'apply_credit', first, side, 'wrong_side');
    await write(async (tx, fx) => {
      await tradingOrganisation(tx, first.payerId);
      const row = await requirePayment(id, tx, true);
      await refuseUnless(tx, 'apply_credit', row, side);
      const existing = await tx.select().from(paymentAllocations).where(eq(paymentAllocations.paymentId, id));
      const credit = row.amountMinor - allocatedMinor(existing);
      const { rows, available } = await lockInvoices(tx, input.allocations, row.payerId, row.payeeId, row.currency);
      refuseAllocations(credit, input.allocations, available);
      const { applied, paidInFull } = await apply(tx, fx, row, input.allocations, rows, actor);
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
        .set({ version: row.version + 1, updatedAt: new Date(now()) })
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
        title: `${payer?.name ?? 'A retailer'} applied ${money(allocatedMinor(applied), row.currency)} of account credit`,
        lines: [
          `${payer?.name ?? 'A retailer'} applied credit from ${paymentLabel(id)} to ${applied.map((a) => `${rows.get(a.invoiceId)?.number}: ${money(a.amountMinor, row.currency)}`).join(', ')}.`,
          ...(paidInFull.length ? [`Paid in full: ${paidInFull.map((i) => rows.get(i)?.number).join(', ')}.`] : []),
        ],
      });
      fx.touch(row);
    });
    return view(await requirePayment(id), first.payerId);
  }

  // ---- Reading ----------------------------------------------------------------------------------

  /** The viewer's organisation for a read (null for someone without one: they see nothing), after the decision. */
  async function readerOrganisation(viewer: Viewer | null) {
    const organisationId = viewer?.organisationId ?? null;
    await allow(viewer, organisationId ? { permission: PERMISSION, resource: { organisationIds: [organisationId] } } : { permission: PERMISSION });
    if (!organisationId) return null;
    const [org] = await db.select().from(organisations).where(eq(organisations.id, organisationId));
    return org ?? null;
  }

  /**
   * The Payments page: a retailer's side (paying) or a distributor's (receiving); `side` defaults by
   * the organisation's type. Kept per organisation, side, day and page until a live signal of the
   * organisation (every payment, invoice and credit-note write sends one) moves it on.
   */
  async function overview(viewer: Viewer, opts: { side?: 'paying' | 'receiving'; after?: string } = {}): Promise<PaymentsOverview | null> {
    const org = await readerOrganisation(viewer);
    if (!org) return null;
    const side = opts.side ?? (org.type === 'retailer' ? 'paying' : 'receiving');
    const day = today();
    return figures.get(`overview:${side}:${day}:${opts.after ?? ''}`, [org.id], () =>
      side === 'paying' ? paying(org, day, opts.after) : receiving(org, day, opts.after),
    );
  }

  async function paying(org: typeof organisations.$inferSelect, day: string, after: string | undefined): Promise<PaymentsOverview> {
    const [owed, page, terms, supplier] = await Promise.all([
      owedInvoices(db, org.id, day),
      paymentPage(db, org.id, 'payer', after, PAGE),
      db.select().from(tradeTerms).where(eq(tradeTerms.customerId, org.id)),
      org.supplierId
        ? db.select({ id: organisations.id, name: organisations.tradingName }).from(organisations).where(eq(organisations.id, org.supplierId))
        : [],
    ]);
    return {
      side: 'paying',
      supplier: org.type === 'retailer' ? (supplier[0] ?? null) : null,
      currency: terms[0]?.currency ?? org.currency,
      invoices: owed,
      totals: await payingTotals(db, org.id, owed),
      payments: await paymentViews(db, page.rows, org.id),
      next: page.next,
    };
  }

  async function receiving(org: typeof organisations.$inferSelect, day: string, after: string | undefined): Promise<PaymentsOverview> {
    const [aged, pending, page] = await Promise.all([
      aging(db, org.id, day),
      pendingPayments(db, org.id, PENDING_SHOWN),
      paymentPage(db, org.id, 'payee', after, PAGE),
    ]);
    const [pendingViews, pageViews, customers] = await Promise.all([
      paymentViews(db, pending.rows, org.id),
      paymentViews(db, page.rows, org.id),
      customersOf(
        db,
        org.id,
        aged.rows.map((r) => r.customer),
      ),
    ]);
    return {
      side: 'receiving',
      aging: aged.rows,
      totals: aged.totals,
      pending: pendingViews,
      pendingCount: pending.count,
      payments: pageViews,
      next: page.next,
      customers,
    };
  }

  async function get(viewer: Viewer, id: number): Promise<PaymentView> {
    const row = await requirePayment(id);
    await sideOf(viewer, row);
    return view(row, viewer.organisationId!);
  }

  /**
   * A statement between a distributor and one of its retailers. The distributor names the retailer
   * (one it supplies or has invoiced; any other is a 404); a retailer's is with its own supplier.
   */
  async function statement(viewer: Viewer, query: StatementQuery): Promise<Statement> {
    const org = await readerOrganisation(viewer);
    if (!org) throw notFound('Statement');
    let issuerId: string;
    let customerId: string;
    if (org.type === 'retailer') {
      if ((query.customerId && query.customerId !== org.id) || !org.supplierId) throw notFound('Statement');
      issuerId = org.supplierId;
      customerId = org.id;
    } else {
      if (!query.customerId)
        throw new AppError('validation_failed', 'invalid', 'Choose a retailer.', { details: [{ path: 'customerId', message: 'Choose a retailer.' }] });
      if (!(await isCustomerOf(db, org.id, query.customerId))) throw notFound('Statement');
      issuerId = org.id;
      customerId = query.customerId;
    }
    const day = today();
    return figures.get(`statement:${issuerId}:${customerId}:${query.from}:${query.to}:${day}`, [issuerId, customerId], async () => {
      const [[terms], [issuer], [customer]] = await Promise.all([
        db.select().from(tradeTerms).where(eq(tradeTerms.customerId, customerId)),
        db.select().from(organisations).where(eq(organisations.id, issuerId)),
        db.select().from(organisations).where(eq(organisations.id, customerId)),
      ]);
      if (!issuer || !customer) throw notFound('Statement');
      return buildStatement(
        db,
        { issuer: { id: issuer.id, name: issuer.tradingName }, customer: { id: customer.id, name: customer.tradingName } },
        terms?.currency ?? customer.currency,
        { from: query.from, to: query.to },
        day,
      );
    });
  }

  /** The order page's question before approving: would the credit hold stop it, and why. Null when it does not apply. */
  async function creditHold(viewer: Viewer, order: { sellerId: string | null; buyerId: string; totalMinor: number }) {
    if (!viewer.organisationId || viewer.organisationId !== order.sellerId) return null;
    await allow(viewer, { permission: PERMISSION, resource: { organisationIds: [order.sellerId] } });
    return creditHoldOf(db, order, today());
  }

  const checkOverdue = createOverdueCheck({
    db,
    notifications: deps.notifications,
    notices,
    now,
    signal: (inv) => signal(null, inv.customerId, inv.issuerId),
  });
  deps.jobs?.every('payments.overdue-check', 'day', async () => {
    await checkOverdue();
  });

  return {
    record,
    confirm,
    fail,
    applyCredit,
    overview,
    get,
    /** A page of the viewer's payments on one side, newest first. */
    async history(viewer: Viewer, opts: { side?: 'paying' | 'receiving'; after?: string }): Promise<{ items: PaymentView[]; next: string | null }> {
      const org = await readerOrganisation(viewer);
      if (!org) return { items: [], next: null };
      const side = opts.side ?? (org.type === 'retailer' ? 'paying' : 'receiving');
      const page = await paymentPage(db, org.id, side === 'paying' ? 'payer' : 'payee', opts.after, PAGE);
      return { items: await paymentViews(db, page.rows, org.id), next: page.next };
    },
    statement,
    async statementCsv(viewer: Viewer, query: StatementQuery) {
      const s = await statement(viewer, query);
      const csv = await figures.get(`statement.csv:${s.issuer.id}:${s.customer.id}:${s.from}:${s.to}:${s.asOf}`, [s.issuer.id, s.customer.id], async () =>
        statementCsv(s),
      );
      return { statement: s, csv };
    },
    async statementPdf(viewer: Viewer, query: StatementQuery) {
      const s = await statement(viewer, query);
      // The same statement renders the same bytes: kept while neither party's figures move.
      const pdf = await figures.get(`statement.pdf:${s.issuer.id}:${s.customer.id}:${s.from}:${s.to}:${s.asOf}`, [s.issuer.id, s.customer.id], () =>
        statementPdf(s),
      );
      return { statement: s, pdf };
    },
    creditHold,
    /** The daily overdue check, run now (the job calls it; tests too). */
    checkOverdue,
  };
}

export type PaymentService = ReturnType<typeof createPaymentService>;
