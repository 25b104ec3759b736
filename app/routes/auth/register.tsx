// Sign-up: email, password, first and last name; a confirmation email follows.
import { Form, Link, useNavigation, href } from 'react-router';
import { registerForm, SIGN_UP_MISSING } from '@shared/schemas/auth';
import { fieldErrors } from '@shared/field-errors';
import type { Route } from './+types/register';
import { AuthCard, primaryButton, useActionToast } from '~/features/auth/auth-card';
import { Field, FormError } from '~/components/forms/fields';
import { actionError, refusal } from '~/lib/action-result';
import { limited } from '~/lib/auth-action.server';

export const meta: Route.MetaFunction = () => [{ title: 'Create an account · Frolic' }, { name: 'robots', content: 'noindex' }];

export function loader({ request }: Route.LoaderArgs) {
  return { sent: new URL(request.url).searchParams.get('sent') === '1' };
}

export async function action({ request, context }: Route.ActionArgs) {
  const tooMany = await limited(context, 'register', 'Registration failed');
  if (tooMany) return tooMany;
  const raw = Object.fromEntries(await request.formData()) as Record<string, string>;
  const values = { email: raw.email ?? '', firstName: raw.firstName ?? '', lastName: raw.lastName ?? '' };
  if (!raw.email?.trim() && !raw.password) {
    return actionError(400, {
      values,
      formError: SIGN_UP_MISSING,
      toast: { title: 'Registration failed', description: SIGN_UP_MISSING, variant: 'destructive' },
    });
  }
  const parsed = registerForm.safeParse(raw);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    return actionError(400, { values, errors, toast: { title: 'Registration failed', description: parsed.error.issues[0]?.message, variant: 'destructive' } });
  }
  try {
    await context.services.auth.register(parsed.data, context.auth.actor(), context.origin);
  } catch (err) {
    return refusal(err, { toast: 'Registration failed' });
  }
  throw context.flash.redirectWithToast(`${href('/auth/register')}?sent=1`, {
    title: 'Registration successful',
    description: 'Please check your email to confirm your account',
  });
}

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  useActionToast(actionData);
  const errors = actionData?.errors ?? {};
  const values = actionData?.values ?? {};
  if (loaderData.sent) {
    return (
      <AuthCard title="Check your email">
        <p role="status" className="text-center text-stone-700">
          Please check your email to confirm your account. The link works once and expires in 24 hours.
        </p>
        <p className="mt-6 text-center">
          <Link to={href('/auth/login')} className="text-brass underline">
            Go to sign-in
          </Link>
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Create an account" intro="For news, events and your preferences.">
      <Form method="post" className="space-y-5" noValidate>
        <FormError message={actionData?.formError} />
        <div className="grid grid-cols-2 gap-4">
          <Field label="First name" name="firstName" error={errors.firstName}>
            {(p) => <input {...p} type="text" autoComplete="given-name" required defaultValue={values.firstName} />}
          </Field>
          <Field label="Last name" name="lastName" error={errors.lastName}>
            {(p) => <input {...p} type="text" autoComplete="family-name" required defaultValue={values.lastName} />}
          </Field>
        </div>
        <Field label="Email address" name="email" error={errors.email}>
          {(p) => <input {...p} type="email" autoComplete="email" required defaultValue={values.email} />}
        </Field>
        <Field label="Password" name="password" error={errors.password} hint="At least 12 characters; a short sentence is easy to remember and hard to guess.">
          {(p) => <input {...p} type="password" autoComplete="new-password" required />}
        </Field>
        <button type="submit" disabled={busy} className={primaryButton}>
          {busy ? 'Creating…' : 'Create account'}
        </button>
      </Form>
      <p className="mt-6 text-center text-sm">
        Already have an account?{' '}
        <Link to={href('/auth/login')} className="text-brass underline">
          Sign in
        </Link>
      </p>
    </AuthCard>
  );
}
