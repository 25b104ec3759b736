// The guard of the brand's supplier screens (Trade invoices, Trade payments, Trade shipments), as
// Trade orders': the admin area first — Order Management is a partner permission too, so the screen's
// need alone would let a partner's post through — then the screen's need (shared/admin-screens.ts),
// refused with 'Access Denied' back to the viewer's dashboard.
import type { AppLoadContext } from 'react-router';
import { ADMIN_SCREEN_NEEDS, type AdminScreen } from '@shared/admin-screens';
import { ROLE_REDIRECT_PATH } from '@shared/paths';
import { requireAdminArea } from '~/lib/guards.server';

export async function requireTradeScreen(request: Request, context: AppLoadContext, screen: AdminScreen) {
  const user = await requireAdminArea(request, context);
  const decision = await context.services.access.decide(user, ADMIN_SCREEN_NEEDS[screen]);
  if (decision.allowed) return user;
  throw context.flash.redirectWithToast(ROLE_REDIRECT_PATH, {
    title: 'Access Denied',
    description: "You don't have permission to access this page.",
    variant: 'destructive',
  });
}
