// What the invoice pages' actions answer (the views they render are shared/invoice-views.ts, the
// shapes `services.invoices` answers with).
export interface InvoiceFormResult {
  errors?: Partial<Record<string, string>>;
  formError?: string;
  values?: Partial<Record<string, string>>;
  intent?: string;
}
