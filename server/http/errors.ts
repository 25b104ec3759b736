// The one place that maps what is not an AppError (body parsers, the database) to the API's answer.
import { AppError, pgError } from '../core/errors';

/** Errors thrown by body parsers and the like carry an HTTP status: keep those honest 4xx answers. */
export function toAppError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  const e = err as { status?: number; statusCode?: number; type?: string };
  const status = e?.status ?? e?.statusCode;
  if (status === 413) return new AppError('payload_too_large', 413, 'The request body is too large.');
  if (e?.type === 'entity.parse.failed') return new AppError('invalid_json', 400, 'The request body is not valid JSON.');
  if (status === 415) return new AppError('unsupported_media_type', 415, 'Unsupported content type.');
  if (status && status >= 400 && status < 500) return new AppError('bad_request', status, 'The request could not be processed.');
  // Text the database cannot store that slipped past `parse` (NUL: 22021; an escape jsonb refuses:
  // 22P05): the request's fault, not ours.
  const pg = pgError(err)?.code;
  if (pg === '22021' || pg === '22P05')
    return new AppError('invalid_text', 400, 'The request contains a character that cannot be stored.', {
      hint: 'Remove invisible or broken characters (such as \\0) and try again.',
    });
  return new AppError('internal_error', 500, 'Something went wrong on our side. Please try again.');
}
