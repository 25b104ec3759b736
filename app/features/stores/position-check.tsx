// The store editor's position helpers. "Use address position" asks the shipped gazetteer (through
// GET /api/admin/stores/geocode) for the store's town or UK postcode area and fills the
// coordinates, saying what it matched. "Where these coordinates land" lists the towns around the
// typed coordinates (GET /api/admin/stores/nearby) and plots them: no map tiles (nothing leaves
// the server), but a point 300 km from its town, or across a border, shows at a glance.
import { useEffect, useState } from 'react';
import { NEARBY_RADIUS_KM, type NearbyPlace, type StoreGeocodeResult } from '@shared/schemas/stores';
import { buttonClass } from '~/components/admin-ui/list';

interface Address {
  city: string;
  region: string;
  postcode: string;
  country: string;
}

type Lookup = { state: 'idle' } | { state: 'busy' } | { state: 'matched'; message: string } | { state: 'failed'; message: string };

interface ApiError {
  error?: { message?: string; hint?: string; details?: { message: string }[] };
}

function errorText(body: ApiError, fallback: string): string {
  const e = body.error;
  if (!e) return fallback;
  if (e.details?.length) return e.details.map((d) => d.message).join(' ');
  return [e.message, e.hint].filter(Boolean).join(' ') || fallback;
}

/** The coordinates as numbers when both are typed and in range, else null. */
export function parseCoordinates(lat: string, lng: string): { lat: number; lng: number } | null {
  if (!lat.trim() || !lng.trim()) return null;
  const a = Number(lat);
  const b = Number(lng);
  if (!Number.isFinite(a) || !Number.isFinite(b) || Math.abs(a) > 90 || Math.abs(b) > 180) return null;
  return { lat: a, lng: b };
}

const fmtKm = (km: number) => (km < 10 ? `${km.toFixed(1)} km` : `${Math.round(km)} km`);

export function UseAddressPosition({ address, onFound }: { address: Address; onFound: (lat: string, lng: string) => void }) {
  const [lookup, setLookup] = useState<Lookup>({ state: 'idle' });
  const find = async () => {
    setLookup({ state: 'busy' });
    const params = new URLSearchParams(Object.entries(address).filter(([, v]) => v.trim() !== ''));
    try {
      const res = await fetch(`/api/admin/stores/geocode?${params}`, { credentials: 'same-origin', headers: { accept: 'application/json' } });
      const body = (await res.json()) as StoreGeocodeResult & ApiError;
      if (!res.ok) {
        setLookup({ state: 'failed', message: errorText(body, 'The position could not be looked up.') });
        return;
      }
      onFound(String(body.latitude), String(body.longitude));
      setLookup({ state: 'matched', message: body.message });
    } catch {
      setLookup({ state: 'failed', message: 'The position could not be looked up. Check your connection and try again.' });
    }
  };
  return (
    <div className="sm:col-span-2">
      <button type="button" className={buttonClass.secondary} onClick={find} disabled={lookup.state === 'busy'}>
        {lookup.state === 'busy' ? 'Looking up…' : 'Use address position'}
      </button>
      <p role="status" className={`mt-2 text-sm ${lookup.state === 'failed' ? 'font-medium text-red-800' : 'text-stone-700'}`} data-testid="position-lookup">
        {lookup.state === 'matched' || lookup.state === 'failed'
          ? lookup.message
          : 'Fills the coordinates from the town or UK postcode above (the town’s centre, from the built-in gazetteer).'}
      </p>
    </div>
  );
}

type Nearby = { state: 'none' } | { state: 'loading' } | { state: 'ready'; at: { lat: number; lng: number }; places: NearbyPlace[] } | { state: 'failed' };

/** The towns around the typed coordinates, fetched a moment after typing stops. */
function useNearby(lat: string, lng: string): Nearby {
  const at = parseCoordinates(lat, lng);
  const key = at ? `${at.lat},${at.lng}` : null;
  const [answer, setAnswer] = useState<{ key: string; at: { lat: number; lng: number }; places: NearbyPlace[] | null } | null>(null);
  useEffect(() => {
    if (key === null) return;
    const [la, ln] = key.split(',').map(Number) as [number, number];
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const res = await fetch(`/api/admin/stores/nearby?lat=${la}&lng=${ln}`, { credentials: 'same-origin', signal: controller.signal });
        if (!res.ok) throw new Error(String(res.status));
        const body = (await res.json()) as { places: NearbyPlace[] };
        setAnswer({ key, at: { lat: la, lng: ln }, places: body.places });
      } catch {
        if (!controller.signal.aborted) setAnswer({ key, at: { lat: la, lng: ln }, places: null });
      }
    }, 300);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key]);
  if (!at) return { state: 'none' };
  // While the answer for new coordinates is on its way, the last one stays up (no flicker while typing).
  if (!answer) return { state: 'loading' };
  if (answer.places === null) return answer.key === key ? { state: 'failed' } : { state: 'loading' };
  return { state: 'ready', at: answer.at, places: answer.places };
}

