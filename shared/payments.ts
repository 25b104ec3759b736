// Payments (product.md §3, issue 16): the money rules both the server and the Payments page use —
// the oldest-first allocation the page suggests, the check every allocation passes on the server,
// settling allocations against what invoices still owe, days past due, the credit hold and a
// statement's running balance. Integers in minor units throughout: nothing here ever makes or
// loses a minor unit (shared/payments.test.ts checks it as a property).
import { MAX_AMOUNT_MINOR } from './invoice-totals';
import { CREDIT_HOLD_OVERDUE_DAYS } from './invoicing';
import { plural } from './plural';

/** Amounts live in int4 columns: a payment holds at most what any amount does. */
export const MAX_PAYMENT_MINOR = MAX_AMOUNT_MINOR;
/** At most this many invoices in one payment's allocation. */
export const MAX_ALLOCATIONS = 100;

/** An invoice that can take money now: `availableMinor` = outstanding − what pending payments already hold of it. */
export interface OpenInvoice {
  id: number;
  number: string;
  /** ISO dates (yyyy-mm-dd). */
  issuedOn: string;
  dueOn: string;
  availableMinor: number;
}

export interface Allocation {
  invoiceId: number;
  amountMinor: number;
}

/** Oldest first: by due date, then issue date, then id (the order the page suggests and the statement reads). */
export function oldestFirst<T extends Pick<OpenInvoice, 'id' | 'dueOn' | 'issuedOn'>>(invoices: readonly T[]): T[] {
  return [...invoices].sort((a, b) => a.dueOn.localeCompare(b.dueOn) || a.issuedOn.localeCompare(b.issuedOn) || a.id - b.id);
}

/**
 * The allocation the page suggests for a payment of `amountMinor`: the oldest invoice first, each
 * up to what it can take, until the money runs out. What is left is account credit.
 */
export function suggestAllocations(amountMinor: number, invoices: readonly OpenInvoice[]): { allocations: Allocation[]; unallocatedMinor: number } {
  let left = Math.max(0, Math.trunc(amountMinor));
  const allocations: Allocation[] = [];
  for (const inv of oldestFirst(invoices)) {
    if (left === 0) break;
    const take = Math.min(left, Math.max(0, inv.availableMinor));
    if (take <= 0) continue;
    allocations.push({ invoiceId: inv.id, amountMinor: take });
    left -= take;
  }
  return { allocations, unallocatedMinor: left };
}

export const allocatedMinor = (allocations: readonly Allocation[]) => allocations.reduce((s, a) => s + a.amountMinor, 0);

/** What a payment leaves unallocated: account credit once it settles. */
export const unallocatedMinor = (amountMinor: number, allocations: readonly Allocation[]) => amountMinor - allocatedMinor(allocations);

export type AllocationProblemCode = 'over_allocation' | 'unknown_invoice' | 'duplicate_invoice' | 'invalid_amount';

export interface AllocationProblem {
  /** The field it is about: `allocations.2.amountMinor`, or `allocations` for the sum. */
  path: string;
  code: AllocationProblemCode;
  message: string;
  invoiceId?: number;
  availableMinor?: number;
}

/**
 * Whether `allocations` of a payment of `amountMinor` may stand, given what each invoice can take
 * (`available`: invoice id → outstanding minus other pending allocations). An invoice missing from
 * the map is not the payer's to pay (the server answers 404). Empty when every rule holds: each
 * amount a positive whole number of minor units, at most once per invoice, each at most what its
 * invoice can take, and together at most the payment.
 */
export function allocationProblems(amountMinor: number, allocations: readonly Allocation[], available: ReadonlyMap<number, number>): AllocationProblem[] {
  const problems: AllocationProblem[] = [];
  const seen = new Set<number>();
  allocations.forEach((a, i) => {
    const path = `allocations.${i}.amountMinor`;
    if (!available.has(a.invoiceId)) {
      problems.push({ path: `allocations.${i}.invoiceId`, code: 'unknown_invoice', message: 'This invoice cannot be paid here.', invoiceId: a.invoiceId });
      return;
    }
    if (seen.has(a.invoiceId)) {
      problems.push({ path: `allocations.${i}.invoiceId`, code: 'duplicate_invoice', message: 'Name each invoice once.', invoiceId: a.invoiceId });
      return;
    }
    seen.add(a.invoiceId);
    if (!Number.isSafeInteger(a.amountMinor) || a.amountMinor <= 0) {
      problems.push({ path, code: 'invalid_amount', message: 'Allocate a positive amount.', invoiceId: a.invoiceId });
      return;
    }
    const can = available.get(a.invoiceId) ?? 0;
    if (a.amountMinor > can)
      problems.push({
        path,
        code: 'over_allocation',
        message: can > 0 ? `This invoice can take at most ${can} (minor units) now.` : 'This invoice has nothing left to pay.',
        invoiceId: a.invoiceId,
        availableMinor: Math.max(0, can),
      });
  });
  if (allocatedMinor(allocations) > amountMinor)
    problems.push({ path: 'allocations', code: 'over_allocation', message: 'The allocations add up to more than the payment.' });
  return problems;
}

/**
 * Settling: each allocation is applied to its invoice up to what the invoice still owes (a credit
 * note may have covered part of it since the payment was recorded); what cannot be applied stays
 * with the payment as account credit. Answers what was applied and what each invoice owes after.
 */
