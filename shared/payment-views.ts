// What the payments API answers and the Payments page renders (types only): a payment with its
// allocations, a retailer's open invoices and totals, a distributor's aging, a statement.
import type { AgingBucket, InvoiceStanding, PaymentMethod, PaymentStatus } from './invoicing';
import type { StatementLine } from './payments';

export type PaymentSide = 'payer' | 'payee';
export type PaymentAction = 'confirm' | 'fail' | 'apply_credit';

export interface PartyRef {
  id: string;
  name: string;
}

export interface PaymentAllocationView {
  invoiceId: number;
  number: string;
  amountMinor: number;
}

export interface PaymentView {
  id: number;
  /** How the page names it: PAY-<id>. */
  label: string;
  reference: string;
  method: PaymentMethod;
  amountMinor: number;
  currency: string;
  paidOn: string;
  status: PaymentStatus;
  failureReason: string | null;
  payer: PartyRef;
  payee: PartyRef;
  allocations: PaymentAllocationView[];
  allocatedMinor: number;
  /** Not allocated to any invoice: account credit once settled. */
  unallocatedMinor: number;
  recordedAt: string;
  confirmedAt: string | null;
  version: number;
  /** The viewer's side, and what it may do now. */
  side: PaymentSide;
  actions: PaymentAction[];
}

export interface OwedInvoiceView {
  id: number;
  number: string;
  issuer: PartyRef;
  issuedOn: string;
  dueOn: string;
  currency: string;
  totalMinor: number;
  paidMinor: number;
  creditedMinor: number;
  outstandingMinor: number;
  /** Held by payments recorded and not yet confirmed. */
  pendingMinor: number;
  /** What a new payment may still allocate to it: outstanding − pending. */
  availableMinor: number;
  standing: InvoiceStanding;
  /** Days past the due date (0 or less: not overdue). */
  daysOverdue: number;
}

/** Per currency: a retailer's position. */
export interface PayingTotals {
  currency: string;
  outstandingMinor: number;
  overdueMinor: number;
  pendingMinor: number;
  /** Settled payments' unallocated remainder: account credit. */
  creditMinor: number;
  /** Settled payments, in all. */
  paidMinor: number;
}

export interface PayingOverview {
  side: 'paying';
  /** The supplier a new payment goes to, and the currency of the terms with it. */
  supplier: PartyRef | null;
  currency: string;
  invoices: OwedInvoiceView[];
  totals: PayingTotals[];
  payments: PaymentView[];
  next: string | null;
}

export type AgingAmounts = Record<AgingBucket, number>;

export interface AgingRow {
  customer: PartyRef;
  currency: string;
  buckets: AgingAmounts;
  totalMinor: number;
  /** Its account credit (settled, unallocated). */
  creditMinor: number;
  openInvoices: number;
}

export interface AgingTotals {
  currency: string;
  buckets: AgingAmounts;
  totalMinor: number;
  creditMinor: number;
  pendingMinor: number;
}

export interface ReceivingOverview {
  side: 'receiving';
  aging: AgingRow[];
  totals: AgingTotals[];
  /** Payments waiting for the distributor to confirm or fail, the oldest first (a page of them). */
  pending: PaymentView[];
  /** How many wait in all. */
  pendingCount: number;
  payments: PaymentView[];
  next: string | null;
  /** Whom a statement can be asked for. */
  customers: PartyRef[];
}

export type PaymentsOverview = PayingOverview | ReceivingOverview;

export interface Statement {
  issuer: PartyRef;
  customer: PartyRef;
  currency: string;
  from: string;
  to: string;
  openingMinor: number;
  lines: StatementLine[];
  closingMinor: number;
  /** Rendered on (UTC date). */
  asOf: string;
}
