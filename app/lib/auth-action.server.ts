// Helpers shared by the auth pages' actions.
import type { AppLoadContext } from 'react-router';
import { actionError } from './action-result';

/** The per-IP limit on sign-in, sign-up and reset attempts (shared by every instance); a 429 with the spec's toast title. */
export async function limited(context: AppLoadContext, kind: string, title: string) {
  try {
    await context.services.authLimiter.hit(`${kind}:${context.ip ?? 'unknown'}`);
    return null;
  } catch (err) {
    if ((err as { code?: string }).code !== 'rate_limited') throw err;
    const message = (err as Error).message;
    return actionError(429, { formError: message, toast: { title, description: message, variant: 'destructive' } });
  }
}
