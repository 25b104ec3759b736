// Forgot password: always the same answer, so nobody learns which emails have accounts.
import { Form, Link, useNavigation, href } from 'react-router';
import { emailOnlyForm } from '@shared/schemas/auth';
import type { Route } from './+types/forgot-password';
import { AuthCard, primaryButton, useActionToast } from '~/features/auth/auth-card';
import { Field, FormError } from '~/components/forms/fields';
import { actionError } from '~/lib/action-result';
import { limited } from '~/lib/auth-action.server';

export const meta: Route.MetaFunction = () => [{ title: 'Forgot password · Frolic' }, { name: 'robots', content: 'noindex' }];

const RESET_SENT = "If an account exists with that email, we've sent password reset instructions.";

export async function action({ request, context }: Route.ActionArgs) {
  const tooMany = await limited(context, 'reset', 'Password reset request failed');
  if (tooMany) return tooMany;
  const parsed = emailOnlyForm.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return actionError(400, { errors: { email: 'Enter a valid email address.' } });
  await context.services.auth.requestPasswordReset(parsed.data.email, context.auth.actor(), context.origin);
  return { sent: true, toast: { title: 'Password reset email sent', description: RESET_SENT } };
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  useActionToast(actionData);
  if (actionData && 'sent' in actionData && actionData.sent) {
    return (
      <AuthCard title="Password reset email sent">
        <p role="status" className="text-center text-stone-700">
          {RESET_SENT}
        </p>
        <p className="mt-6 text-center">
          <Link to={href('/auth/login')} className="text-brass underline">
            Back to sign-in
          </Link>
        </p>
      </AuthCard>
    );
  }
  const errors = (actionData && 'errors' in actionData ? actionData.errors : undefined) ?? {};
  return (
    <AuthCard title="Forgot your password?" intro="We'll email you a link to choose a new one.">
      <Form method="post" className="space-y-5" noValidate>
        <FormError message={actionData && 'formError' in actionData ? (actionData.formError as string | undefined) : undefined} />
        <Field label="Email address" name="email" error={errors.email}>
          {(p) => <input {...p} type="email" autoComplete="email" required />}
        </Field>
        <button type="submit" disabled={busy} className={primaryButton}>
          {busy ? 'Sending…' : 'Send reset link'}
        </button>
      </Form>
    </AuthCard>
  );
}
