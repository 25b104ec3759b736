// One shipment as its sender or its recipient sees it: where it stands, the tracking link, its
// lines (and, once received, what arrived of each), the receipt with its photo or PDF and how a
// discrepancy was answered, and the timeline. The forms of each side are passed in by the route.
import { href, Link } from 'react-router';
import { RESOLUTION_LABELS, type ShipmentDetailView } from '@shared/shipments';
import { formatUtc } from '@shared/staff-time';
import { ReceiptStatusBadge, ShipmentStatusBadge } from './status-badge';
import { TrackingLink } from './tracking-link';
import { TableScroll } from '~/components/ui/table-scroll';

const cases = (n: number) => `${n} ${n === 1 ? 'case' : 'cases'}`;

export function ShipmentView({
  shipment,
  shipmentLink,
  children,
}: {
  shipment: ShipmentDetailView;
  /** The page of another shipment on this side (the one a replacement stands in for, or the replacement). */
  shipmentLink: (id: number) => string;
  /** This side's forms (the sender's moves and answer, the retailer's receipt). */
  children?: React.ReactNode;
}) {
  const s = shipment;
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <div className="space-y-6">
        <section aria-labelledby="shipment-heading" className="rounded-xl bg-white p-6 shadow-sm">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="shipment-heading" className="font-serif text-xl">
              Shipment {s.number}
            </h2>
            <ShipmentStatusBadge status={s.status} />
          </div>
          <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
            <div>
              <dt className="text-stone-600">From</dt>
              <dd className="font-medium">{s.sender.name}</dd>
            </div>
            <div>
              <dt className="text-stone-600">To</dt>
              <dd className="font-medium">{s.recipient.name}</dd>
            </div>
            <div>
              <dt className="text-stone-600">Carrier and tracking</dt>
              <dd data-testid="shipment-tracking">
                <TrackingLink carrierLabel={s.carrierLabel} trackingNumber={s.trackingNumber} url={s.trackingUrl} />
              </dd>
            </div>
            <div>
              <dt className="text-stone-600">Shipped</dt>
              <dd>{s.shippedAt ? formatUtc(s.shippedAt) : 'Not yet'}</dd>
            </div>
            {s.deliveredAt ? (
              <div>
                <dt className="text-stone-600">Delivered</dt>
                <dd>{formatUtc(s.deliveredAt)}</dd>
              </div>
            ) : null}
            {s.replaces ? (
              <div>
                <dt className="text-stone-600">Replaces what was missing from</dt>
                <dd>
                  <Link to={shipmentLink(s.replaces.shipmentId)} className="underline">
                    {s.replaces.shipmentNumber}
                  </Link>
                </dd>
              </div>
            ) : null}
            {s.note ? (
              <div className="sm:col-span-2">
                <dt className="text-stone-600">Note</dt>
                <dd className="whitespace-pre-wrap">{s.note}</dd>
              </div>
            ) : null}
            {s.exceptionReason ? (
              <div className="sm:col-span-2">
                <dt className="text-stone-600">What went wrong</dt>
                <dd className="whitespace-pre-wrap text-red-900" data-testid="shipment-exception">
                  {s.exceptionReason}
                </dd>
              </div>
            ) : null}
          </dl>
        </section>
        <Lines shipment={s} />
        {s.receipt ? <Receipt shipment={s} shipmentLink={shipmentLink} /> : null}
        {children}
      </div>
      <Timeline shipment={s} />
    </div>
  );
}

