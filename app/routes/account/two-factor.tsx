// Two-factor set-up: scan a QR code, confirm with a code, keep the recovery codes (shown once).
import { Form, Link, useNavigation, href } from 'react-router';
import type { Route } from './+types/two-factor';
import { primaryButton, useActionToast } from '~/features/auth/auth-card';
import { Field, FormError } from '~/components/forms/fields';
import { actionError, refusal } from '~/lib/action-result';
import { requireUser } from '~/lib/guards.server';

export const meta: Route.MetaFunction = () => [{ title: 'Two-factor authentication · Frolic' }, { name: 'robots', content: 'noindex' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  return { enabled: user.twoFactorEnabled, required: new URL(request.url).searchParams.get('required') === '1' };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const raw = Object.fromEntries(await request.formData()) as Record<string, string>;
  const actor = context.auth.actor(user.id);
  try {
    if (raw.intent === 'start') return { stage: 'scan' as const, ...(await context.services.auth.beginTotp(user)) };
    if (raw.intent === 'confirm') {
      if (!raw.code?.trim()) return actionError(400, { stage: 'scan', errors: { code: 'Enter the code from your app.' }, secret: raw.secret, qr: raw.qr });
      const codes = await context.services.auth.confirmTotp(user, raw.code, actor);
      return { stage: 'done' as const, codes, toast: { title: 'Two-factor authentication is on' } };
    }
    if (raw.intent === 'disable') {
      await context.services.auth.disableTotp(user, raw.password ?? '', actor);
      throw context.flash.redirectWithToast(href('/account'), { title: 'Two-factor authentication is off' });
    }
    return actionError(400, { formError: 'Unknown action.' });
  } catch (err) {
    if (err instanceof Response) throw err;
    const r = refusal(err, { toast: 'Two-factor authentication' });
    // Keep the QR code on screen after a wrong code.
    if (raw.intent === 'confirm')
      return actionError(r.init?.status ?? 400, { ...r.data, stage: 'scan', secret: raw.secret, qr: raw.qr, errors: { code: r.data.formError as string } });
    return r;
  }
}

export default function TwoFactorSetup({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  const data = actionData as
    | { stage?: string; qr?: string; secret?: string; codes?: string[]; errors?: Record<string, string>; formError?: string; toast?: { title: string } }
    | undefined;
  useActionToast(data);
  return (
    <main id="main" className="mx-auto max-w-2xl px-4 py-16">
      <h1 className="font-serif text-4xl">Two-factor authentication</h1>
      {loaderData.required ? (
        <p role="alert" className="mt-4 rounded-md border border-brass bg-amber-50 p-3">
          Frolic requires two-factor authentication for staff. Set it up to continue.
        </p>
      ) : null}
      <div className="mt-8 rounded-2xl bg-white p-8 shadow-sm">
        {data?.stage === 'done' && data.codes ? (
          <>
            <h2 className="font-serif text-2xl">Save your recovery codes</h2>
            <p className="mt-2 text-stone-700">Each code signs you in once if you lose your phone. They are shown only now: store them somewhere safe.</p>
            <ul className="mt-4 grid grid-cols-2 gap-2 font-mono" data-testid="recovery-codes">
              {data.codes.map((c) => (
                <li key={c} className="rounded bg-stone-100 px-3 py-2">
                  {c}
                </li>
              ))}
            </ul>
            <Link to={href('/account')} className="mt-6 inline-block font-medium text-brass underline">
              I have saved them
            </Link>
          </>
        ) : data?.stage === 'scan' && data.qr ? (
          <>
            <h2 className="font-serif text-2xl">Scan this code</h2>
            <p className="mt-2 text-stone-700">Scan it with an authenticator app, or type the key below, then enter the 6-digit code the app shows.</p>
            <img src={data.qr} alt="QR code for your authenticator app" width={220} height={220} className="mt-4" />
            <p className="mt-2 font-mono text-sm break-all" data-testid="totp-secret">
              {data.secret}
            </p>
            <Form method="post" className="mt-6 space-y-4" noValidate>
              <input type="hidden" name="intent" value="confirm" />
              <input type="hidden" name="secret" value={data.secret} />
              <input type="hidden" name="qr" value={data.qr} />
              <Field label="Code from the app" name="code" error={data.errors?.code}>
                {(p) => <input {...p} type="text" inputMode="numeric" autoComplete="one-time-code" />}
              </Field>
              <button type="submit" disabled={busy} className={primaryButton}>
                Turn on
              </button>
            </Form>
          </>
        ) : loaderData.enabled ? (
          <Form method="post" className="space-y-4" noValidate>
            <FormError message={data?.formError} />
            <p>Two-factor authentication is on. To turn it off, confirm your password.</p>
            <input type="hidden" name="intent" value="disable" />
            <Field label="Password" name="password" error={data?.errors?.password}>
              {(p) => <input {...p} type="password" autoComplete="current-password" />}
            </Field>
            <button type="submit" disabled={busy} className="rounded-full border border-red-800 px-5 py-2 font-medium text-red-800">
              Turn off
            </button>
          </Form>
        ) : (
          <Form method="post">
            <input type="hidden" name="intent" value="start" />
            <p className="text-stone-700">You will need an authenticator app such as 1Password, Authy or Google Authenticator.</p>
            <button type="submit" disabled={busy} className={`${primaryButton} mt-6`}>
              Set up two-factor authentication
            </button>
          </Form>
        )}
      </div>
    </main>
  );
}