const NICE_KM = [0.5, 1, 2, 5, 10, 20, 50, 100];

/** The point among its towns, north up, distances true to scale (a local flat projection). */
function Plot({ at, places }: { at: { lat: number; lng: number }; places: NearbyPlace[] }) {
  const W = 320;
  const H = 200;
  const kmX = (lng: number) => (lng - at.lng) * 111.32 * Math.cos((at.lat * Math.PI) / 180);
  const kmY = (lat: number) => (lat - at.lat) * 110.57;
  const reach = Math.max(2, ...places.map((p) => Math.max(Math.abs(kmX(p.longitude)), Math.abs(kmY(p.latitude)) * (W / H))));
  const scale = (W / 2 - 24) / reach; // px per km, with room for the outermost dots
  const x = (lng: number) => W / 2 + kmX(lng) * scale;
  const y = (lat: number) => H / 2 - kmY(lat) * scale;
  const bar = [...NICE_KM].reverse().find((k) => k * scale <= W / 4) ?? NICE_KM[0]!;
  return (
    <svg
      viewBox={`0 0 ${W} ${H}`}
      role="img"
      aria-label="Plot of the coordinates among the nearest towns"
      className="mt-3 w-full max-w-md rounded-lg border border-stone-200 bg-stone-50"
      data-testid="position-plot"
    >
      {places.map((p) => {
        // Labels point inwards, so a town at the edge keeps its name inside the plot.
        const right = x(p.longitude) > W / 2;
        return (
          <g key={p.label}>
            <circle cx={x(p.longitude)} cy={y(p.latitude)} r={3.5} className="fill-stone-500" />
            <text x={x(p.longitude) + (right ? -7 : 7)} y={y(p.latitude) - 6} textAnchor={right ? 'end' : 'start'} className="fill-stone-700 text-[11px]">
              {p.label.split(',')[0]}
            </text>
          </g>
        );
      })}
      <circle cx={W / 2} cy={H / 2} r={9} className="fill-brass/25 stroke-brass" strokeWidth={2} />
      <circle cx={W / 2} cy={H / 2} r={3} className="fill-brass" />
      <line x1={12} y1={H - 14} x2={12 + bar * scale} y2={H - 14} className="stroke-ink" strokeWidth={2} />
      <text x={12} y={H - 20} className="fill-ink text-[10px]">{`${bar} km`}</text>
      <circle cx={16} cy={15} r={3} className="fill-brass" />
      <text x={24} y={18} className="fill-ink text-[10px]">
        the store
      </text>
      <text x={W - 12} y={18} textAnchor="end" className="fill-stone-600 text-[10px]">
        N ↑
      </text>
    </svg>
  );
}

export function WhereItLands({ lat, lng, country }: { lat: string; lng: string; country: string }) {
  const nearby = useNearby(lat, lng);
  const code = country.trim().toUpperCase();
  let text: React.ReactNode;
  if (nearby.state === 'none') text = 'Enter the coordinates, or use the address position, to see where they land.';
  else if (nearby.state === 'loading') text = 'Looking for the nearest towns…';
  else if (nearby.state === 'failed') text = 'The nearest towns could not be looked up.';
  else if (nearby.places.length === 0) {
    text = `No town in the gazetteer within ${NEARBY_RADIUS_KM} km of ${nearby.at.lat}, ${nearby.at.lng}. Check the coordinates: a missing minus sign moves a store to the other side of the world.`;
  } else {
    const first = nearby.places[0]!;
    text = (
      <>
        {first.distanceKm < 0.05 ? `At the centre of ${first.label}.` : `${fmtKm(first.distanceKm)} from the centre of ${first.label}.`}
        {/^[A-Z]{2}$/.test(code) && first.country !== code ? (
          <strong className="mt-1 block font-medium text-red-800">
            The nearest town is not in the store’s country ({code}): check the coordinates and the country.
          </strong>
        ) : null}
      </>
    );
  }
  return (
    <div role="group" aria-labelledby="where-it-lands" className="sm:col-span-2">
      <p id="where-it-lands" className="text-sm font-medium">
        Where these coordinates land
      </p>
      <p className="mt-1 text-sm text-stone-700" aria-live="polite" data-testid="position-lands">
        {text}
      </p>
      {nearby.state === 'ready' && nearby.places.length > 0 ? <Plot at={nearby.at} places={nearby.places} /> : null}
    </div>
  );
}
