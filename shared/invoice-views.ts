// What the invoices service answers and the invoice pages render (types only): the parties as
// printed, a list row, a line and the invoice page.
import type { InvoiceAction } from './invoice-actions';
import type { InvoiceStanding } from './invoicing';

/** The parties as printed: names, licence numbers and addresses copied at issue. */
export interface InvoicePartyView {
  legalName: string;
  tradingName: string;
  licenceNumber: string;
  licenceJurisdiction: string;
  addressLines: string[];
  country: string;
}

export type InvoiceSide = 'issuer' | 'customer' | 'staff';

export interface InvoiceSummaryView {
  id: number;
  kind: 'invoice' | 'credit_note';
  state: 'draft' | 'issued';
  number: string | null;
  standing: InvoiceStanding;
  standingLabel: string;
  issuer: { id: string; name: string };
  customer: { id: string; name: string };
  currency: string;
  totalMinor: number;
  paidMinor: number;
  creditedMinor: number;
  outstandingMinor: number;
  issuedOn: string | null;
  dueOn: string | null;
  createdAt: string;
  /** A credit note: the invoice it credits. */
  creditsInvoice: { id: number; number: string | null } | null;
}

export interface InvoiceLineView {
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

export interface InvoiceDetailView extends InvoiceSummaryView {
  side: InvoiceSide;
  actions: InvoiceAction[];
  version: number;
  issuerParty: InvoicePartyView;
  customerParty: InvoicePartyView;
  subtotalMinor: number;
  taxRateBp: number;
  taxMinor: number;
  paymentTermsDays: number;
  creditLimitMinor: number;
  reason: string;
  issuedAt: string | null;
  orders: { id: number; number: string }[];
  items: InvoiceLineView[];
  creditNotes: { id: number; number: string | null; issuedOn: string | null; totalMinor: number; reason: string }[];
}
