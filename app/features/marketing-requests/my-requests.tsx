// A partner's own requests of one page (materials, or events): what, for when, and where each stands.
import { href, Link } from 'react-router';
import { MARKETING_REQUEST_KIND_LABELS, type MarketingRequestKind, type MarketingRequestStatus } from '@shared/marketing-request-constants';
import { formatUtcDate } from '@shared/staff-time';
import { RequestStatusBadge } from './status-badge';
import { TableScroll } from '~/components/ui/table-scroll';

export interface MyRequest {
  id: number;
  kind: MarketingRequestKind;
  status: MarketingRequestStatus;
  title: string;
  neededBy: string | null;
  eventDate: string | null;
  createdAt: string | Date;
}

export function MyRequests({ heading, requests, empty }: { heading: string; requests: MyRequest[]; empty: string }) {
  return (
    <section aria-labelledby="my-requests-heading" className="mt-8">
      <h2 id="my-requests-heading" className="font-serif text-2xl">
        {heading}
      </h2>
      {requests.length === 0 ? (
        <p className="mt-2 text-stone-600">{empty}</p>
      ) : (
        <TableScroll label={heading} className="mt-3 rounded-xl shadow-sm">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{heading}</caption>
            <thead className="border-b border-stone-200 text-stone-600">
              <tr>
                <th scope="col" className="px-4 py-2 font-medium">
                  Request
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  Kind
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  For
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  Sent
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  Status
                </th>
              </tr>
            </thead>
            <tbody>
              {requests.map((r) => (
                <tr key={r.id} className="border-b border-stone-100 last:border-0">
                  <td className="px-4 py-2">
                    <Link to={href('/partner/dashboard/marketing/requests/:id', { id: String(r.id) })} className="font-medium underline underline-offset-4">
                      {r.title}
                    </Link>
                  </td>
                  <td className="px-4 py-2">{MARKETING_REQUEST_KIND_LABELS[r.kind]}</td>
                  <td className="px-4 py-2">{r.neededBy ? formatUtcDate(r.neededBy) : r.eventDate ? formatUtcDate(r.eventDate) : '—'}</td>
                  <td className="px-4 py-2">{formatUtcDate(r.createdAt)}</td>
                  <td className="px-4 py-2">
                    <RequestStatusBadge status={r.status} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}
