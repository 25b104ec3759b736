// Spec §2 "Role redirect screen": /dashboard/* sends each role to its area.
import { redirect } from 'react-router';
import { roleRedirect } from '@shared/policy';
import type { Route } from './+types/dashboard-redirect';

export function loader({ params }: Route.LoaderArgs) {
  // Accounts are not built yet: nobody holds a role, so this resolves to the sign-in page.
  const roles: string[] = [];
  throw redirect(roleRedirect(roles, params['*'] ?? ''));
}
