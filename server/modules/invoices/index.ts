// Invoices' public entry: the service (what orders and shipments call inside their transactions
// too: a credit note for a cancelled order or a receipt's shortfall), its views' types and live topic.
export { createInvoiceService, type InvoiceService } from './service';
export {
  type CreditResult,
  INVOICE_TOPIC,
  type InvoiceableCustomer,
  type InvoiceableOrder,
  type InvoiceChannel,
  type InvoiceDeps,
  type InvoiceDetail,
  type InvoiceLine,
  type InvoicePreview,
  type InvoiceSide,
} from './types';
export type { InvoiceSummary } from './list';
export type { InvoiceRow } from './documents';
