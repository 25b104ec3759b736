// One shipment as its sender or its recipient sees it: where it stands, the tracking link, its
// lines (and, once received, what arrived of each), the receipt with its photo or PDF and how a
// discrepancy was answered, and the timeline. The forms of each side are passed in by the route.
import { href, Link } from 'react-router';
import { RESOLUTION_LABELS, type ShipmentDetailView } from '@shared/shipments';
import { formatUtc } from '@shared/staff-time';
import { ReceiptStatusBadge, ShipmentStatusBadge } from './status-badge';
import { TrackingLink } from './tracking-link';
import { type Column } from '~/components/admin-ui/list';
import { DocumentSection, DocumentTimeline, Fact, Facts, LineProduct, LinesTable } from '~/components/documents/parts';

const cases = (n: number) => `${n} ${n === 1 ? 'case' : 'cases'}`;

export function ShipmentView({
  shipment,
  shipmentLink,
  orderLink = partnerOrderLink,
  children,
}: {
  shipment: ShipmentDetailView;
  /** The page of another shipment on this side (the one a replacement stands in for, or the replacement). */
  shipmentLink: (id: number) => string;
  /** An order's page on this side: the partner order page, or Trade orders for staff. */
  orderLink?: (id: number) => string;
  /** This side's forms (the sender's moves and answer, the retailer's receipt). */
  children?: React.ReactNode;
}) {
  const s = shipment;
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <div className="space-y-6">
        <DocumentSection id="shipment" heading={`Shipment ${s.number}`} badge={<ShipmentStatusBadge status={s.status} />}>
          <Facts>
            <Fact term="From" valueClassName="font-medium">
              {s.sender.name}
            </Fact>
            <Fact term="To" valueClassName="font-medium">
              {s.recipient.name}
            </Fact>
            <Fact term="Carrier and tracking" valueTestId="shipment-tracking">
              <TrackingLink carrierLabel={s.carrierLabel} trackingNumber={s.trackingNumber} url={s.trackingUrl} />
            </Fact>
            <Fact term="Shipped">{s.shippedAt ? formatUtc(s.shippedAt) : 'Not yet'}</Fact>
            {s.deliveredAt ? <Fact term="Delivered">{formatUtc(s.deliveredAt)}</Fact> : null}
            {s.replaces ? (
              <Fact term="Replaces what was missing from">
                <Link to={shipmentLink(s.replaces.shipmentId)} className="underline">
                  {s.replaces.shipmentNumber}
                </Link>
              </Fact>
            ) : null}
            {s.note ? (
              <Fact term="Note" span={2} valueClassName="whitespace-pre-wrap">
                {s.note}
              </Fact>
            ) : null}
            {s.exceptionReason ? (
              <Fact term="What went wrong" span={2} valueClassName="whitespace-pre-wrap text-red-900" valueTestId="shipment-exception">
                {s.exceptionReason}
              </Fact>
            ) : null}
          </Facts>
        </DocumentSection>
        <Lines shipment={s} orderLink={orderLink} />
        {s.receipt ? <Receipt shipment={s} shipmentLink={shipmentLink} /> : null}
        {children}
      </div>
      <Timeline shipment={s} />
    </div>
  );
}

type ShipmentLine = ShipmentDetailView['items'][number];

const partnerOrderLink = (id: number) => href('/partner/dashboard/orders/:id', { id: String(id) });

function Lines({ shipment, orderLink }: { shipment: ShipmentDetailView; orderLink: (id: number) => string }) {
  const received = shipment.receipt !== null;
  const columns: Column<ShipmentLine>[] = [
    { key: 'product', label: 'Product', render: (l) => <LineProduct name={l.productName} caseSize={l.caseSize} /> },
    {
      key: 'order',
      label: 'Order',
      render: (l) => (
        <Link to={orderLink(l.orderId)} className="underline">
          {l.orderNumber}
        </Link>
      ),
    },
    { key: 'shipped', label: 'Shipped', className: 'text-right', cellTestId: 'line-shipped', render: (l) => cases(l.cases) },
  ];
  if (received)
    columns.push(
      { key: 'received', label: 'Received', className: 'text-right', cellTestId: 'line-received', render: (l) => l.casesReceived ?? 0 },
      { key: 'damaged', label: 'Damaged', className: 'text-right', cellTestId: 'line-damaged', render: (l) => l.casesDamaged ?? 0 },
      {
        key: 'missing',
        label: 'Missing',
        className: 'text-right',
        cellClassName: (l) => (l.missing ? 'font-semibold text-amber-900' : ''),
        cellTestId: 'line-missing',
        render: (l) => l.missing ?? 0,
      },
    );
  return (
    <DocumentSection id="lines" heading="Lines">
      <LinesTable label="Lines of the shipment" columns={columns} lines={shipment.items} lineTestId="shipment-line" align="middle" />
    </DocumentSection>
  );
}

function Receipt({ shipment, shipmentLink }: { shipment: ShipmentDetailView; shipmentLink: (id: number) => string }) {
  const r = shipment.receipt!;
  return (
    <DocumentSection id="receipt" heading="Receipt" badge={<ReceiptStatusBadge status={r.status} />} testId="receipt">
      <Facts>
        <Fact term="Received">
          {formatUtc(r.receivedAt)}
          {r.receivedBy ? ` · ${r.receivedBy}` : ''}
        </Fact>
        {r.attachment ? (
          <Fact term={r.attachment.contentType === 'application/pdf' ? 'Delivery document' : 'Photo'}>
            <a href={r.attachment.url} target="_blank" rel="noopener noreferrer" className="font-medium underline" data-testid="receipt-attachment">
              {r.attachment.filename}
            </a>{' '}
            <span className="text-stone-600">({Math.max(1, Math.round(r.attachment.sizeBytes / 1024))} KB)</span>
          </Fact>
        ) : null}
        {r.note ? (
          <Fact term="Note" span={2} valueClassName="whitespace-pre-wrap" valueTestId="receipt-note">
            {r.note}
          </Fact>
        ) : null}
        {r.resolution ? (
          <Fact term="Answered with" span={2} testId="receipt-resolution">
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
          </Fact>
        ) : null}
      </Facts>
    </DocumentSection>
  );
}

function Timeline({ shipment }: { shipment: ShipmentDetailView }) {
  return <DocumentTimeline className="h-fit" entries={shipment.timeline.map((e) => ({ title: e.label, by: e.by, at: formatUtc(e.at), text: e.text }))} />;
}
