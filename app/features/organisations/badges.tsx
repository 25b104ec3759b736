// How an organisation's status and its licence show on the staff screens: a badge each, with words
// (never colour alone), and the banner over an organisation whose licence is expiring or expired.
import type { LicenceState } from '@shared/licence';
import { ORGANISATION_STATUS_LABELS, type OrganisationStatus } from '@shared/partners';
import { formatUtcDate } from '@shared/staff-time';

const STATUS_CLASS: Record<OrganisationStatus, string> = {
  active: 'bg-green-100 text-green-900',
  pending: 'bg-amber-100 text-amber-900',
  suspended: 'bg-red-100 text-red-900',
};

export function OrganisationStatusBadge({ status }: { status: OrganisationStatus }) {
  return (
    <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_CLASS[status]}`} data-testid="organisation-status">
      {ORGANISATION_STATUS_LABELS[status]}
    </span>
  );
}

/** The licence's last day, and a badge when it expires within 30 days or has expired. */
export function LicenceCell({ expiresOn, licence }: { expiresOn: string; licence: { state: LicenceState; days: number } }) {
  return (
    <span className="flex flex-col items-start gap-1">
      <span>{formatUtcDate(`${expiresOn}T00:00:00Z`)}</span>
      <LicenceBadge licence={licence} />
    </span>
  );
}

export function LicenceBadge({ licence }: { licence: { state: LicenceState; days: number } }) {
  if (licence.state === 'valid') return null;
  if (licence.state === 'expired')
    return <span className="inline-block rounded-full bg-red-100 px-2 py-0.5 text-xs font-medium text-red-900">Licence expired</span>;
  return (
    <span className="inline-block rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">
      {licence.days === 0 ? 'Expires today' : `Expires in ${licence.days} day${licence.days === 1 ? '' : 's'}`}
    </span>
  );
}

/** Over the organisation's page: what its licence means for its members, when it matters. */
export function LicenceBanner({ expiresOn, licence }: { expiresOn: string; licence: { state: LicenceState; days: number } }) {
  if (licence.state === 'valid') return null;
  const day = formatUtcDate(`${expiresOn}T00:00:00Z`);
  const expired = licence.state === 'expired';
  return (
    <div
      role="status"
      data-testid="licence-banner"
      className={`mb-4 rounded-md border p-3 ${expired ? 'border-red-700 bg-red-50 text-red-900' : 'border-amber-600 bg-amber-50 text-amber-950'}`}
    >
      <p className="font-medium">
        {expired
          ? `Licence expired: its last valid day was ${day}.`
          : `Licence expires ${licence.days === 0 ? 'today' : licence.days === 1 ? 'tomorrow' : `in ${licence.days} days`} (last valid day ${day}).`}
      </p>
      <p className="mt-1 text-sm">
        {expired
          ? 'Its members can sign in and read, but cannot place or approve anything until you record the renewed licence below.'
          : 'Once it expires, its members cannot place or approve anything. Record the renewed licence below when it arrives.'}
      </p>
    </div>
  );
}
