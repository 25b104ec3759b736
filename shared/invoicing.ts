// Partner money (product.md §3, issue 16): the states, labels and rules both the server and the
// pages use — invoice standing derived from amounts and the due date, carriers and their tracking
// links, payment methods, aging buckets, the credit hold. Amounts are integers in minor units.

export const INVOICE_STANDINGS = ['draft', 'issued', 'partially_paid', 'paid', 'overdue', 'credited'] as const;
export type InvoiceStanding = (typeof INVOICE_STANDINGS)[number];

export const INVOICE_STANDING_LABELS: Record<InvoiceStanding, string> = {
  draft: 'Draft',
  issued: 'Issued',
  partially_paid: 'Partially paid',
  paid: 'Paid',
  overdue: 'Overdue',
  credited: 'Credited',
};

export interface InvoiceAmounts {
  state: 'draft' | 'issued';
  totalMinor: number;
  paidMinor: number;
  creditedMinor: number;
  /** ISO date (yyyy-mm-dd), null for a draft. */
  dueOn: string | null;
}

/** What the customer still owes on an invoice: total − settled payments − credit notes. */
export function outstandingMinor(i: Pick<InvoiceAmounts, 'totalMinor' | 'paidMinor' | 'creditedMinor'>): number {
  return i.totalMinor - i.paidMinor - i.creditedMinor;
}

/**
 * The standing shown in lists (and filtered on by the server with the same rule in SQL):
 * credited when credit notes cover it, paid when nothing is owed, overdue after the due date,
 * partially paid once something settled, else issued. `today` is an ISO date.
 */
export function invoiceStanding(i: InvoiceAmounts, today: string): InvoiceStanding {
  if (i.state === 'draft') return 'draft';
  if (i.totalMinor > 0 && i.creditedMinor >= i.totalMinor) return 'credited';
  if (outstandingMinor(i) <= 0) return 'paid';
  if (i.dueOn && i.dueOn < today) return 'overdue';
  if (i.paidMinor > 0 || i.creditedMinor > 0) return 'partially_paid';
  return 'issued';
}

/** The document number as printed: INV-2026-0001, CN-2026-0001 (per issuer, kind and year). */
export function documentNumber(kind: 'invoice' | 'credit_note', year: number, sequence: number): string {
  return `${kind === 'invoice' ? 'INV' : 'CN'}-${year}-${String(sequence).padStart(4, '0')}`;
}

/** Carriers and the URL template of their tracking pages ({tracking} is replaced, URL-encoded). */
export const CARRIERS = {
  dhl: { label: 'DHL', url: 'https://www.dhl.com/en/express/tracking.html?AWB={tracking}' },
  ups: { label: 'UPS', url: 'https://www.ups.com/track?tracknum={tracking}' },
  fedex: { label: 'FedEx', url: 'https://www.fedex.com/fedextrack/?trknbr={tracking}' },
  dpd: { label: 'DPD', url: 'https://track.dpd.co.uk/parcels/{tracking}' },
  royal_mail: { label: 'Royal Mail', url: 'https://www.royalmail.com/track-your-item#/tracking-results/{tracking}' },
  own_fleet: { label: 'Own delivery', url: null },
} as const satisfies Record<string, { label: string; url: string | null }>;
export type Carrier = keyof typeof CARRIERS;
export const CARRIER_KEYS = Object.keys(CARRIERS) as Carrier[];

/** The tracking link of a shipment, or null (own fleet, or no tracking number yet). */
export function trackingUrl(carrier: string, trackingNumber: string): string | null {
  const c = (CARRIERS as Record<string, { url: string | null }>)[carrier];
  if (!c?.url || !trackingNumber.trim()) return null;
  return c.url.replace('{tracking}', encodeURIComponent(trackingNumber.trim()));
}

export const SHIPMENT_STATUSES = ['preparing', 'shipped', 'in_transit', 'delivered', 'exception'] as const;
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];
export const SHIPMENT_STATUS_LABELS: Record<ShipmentStatus, string> = {
  preparing: 'Preparing',
  shipped: 'Shipped',
  in_transit: 'In transit',
  delivered: 'Delivered',
  exception: 'Exception',
};

export const PAYMENT_METHODS = ['bank_transfer', 'card', 'cheque', 'eft'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  bank_transfer: 'Bank transfer',
  card: 'Card',
  cheque: 'Cheque',
  eft: 'EFT',
};
export const PAYMENT_STATUSES = ['pending', 'settled', 'failed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Aging buckets by days past the due date. */
export const AGING_BUCKETS = ['current', '1_30', '31_60', '61_90', '90_plus'] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];
export const AGING_LABELS: Record<AgingBucket, string> = {
  current: 'Current',
  '1_30': '1–30 days',
  '31_60': '31–60 days',
  '61_90': '61–90 days',
  '90_plus': '90+ days',
};
export function agingBucket(daysOverdue: number): AgingBucket {
  if (daysOverdue <= 0) return 'current';
  if (daysOverdue <= 30) return '1_30';
  if (daysOverdue <= 60) return '31_60';
  if (daysOverdue <= 90) return '61_90';
  return '90_plus';
}

/** Credit hold: a retailer over its credit limit or with an invoice more than this many days overdue. */
export const CREDIT_HOLD_OVERDUE_DAYS = 60;
