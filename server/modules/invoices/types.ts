// Invoices' and credit notes' views and what the service is built with: one document as its parties
// read it, what an invoice of some orders would say, the orders still to invoice per customer, and
// the credit notes another module's transaction wrote.
import type { TradeDeps } from '../trade';

/** The live channel's topic for an invoice or a credit note. */
export const INVOICE_TOPIC = 'invoice';

export type InvoiceDeps = TradeDeps;

/** Which door: a partner's own routes, or staff's (Order Management over every organisation, reading only). */
export type InvoiceChannel = 'partner' | 'staff';

// What the pages render is declared once: shared/invoice-views.ts.
export type {
  InvoiceSide,
  InvoiceLineView as InvoiceLine,
  InvoiceDetailView as InvoiceDetail,
  InvoicePreviewView as InvoicePreview,
} from '../../../shared/invoice-views';

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