function Lines({ shipment }: { shipment: ShipmentDetailView }) {
  const received = shipment.receipt !== null;
  return (
    <section aria-labelledby="lines-heading" className="rounded-xl bg-white p-6 shadow-sm">
      <h2 id="lines-heading" className="font-serif text-xl">
        Lines
      </h2>
      <TableScroll label="Lines of the shipment" className="mt-3">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-stone-200 text-stone-700">
            <tr>
              <th scope="col" className="py-2 pr-3">
                Product
              </th>
              <th scope="col" className="py-2 pr-3">
                Order
              </th>
              <th scope="col" className="py-2 pr-3 text-right">
                Shipped
              </th>
              {received ? (
                <>
                  <th scope="col" className="py-2 pr-3 text-right">
                    Received
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right">
                    Damaged
                  </th>
                  <th scope="col" className="py-2 text-right">
                    Missing
                  </th>
                </>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {shipment.items.map((l) => (
              <tr key={l.id} className="border-b border-stone-100 last:border-0" data-testid="shipment-line">
                <td className="py-2 pr-3">
                  <span className="font-medium">{l.productName}</span>
                  <span className="block text-stone-600">case of {l.caseSize}</span>
                </td>
                <td className="py-2 pr-3">
                  <Link to={href('/partner/dashboard/orders/:id', { id: String(l.orderId) })} className="underline">
                    {l.orderNumber}
                  </Link>
                </td>
                <td className="py-2 pr-3 text-right" data-testid="line-shipped">
                  {cases(l.cases)}
                </td>
                {received ? (
                  <>
                    <td className="py-2 pr-3 text-right" data-testid="line-received">
                      {l.casesReceived ?? 0}
                    </td>
                    <td className="py-2 pr-3 text-right" data-testid="line-damaged">
                      {l.casesDamaged ?? 0}
                    </td>
                    <td className={`py-2 text-right ${l.missing ? 'font-semibold text-amber-900' : ''}`} data-testid="line-missing">
                      {l.missing ?? 0}
                    </td>
                  </>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </section>
  );
}

function Receipt({ shipment, shipmentLink }: { shipment: ShipmentDetailView; shipmentLink: (id: number) => string }) {
  const r = shipment.receipt!;
  return (
    <section aria-labelledby="receipt-heading" className="rounded-xl bg-white p-6 shadow-sm" data-testid="receipt">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="receipt-heading" className="font-serif text-xl">
          Receipt
        </h2>
        <ReceiptStatusBadge status={r.status} />
      </div>
      <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-stone-600">Received</dt>
          <dd>
            {formatUtc(r.receivedAt)}
            {r.receivedBy ? ` · ${r.receivedBy}` : ''}
          </dd>
        </div>
        {r.attachment ? (
          <div>
            <dt className="text-stone-600">{r.attachment.contentType === 'application/pdf' ? 'Delivery document' : 'Photo'}</dt>
            <dd>
              <a href={r.attachment.url} target="_blank" rel="noopener noreferrer" className="font-medium underline" data-testid="receipt-attachment">
                {r.attachment.filename}
              </a>{' '}
              <span className="text-stone-600">({Math.max(1, Math.round(r.attachment.sizeBytes / 1024))} KB)</span>
            </dd>
          </div>
        ) : null}
        {r.note ? (
          <div className="sm:col-span-2">
            <dt className="text-stone-600">Note</dt>
            <dd className="whitespace-pre-wrap" data-testid="receipt-note">
              {r.note}
            </dd>
          </div>
        ) : null}
        {r.resolution ? (
          <div className="sm:col-span-2" data-testid="receipt-resolution">
            <dt className="text-stone-600">Answered with</dt>
            <dd>
              {RESOLUTION_LABELS[r.resolution]}
              {r.replacementShipment ? (
                <>
                  {' '}
                  <Link to={shipmentLink(r.replacementShipment.id)} className="font-medium underline">
                    {r.replacementShipment.number}
                  </Link>
                </>
              ) : null}
              {r.creditNote?.number ? ` ${r.creditNote.number}` : ''}
              {r.resolvedAt ? ` · ${formatUtc(r.resolvedAt)}` : ''}
              {r.resolvedBy ? ` · ${r.resolvedBy}` : ''}
            </dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}

function Timeline({ shipment }: { shipment: ShipmentDetailView }) {
  return (
    <section aria-labelledby="timeline-heading" className="h-fit rounded-xl bg-white p-6 shadow-sm">
      <h2 id="timeline-heading" className="font-serif text-xl">
        Timeline
      </h2>
      <ol className="mt-3 space-y-3 border-l border-stone-300 pl-4" aria-label="Timeline">
        {shipment.timeline.map((e, i) => (
          <li key={i} className="text-sm" data-testid="timeline-entry">
            <p>
              <span className="font-medium">{e.label}</span>
              {e.by ? ` · ${e.by}` : ''}
            </p>
            <p className="text-stone-600">{formatUtc(e.at)}</p>
            {e.text ? <p className="mt-1 whitespace-pre-wrap">{e.text}</p> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
