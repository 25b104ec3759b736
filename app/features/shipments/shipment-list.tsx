// A list of shipments: number (to its page), the other party, status and receipt, cases, the
// tracking link, when it left.
import { Link } from 'react-router';
import type { ShipmentSummaryView } from '@shared/shipments';
import { formatUtc } from '@shared/staff-time';
import { ReceiptStatusBadge, ShipmentStatusBadge } from './status-badge';
import { TrackingLink } from './tracking-link';
import { type Column, DataTable } from '~/components/admin-ui/list';

export function ShipmentList({
  shipments,
  party,
  linkTo,
  empty,
  label,
}: {
  shipments: ShipmentSummaryView[];
  /** Which party to name: the recipient (the sender's lists) or the sender (the retailer's). */
  party: 'recipient' | 'sender';
  linkTo: (id: number) => string;
  empty: string;
  label: string;
}) {
  const columns: Column<ShipmentSummaryView>[] = [
    {
      key: 'number',
      label: 'Shipment',
      cellClassName: 'font-medium',
      render: (s) => (
        <>
          <Link to={linkTo(s.id)} className="underline">
            {s.number}
          </Link>
          {s.replacesReceiptId ? <span className="block text-xs font-normal text-stone-600">Replacement</span> : null}
        </>
      ),
    },
    { key: 'party', label: party === 'recipient' ? 'To' : 'From', render: (s) => s[party].name },
    {
      key: 'status',
      label: 'Status',
      cellClassName: 'space-x-1',
      render: (s) => (
        <>
          <ShipmentStatusBadge status={s.status} testId="shipment-row-status" />
          {s.receiptStatus ? <ReceiptStatusBadge status={s.receiptStatus} testId="shipment-row-receipt" /> : null}
        </>
      ),
    },
    { key: 'cases', label: 'Cases', className: 'text-right', render: (s) => s.cases },
    {
      key: 'tracking',
      label: 'Tracking',
      render: (s) => <TrackingLink carrierLabel={s.carrierLabel} trackingNumber={s.trackingNumber} url={s.trackingUrl} />,
    },
    { key: 'shipped', label: 'Shipped', render: (s) => (s.shippedAt ? formatUtc(s.shippedAt) : '—') },
  ];
  return (
    <DataTable
      look="trade"
      columns={columns}
      rows={shipments}
      rowKey={(s) => s.id}
      rowAttributes={() => ({ 'data-testid': 'shipment-row' })}
      caption={label}
      empty={empty}
      emptyClassName="rounded-xl bg-white p-6 text-stone-600 shadow-sm"
    />
  );
}
