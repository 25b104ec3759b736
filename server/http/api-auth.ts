// Authentication and authorization for JSON routes: every protected route declares what it needs,
// the one decision (server/auth/authorize.ts) answers, and a refusal becomes 401/403/404 with a code.
import type { NextFunction, Request, Response } from 'express';
import type { AccessDecision, AccessNeed } from '../../shared/policy';
import { READ_ONLY_REFUSAL, STANDING_REFUSAL } from '../../shared/partners';
import type { CurrentUser } from '../modules/auth/sessions';
import type { Services } from '../services';
import { AppError } from '../core/errors';
import { readSessionToken } from './request-auth';

/** What a route asks of the decision (an `AccessNeed`). */
export type ApiRequirement = AccessNeed;

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

function describe(need: AccessNeed): string {
  if ('permission' in need)
    return typeof need.permission === 'string' ? `the ${need.permission} permission` : `the ${need.permission.join(' and ')} permissions`;
  if ('area' in need) return need.roles ? `the ${need.roles.join(' or ')} role` : `${need.area} access`;
  if ('masterAdmin' in need) return 'master admin access';
  return 'access';
}

/** A refusal of the decision as the API's error (the codes clients already know). */
export function apiRefusal(decision: Exclude<AccessDecision, { allowed: true }>, need: AccessNeed): AppError {
  switch (decision.reason) {
    case 'unauthenticated':
    case 'mfa_pending':
      return new AppError('unauthenticated', 401, 'Sign in to use this.', { hint: 'Sign in, then try again.' });
    case 'password_expired':
      return new AppError('password_reset_required', 403, 'Your password has expired. Reset it first.');
    case 'two_factor_required':
      return new AppError('two_factor_required', 403, 'Set up two-factor authentication first.');
    case 'not_found':
      return new AppError('not_found', 404, 'Not found.');
    case 'trading_blocked': {
      const why = STANDING_REFUSAL[decision.standing ?? 'pending'];
      return new AppError(why.code, 403, why.message);
    }
    case 'read_only':
      return new AppError(READ_ONLY_REFUSAL.code, 403, READ_ONLY_REFUSAL.message);
    case 'forbidden':
      // What is required, never the record asked about (its owners are not the caller's to learn).
      return new AppError('forbidden', 403, `You need ${describe(need)} for this.`, {
        details: { required: 'permission' in need ? { permission: need.permission } : need },
      });
  }
}

/** Asks the decision for this request's user; throws the API refusal (for handlers that check a record). */
export async function authorizeApi(services: Services, req: Request, need: AccessNeed): Promise<CurrentUser> {
  const user = await currentUser(services, req);
  const decision = await services.access.decide(user, need);
  if (!decision.allowed) throw apiRefusal(decision, need);
  return user as CurrentUser;
}

export function requireApi(services: Services, need: ApiRequirement) {
  return async (req: Request, res: Response, next: NextFunction) => {
    // What a signed-in user is shown (or refused) is theirs alone: no cache, shared or not, keeps it
    // (unless the router already said so).
    if (!res.getHeader('Cache-Control')) res.setHeader('Cache-Control', 'private, no-store');
    try {
      await authorizeApi(services, req, need);
    } catch (err) {
      return next(err);
    }
    next();
  };
}
