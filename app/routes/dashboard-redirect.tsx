// Spec §2 "Role redirect screen": /dashboard/* sends each role to its area.
import { redirect } from 'react-router';
import { roleRedirect } from '@shared/policy';
import type { Route } from './+types/dashboard-redirect';

export async function loader({ params, context }: Route.LoaderArgs) {
  const user = await context.auth.user();
  throw redirect(user && !user.mfaPending ? roleRedirect(user.roles, params['*'] ?? '', user.areas) : roleRedirect([], params['*'] ?? ''));
}
