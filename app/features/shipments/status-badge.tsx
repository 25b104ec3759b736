// A shipment's status and a receipt's standing as coloured badges (the same words for both sides).
import { RECEIPT_STATUS_LABELS, type ReceiptStatus, SHIPMENT_STATUS_LABELS, type ShipmentStatus } from '@shared/shipments';

const STYLES: Record<ShipmentStatus, string> = {
  preparing: 'bg-stone-200 text-stone-800',
  shipped: 'bg-sky-100 text-sky-900',
  in_transit: 'bg-indigo-100 text-indigo-900',
  delivered: 'bg-green-100 text-green-900',
  exception: 'bg-red-100 text-red-900',
};

const RECEIPT_STYLES: Record<ReceiptStatus, string> = {
  confirmed: 'bg-green-100 text-green-900',
  discrepancy: 'bg-amber-100 text-amber-900',
  resolved: 'bg-emerald-100 text-emerald-900',
};

export function ShipmentStatusBadge({ status, testId = 'shipment-status' }: { status: ShipmentStatus; testId?: string }) {
  return (
    <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium ${STYLES[status]}`} data-testid={testId}>
      {SHIPMENT_STATUS_LABELS[status]}
    </span>
  );
}

export function ReceiptStatusBadge({ status, testId = 'receipt-status' }: { status: ReceiptStatus; testId?: string }) {
  return (
    <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium ${RECEIPT_STYLES[status]}`} data-testid={testId}>
      {RECEIPT_STATUS_LABELS[status]}
    </span>
  );
}
