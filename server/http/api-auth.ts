// Authentication and authorization for JSON routes: every protected route declares what it needs,
// the one decision (server/auth/authorize.ts) answers, and a refusal is its `accessRefusal` (a code and
// a kind, answered 401/403/404 by server/http/errors.ts).
import type { NextFunction, Request, Response } from 'express';
import type { AccessNeed } from '../../shared/policy';
import { accessRefusal } from '../auth/authorize';
import type { CurrentUser } from '../modules/auth';
import type { Services } from '../services';
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

/** Asks the decision for this request's user; throws the API refusal (for handlers that check a record). */
export async function authorizeApi(services: Services, req: Request, need: AccessNeed): Promise<CurrentUser> {
  const user = await currentUser(services, req);
  const decision = await services.access.decide(user, need);
  if (!decision.allowed) throw accessRefusal(decision, { need });
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
