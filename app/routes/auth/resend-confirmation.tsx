// POST: send a new confirmation link. Answers the same whether or not the account exists.
import { redirect, href } from 'react-router';
import { emailOnlyForm } from '@shared/schemas/auth';
import type { Route } from './+types/resend-confirmation';
import { limited } from '~/lib/auth-action.server';

export function loader() {
  throw redirect(href('/auth/login'));
}

export async function action({ request, context }: Route.ActionArgs) {
  if (await limited(context, 'resend', 'Login failed')) {
    throw context.flash.redirectWithToast(href('/auth/login'), {
      title: 'Login failed',
      description: 'Too many attempts. Please try again later.',
      variant: 'destructive',
    });
  }
  const parsed = emailOnlyForm.safeParse(Object.fromEntries(await request.formData()));
  if (parsed.success) await context.services.auth.resendConfirmation(parsed.data.email, context.origin);
  throw context.flash.redirectWithToast(href('/auth/login'), {
    title: 'Confirmation email sent',
    description: 'If the account still needs confirming, a new link is on its way.',
  });
}
