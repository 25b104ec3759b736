// "Use my location": only where scripts run and the browser has geolocation; asks for the position
// only when pressed, and on refusal or failure says so next to the button, leaving the text search.
// Rendered by the server too (every browser that runs the app has geolocation), so it is there on a
// page that hydrates on the first press — which it is (app/lib/hydrate-on-intent.ts); CSS hides it
// where scripts do not run (`data-needs-script`, app/app.css).
import { useState, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router';

const noSubscription = () => () => {};
const hasGeolocation = () => typeof navigator !== 'undefined' && 'geolocation' in navigator;

function messageFor(error: GeolocationPositionError): string {
  if (error.code === error.PERMISSION_DENIED) {
    return 'We can’t use your location because permission was refused. Search by town, city or postcode instead.';
  }
  if (error.code === error.TIMEOUT) return 'Finding your location took too long. Try again, or search by town, city or postcode.';
  return 'We couldn’t find your location. Search by town, city or postcode instead.';
}

/** Keeps the radius, unit and product chosen in the form; replaces the place with coordinates. */
function searchFor(form: HTMLFormElement | null, coords: GeolocationCoordinates): string {
  const params = new URLSearchParams();
  params.set('lat', coords.latitude.toFixed(5));
  params.set('lng', coords.longitude.toFixed(5));
  if (form) {
    const data = new FormData(form);
    for (const name of ['radius', 'unit', 'product']) {
      const value = data.get(name);
      if (typeof value === 'string' && value) params.set(name, value);
    }
  }
  return `?${params}`;
}

export function UseMyLocation() {
  const supported = useSyncExternalStore(noSubscription, hasGeolocation, () => true);
  const navigate = useNavigate();
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  if (!supported) return null;

  const locate = (event: React.MouseEvent<HTMLButtonElement>) => {
    // aria-disabled rather than disabled while busy: a disabled button would drop keyboard focus.
    if (state.busy) return;
    const form = event.currentTarget.form;
    setState({ busy: true, error: null });
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setState({ busy: false, error: null });
        void navigate(searchFor(form, position.coords));
      },
      (error) => setState({ busy: false, error: messageFor(error) }),
      { enableHighAccuracy: false, timeout: 10_000, maximumAge: 300_000 },
    );
  };

  // A fragment: the button sits beside "Search", the message takes a line of its own below.
  return (
    <>
      <button
        type="button"
        data-needs-script=""
        onClick={locate}
        aria-disabled={state.busy || undefined}
        className="inline-flex items-center gap-2 rounded-full border border-forest px-5 py-2 font-medium text-forest hover:bg-forest hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brass aria-disabled:opacity-60"
      >
        <span aria-hidden="true">◎</span>
        {state.busy ? 'Finding your location…' : 'Use my location'}
      </button>
      {state.error ? (
        <p
          role="alert"
          className="order-last basis-full rounded-md border border-red-700 bg-red-50 p-3 text-sm font-medium text-red-900"
          data-testid="location-error"
        >
          {state.error}
        </p>
      ) : null}
    </>
  );
}
