// What the invoices service answers and the invoice pages render (types only): the parties as
// printed, a list row, a line and the invoice page.
import type { InvoiceAction } from './invoice-actions';
import type { InvoiceStanding } from './invoicing';
import type { DutyTreatment, VatBreakdownRow, VatCategory } from './tax';

/**
 * The parties as printed: names, licence numbers and addresses copied at issue; since issue 44 also
 * the VAT number (both parties) and the seller's bank details. Documents issued before lack them.
 */
export interface InvoicePartyView {
  legalName: string;
  tradingName: string;
  licenceNumber: string;
  licenceJurisdiction: string;
  addressLines: string[];
  country: string;
  /** '' when it has none. */
  vatNumber?: string;
  /** Its Peppol endpoint at issue (documents issued since issue 45; absent before). */
  endpoint?: { scheme: string; id: string };
  /** The address in parts, for the e-invoice (documents issued since issue 45). */
  address?: { line1: string; line2: string; city: string; region: string; postalCode: string };
  /** The seller's: where its customers pay it ('' when not given). */
  bankAccountName?: string;
  bankAccount?: string;
  bankBic?: string;
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
  /** The line's net: cases × case size × per-bottle price, before duty and VAT. */
  lineTotalMinor: number;
  /** Excise duty on the line (0 when the leg charges none). */
  dutyMinor: number;
  vatCategory: VatCategory;
  vatRateBp: number;
  /** An invoice's line: cases its credit notes took back so far. */
  creditedCases: number;
}

export interface InvoiceDetailView extends InvoiceSummaryView {
  side: InvoiceSide;
  actions: InvoiceAction[];
  version: number;
  issuerParty: InvoicePartyView;
  customerParty: InvoicePartyView;
  /**
   * 1: issued before issue 44, one flat tax rate (`taxRateBp`), shown as it was issued; 2: duty and
   * VAT by category (`dutyMinor`, `vatBreakdown`).
   */
  layoutVersion: number;
  subtotalMinor: number;
  dutyMinor: number;
  /** The legacy flat rate (layout 1); on layout 2 the VAT rate when there is one category, else 0. */
  taxRateBp: number;
  /** The VAT: the sum of `vatBreakdown`'s. */
  taxMinor: number;
  vatBreakdown: VatBreakdownRow[];
  /** The leg's duty treatment at issue (null before issue 44). */
  dutyTreatment: DutyTreatment | null;
  /** The day the tax rules in force were read (null before issue 44). */
  taxPoint: string | null;
  paymentTermsDays: number;
  creditLimitMinor: number;
  reason: string;
  issuedAt: string | null;
  orders: { id: number; number: string }[];
  items: InvoiceLineView[];
  creditNotes: { id: number; number: string | null; issuedOn: string | null; totalMinor: number; reason: string }[];
}

/** A line's words and amounts, as a preview, the page and the accounting exports share them. */
export type InvoiceLineAmounts = Pick<
  InvoiceLineView,
  'description' | 'cases' | 'caseSize' | 'unitPriceMinor' | 'lineTotalMinor' | 'dutyMinor' | 'vatCategory' | 'vatRateBp'
>;

/** What an invoice of some orders would say if issued now (nothing written, no number taken). */
export interface InvoicePreviewView {
  customer: { id: string; name: string };
  currency: string;
  orders: { id: number; number: string }[];
  lines: (InvoiceLineAmounts & { orderId: number })[];
  subtotalMinor: number;
  dutyMinor: number;
  /** The VAT rate when there is one category, else 0 (legacy). */
  taxRateBp: number;
  taxMinor: number;
  totalMinor: number;
  vatBreakdown: VatBreakdownRow[];
  dutyTreatment: DutyTreatment;
  /** Today: the tax point if it were issued now. */
  taxPoint: string;
  /** Whether a tax rule used is a labelled example nobody verified (shown beside the totals). */
  exampleRates: boolean;
  paymentTermsDays: number;
  /** The due date if it were issued today. */
  dueOn: string;
}
