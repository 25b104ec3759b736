// Who did something, and from where: what every write of a service takes, and what its audit row
// records. The request layer builds it (server/http/actor.ts for the API, the load context's
// `auth.actor()` for pages); jobs, start-up and tests use SYSTEM_ACTOR.
export interface Actor {
  userId: string | null;
  ip: string | null;
  userAgent?: string | null;
}

export const SYSTEM_ACTOR: Actor = { userId: null, ip: null };
