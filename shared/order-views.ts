// What the orders service answers and the order pages render (types only): one order's parties,
// lines, timeline and messages, as a list row and as the order page.
import type { OrderPageAction } from './order-actions';
import type { OrderSide, OrderStatus } from './orders';
import type { AnyOrganisationType } from './partners';
import type { DutyTreatment, VatCategory } from './tax';

export interface OrderPartyView {
  id: string;
  name: string;
  type: AnyOrganisationType;
}

export interface OrderLineView {
  id: number;
  productId: number;
  productName: string;
  caseSize: number;
  casesRequested: number;
  cases: number;
  unitPriceMinor: number;
  lineTotalMinor: number;
  /** The line as asked for, when the seller changed it: old and new side by side. */
  modified: boolean;
  modificationReason: string | null;
  /** While the seller may approve: the whole cases its ledger has available of the product now; else null. */
  availableCases: number | null;
  /** The line's excise duty as the order was priced; null for an order priced before issue 44. */
  dutyMinor: number | null;
}

/**
 * The tax an order was priced with (issue 44, server/modules/tax): its VAT category and rate, the
 * relationship's duty treatment and the day whose rules applied. An estimate: the invoice charges
 * the tax in force at its own tax point.
 */
export interface OrderTaxView {
  vatCategory: VatCategory;
  vatRateBp: number;
  /** The exemption reason or category note printed beside the VAT ('' for the standard rate). */
  vatNote: string;
  dutyTreatment: DutyTreatment;
  taxPoint: string;
  /** Whether a rate used is a labelled example, not read from the official source. */
  exampleRates: boolean;
}

export interface TimelineEntryView {
  at: string;
  kind: 'status' | 'message';
  /** For a status entry: the state it moved to. */
  status?: OrderStatus;
  label: string;
  by: string | null;
  /** Which side acted or wrote. */
  side: OrderSide | null;
  text: string | null;
}

export interface OrderSummaryView {
  id: number;
  number: string;
  status: OrderStatus;
  statusLabel: string;
  buyer: OrderPartyView;
  seller: OrderPartyView;
  currency: string;
  totalMinor: number;
  submittedAt: string | null;
  createdAt: string;
  version: number;
}

/** An allocation offer as its supplier lists it: where it stands and the cases of each product. */
export interface OfferSummaryView extends OrderSummaryView {
  offeredAt: string;
  lines: { productName: string; cases: number }[];
}

export interface OrderDetailView extends OrderSummaryView {
  /** The viewer's side of this order. */
  side: OrderSide;
  /** What the viewer may do now (what the page offers). */
  actions: OrderPageAction[];
  subtotalMinor: number;
  /** Excise duty in the total (0 unless the relationship releases the goods). */
  dutyMinor: number;
  /** The VAT rate (0 for a zero-rated, exempt, intra-Community or export supply; one flat rate before issue 44). */
  taxRateBp: number;
  /** The VAT (before issue 44, the one flat tax). */
  taxMinor: number;
  /** How the order was taxed; null for an order priced before issue 44 (one flat rate, `taxRateBp`). */
  tax: OrderTaxView | null;
  note: string;
  /** The buyer's own reference, printed on its invoices ('' when none). */
  buyerReference: string;
  /** When the supplier offered it (an allocation offer), else null. */
  offeredAt: string | null;
  seenAt: string | null;
  decidedAt: string | null;
  decisionReason: string | null;
  cancelledAt: string | null;
  cancelReason: string | null;
  shippedAt: string | null;
  deliveredAt: string | null;
  items: OrderLineView[];
  timeline: TimelineEntryView[];
}

export interface OrderMessageView {
  id: number;
  body: string;
  by: string | null;
  side: OrderSide;
  createdAt: string;
}
