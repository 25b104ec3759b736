// The pages' one reading of a service's error. Services raise a domain error — a stable code and a
// kind (shared/error-kinds.ts), never an HTTP status — and the page decides here what a kind answers:
// a refusal becomes the action's status (the API's, server/http/errors.ts) with its message over the
// form; a failure (a bug, a part of the server that is down) goes on to the error boundary.
import { type ErrorKind, HTTP_STATUS_OF_KIND, isErrorKind, isFailureKind } from '@shared/error-kinds';

/** A service's error as a page sees it (the server's AppError, read by its shape: app/ imports no server code). */
export interface DomainError {
  kind: ErrorKind;
  code: string;
  message: string;
  details?: unknown;
  hint?: string;
}

/** The status a page's action answers an error of this kind with (the API's for the same kind). */
export const pageStatusOf = (kind: ErrorKind): number => HTTP_STATUS_OF_KIND[kind];

/** What was thrown, when it is a service's domain error (of any kind); null for anything else (a Response, a bug). */
export function domainError(err: unknown): DomainError | null {
  if (!err || typeof err !== 'object' || err instanceof Response) return null;
  const e = err as Partial<DomainError>;
  return isErrorKind(e.kind) && typeof e.code === 'string' ? (e as DomainError) : null;
}

/** What was thrown, when it is a service's refusal (not a failure on our side); null otherwise. */
export function refusalOf(err: unknown): DomainError | null {
  const e = domainError(err);
  return e && !isFailureKind(e.kind) ? e : null;
}

/** Whether what was thrown is a domain error of this kind (a `not_found` shown as the page's 404 …). */
export const isKind = (err: unknown, kind: ErrorKind): boolean => domainError(err)?.kind === kind;

/** A refusal raised by a page itself, read the same way as a service's (e.g. an id that cannot name a record). */
export const pageRefusal = (kind: ErrorKind, code: string, message: string): Error & DomainError => Object.assign(new Error(message), { kind, code });
