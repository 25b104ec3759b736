// The one error type of the server. Services, route modules and the socket layer all throw it: a
// stable code, a kind (what sort of "no", shared/error-kinds.ts) and the sentence, details and hint
// — never an HTTP status. The edges decide what a kind answers: the API (server/http/errors.ts, which
// also maps every other error to one) and the pages (app/lib/domain-error.ts).
import type { ZodError } from 'zod';
import { type ErrorKind, isFailureKind } from '../../shared/error-kinds';

export type { ErrorKind } from '../../shared/error-kinds';

export interface ErrorBody {
  error: { code: string; message: string; details?: unknown; hint?: string };
}

export class AppError extends Error {
  readonly code: string;
  readonly kind: ErrorKind;
  readonly details?: unknown;
  readonly hint?: string;

  constructor(code: string, kind: ErrorKind, message: string, extra: { details?: unknown; hint?: string } = {}) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.kind = kind;
    this.details = extra.details;
    this.hint = extra.hint;
  }

  toBody(): ErrorBody {
    const error: ErrorBody['error'] = { code: this.code, message: this.message };
    if (this.details !== undefined) error.details = this.details;
    if (this.hint !== undefined) error.hint = this.hint;
    return { error };
  }
}

/** A refusal of the request (its fault, or a decision), as opposed to a failure on our side. */
export const isRefusal = (err: unknown): err is AppError => err instanceof AppError && !isFailureKind(err.kind);

export function notFound(what: string): AppError {
  return new AppError('not_found', 'not_found', `${what} not found.`);
}

/**
 * A schema's refusal, field by field. A rule whose refusal a client may act on names a stable code
 * of its own (`params: { code }` on its issue, e.g. `vat_check_digit`): the field's entry carries it.
 */
export function validationError(err: ZodError): AppError {
  return new AppError('validation_failed', 'invalid', 'The request is not valid.', {
    details: err.issues.map((i) => {
      const code = i.code === 'custom' ? (i.params as { code?: unknown } | undefined)?.code : undefined;
      return { path: i.path.join('.'), message: i.message, ...(typeof code === 'string' ? { code } : {}) };
    }),
    hint: 'Correct the fields listed in details and try again.',
  });
}

/** Optimistic concurrency: the editor read `yours`, the database holds `current`. */
export function versionConflict(what: string, current: number, yours: number): AppError {
  return new AppError('version_conflict', 'conflict', `Someone else changed this ${what} since you opened it.`, {
    details: { currentVersion: current, yourVersion: yours },
    hint: `Reload the ${what} to see the latest version, then make your change again.`,
  });
}

/** Deleting something that other records still use is refused, with what uses it. */
export function stillReferenced(what: string, usedBy: string, hint: string): AppError {
  return new AppError('still_referenced', 'conflict', `This ${what} is still used by ${usedBy}.`, { hint });
}

/** The PostgreSQL error behind a driver or Drizzle error (Drizzle wraps it in `cause`). */
export function pgError(err: unknown): { code?: string; constraint?: string; detail?: string } | null {
  let e = err as { code?: unknown; constraint?: unknown; detail?: unknown; cause?: unknown } | null;
  for (let i = 0; e && i < 4; i++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) {
      return {
        code: e.code,
        constraint: typeof e.constraint === 'string' ? e.constraint : undefined,
        detail: typeof e.detail === 'string' ? e.detail : undefined,
      };
    }
    e = e.cause as typeof e;
  }
  return null;
}

export const isUniqueViolation = (err: unknown, constraint?: string) => {
  const pg = pgError(err);
  return pg?.code === '23505' && (!constraint || pg.constraint === constraint);
};
export const isForeignKeyViolation = (err: unknown) => pgError(err)?.code === '23503';

/** A refusal about named fields, in the same shape as a schema's validation failure. */
export function invalidFields(details: { path: string; message: string; code?: string }[]): AppError {
  return new AppError('validation_failed', 'invalid', 'The request is not valid.', { details, hint: 'Correct the fields listed in details and try again.' });
}