export function settle(
  amountMinor: number,
  allocations: readonly Allocation[],
  outstanding: ReadonlyMap<number, number>,
): { applied: Allocation[]; outstandingAfter: Map<number, number>; unallocatedMinor: number } {
  const after = new Map(outstanding);
  const applied: Allocation[] = [];
  for (const a of allocations) {
    const owed = Math.max(0, after.get(a.invoiceId) ?? 0);
    const take = Math.min(owed, a.amountMinor);
    if (take > 0) {
      applied.push({ invoiceId: a.invoiceId, amountMinor: take });
      after.set(a.invoiceId, owed - take);
    }
  }
  return { applied, outstandingAfter: after, unallocatedMinor: unallocatedMinor(amountMinor, applied) };
}

const DAY_MS = 86_400_000;

/** Whole days from the due date to `today` (both yyyy-mm-dd): 0 on the due date, negative before it. */
export function daysPastDue(dueOn: string, today: string): number {
  return Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${dueOn}T00:00:00Z`)) / DAY_MS);
}

/** The date `days` after `day` (yyyy-mm-dd; negative goes back). */
export function shiftDate(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The stages at which an overdue invoice is announced (bell and email), once each: when it first
 * falls overdue, then at 31, 61 and 91 days — the aging buckets' edges. The 61-day stage is also
 * when the credit hold starts.
 */
export const OVERDUE_STAGES = [1, 31, 61, 91] as const;
export type OverdueStage = (typeof OVERDUE_STAGES)[number];

/** The latest stage an invoice `days` past due has reached, or null before it is overdue. */
export function overdueStage(days: number): OverdueStage | null {
  let stage: OverdueStage | null = null;
  for (const s of OVERDUE_STAGES) if (days >= s) stage = s;
  return stage;
}

// ---- Credit hold -------------------------------------------------------------------------------

export interface CreditPosition {
  currency: string;
  creditLimitMinor: number;
  /** What the retailer owes on issued invoices to this distributor now. */
  outstandingMinor: number;
  /** The order about to be approved. */
  orderTotalMinor: number;
  /** The most overdue unpaid invoice, if any. */
  mostOverdue: { number: string; daysOverdue: number } | null;
}

export type CreditHoldReason =
  | { code: 'over_credit_limit'; message: string; exposureMinor: number; creditLimitMinor: number }
  | { code: 'overdue_invoice'; message: string; invoiceNumber: string; daysOverdue: number };

/**
 * Why approving an order would break the credit terms: the retailer's outstanding invoices plus this
 * order exceed its credit limit, or it has an invoice more than CREDIT_HOLD_OVERDUE_DAYS overdue.
 * Empty when approving is fine. `money` formats an amount for the message.
 */
export function creditHoldReasons(p: CreditPosition, money: (minor: number) => string = String): CreditHoldReason[] {
  const reasons: CreditHoldReason[] = [];
  const exposure = p.outstandingMinor + p.orderTotalMinor;
  if (exposure > p.creditLimitMinor)
    reasons.push({
      code: 'over_credit_limit',
      message: `Outstanding invoices (${money(p.outstandingMinor)}) plus this order (${money(p.orderTotalMinor)}) come to ${money(exposure)}, over the credit limit of ${money(p.creditLimitMinor)}.`,
      exposureMinor: exposure,
      creditLimitMinor: p.creditLimitMinor,
    });
  if (p.mostOverdue && p.mostOverdue.daysOverdue > CREDIT_HOLD_OVERDUE_DAYS)
    reasons.push({
      code: 'overdue_invoice',
      message: `Invoice ${p.mostOverdue.number} is ${plural(p.mostOverdue.daysOverdue, 'day')} overdue (the limit is ${CREDIT_HOLD_OVERDUE_DAYS}).`,
      invoiceNumber: p.mostOverdue.number,
      daysOverdue: p.mostOverdue.daysOverdue,
    });
  return reasons;
}

// ---- Statement ---------------------------------------------------------------------------------

export type StatementEntryKind = 'invoice' | 'credit_note' | 'payment';

export const STATEMENT_KIND_LABELS: Record<StatementEntryKind, string> = {
  invoice: 'Invoice',
  credit_note: 'Credit note',
  payment: 'Payment',
};

export interface StatementEntry {
  date: string;
  kind: StatementEntryKind;
  /** The document: INV-2026-0001, CN-2026-0001, PAY-000042. */
  document: string;
  /** The payer's own reference for a payment (as typed: the CSV defuses formulas); empty otherwise. */
  reference: string;
  /** What raises the balance (an invoice) and what lowers it (a credit note, a settled payment). */
  debitMinor: number;
  creditMinor: number;
}

export interface StatementLine extends StatementEntry {
  balanceMinor: number;
}

/** The running balance from `openingMinor` through `entries` (already in date order): each line's balance and the closing one. */
export function runningBalance(openingMinor: number, entries: readonly StatementEntry[]): { lines: StatementLine[]; closingMinor: number } {
  let balance = openingMinor;
  const lines = entries.map((e) => {
    balance += e.debitMinor - e.creditMinor;
    return { ...e, balanceMinor: balance };
  });
  return { lines, closingMinor: balance };
}

// ---- Amounts typed by people -------------------------------------------------------------------

/**
 * "1,234.5" → 123450: an amount typed in major units with at most two decimals, read as text so no
 * floating point is involved; null when it is not such an amount.
 */
export function minorFromText(text: string): number | null {
  const t = text.trim().replace(/[,\s]/g, '');
  const m = /^(\d{1,10})(?:\.(\d{0,2}))?$/.exec(t);
  if (!m) return null;
  const minor = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(minor) ? minor : null;
}

/** 123450 → "1234.50" (what an amount box shows; every trade currency has two decimals). */
export function textFromMinor(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
