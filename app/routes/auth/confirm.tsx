// The confirmation link from the sign-up email. The token is spent only by a load the visitor sees:
// behind the age gate the page is not shown, so the link waits for the load that follows the pass
// (product.md §6) — a new browser opening the email meets the gate first.
import { Link, href } from 'react-router';
import type { Route } from './+types/confirm';
import { AuthCard } from '~/features/auth/auth-card';

export const meta: Route.MetaFunction = () => [{ title: 'Confirm your email · Frolic' }, { name: 'robots', content: 'noindex' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  if (context.gate.status !== 'pass') return { confirmed: false, gated: true };
  const token = new URL(request.url).searchParams.get('token') ?? '';
  try {
    await context.services.auth.confirmEmail(token, context.auth.actor());
    return { confirmed: true, gated: false };
  } catch {
    return { confirmed: false, gated: false };
  }
}

export default function Confirm({ loaderData }: Route.ComponentProps) {
  return (
    <AuthCard title={loaderData.confirmed ? 'Email confirmed' : 'This link has expired'}>
      <p role="status" className="text-center text-stone-700">
        {loaderData.confirmed
          ? 'Thank you. Your account is ready: you can sign in now.'
          : 'The link is invalid, was used already, or has expired. Sign in to ask for a new one.'}
      </p>
      <p className="mt-6 text-center">
        <Link to={href('/auth/login')} className="text-brass underline">
          Go to sign-in
        </Link>
      </p>
    </AuthCard>
  );
}
