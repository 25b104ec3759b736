// Server-side guards for loaders and actions. The one decision (server/auth/authorize.ts, reached
// through the load context) answers; a refusal becomes a redirect with the spec §8 toast (or a 404),
// thrown, so a loader reads as its happy path. The browser only mirrors what these decide.
import { data, redirect, type AppLoadContext, href } from 'react-router';
import {
  type AccessDecision,
  type AccessNeed,
  type Area,
  loginPathFor,
  type OwnedResource,
  partnerPageRoles,
  type Permission,
  type Role,
} from '@shared/policy';
import { ADMIN_SCREEN_NEEDS, ADMIN_SCREENS, type AdminScreen } from '@shared/admin-screens';
import { READ_ONLY_REFUSAL, STANDING_REFUSAL } from '@shared/partners';
import { ROLE_REDIRECT_PATH } from '@shared/paths';

type User = NonNullable<Awaited<ReturnType<AppLoadContext['auth']['user']>>>;
type Refusal = Exclude<AccessDecision, { allowed: true }>;

function here(request: Request): string {
  const url = new URL(request.url);
  return url.pathname + url.search;
}

const LOGIN_PAGE: Record<Area, string> = { admin: href('/admin-login'), partner: href('/partner-login') };
const AREA_NAME: Record<Area, string> = { admin: 'admin dashboard', partner: 'partner dashboard' };

/** The refusal as the page's answer: where it sends the visitor, and what the toast says (spec §8). */
function pageRefusal(request: Request, context: AppLoadContext, user: User | null, refusal: Refusal, loginPath: string): Response {
  const back = encodeURIComponent(here(request));
  switch (refusal.reason) {
    case 'unauthenticated':
      return redirect(`${loginPath}?redirectTo=${back}`);
    case 'mfa_pending':
      return redirect(`${href('/auth/two-factor')}?redirectTo=${back}`);
    case 'password_expired':
      return context.flash.redirectWithToast(`${href('/auth/reset-password')}?type=${refusal.area ?? 'user'}`, {
        title: 'Password Reset Required',
        description: 'Your password has expired. Please reset it now.',
        variant: 'destructive',
      });
    case 'two_factor_required':
      return context.flash.redirectWithToast(`${href('/account/two-factor')}?required=1`, {
        title: 'Two-factor authentication required',
        description: 'Set up two-factor authentication to use the admin area.',
      });
    case 'not_found':
      throw data('Not found', { status: 404 });
    case 'trading_blocked': {
      // Reading stays open: a refused write goes back to the page it came from, saying why.
      const why = STANDING_REFUSAL[refusal.standing ?? 'pending'];
      const back = request.method === 'GET' ? ROLE_REDIRECT_PATH : here(request);
      return context.flash.redirectWithToast(back, { title: why.title, description: why.message, variant: 'destructive' });
    }
    case 'read_only':
      return context.flash.redirectWithToast(request.method === 'GET' ? ROLE_REDIRECT_PATH : here(request), {
        title: READ_ONLY_REFUSAL.title,
        description: READ_ONLY_REFUSAL.message,
        variant: 'destructive',
      });
    case 'forbidden':
      // Spec §8: no business in the area → the sign-in page that matches who they are (a partner to
      // /partner-login); in the area but not this page → /dashboard.
      if (refusal.missing === 'area' && refusal.area) {
        return context.flash.redirectWithToast(loginPathFor(user?.roles ?? [], user?.areas), {
          title: 'Access Denied',
          description: `You don't have permission to access the ${AREA_NAME[refusal.area]}`,
          variant: 'destructive',
        });
      }
      return context.flash.redirectWithToast(ROLE_REDIRECT_PATH, {
        title: 'Access Denied',
        description: "You don't have permission to access this page.",
        variant: 'destructive',
      });
  }
}

/**
 * Asks the decision for `need`; returns the user, or throws the page's refusal. `loginPath` is where
 * someone signed out goes (the area's sign-in page unless told).
 */
export async function requireAccess(request: Request, context: AppLoadContext, need: AccessNeed, loginPath?: string): Promise<User> {
  const user = await context.auth.user();
  const decision = await context.services.access.decide(user, need);
  if (decision.allowed) return user as User;
  throw pageRefusal(request, context, user, decision, loginPath ?? (decision.area ? LOGIN_PAGE[decision.area] : href('/auth/login')));
}

/** Signed in with the second factor done; otherwise to `loginPath` (keeping the page asked for). */
export function requireUser(request: Request, context: AppLoadContext, loginPath = href('/auth/login')): Promise<User> {
  return requireAccess(request, context, { signedIn: true }, loginPath);
}

/** The admin shell: staff only; password expiry and enforced two-factor come first. */
export function requireAdminArea(request: Request, context: AppLoadContext): Promise<User> {
  return requireAccess(request, context, { area: 'admin' });
}

/** The partner shell, or — given roles — a page of those roles (spec §6: another role's page is 'Access Denied'). */
export function requirePartnerArea(request: Request, context: AppLoadContext, roles?: readonly Role[]): Promise<User> {
  return requireAccess(request, context, roles ? { area: 'partner', roles } : { area: 'partner' });
}

/**
 * A partner page: the partner area, and for a page of some roles (PARTNER_PAGE_ROLES) one of them —
 * a retailer opening a distributor's page gets 'Access Denied' and goes to its own dashboard.
 */
export function requirePartnerPage(request: Request, context: AppLoadContext): Promise<User> {
  return requirePartnerArea(request, context, partnerPageRoles(new URL(request.url).pathname));
}

/** Spec §6 master-admin screens: master admin only, whatever the permission switches say. */
export function requireMasterAdmin(request: Request, context: AppLoadContext): Promise<User> {
  return requireAccess(request, context, { masterAdmin: true });
}

/** Permissions (all of them), optionally over a record owned by organisations (another's is a 404). */
export function requirePermission(
  request: Request,
  context: AppLoadContext,
  permission: Permission | readonly Permission[],
  resource?: OwnedResource,
): Promise<User> {
  return requireAccess(request, context, { permission, resource });
}

/** Whether the decision allows `need` — for what a page shows (a delete button, a search group), not a guard. */
export function can(context: AppLoadContext, user: User | null, need: AccessNeed): Promise<boolean> {
  return context.services.access.can(user, need);
}

/** An admin screen's guard: the need shared/admin-screens.ts gives it, which its links are shown for too. */
export function requireScreen(request: Request, context: AppLoadContext, screen: AdminScreen): Promise<User> {
  return requireAccess(request, context, ADMIN_SCREEN_NEEDS[screen]);
}

/** Which admin screens `user` may open (the same need their guards ask): a link to one is shown only then. */
export async function openScreens(context: AppLoadContext, user: User | null): Promise<Record<AdminScreen, boolean>> {
  const open = await Promise.all(ADMIN_SCREENS.map((s) => can(context, user, ADMIN_SCREEN_NEEDS[s])));
  return Object.fromEntries(ADMIN_SCREENS.map((s, i) => [s, open[i]!])) as Record<AdminScreen, boolean>;
}
