// A shipment's carrier and tracking number, linked to the carrier's tracking page when it has one.
export function TrackingLink({ carrierLabel, trackingNumber, url }: { carrierLabel: string; trackingNumber: string; url: string | null }) {
  if (!trackingNumber) return <span className="text-stone-600">{carrierLabel}</span>;
  return (
    <span>
      {carrierLabel}{' '}
      {url ? (
        <a href={url} target="_blank" rel="noopener noreferrer" className="font-medium underline" data-testid="tracking-link">
          {trackingNumber}
          <span className="sr-only"> (track with {carrierLabel}, opens in a new tab)</span>
        </a>
      ) : (
        <span className="font-medium">{trackingNumber}</span>
      )}
    </span>
  );
}
