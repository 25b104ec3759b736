// Server-side guards for loaders and actions. They throw redirects (with the spec §8 toasts), so a
// loader reads as its happy path. The browser only mirrors what these decide.
import { redirect, type AppLoadContext } from 'react-router';
import { hasAdminAccess, hasPartnerAccess, isMasterAdmin, loginPathFor, type Permission } from '@shared/policy';

type User = NonNullable<Awaited<ReturnType<AppLoadContext['auth']['user']>>>;

function here(request: Request): string {
  const url = new URL(request.url);
  return url.pathname + url.search;
}

/** Signed in with the second factor done; otherwise to `loginPath` (keeping the page asked for). */
export async function requireUser(request: Request, context: AppLoadContext, loginPath = '/auth/login'): Promise<User> {
  const user = await context.auth.user();
  if (!user) throw redirect(`${loginPath}?redirectTo=${encodeURIComponent(here(request))}`);
  if (user.mfaPending) throw redirect(`/auth/two-factor?redirectTo=${encodeURIComponent(here(request))}`);
  return user;
}

/** Password expiry and enforced two-factor come before anything else in the shells. */
async function requireCompliant(context: AppLoadContext, user: User, type: 'admin' | 'partner'): Promise<void> {
  if (user.requiresPasswordReset) {
    throw context.flash.redirectWithToast(`/auth/reset-password?type=${type}`, {
      title: 'Password Reset Required',
      description: 'Your password has expired. Please reset it now.',
      variant: 'destructive',
    });
  }
  if (type === 'admin' && !user.twoFactorEnabled && (await context.services.settings.get()).requireTwoFactorForStaff) {
    throw context.flash.redirectWithToast('/account/two-factor?required=1', {
      title: 'Two-factor authentication required',
      description: 'Set up two-factor authentication to use the admin area.',
    });
  }
}

export async function requireAdminArea(request: Request, context: AppLoadContext): Promise<User> {
  const user = await requireUser(request, context, '/admin-login');
  if (!hasAdminAccess(user.roles)) {
    // Spec §8: then to the sign-in page that matches who they are (a partner to /partner-login).
    throw context.flash.redirectWithToast(loginPathFor(user.roles), {
      title: 'Access Denied',
      description: "You don't have permission to access the admin dashboard",
      variant: 'destructive',
    });
  }
  await requireCompliant(context, user, 'admin');
  return user;
}

export async function requirePartnerArea(request: Request, context: AppLoadContext): Promise<User> {
  const user = await requireUser(request, context, '/partner-login');
  if (!hasPartnerAccess(user.roles)) {
    throw context.flash.redirectWithToast(loginPathFor(user.roles), {
      title: 'Access Denied',
      description: "You don't have permission to access the partner dashboard",
      variant: 'destructive',
    });
  }
  await requireCompliant(context, user, 'partner');
  return user;
}

const pageDenied = (context: AppLoadContext) =>
  context.flash.redirectWithToast('/dashboard', { title: 'Access Denied', description: "You don't have permission to access this page.", variant: 'destructive' });

/** Spec §6 master-admin screens: master admin only, whatever the permission switches say. */
export async function requireMasterAdmin(request: Request, context: AppLoadContext): Promise<User> {
  const user = await requireAdminArea(request, context);
  if (!isMasterAdmin(user)) throw pageDenied(context);
  return user;
}

export async function requirePermission(request: Request, context: AppLoadContext, permission: Permission): Promise<User> {
  const user = await requireAdminArea(request, context);
  if (!user.permissions.includes(permission)) throw pageDenied(context);
  return user;
}
