import { describe, expect, it } from 'vitest';
import { ERROR_KINDS } from '../../shared/error-kinds';
import { pageStatusOf } from '../../app/lib/domain-error';
import { AppError } from '../core/errors';
import { errorAnswer, httpStatusOf } from './errors';

describe('the HTTP edge', () => {
  it('answers each kind with the status the API has always given it', () => {
    expect(Object.fromEntries(ERROR_KINDS.map((k) => [k, httpStatusOf(k)]))).toEqual({
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
    });
  });

  it('and a page answers a kind as the API does', () => {
    for (const kind of ERROR_KINDS) expect(pageStatusOf(kind), kind).toBe(httpStatusOf(kind));
  });

  it("answers a domain error with its kind's status and its body; a body parser's 4xx keeps its status; anything else is a 500", () => {
    expect(errorAnswer(new AppError('version_conflict', 'conflict', 'Changed.', { hint: 'Reload.' }))).toEqual({
      status: 409,
      body: { error: { code: 'version_conflict', message: 'Changed.', hint: 'Reload.' } },
    });
    expect(errorAnswer(Object.assign(new Error('x'), { status: 413 }))).toMatchObject({ status: 413, body: { error: { code: 'payload_too_large' } } });
    expect(errorAnswer(Object.assign(new Error('x'), { statusCode: 408 }))).toMatchObject({ status: 408, body: { error: { code: 'bad_request' } } });
    expect(errorAnswer(new Error('boom'))).toMatchObject({ status: 500, body: { error: { code: 'internal_error' } } });
  });
});
