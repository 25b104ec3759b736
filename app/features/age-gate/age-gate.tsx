// The age gate (product.md §6): year first, day and month only when the year cannot decide, and the
// country. A plain form the server handles, enhanced by a fetcher when JavaScript runs.
import { useId } from 'react';
import { useFetcher, href } from 'react-router';
import { COUNTRIES } from '@shared/legal-age';
import { AGE_PASS_REMEMBER_DAYS } from '@shared/limits';

export type GateActionData =
  | { step: 'full'; country: string; year: number; remember: boolean; error?: string }
  | { step: 'error'; errors: Partial<Record<'country' | 'year' | 'month' | 'day', string>>; values: Record<string, string> }
  | { step: 'prohibited'; country: string }
  | { step: 'denied' };

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const RESPONSIBILITY_URL = 'https://www.responsibility.org/';

const inputClass =
  'mt-1 block w-full rounded-md border border-stone-400 bg-white px-3 py-2 text-ink focus:border-brass focus:ring-2 focus:ring-brass-light focus:outline-none';

export function AgeGate({ returnTo, denied, result }: { returnTo: string; denied: boolean; result?: GateActionData }) {
  const fetcher = useFetcher<GateActionData>({ key: 'age-gate' });
  const data = fetcher.data ?? result;
  const id = useId();
  const busy = fetcher.state !== 'idle';
  const action = `${href('/age-gate')}?returnTo=${encodeURIComponent(returnTo)}`;

  let body: React.ReactNode;
  if (denied || data?.step === 'denied') {
    body = (
      <div role="alert" className="space-y-4">
        <h2 className="font-serif text-2xl">Sorry, we can't let you in</h2>
        <p>You must be of legal drinking age in your country to visit this site.</p>
        <p>
          Learn about alcohol and young people at{' '}
          <a className="font-medium text-brass underline" href={RESPONSIBILITY_URL} rel="noopener noreferrer">
            Responsibility.org
          </a>
          .
        </p>
      </div>
    );
  } else if (data?.step === 'prohibited') {
    body = (
      <div role="alert" className="space-y-4">
        <h2 className="font-serif text-2xl">Not available in your country</h2>
        <p>The sale of alcohol is prohibited where you are, so this site is not available there.</p>
      </div>
    );
  } else {
    const errors = data?.step === 'error' ? data.errors : {};
    const values = data?.step === 'error' ? data.values : {};
    const full = data?.step === 'full' ? data : null;
    body = (
      <fetcher.Form method="post" action={action} className="space-y-5" noValidate>
        <h2 className="font-serif text-2xl">{full ? 'Just to be sure' : 'Are you of legal drinking age?'}</h2>
        {full ? (
          <>
            <p>
              You were born in {full.year}. Tell us your birthday so we can check you are of legal drinking age in{' '}
              {COUNTRIES.find((c) => c.code === full.country)?.name ?? full.country}.
            </p>
            <input type="hidden" name="year" value={full.year} />
            <input type="hidden" name="country" value={full.country} />
            {full.remember ? <input type="hidden" name="remember" value="on" /> : null}
            <div className="grid grid-cols-2 gap-4">
              <div>
                <label htmlFor={`${id}-month`} className="block text-sm font-medium">
                  Month of birth
                </label>
                <select id={`${id}-month`} name="month" required className={inputClass} defaultValue="">
                  <option value="" disabled>
                    Month
                  </option>
                  {MONTHS.map((m, i) => (
                    <option key={m} value={i + 1}>
                      {m}
                    </option>
                  ))}
                </select>
              </div>
              <div>
                <label htmlFor={`${id}-day`} className="block text-sm font-medium">
                  Day of birth
                </label>
                <input id={`${id}-day`} name="day" inputMode="numeric" required min={1} max={31} type="number" className={inputClass} />
              </div>
            </div>
            <FieldError id={`${id}-date-error`} message={full.error} />
          </>
        ) : (
          <>
            <div>
              <label htmlFor={`${id}-year`} className="block text-sm font-medium">
                Year of birth
              </label>
              <input
                id={`${id}-year`}
                name="year"
                type="number"
                inputMode="numeric"
                autoComplete="bday-year"
                placeholder="YYYY"
                required
                defaultValue={values.year}
                aria-invalid={errors.year ? true : undefined}
                aria-describedby={errors.year ? `${id}-year-error` : undefined}
                className={inputClass}
              />
              <FieldError id={`${id}-year-error`} message={errors.year} />
            </div>
            <div>
              <label htmlFor={`${id}-country`} className="block text-sm font-medium">
                Country you are in
              </label>
              <select
                id={`${id}-country`}
                name="country"
                required
                defaultValue={values.country ?? ''}
                aria-invalid={errors.country ? true : undefined}
                aria-describedby={errors.country ? `${id}-country-error` : undefined}
                className={inputClass}
              >
                <option value="" disabled>
                  Choose your country
                </option>
                {COUNTRIES.map((c) => (
                  <option key={c.code} value={c.code}>
                    {c.name}
                  </option>
                ))}
              </select>
              <FieldError id={`${id}-country-error`} message={errors.country} />
            </div>
            <div className="flex items-start gap-3">
              <input id={`${id}-remember`} name="remember" type="checkbox" className="mt-1 size-4 accent-forest" aria-describedby={`${id}-remember-note`} />
              <div>
                <label htmlFor={`${id}-remember`} className="font-medium">
                  Remember me
                </label>
                <p id={`${id}-remember-note`} className="text-sm text-stone-700">
                  We'll skip this question on this device for {AGE_PASS_REMEMBER_DAYS} days. Don't tick this on a shared or public device.
                </p>
              </div>
            </div>
          </>
        )}
        <button type="submit" disabled={busy} className="w-full rounded-full bg-forest px-6 py-3 font-semibold text-white hover:bg-ink disabled:opacity-60">
          {busy ? 'Checking…' : 'Enter'}
        </button>
      </fetcher.Form>
    );
  }

  return (
    <main id="main" className="flex min-h-screen items-center justify-center bg-forest p-4">
      <div className="w-full max-w-md rounded-2xl bg-cream p-8 shadow-2xl">
        <h1 className="mb-6 text-center font-serif text-4xl tracking-widest text-brass">FROLIC</h1>
        {body}
        <p className="mt-6 text-center text-xs text-stone-700">
          By entering you agree to our terms of use and privacy policy. Please enjoy Frolic responsibly.
        </p>
      </div>
    </main>
  );
}

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="mt-1 text-sm font-medium text-red-800">
      {message}
    </p>
  );
}
