// What the accounting exports read and write: a document with its lines and a payment with the
// invoices it paid, as read in keyset pages (read.ts); a format's columns and one row of it.
import type { InvoiceLineAmounts, InvoicePartyView } from '../../../shared/invoice-views';
import type { PaymentMethod } from '../../../shared/invoicing';
import type { DutyTreatment, VatBreakdownRow } from '../../../shared/tax';

/** Which side of a record the exporting organisation is on. */
export type Side = 'sales' | 'purchases';

/** A document's line as the exports write it: its words and amounts, as the invoice page has them. */
export type ExportLine = InvoiceLineAmounts;

/** An issued invoice or credit note as the exports write it: its amounts as stored, positive. */
export interface ExportDocument {
  id: number;
  kind: 'invoice' | 'credit_note';
  number: string;
  /** A credit note: the number of the invoice it credits. */
  creditsNumber: string | null;
  reason: string;
  issuedOn: string;
  dueOn: string;
  taxPoint: string | null;
  currency: string;
  /** 1: one flat tax rate (`taxRateBp`) before issue 44; 2: VAT by category (`vatBreakdown`). */
  layoutVersion: number;
  taxRateBp: number;
  subtotalMinor: number;
  dutyMinor: number;
  taxMinor: number;
  totalMinor: number;
  vatBreakdown: VatBreakdownRow[];
  dutyTreatment: DutyTreatment | null;
  paymentTermsDays: number;
  issuer: InvoicePartyView;
  customer: InvoicePartyView;
  /** The customer organisation's email now (documents do not print one). */
  customerEmail: string;
  lines: ExportLine[];
}

export interface ExportPayment {
  id: number;
  paidOn: string;
  status: 'pending' | 'settled' | 'failed';
  method: PaymentMethod;
  reference: string;
  currency: string;
  amountMinor: number;
  payer: { name: string; vatNumber: string };
  payee: { name: string; vatNumber: string };
  /** The invoices it pays, in invoice order. */
  allocations: { number: string; amountMinor: number }[];
}

/**
 * A format's columns in the published order. `numeric` columns hold only amounts and quantities the
 * export wrote (never someone's text), so the formula guard leaves them alone — a credit note's
 * `-12.50` must stay a number; every other cell goes through `escapeTextCell`.
 */
export interface Columns<C extends string> {
  names: readonly C[];
  numeric: ReadonlySet<C>;
}

export type Row<C extends string> = Record<C, string>;

/** A format's columns: the names in order, and which of them are numeric. */
export function columnsOf<const C extends string>(names: readonly C[], numeric: readonly C[]): Columns<C> {
  return { names, numeric: new Set(numeric) };
}

/**
 * A row: the cells its document's rows share and its own. Object.assign, not a spread: V8 moves the
 * spread copies of a wide object straight to the old generation (measured: 1.4 GB promoted, and the
 * process 200 MB larger, for 100,000 invoices), Object.assign's copies die young.
 */
export function rowOf<C extends string>(shared: Partial<Row<C>>, own: Partial<Row<C>>): Row<C> {
  return Object.assign({}, shared, own) as Row<C>;
}
