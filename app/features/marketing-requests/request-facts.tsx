// What a marketing request asks for, and where it stands: the same facts on the partner's page and
// on the staff's, by kind (materials, an event proposal, a place at a brand event).
import { MARKETING_REQUEST_KIND_LABELS, type MarketingRequestKind, type MarketingRequestStatus } from '@shared/marketing-request-constants';
import { formatEventTime } from '@shared/marketing-constants';
import { formatPrice } from '@shared/markets';
import { formatUtc, formatUtcDate } from '@shared/staff-time';
import { RequestStatusBadge } from './status-badge';

export interface RequestFactsData {
  kind: MarketingRequestKind;
  status: MarketingRequestStatus;
  details: string;
  deliveryAddress: string | null;
  neededBy: string | null;
  eventDate: string | null;
  venue: string | null;
  expectedGuests: number | null;
  askStaff: boolean;
  askProduct: boolean;
  budgetMinor: number | null;
  currency: string | null;
  requesterName: string | null;
  decidedByName: string | null;
  decidedAt: string | Date | null;
  decisionComment: string | null;
  fulfilledAt: string | Date | null;
  createdAt: string | Date;
  organisation: { name: string };
  items: { collateralId: number; title: string; quantity: number }[];
  event: { title: string; startsLocal: string; timezone: string; venue: string; city: string } | null;
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="contents">
      <dt className="font-medium text-stone-600">{label}</dt>
      <dd className="whitespace-pre-wrap">{children}</dd>
    </div>
  );
}

function asks(r: RequestFactsData): string {
  const parts = [r.askStaff ? 'brand staff' : null, r.askProduct ? 'product' : null].filter(Boolean);
  if (r.budgetMinor !== null && r.currency) parts.push(`a budget of ${formatPrice(r.budgetMinor, r.currency)}`);
  return parts.length ? parts.join(', ') : 'Nothing beyond approval';
}

export function RequestFacts({ request: r, showOrganisation = false }: { request: RequestFactsData; showOrganisation?: boolean }) {
  return (
    <dl className="grid grid-cols-[11rem_1fr] gap-x-4 gap-y-2 text-sm">
      <Row label="Status">
        <RequestStatusBadge status={r.status} />
      </Row>
      <Row label="Kind">{MARKETING_REQUEST_KIND_LABELS[r.kind]}</Row>
      {showOrganisation ? <Row label="Organisation">{r.organisation.name}</Row> : null}
      <Row label="Requested">
        {formatUtc(r.createdAt)}
        {r.requesterName ? ` by ${r.requesterName}` : ''}
      </Row>
      {r.kind === 'materials' ? (
        <>
          <Row label="Items">
            <ul>
              {r.items.map((i) => (
                <li key={i.collateralId}>
                  {i.quantity.toLocaleString('en')} × {i.title}
                </li>
              ))}
            </ul>
          </Row>
          <Row label="Delivery address">{r.deliveryAddress}</Row>
          <Row label="Needed by">{r.neededBy ? formatUtcDate(r.neededBy) : '—'}</Row>
        </>
      ) : null}
      {r.kind === 'event_proposal' ? (
        <>
          <Row label="Event date">{r.eventDate ? formatUtcDate(r.eventDate) : '—'}</Row>
          <Row label="Venue">{r.venue}</Row>
          <Row label="Expected guests">{r.expectedGuests?.toLocaleString('en') ?? '—'}</Row>
          <Row label="Asks of Frolic">{asks(r)}</Row>
        </>
      ) : null}
      {r.kind === 'event_join' && r.event ? (
        <>
          <Row label="Brand event">{r.event.title}</Row>
          <Row label="When">{formatEventTime(r.event.startsLocal, r.event.timezone)}</Row>
          <Row label="Where">{[r.event.venue, r.event.city].filter(Boolean).join(', ')}</Row>
          <Row label="Guests">{r.expectedGuests?.toLocaleString('en') ?? 'Not said'}</Row>
        </>
      ) : null}
      {r.details ? <Row label="Details">{r.details}</Row> : null}
      {r.decidedAt ? (
        <Row label={r.status === 'declined' ? 'Declined' : 'Approved'}>
          {formatUtc(r.decidedAt)}
          {r.decidedByName ? ` by ${r.decidedByName}` : ''}
          {r.decisionComment ? (
            <span className="mt-1 block rounded-md bg-stone-100 p-2" data-testid="decision-comment">
              {r.decisionComment}
            </span>
          ) : null}
        </Row>
      ) : null}
      {r.fulfilledAt ? <Row label="Fulfilled">{formatUtc(r.fulfilledAt)}</Row> : null}
    </dl>
  );
}
