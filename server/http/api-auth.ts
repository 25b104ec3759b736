// Authentication and authorization for JSON routes: every protected route declares what it needs,
// and the server answers 401/403 with a code otherwise.
import type { NextFunction, Request, Response } from 'express';
import { hasAdminAccess, hasPartnerAccess, isMasterAdmin, type Permission } from '../../shared/policy';
import type { CurrentUser } from '../modules/auth/sessions';
import type { Services } from '../services';
import { AppError } from '../core/errors';
import { readSessionToken } from './request-auth';

export type ApiRequirement = { signedIn: true } | { area: 'admin' | 'partner' } | { masterAdmin: true } | { permission: Permission };

declare module 'express-serve-static-core' {
  interface Request {
    user?: CurrentUser | null;
  }
}

export async function currentUser(services: Services, req: Request): Promise<CurrentUser | null> {
  if (req.user === undefined) {
    const token = readSessionToken(req.headers.cookie, req.secure);
    req.user = token ? await services.sessions.resolve(token) : null;
  }
  return req.user;
}

export function requireApi(services: Services, need: ApiRequirement) {
  return async (req: Request, res: Response, next: NextFunction) => {
    // What a signed-in user is shown (or refused) is theirs alone: no cache, shared or not, keeps it
    // (unless the router already said so).
    if (!res.getHeader('Cache-Control')) res.setHeader('Cache-Control', 'private, no-store');
    const user = await currentUser(services, req);
    if (!user || user.mfaPending) return next(new AppError('unauthenticated', 401, 'Sign in to use this.', { hint: 'Sign in, then try again.' }));
    const allowed =
      'signedIn' in need
        ? true
        : 'area' in need
          ? need.area === 'admin'
            ? hasAdminAccess(user.roles)
            : hasPartnerAccess(user.roles)
          : 'masterAdmin' in need
            ? isMasterAdmin(user)
            : user.permissions.includes(need.permission);
    // The shells' rules hold for their APIs too: an expired password or missing enforced 2FA first.
    if (!('signedIn' in need)) {
      if (user.requiresPasswordReset) return next(new AppError('password_reset_required', 403, 'Your password has expired. Reset it first.'));
      if (hasAdminAccess(user.roles) && !user.twoFactorEnabled && (await services.settings.get()).requireTwoFactorForStaff) {
        return next(new AppError('two_factor_required', 403, 'Set up two-factor authentication first.'));
      }
    }
    if (!allowed) {
      const what = 'permission' in need ? `the ${need.permission} permission` : 'area' in need ? `${need.area} access` : 'masterAdmin' in need ? 'master admin access' : 'access';
      return next(new AppError('forbidden', 403, `You need ${what} for this.`, { details: { required: need } }));
    }
    next();
  };
}
