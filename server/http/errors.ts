// The API's one mapping from an error to its answer. Services raise a domain error (a code and a
// kind, server/core/errors.ts); here a kind becomes its HTTP status, and what is not a domain error
// (body parsers, Express, the database) becomes one. The pages have their own (app/lib/domain-error.ts).
import { type ErrorKind, HTTP_STATUS_OF_KIND } from '../../shared/error-kinds';
import { AppError, type ErrorBody, pgError } from '../core/errors';

/** The HTTP status the API answers an error of this kind with. */
export const httpStatusOf = (kind: ErrorKind): number => HTTP_STATUS_OF_KIND[kind];

export interface ErrorAnswer {
  status: number;
  body: ErrorBody;
}

const answer = (err: AppError): ErrorAnswer => ({ status: httpStatusOf(err.kind), body: err.toBody() });

/** What the API answers for anything thrown: a domain error by its kind; body parsers' errors keep their honest 4xx. */
export function errorAnswer(err: unknown): ErrorAnswer {
  if (err instanceof AppError) return answer(err);
  const e = err as { status?: number; statusCode?: number; type?: string };
  const status = e?.status ?? e?.statusCode;
  if (status === 413) return answer(new AppError('payload_too_large', 'too_large', 'The request body is too large.'));
  if (e?.type === 'entity.parse.failed') return answer(new AppError('invalid_json', 'invalid', 'The request body is not valid JSON.'));
  if (status === 415) return answer(new AppError('unsupported_media_type', 'unsupported', 'Unsupported content type.'));
  // Any other refusal of Express or a body parser, under its own status (no kind names them all).
  if (status && status >= 400 && status < 500) return { status, body: { error: { code: 'bad_request', message: 'The request could not be processed.' } } };
  // Text the database cannot store that slipped past `parse` (NUL: 22021; an escape jsonb refuses:
  // 22P05): the request's fault, not ours.
  const pg = pgError(err)?.code;
  if (pg === '22021' || pg === '22P05')
    return answer(
      new AppError('invalid_text', 'invalid', 'The request contains a character that cannot be stored.', {
        hint: 'Remove invisible or broken characters (such as \\0) and try again.',
      }),
    );
  return answer(new AppError('internal_error', 'internal', 'Something went wrong on our side. Please try again.'));
}
