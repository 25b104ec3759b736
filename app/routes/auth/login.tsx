// Sign-in at /auth/login, /admin-login and /partner-login. Lands per spec §6 (or on the page the
// visitor asked for), flags an expired password, and asks for the second factor when enrolled.
import { Form, Link, redirect, useMatches, useNavigation, href } from 'react-router';
import { dashboardLanding, hasAdminAccess, hasPartnerAccess } from '@shared/policy';
import { safeReturnTo } from '@shared/paths';
import { loginForm } from '@shared/schemas/auth';
import { fieldErrors } from '@shared/field-errors';
import type { Route } from './+types/login';
import { AuthCard, primaryButton, useActionToast } from '~/features/auth/auth-card';
import { Field, FormError } from '~/components/forms/fields';
import { actionError } from '~/lib/action-result';
import { limited } from '~/lib/auth-action.server';

const TITLES: Record<string, { title: string; intro: string }> = {
  'admin-login': { title: 'Staff sign-in', intro: 'For Frolic staff: admins, master admins and employees.' },
  'partner-login': { title: 'Partner sign-in', intro: 'For importers, distributors and retailers.' },
  login: { title: 'Sign in', intro: 'Welcome back to Frolic.' },
};

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = TITLES[matches[matches.length - 1]?.id ?? 'login'] ?? TITLES.login;
  return [{ title: `${t?.title} · Frolic` }, { name: 'robots', content: 'noindex' }];
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await context.auth.user();
  const redirectTo = new URL(request.url).searchParams.get('redirectTo') ?? '';
  // Already signed in: say so and offer their own dashboard (the form still switches account).
  const signedIn =
    user && !user.mfaPending ? { name: `${user.firstName} ${user.lastName}`.trim() || user.email, landing: dashboardLanding(user.roles, user.areas) } : null;
  return { redirectTo, signedIn };
}

export async function action({ request, context }: Route.ActionArgs) {
  const tooMany = await limited(context, 'login', 'Login failed');
  if (tooMany) return tooMany;
  const raw = Object.fromEntries(await request.formData());
  const parsed = loginForm.safeParse(raw);
  const values = { email: String(raw.email ?? '') };
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    return actionError(400, { errors, values });
  }
  const { email, password, redirectTo } = parsed.data;
  const { services, auth, flash } = context;
  // A browser that signed in before keeps its way in while strangers' guesses lock the account elsewhere.
  const knownDevice = services.auth.knownDeviceFrom(request.headers.get('cookie'), context.secure);
  const result = await services.auth.signIn({ email, password, deviceToken: auth.deviceToken ?? undefined, knownDevice }, auth.actor(), context.origin);
  switch (result.kind) {
    case 'invalid':
      return actionError(401, {
        values,
        formError: 'Invalid email or password.',
        toast: { title: 'Login failed', description: 'Invalid email or password.', variant: 'destructive' },
      });
    case 'suspended':
      return actionError(403, {
        values,
        formError: 'This account is not active. Contact your administrator.',
        toast: { title: 'Login failed', description: 'This account is not active.', variant: 'destructive' },
      });
    case 'unconfirmed':
      return actionError(403, {
        values,
        unconfirmed: true,
        formError: 'Email not confirmed. Check your inbox for the confirmation link, or send a new one.',
        toast: { title: 'Login failed', description: 'Email not confirmed', variant: 'destructive' },
      });
    case 'two_factor': {
      if (auth.token) await services.auth.signOut(auth.token, auth.actor());
      throw redirect(`${href('/auth/two-factor')}?redirectTo=${encodeURIComponent(redirectTo ?? '')}`, {
        headers: { 'Set-Cookie': auth.sessionCookie(result.token) },
      });
    }
    case 'signed_in': {
      // A fresh token at every sign-in: a session id planted before sign-in is worthless.
      if (auth.token) await services.auth.signOut(auth.token, auth.actor());
      const headers = new Headers();
      headers.append('Set-Cookie', auth.sessionCookie(result.token));
      if (result.knownDevice) headers.append('Set-Cookie', services.auth.knownDeviceCookie(result.knownDevice, context.secure));
      if (result.passwordExpired) {
        const type = hasAdminAccess(result.user.roles, result.user.areas)
          ? 'admin'
          : hasPartnerAccess(result.user.roles, result.user.areas)
            ? 'partner'
            : 'user';
        throw flash.redirectWithToast(
          `${href('/auth/reset-password')}?type=${type}`,
          { title: 'Password Reset Required', description: 'Your password has expired. You will be redirected to reset it.', variant: 'destructive' },
          { headers },
        );
      }
      const target = result.landing === href('/auth/login') ? href('/account') : result.landing;
      throw flash.redirectWithToast(safeReturnTo(redirectTo, target), { title: 'Login successful', description: 'Welcome back' }, { headers });
    }
  }
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const id = useMatches().at(-1)?.id ?? 'login';
  const t = TITLES[id] ?? TITLES.login!;
  const busy = useNavigation().state === 'submitting';
  useActionToast(actionData);
  const errors = actionData?.errors ?? {};
  return (
    <AuthCard title={t!.title} intro={t!.intro}>
      {loaderData.signedIn ? (
        <p className="mb-6 rounded-md bg-stone-100 p-3 text-sm" role="status">
          You are signed in as {loaderData.signedIn.name}.{' '}
          <Link
            to={loaderData.signedIn.landing === href('/auth/login') ? href('/account') : loaderData.signedIn.landing}
            className="font-medium text-brass underline"
          >
            Go to your dashboard
          </Link>
          , or sign in as someone else below.
        </p>
      ) : null}
      <Form method="post" className="space-y-5" noValidate>
        <FormError message={actionData?.formError} />
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <Field label="Email address" name="email" error={errors.email}>
          {(p) => <input {...p} type="email" autoComplete="username" required defaultValue={actionData?.values?.email} />}
        </Field>
        <Field label="Password" name="password" error={errors.password}>
          {(p) => <input {...p} type="password" autoComplete="current-password" required />}
        </Field>
        <button type="submit" disabled={busy} className={primaryButton}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </Form>
      {actionData && 'unconfirmed' in actionData ? (
        <Form method="post" action={href('/auth/resend-confirmation')} className="mt-4">
          <input type="hidden" name="email" value={actionData.values?.email ?? ''} />
          <button type="submit" className="w-full rounded-full border border-forest px-6 py-2 font-medium text-forest">
            Send a new confirmation link
          </button>
        </Form>
      ) : null}
      <div className="mt-6 flex justify-between text-sm">
        <Link to={href('/auth/forgot-password')} className="text-brass underline">
          Forgot your password?
        </Link>
        {id === 'login' ? (
          <Link to={href('/auth/register')} className="text-brass underline">
            Create an account
          </Link>
        ) : null}
      </div>
    </AuthCard>
  );
}
