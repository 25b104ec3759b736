// What kind of "no" an error is. Services (and the shared decisions, shared/*-actions.ts) raise a
// stable code and a kind, never an HTTP status; each edge decides what a kind answers: the API in
// server/http/errors.ts, the pages in app/lib/domain-error.ts.
export const ERROR_KINDS = [
  /** The request is wrong: a field, a value, a form (400). */
  'invalid',
  /** Nobody is signed in, or the sign-in is not finished (401). */
  'unauthenticated',
  /** Signed in, but this is not theirs to do (403). */
  'forbidden',
  /** No such record, or none the asker may know of (404). */
  'not_found',
  /** The record's state refuses it: already taken, changed meanwhile, still used (409). */
  'conflict',
  /** The body came without its length (411). */
  'length_required',
  /** The body or file is over its limit (413). */
  'too_large',
  /** A type of body or file that is not accepted (415). */
  'unsupported',
  /** Well-formed, but its content does not check (a theme's assets: 422). */
  'unprocessable',
  /** Too many attempts: try again later (429). */
  'limited',
  /** Ours: something failed (500). */
  'internal',
  /** Ours: a part of the server is not there or is busy (503). */
  'unavailable',
] as const;

export type ErrorKind = (typeof ERROR_KINDS)[number];

const KNOWN = new Set<string>(ERROR_KINDS);
export const isErrorKind = (value: unknown): value is ErrorKind => typeof value === 'string' && KNOWN.has(value);

/** A failure on our side (logged, never shown as the request's fault), as opposed to a refusal. */
export const isFailureKind = (kind: ErrorKind): boolean => kind === 'internal' || kind === 'unavailable';

/**
 * The HTTP status of each kind, for the two edges that answer HTTP: the API (server/http/errors.ts)
 * and the pages' actions (app/lib/domain-error.ts). Services never read it.
 */
export const HTTP_STATUS_OF_KIND: Record<ErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  length_required: 411,
  too_large: 413,
  unsupported: 415,
  unprocessable: 422,
  limited: 429,
  internal: 500,
  unavailable: 503,
};
