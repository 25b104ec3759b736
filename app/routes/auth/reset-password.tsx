// Choose a new password: from an emailed link (reset, lockout, invitation), or signed in (a forced
// reset after expiry — spec §4 — or by choice). type=admin|partner names the area it returns to. An
// accepted invitation signs the invitee in and lands them on their dashboard; a reset link does not.
import { Form, Link, redirect, useNavigation, href } from 'react-router';
import { dashboardLanding } from '@shared/policy';
import { resetPasswordForm } from '@shared/schemas/auth';
import { fieldErrors } from '@shared/field-errors';
import type { Route } from './+types/reset-password';
import { AuthCard, primaryButton, useActionToast } from '~/features/auth/auth-card';
import { Field, FormError } from '~/components/forms/fields';
import { actionError, refusal } from '~/lib/action-result';
import { limited } from '~/lib/auth-action.server';

export const meta: Route.MetaFunction = () => [{ title: 'Reset password · Frolic' }, { name: 'robots', content: 'noindex' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get('token');
  const user = token ? null : await context.auth.user();
  if (user?.mfaPending) throw redirect(href('/auth/two-factor'));
  // Signed in without an expired password: change it on the account page, with the current one.
  if (user && !user.requiresPasswordReset) throw redirect(href('/account'));
  return { token, signedIn: !!user, forced: user?.requiresPasswordReset ?? false, type: url.searchParams.get('type') };
}

export async function action({ request, context }: Route.ActionArgs) {
  const tooMany = await limited(context, 'reset', 'Failed to update password');
  if (tooMany) return tooMany;
  const parsed = resetPasswordForm.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    return actionError(400, { errors, toast: { title: 'Failed to update password', description: parsed.error.issues[0]?.message, variant: 'destructive' } });
  }
  const { services, auth, flash } = context;
  const { token, password } = parsed.data;
  try {
    if (token) {
      const done = await services.auth.resetPasswordWithToken(token, password, auth.actor());
      if (done.session) {
        // An accepted invitation signs the invitee in (a session this browser had ends first) and
        // lands them on their dashboard.
        if (auth.token) await services.auth.signOut(auth.token, auth.actor());
        const signedIn = await services.auth.finishSignIn(done.session);
        if (signedIn.kind === 'signed_in') {
          const landing = signedIn.landing === href('/auth/login') ? href('/account') : signedIn.landing;
          throw flash.redirectWithToast(
            landing,
            { title: 'Welcome to Frolic', description: 'Your password is set and you are signed in.' },
            { headers: { 'Set-Cookie': auth.sessionCookie(done.session) } },
          );
        }
      }
      throw flash.redirectWithToast(href('/auth/login'), { title: 'Password updated', description: 'Sign in with your new password.' });
    }
    const user = await auth.user();
    if (!user || user.mfaPending) throw redirect(href('/auth/forgot-password'));
    // Without a link, only a forced reset (the password was just checked at sign-in) skips the current one.
    if (!user.requiresPasswordReset) throw redirect(href('/account'));
    await services.auth.changePassword(user, { password }, auth.actor(user.id));
    throw flash.redirectWithToast(
      dashboardLanding(user.roles, user.areas) === href('/auth/login') ? href('/account') : dashboardLanding(user.roles, user.areas),
      {
        title: 'Password updated',
        description: 'Your new password is in use.',
      },
    );
  } catch (err) {
    if (err instanceof Response) throw err;
    return refusal(err, { toast: 'Failed to update password' });
  }
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  useActionToast(actionData);
  const errors = actionData?.errors ?? {};
  if (!loaderData.token && !loaderData.signedIn) {
    return (
      <AuthCard title="Reset your password">
        <p className="text-center text-stone-700">To choose a new password, ask for a reset link by email.</p>
        <p className="mt-6 text-center">
          <Link to={href('/auth/forgot-password')} className="text-brass underline">
            Email me a link
          </Link>
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Choose a new password"
      intro={loaderData.forced ? 'Your password has expired. Choose a new one to continue.' : 'Use at least 12 characters.'}
    >
      <Form method="post" className="space-y-5" noValidate>
        <FormError message={actionData?.formError} />
        {loaderData.token ? <input type="hidden" name="token" value={loaderData.token} /> : null}
        <Field label="New password" name="password" error={errors.password} hint="At least 12 characters, not a common password.">
          {(p) => <input {...p} type="password" autoComplete="new-password" required />}
        </Field>
        <Field label="Repeat the new password" name="confirm" error={errors.confirm}>
          {(p) => <input {...p} type="password" autoComplete="new-password" required />}
        </Field>
        <button type="submit" disabled={busy} className={primaryButton}>
          {busy ? 'Saving…' : 'Update password'}
        </button>
      </Form>
    </AuthCard>
  );
}
