// What a shipment page's action answers when it does not redirect (the errors by the form's box names).
export interface ShipmentFormResult {
  errors?: Partial<Record<string, string>>;
  formError?: string;
  values?: Partial<Record<string, string>>;
  intent?: string;
}
