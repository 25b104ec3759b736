// Invoices' and credit notes' views and what the service is built with: one document as its parties
// read it, what an invoice of some orders would say, the orders still to invoice per customer, and
// the credit notes another module's transaction wrote.
import type { InvoiceAction } from '../../../shared/invoice-actions';
import type { InvoiceParty } from '../../db/schema';
import type { TradeDeps } from '../trade';
import type { InvoiceSummary } from './list';

/** The live channel's topic for an invoice or a credit note. */
export const INVOICE_TOPIC = 'invoice';

export type InvoiceDeps = TradeDeps;

/** Which door: a partner's own routes, or staff's (Order Management over every organisation, reading only). */
export type InvoiceChannel = 'partner' | 'staff';
export type InvoiceSide = 'issuer' | 'customer' | 'staff';

export interface InvoiceLine {
  id: number;
  orderId: number | null;
  orderItemId: number | null;
  description: string;
  cases: number;
  caseSize: number;
  unitPriceMinor: number;
  lineTotalMinor: number;
  /** An invoice's line: cases its credit notes took back so far. */
  creditedCases: number;
}

export interface InvoiceDetail extends InvoiceSummary {
  side: InvoiceSide;
  actions: InvoiceAction[];
  version: number;
  issuerParty: InvoiceParty;
  customerParty: InvoiceParty;
  subtotalMinor: number;
  taxRateBp: number;
  taxMinor: number;
  paymentTermsDays: number;
  creditLimitMinor: number;
  reason: string;
  issuedAt: string | null;
  orders: { id: number; number: string }[];
  items: InvoiceLine[];
  creditNotes: { id: number; number: string | null; issuedOn: string | null; totalMinor: number; reason: string }[];
}

export interface InvoicePreview {
  customer: { id: string; name: string };
  currency: string;
  orders: { id: number; number: string }[];
  lines: { orderId: number; description: string; cases: number; caseSize: number; unitPriceMinor: number; lineTotalMinor: number }[];
  subtotalMinor: number;
  taxRateBp: number;
  taxMinor: number;
  totalMinor: number;
  paymentTermsDays: number;
  /** The due date if it were issued today. */
  dueOn: string;
}

export interface InvoiceableOrder {
  id: number;
  number: string;
  currency: string;
  totalMinor: number;
  submittedAt: string | null;
}

export interface InvoiceableCustomer {
  id: string;
  name: string;
  orders: InvoiceableOrder[];
}

/** Credit notes written inside another module's transaction, and how to tell people after its commit. */
export interface CreditResult {
  creditNotes: { id: number; number: string; invoiceId: number; invoiceNumber: string; totalMinor: number }[];
  /** Lines with no issued invoice to credit (shipped before they were invoiced). */
  uncredited: { orderItemId: number; cases: number }[];
  announce: () => Promise<void>;
}
