// The actor (server/core/actor.ts) of an API request: the signed-in user, the client's address
// (Express's req.ip, which follows TRUST_PROXY) and its user agent. Pages get theirs from the load
// context (`auth.actor()`, request-auth.ts), with the same three fields.
import type { Request } from 'express';
import type { Actor } from '../core/actor';

/** `userId` defaults to the user `requireApi` resolved for this request; a public route has none. */
export function actorOf(req: Request, userId: string | null = req.user?.id ?? null): Actor {
  return { userId, ip: req.ip ?? null, userAgent: req.get('user-agent') ?? null };
}
