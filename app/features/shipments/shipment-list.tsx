// A list of shipments: number (to its page), the other party, status and receipt, cases, the
// tracking link, when it left.
import { Link } from 'react-router';
import type { ShipmentSummaryView } from '@shared/shipments';
import { formatUtc } from '@shared/staff-time';
import { ReceiptStatusBadge, ShipmentStatusBadge } from './status-badge';
import { TrackingLink } from './tracking-link';
import { TableScroll } from '~/components/ui/table-scroll';

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
  if (shipments.length === 0) return <p className="rounded-xl bg-white p-6 text-stone-600 shadow-sm">{empty}</p>;
  return (
    <TableScroll label={label} className="rounded-xl shadow-sm">
      <table className="w-full text-left text-sm" aria-label={label}>
        <thead className="border-b border-stone-200 text-stone-700">
          <tr>
            <th scope="col" className="px-4 py-3">
              Shipment
            </th>
            <th scope="col" className="px-4 py-3">
              {party === 'recipient' ? 'Retailer' : 'From'}
            </th>
            <th scope="col" className="px-4 py-3">
              Status
            </th>
            <th scope="col" className="px-4 py-3 text-right">
              Cases
            </th>
            <th scope="col" className="px-4 py-3">
              Tracking
            </th>
            <th scope="col" className="px-4 py-3">
              Shipped
            </th>
          </tr>
        </thead>
        <tbody>
          {shipments.map((s) => (
            <tr key={s.id} className="border-b border-stone-100 last:border-0" data-testid="shipment-row">
              <td className="px-4 py-3 font-medium">
                <Link to={linkTo(s.id)} className="underline">
                  {s.number}
                </Link>
                {s.replacesReceiptId ? <span className="block text-xs font-normal text-stone-600">Replacement</span> : null}
              </td>
              <td className="px-4 py-3">{s[party].name}</td>
              <td className="space-x-1 px-4 py-3">
                <ShipmentStatusBadge status={s.status} testId="shipment-row-status" />
                {s.receiptStatus ? <ReceiptStatusBadge status={s.receiptStatus} testId="shipment-row-receipt" /> : null}
              </td>
              <td className="px-4 py-3 text-right">{s.cases}</td>
              <td className="px-4 py-3">
                <TrackingLink carrierLabel={s.carrierLabel} trackingNumber={s.trackingNumber} url={s.trackingUrl} />
              </td>
              <td className="px-4 py-3">{s.shippedAt ? formatUtc(s.shippedAt) : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
