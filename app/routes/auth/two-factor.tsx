// The second step of sign-in: a code from the authenticator app, or a recovery code.
import { Form, redirect, useNavigation, href } from 'react-router';
import { safeReturnTo } from '@shared/paths';
import { totpCodeForm } from '@shared/schemas/auth';
import type { Route } from './+types/two-factor';
import { AuthCard, primaryButton, useActionToast } from '~/features/auth/auth-card';
import { Field, FormError } from '~/components/forms/fields';
import { actionError, refusal } from '~/lib/action-result';
import { limited } from '~/lib/auth-action.server';
import { plural } from '@shared/plural';

export const meta: Route.MetaFunction = () => [{ title: 'Two-factor authentication · Frolic' }, { name: 'robots', content: 'noindex' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await context.auth.user();
  if (!user) throw redirect(href('/auth/login'));
  if (!user.mfaPending) throw redirect(href('/account'));
  const days = (await context.services.settings.get()).rememberDeviceDays;
  return { redirectTo: new URL(request.url).searchParams.get('redirectTo') ?? '', days };
}

export async function action({ request, context }: Route.ActionArgs) {
  const tooMany = await limited(context, 'totp', 'Login failed');
  if (tooMany) return tooMany;
  const raw = Object.fromEntries(await request.formData());
  const parsed = totpCodeForm.safeParse(raw);
  if (!parsed.success) return actionError(400, { errors: { code: 'Enter the code.' } });
  const { auth, services, flash } = context;
  if (!auth.token) throw redirect(href('/auth/login'));
  try {
    const knownDevice = services.auth.knownDeviceFrom(request.headers.get('cookie'), context.secure);
    const {
      result,
      token,
      deviceToken,
      deviceDays,
      knownDevice: device,
    } = await services.auth.verifyTwoFactor(auth.token, parsed.data.code, parsed.data.remember ?? false, auth.actor(), knownDevice);
    if (result.kind !== 'signed_in' || !token) throw redirect(href('/auth/login'));
    const headers = new Headers();
    headers.append('Set-Cookie', auth.sessionCookie(token));
    if (deviceToken && deviceDays) headers.append('Set-Cookie', auth.deviceCookie(deviceToken, deviceDays));
    if (device) headers.append('Set-Cookie', services.auth.knownDeviceCookie(device, context.secure));
    if (result.passwordExpired) {
      throw flash.redirectWithToast(
        href('/auth/reset-password'),
        { title: 'Password Reset Required', description: 'Your password has expired. You will be redirected to reset it.', variant: 'destructive' },
        { headers },
      );
    }
    const landing = result.landing === href('/auth/login') ? href('/account') : result.landing;
    throw flash.redirectWithToast(safeReturnTo(String(raw.redirectTo ?? ''), landing), { title: 'Login successful', description: 'Welcome back' }, { headers });
  } catch (err) {
    if (err instanceof Response) throw err;
    if ((err as { code?: string }).code === 'too_many_codes') {
      throw flash.redirectWithToast(
        href('/auth/login'),
        { title: 'Login failed', description: 'Too many wrong codes. Sign in again.', variant: 'destructive' },
        { headers: { 'Set-Cookie': auth.clearSessionCookie() } },
      );
    }
    return refusal(err, { toast: 'Login failed' });
  }
}

export default function TwoFactor({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  useActionToast(actionData);
  return (
    <AuthCard title="Two-factor authentication" intro="Enter the 6-digit code from your authenticator app, or one of your recovery codes.">
      <Form method="post" className="space-y-5" noValidate>
        <FormError message={actionData?.formError} />
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <Field label="Code" name="code" error={actionData?.errors?.code}>
          {(p) => <input {...p} type="text" inputMode="numeric" autoComplete="one-time-code" required autoFocus />}
        </Field>
        <label className="flex items-center gap-3">
          <input type="checkbox" name="remember" className="size-4 accent-forest" />
          <span>Trust this device for {plural(loaderData.days, 'day')}</span>
        </label>
        <button type="submit" disabled={busy} className={primaryButton}>
          {busy ? 'Checking…' : 'Verify'}
        </button>
      </Form>
    </AuthCard>
  );
}
