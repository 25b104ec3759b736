// Helpers shared by the auth pages' actions.
import { data, type AppLoadContext } from 'react-router';
import type { ToastData } from '~/features/auth/auth-card';

export interface AuthActionData {
  errors?: Record<string, string>;
  formError?: string;
  toast?: ToastData;
  values?: Record<string, string>;
  [extra: string]: unknown;
}

export function fail(status: number, body: AuthActionData) {
  return data<AuthActionData>(body, { status });
}

/** The per-IP limit on sign-in, sign-up and reset attempts; a 429 with the spec's toast title. */
export function limited(context: AppLoadContext, kind: string, title: string) {
  try {
    context.services.authLimiter.hit(`${kind}:${context.ip ?? 'unknown'}`);
    return null;
  } catch (err) {
    const message = (err as Error).message;
    return fail(429, { formError: message, toast: { title, description: message, variant: 'destructive' } });
  }
}

/** An AppError from a service as field errors and a toast; anything else is rethrown. */
export function fromServiceError(err: unknown, title: string) {
  const e = err as { status?: number; message?: string; details?: { path: string; message: string }[] };
  if (!e.status || e.status >= 500) throw err;
  const errors = Object.fromEntries((e.details ?? []).map((d) => [d.path, d.message]));
  return fail(e.status, { errors, formError: e.message, toast: { title, description: e.message, variant: 'destructive' } });
}
