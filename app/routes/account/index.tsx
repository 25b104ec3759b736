// /account: every signed-in user's profile, password, two-factor and active sessions.
import { Form, Link, useNavigation, href } from 'react-router';
import { ROLE_LABELS, type Role } from '@shared/policy';
import { changePasswordForm, profileForm } from '@shared/schemas/auth';
import { fieldErrors } from '@shared/field-errors';
import type { Route } from './+types/index';
import { primaryButton, useActionToast } from '~/features/auth/auth-card';
import { Field, FormError } from '~/components/forms/fields';
import { actionError, refusal } from '~/lib/action-result';
import { requireUser } from '~/lib/guards.server';

export const meta: Route.MetaFunction = () => [{ title: 'Your account · Frolic' }, { name: 'robots', content: 'noindex' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const sessions = await context.services.auth.listSessions(user.id);
  return { user, sessions: sessions.map((s) => ({ ...s, current: s.id === user.sessionId })) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const raw = Object.fromEntries(await request.formData());
  const { services, auth, flash } = context;
  const actor = auth.actor(user.id);
  try {
    switch (raw.intent) {
      case 'profile': {
        const parsed = profileForm.safeParse(raw);
        if (!parsed.success)
          return actionError(400, {
            intent: 'profile',
            errors: fieldErrors(parsed.error),
            toast: { title: 'Failed to update profile', description: parsed.error.issues[0]?.message, variant: 'destructive' },
          });
        await services.auth.updateProfile(user, parsed.data, actor);
        return { intent: 'profile', toast: { title: 'Profile updated' } };
      }
      case 'password': {
        const parsed = changePasswordForm.safeParse(raw);
        if (!parsed.success)
          return actionError(400, {
            intent: 'password',
            errors: fieldErrors(parsed.error),
            toast: { title: 'Failed to update password', description: parsed.error.issues[0]?.message, variant: 'destructive' },
          });
        await services.auth.changePassword(user, { current: parsed.data.current, password: parsed.data.password }, actor);
        return { intent: 'password', toast: { title: 'Password updated', description: 'Your other sessions were signed out.' } };
      }
      case 'sign-out-others':
        await services.auth.signOutOthers(user, actor);
        return { intent: 'sessions', toast: { title: 'Signed out everywhere else' } };
      default:
        throw flash.redirectWithToast(href('/account'), { title: 'Unknown action', variant: 'destructive' });
    }
  } catch (err) {
    if (err instanceof Response) throw err;
    const title = raw.intent === 'profile' ? 'Failed to update profile' : 'Failed to update password';
    return refusal(err, { toast: title });
  }
}

type AccountActionData = { intent?: string; errors?: Record<string, string>; formError?: string; toast?: { title: string; description?: string } };

export default function Account({ loaderData, actionData: rawActionData }: Route.ComponentProps) {
  const actionData = rawActionData as AccountActionData | undefined;
  const { user, sessions } = loaderData;
  const busy = useNavigation().state === 'submitting';
  useActionToast(actionData);
  const errors = actionData?.errors ?? {};
  const card = 'rounded-2xl bg-white p-8 shadow-sm';
  return (
    <main id="main" className="mx-auto max-w-3xl space-y-8 px-4 py-16">
      <div>
        <h1 className="font-serif text-4xl">Your account</h1>
        <p className="mt-2 text-stone-700">
          {user.email} · {user.roles.map((r) => ROLE_LABELS[r as Role] ?? r).join(', ') || 'Customer'}
        </p>
      </div>

      <section className={card} aria-labelledby="profile-heading">
        <h2 id="profile-heading" className="font-serif text-2xl">
          Profile
        </h2>
        <Form method="post" className="mt-6 grid gap-5 sm:grid-cols-2" noValidate>
          <input type="hidden" name="intent" value="profile" />
          <Field label="First name" name="firstName" error={actionData?.intent === 'profile' ? errors.firstName : undefined}>
            {(p) => <input {...p} type="text" autoComplete="given-name" defaultValue={user.firstName} />}
          </Field>
          <Field label="Last name" name="lastName" error={actionData?.intent === 'profile' ? errors.lastName : undefined}>
            {(p) => <input {...p} type="text" autoComplete="family-name" defaultValue={user.lastName} />}
          </Field>
          <div className="sm:col-span-2">
            <Field label="Avatar address" name="avatarUrl" optional error={actionData?.intent === 'profile' ? errors.avatarUrl : undefined}>
              {(p) => <input {...p} type="url" defaultValue={user.avatarUrl ?? ''} />}
            </Field>
          </div>
          <div>
            <button type="submit" disabled={busy} className={primaryButton}>
              Save profile
            </button>
          </div>
        </Form>
      </section>

      <section className={card} aria-labelledby="password-heading">
        <h2 id="password-heading" className="font-serif text-2xl">
          Password
        </h2>
        <Form method="post" className="mt-6 space-y-5" noValidate>
          <input type="hidden" name="intent" value="password" />
          {actionData?.intent === 'password' ? <FormError message={actionData.formError as string | undefined} /> : null}
          <Field label="Current password" name="current" error={actionData?.intent === 'password' ? errors.current : undefined}>
            {(p) => <input {...p} type="password" autoComplete="current-password" />}
          </Field>
          <Field label="New password" name="password" error={actionData?.intent === 'password' ? errors.password : undefined} hint="At least 12 characters.">
            {(p) => <input {...p} type="password" autoComplete="new-password" />}
          </Field>
          <Field label="Repeat the new password" name="confirm" error={actionData?.intent === 'password' ? errors.confirm : undefined}>
            {(p) => <input {...p} type="password" autoComplete="new-password" />}
          </Field>
          <button type="submit" disabled={busy} className={primaryButton}>
            Change password
          </button>
        </Form>
      </section>

      <section className={card} aria-labelledby="tfa-heading">
        <h2 id="tfa-heading" className="font-serif text-2xl">
          Two-factor authentication
        </h2>
        <p className="mt-2 text-stone-700">
          {user.twoFactorEnabled ? 'On: sign-in asks for a code from your authenticator app.' : 'Off. Add a second step to sign-in with an authenticator app.'}
        </p>
        <Link to={href('/account/two-factor')} className="mt-4 inline-block font-medium text-brass underline">
          {user.twoFactorEnabled ? 'Manage two-factor authentication' : 'Set up two-factor authentication'}
        </Link>
      </section>

      <section className={card} aria-labelledby="sessions-heading">
        <h2 id="sessions-heading" className="font-serif text-2xl">
          Active sessions
        </h2>
        <ul className="mt-4 divide-y divide-stone-200">
          {sessions.map((s) => (
            <li key={s.id} className="py-3 text-sm">
              <p className="font-medium">
                {s.userAgent ?? 'Unknown device'}{' '}
                {s.current ? <span className="ml-2 rounded bg-forest px-2 py-0.5 text-xs text-white">This device</span> : null}
              </p>
              <p className="text-stone-600">
                {s.ipAddress ?? 'unknown address'} · last active {new Date(s.lastSeenAt).toLocaleString('en-GB')}
              </p>
            </li>
          ))}
        </ul>
        <Form method="post" className="mt-4">
          <input type="hidden" name="intent" value="sign-out-others" />
          <button type="submit" className="rounded-full border border-forest px-5 py-2 font-medium text-forest">
            Sign out of other sessions
          </button>
        </Form>
        <Form method="post" action={href('/auth/logout')} className="mt-4">
          <button type="submit" className="rounded-full border border-red-800 px-5 py-2 font-medium text-red-800">
            Sign out
          </button>
        </Form>
      </section>
    </main>
  );
}
