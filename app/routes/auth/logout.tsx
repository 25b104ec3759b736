// POST /auth/logout: ends this session and returns home (spec §4, §8).
import { redirect } from 'react-router';
import type { Route } from './+types/logout';

export function loader() {
  throw redirect('/');
}

export async function action({ context }: Route.ActionArgs) {
  const { auth, services, flash } = context;
  if (auth.token) await services.auth.signOut(auth.token, auth.actor());
  throw flash.redirectWithToast(
    '/',
    { title: 'Logged out', description: 'You have been successfully logged out' },
    { headers: { 'Set-Cookie': auth.clearSessionCookie() } },
  );
}
