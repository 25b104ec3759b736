// What the Payments page reads, for one organisation: a retailer's open invoices (what each still
// owes, what pending payments hold of it), its totals and payments; a distributor's aging per
// retailer and in total (computed in SQL: one pass over the distributor's open invoices), the
// payments waiting for it and its recent ones. Every query is scoped to the viewer's organisation by
// the caller; each walks an index that starts with that organisation's id.
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { AGING_BUCKETS, type AgingBucket, invoiceStanding, type PaymentMethod } from '../../../shared/invoicing';
import { paymentActions } from '../../../shared/payment-actions';
import { daysPastDue } from '../../../shared/payments';
import type { AgingRow, AgingTotals, OwedInvoiceView, PartyRef, PayingTotals, PaymentSide, PaymentView } from '../../../shared/payment-views';
import type { DbOrTx } from '../../db/client';
import { invoices, organisations, paymentAllocations, payments } from '../../db/schema';
import { OWED } from './credit-hold';

export type PaymentRow = typeof payments.$inferSelect;

/** A payment's label as people read it. */
export const paymentLabel = (id: number) => `PAY-${String(id).padStart(6, '0')}`;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export async function partyNames(db: DbOrTx, ids: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db.select({ id: organisations.id, name: organisations.tradingName }).from(organisations).where(inArray(organisations.id, unique));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Pending payments' allocations per invoice (what they hold of it), optionally leaving one payment out. */
export async function pendingByInvoice(db: DbOrTx, invoiceIds: readonly number[]): Promise<Map<number, number>> {
  if (!invoiceIds.length) return new Map();
  const rows = await db
    .select({ invoiceId: paymentAllocations.invoiceId, n: sql<string>`sum(${paymentAllocations.amountMinor})::bigint::text` })
    .from(paymentAllocations)
    .innerJoin(payments, eq(payments.id, paymentAllocations.paymentId))
    .where(and(inArray(paymentAllocations.invoiceId, [...invoiceIds]), eq(payments.status, 'pending')))
    .groupBy(paymentAllocations.invoiceId);
  return new Map(rows.map((r) => [r.invoiceId, Number(r.n)]));
}

/** Payments as the page shows them, with their allocations (invoice numbers) and both parties' names. */
export async function paymentViews(db: DbOrTx, rows: readonly PaymentRow[], viewerOrg: string): Promise<PaymentView[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const allocs = await db
    .select({
      paymentId: paymentAllocations.paymentId,
      invoiceId: paymentAllocations.invoiceId,
      amountMinor: paymentAllocations.amountMinor,
      number: invoices.number,
    })
    .from(paymentAllocations)
    .innerJoin(invoices, eq(invoices.id, paymentAllocations.invoiceId))
    .where(inArray(paymentAllocations.paymentId, ids))
    .orderBy(asc(paymentAllocations.paymentId), asc(invoices.dueOn), asc(invoices.id));
  const names = await partyNames(
    db,
    rows.flatMap((r) => [r.payerId, r.payeeId]),
  );
  const byPayment = new Map<number, { invoiceId: number; number: string; amountMinor: number }[]>();
  for (const a of allocs) {
    const list = byPayment.get(a.paymentId) ?? [];
    list.push({ invoiceId: a.invoiceId, number: a.number ?? '', amountMinor: a.amountMinor });
    byPayment.set(a.paymentId, list);
  }
  return rows.map((r) => {
    const allocations = byPayment.get(r.id) ?? [];
    const allocated = allocations.reduce((s, a) => s + a.amountMinor, 0);
    const side: PaymentSide = r.payerId === viewerOrg ? 'payer' : 'payee';
    return {
      id: r.id,
      label: paymentLabel(r.id),
      reference: r.reference,
      method: r.method as PaymentMethod,
      amountMinor: r.amountMinor,
      currency: r.currency,
      paidOn: r.paidOn,
      status: r.status,
      failureReason: r.failureReason,
      payer: { id: r.payerId, name: names.get(r.payerId) ?? '' },
      payee: { id: r.payeeId, name: names.get(r.payeeId) ?? '' },
      allocations,
      allocatedMinor: allocated,
      unallocatedMinor: r.amountMinor - allocated,
      recordedAt: r.createdAt.toISOString(),
      confirmedAt: iso(r.confirmedAt),
      version: r.version,
      side,
      actions: paymentActions({ status: r.status, side, amountMinor: r.amountMinor, allocatedMinor: allocated }),
    };
  });
}

/** A page of one side's payments, newest first (keyset on created_at, id over the side's index). */
export async function paymentPage(
  db: DbOrTx,
  organisationId: string,
  side: PaymentSide,
  after: string | undefined,
  limit: number,
): Promise<{ rows: PaymentRow[]; next: string | null }> {
  const col = side === 'payer' ? payments.payerId : payments.payeeId;
  let cursor: SQL | undefined;
  if (after) {
    const [ms, id] = after.split('_').map(Number) as [number, number];
    cursor = sql`(${payments.createdAt}, ${payments.id}) < (${new Date(ms)}, ${id})`;
  }
  const rows = await db
    .select()
    .from(payments)
    .where(and(eq(col, organisationId), cursor))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return { rows: page, next: rows.length > limit && last ? `${last.createdAt.getTime()}_${last.id}` : null };
}

/** Issued invoices still owing, in SQL. */
const openInvoice = and(eq(invoices.kind, 'invoice'), eq(invoices.state, 'issued'), sql`${OWED} > 0`);

/** A retailer's invoices still owing (to any issuer), oldest due first, with what pending payments hold of each. */
export async function owedInvoices(db: DbOrTx, customerId: string, today: string): Promise<OwedInvoiceView[]> {
  const rows = await db
    .select({
      invoice: invoices,
      issuerName: organisations.tradingName,
      pending: sql<string>`coalesce((select sum(pa.amount_minor) from ${paymentAllocations} pa join ${payments} p on p.id = pa.payment_id where pa.invoice_id = ${invoices.id} and p.status = 'pending'), 0)::bigint::text`,
    })
    .from(invoices)
    .innerJoin(organisations, eq(organisations.id, invoices.issuerId))
    .where(and(eq(invoices.customerId, customerId), openInvoice))
    .orderBy(asc(invoices.dueOn), asc(invoices.issuedOn), asc(invoices.id));
  return rows.map(({ invoice: i, issuerName, pending }) => {
    const outstanding = i.totalMinor - i.paidMinor - i.creditedMinor;
    const pendingMinor = Number(pending);
    const dueOn = i.dueOn ?? today;
    return {
      id: i.id,
      number: i.number ?? '',
      issuer: { id: i.issuerId, name: issuerName },
      issuedOn: i.issuedOn ?? dueOn,
      dueOn,
      currency: i.currency,
      totalMinor: i.totalMinor,
      paidMinor: i.paidMinor,
      creditedMinor: i.creditedMinor,
      outstandingMinor: outstanding,
      pendingMinor,
      availableMinor: Math.max(0, outstanding - pendingMinor),
      standing: invoiceStanding({ state: i.state, totalMinor: i.totalMinor, paidMinor: i.paidMinor, creditedMinor: i.creditedMinor, dueOn: i.dueOn }, today),
      daysOverdue: daysPastDue(dueOn, today),
    };
  });
}

/**
 * Per counterparty and currency, of one side's payments: settled in all, their unallocated remainder
 * (account credit) and pending — two grouped passes (payments; settled payments' allocations) joined
 * by hash, not a lookup per payment.
 */
async function paymentSums(db: DbOrTx, col: typeof payments.payerId | typeof payments.payeeId, organisationId: string) {
  const other = col === payments.payerId ? payments.payeeId : payments.payerId;
  const [totals, allocated] = await Promise.all([
    db
      .select({
        counterparty: other,
        currency: payments.currency,
        settled: sql<string>`coalesce(sum(${payments.amountMinor}) filter (where ${payments.status} = 'settled'), 0)::bigint::text`,
        pending: sql<string>`coalesce(sum(${payments.amountMinor}) filter (where ${payments.status} = 'pending'), 0)::bigint::text`,
      })
      .from(payments)
      .where(eq(col, organisationId))
      .groupBy(other, payments.currency),
    db
      .select({ counterparty: other, currency: payments.currency, n: sql<string>`sum(${paymentAllocations.amountMinor})::bigint::text` })
      .from(paymentAllocations)
      .innerJoin(payments, eq(payments.id, paymentAllocations.paymentId))
      .where(and(eq(col, organisationId), eq(payments.status, 'settled')))
      .groupBy(other, payments.currency),
  ]);
  const used = new Map(allocated.map((a) => [`${a.counterparty}|${a.currency}`, Number(a.n)]));
  return totals.map((t) => ({
    counterparty: t.counterparty,
    currency: t.currency,
    settled: Number(t.settled),
    credit: Number(t.settled) - (used.get(`${t.counterparty}|${t.currency}`) ?? 0),
    pending: Number(t.pending),
  }));
}

export async function payingTotals(db: DbOrTx, customerId: string, invoicesOwed: OwedInvoiceView[]): Promise<PayingTotals[]> {
  const byCurrency = new Map<string, PayingTotals>();
  const get = (currency: string) => {
    let t = byCurrency.get(currency);
    if (!t) byCurrency.set(currency, (t = { currency, outstandingMinor: 0, overdueMinor: 0, pendingMinor: 0, creditMinor: 0, paidMinor: 0 }));
    return t;
  };
  for (const i of invoicesOwed) {
    const t = get(i.currency);
    t.outstandingMinor += i.outstandingMinor;
    if (i.daysOverdue > 0) t.overdueMinor += i.outstandingMinor;
  }
  for (const s of await paymentSums(db, payments.payerId, customerId)) {
    const t = get(s.currency);
    t.paidMinor += s.settled;
    t.creditMinor += s.credit;
    t.pendingMinor += s.pending;
  }
  return [...byCurrency.values()].sort((a, b) => a.currency.localeCompare(b.currency));
}

const emptyBuckets = (): Record<AgingBucket, number> => Object.fromEntries(AGING_BUCKETS.map((b) => [b, 0])) as Record<AgingBucket, number>;

/**
 * A distributor's aging: what each retailer owes on issued invoices, by days past due — current,
 * 1–30, 31–60, 61–90, 90+ (shared/invoicing.ts AGING_BUCKETS) — one grouped pass in SQL; with each
 * retailer's account credit, and the totals per currency.
 */
export async function aging(db: DbOrTx, issuerId: string, today: string): Promise<{ rows: AgingRow[]; totals: AgingTotals[] }> {
  const days = sql`(${today}::date - ${invoices.dueOn})`;
  const bucket = (cond: SQL) => sql<string>`coalesce(sum(${OWED}) filter (where ${cond}), 0)::bigint::text`;
  const grouped = await db
    .select({
      customerId: invoices.customerId,
      currency: invoices.currency,
      current: bucket(sql`${days} <= 0`),
      d1_30: bucket(sql`${days} between 1 and 30`),
      d31_60: bucket(sql`${days} between 31 and 60`),
      d61_90: bucket(sql`${days} between 61 and 90`),
      d90: bucket(sql`${days} > 90`),
      total: sql<string>`sum(${OWED})::bigint::text`,
      open: sql<number>`count(*)::int`,
    })
    .from(invoices)
    .where(and(eq(invoices.issuerId, issuerId), openInvoice))
    .groupBy(invoices.customerId, invoices.currency);
  const sums = await paymentSums(db, payments.payeeId, issuerId);
  const names = await partyNames(db, [...grouped.map((g) => g.customerId), ...sums.map((s) => s.counterparty)]);
  const rows = new Map<string, AgingRow>();
  const key = (customer: string, currency: string) => `${customer}|${currency}`;
  for (const g of grouped)
    rows.set(key(g.customerId, g.currency), {
      customer: { id: g.customerId, name: names.get(g.customerId) ?? '' },
      currency: g.currency,
      buckets: { current: Number(g.current), '1_30': Number(g.d1_30), '31_60': Number(g.d31_60), '61_90': Number(g.d61_90), '90_plus': Number(g.d90) },
      totalMinor: Number(g.total),
      creditMinor: 0,
      openInvoices: g.open,
    });
  const totals = new Map<string, AgingTotals>();
  const total = (currency: string) => {
    let t = totals.get(currency);
    if (!t) totals.set(currency, (t = { currency, buckets: emptyBuckets(), totalMinor: 0, creditMinor: 0, pendingMinor: 0 }));
    return t;
  };
  for (const s of sums) {
    const credit = s.credit;
    total(s.currency).pendingMinor += s.pending;
    if (credit <= 0) continue;
    const k = key(s.counterparty, s.currency);
    const row = rows.get(k) ?? {
      customer: { id: s.counterparty, name: names.get(s.counterparty) ?? '' },
      currency: s.currency,
      buckets: emptyBuckets(),
      totalMinor: 0,
      creditMinor: 0,
      openInvoices: 0,
    };
    row.creditMinor += credit;
    rows.set(k, row);
  }
  for (const r of rows.values()) {
    const t = total(r.currency);
    for (const b of AGING_BUCKETS) t.buckets[b] += r.buckets[b];
    t.totalMinor += r.totalMinor;
    t.creditMinor += r.creditMinor;
  }
  return {
    rows: [...rows.values()].sort((a, b) => b.totalMinor - a.totalMinor || a.customer.name.localeCompare(b.customer.name)),
    totals: [...totals.values()].sort((a, b) => a.currency.localeCompare(b.currency)),
  };
}

/** The distributor's payments waiting for it, oldest first (the first `limit`), and how many wait in all. */
export async function pendingPayments(db: DbOrTx, payeeId: string, limit: number): Promise<{ rows: PaymentRow[]; count: number }> {
  const waiting = and(eq(payments.payeeId, payeeId), eq(payments.status, 'pending'));
  const [rows, [n]] = await Promise.all([
    db.select().from(payments).where(waiting).orderBy(asc(payments.createdAt), asc(payments.id)).limit(limit),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(payments)
      .where(waiting),
  ]);
  return { rows, count: n?.n ?? rows.length };
}

/** Whom a distributor can ask a statement for: the retailers it supplies, and any it has invoiced (here: those still owing or in credit). */
export async function customersOf(db: DbOrTx, issuerId: string, also: readonly PartyRef[]): Promise<PartyRef[]> {
  const supplied = await db.select({ id: organisations.id, name: organisations.tradingName }).from(organisations).where(eq(organisations.supplierId, issuerId));
  const all = new Map([...supplied, ...also].map((c) => [c.id, c]));
  return [...all.values()].sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}

/** Whether `customerId` is a retailer `issuerId` supplies or has invoiced (two index lookups). */
export async function isCustomerOf(db: DbOrTx, issuerId: string, customerId: string): Promise<boolean> {
  const [supplied] = await db
    .select({ id: organisations.id })
    .from(organisations)
    .where(and(eq(organisations.id, customerId), eq(organisations.supplierId, issuerId)));
  if (supplied) return true;
  const [invoiced] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.issuerId, issuerId), eq(invoices.customerId, customerId)))
    .limit(1);
  return !!invoiced;
}
