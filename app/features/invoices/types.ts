// What the invoice pages show (the shapes `services.invoices` answers with, as the page receives them).
import type { InvoiceAction } from '@shared/invoice-actions';
import type { InvoiceStanding } from '@shared/invoicing';

export interface InvoicePartyView {
  legalName: string;
  tradingName: string;
  licenceNumber: string;
  licenceJurisdiction: string;
  addressLines: string[];
  country: string;
}

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
  outstandingMinor: number;
  issuedOn: string | null;
  dueOn: string | null;
  creditsInvoice: { id: number; number: string | null } | null;
}

export interface InvoiceLineView {
  id: number;
  description: string;
  cases: number;
  caseSize: number;
  unitPriceMinor: number;
  lineTotalMinor: number;
  creditedCases: number;
}

export interface InvoiceDetailView extends InvoiceSummaryView {
  side: 'issuer' | 'customer' | 'staff';
  actions: InvoiceAction[];
  version: number;
  issuerParty: InvoicePartyView;
  customerParty: InvoicePartyView;
  subtotalMinor: number;
  taxRateBp: number;
  taxMinor: number;
  paidMinor: number;
  creditedMinor: number;
  paymentTermsDays: number;
  creditLimitMinor: number;
  reason: string;
  orders: { id: number; number: string }[];
  items: InvoiceLineView[];
  creditNotes: { id: number; number: string | null; issuedOn: string | null; totalMinor: number; reason: string }[];
}

export interface InvoiceFormResult {
  errors?: Partial<Record<string, string>>;
  formError?: string;
  values?: Partial<Record<string, string>>;
  intent?: string;
}
