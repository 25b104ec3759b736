// What every staff list and editor shares: the list query (search, sort, page), the page shape,
// the optimistic-concurrency version and record ids (field errors: shared/field-errors.ts).
import { z } from './zod';
import { pageNumber, wholeNumber } from './numbers';
import { MAX_RECORD_ID } from '../limits';

export const ADMIN_PAGE_SIZE_DEFAULT = 25;
export const ADMIN_PAGE_SIZE_MAX = 100;

/** `s` without NUL characters, which no PostgreSQL text column or parameter accepts. */
export const withoutNul = (s: string | undefined) => s?.replaceAll('\u0000', '');

/** `sort` is checked against each list's own columns by `adminListQuery(columns)`. */
export function adminListQuery<const C extends readonly [string, ...string[]]>(sortColumns: C) {
  return z.object({
    // A NUL in a search is noise (PostgreSQL text cannot hold one): dropped, not an error.
    q: z
      .string()
      .trim()
      .max(120)
      .optional()
      .transform((v) => withoutNul(v)?.trim() || undefined),
    page: pageNumber('the page', 100_000, 1),
    pageSize: pageNumber('the page size', ADMIN_PAGE_SIZE_MAX, ADMIN_PAGE_SIZE_DEFAULT),
    sort: z.enum(sortColumns).optional(),
    dir: z.enum(['asc', 'desc']).default('asc'),
  });
}

export interface AdminPage<T> {
  items: T[];
  page: number;
  pageSize: number;
  total: number;
}

/** The version the editor read; a save naming an older one is refused with 409 `version_conflict`. */
export const versionField = wholeNumber({
  min: 1,
  max: MAX_RECORD_ID,
  required: 'Reload the page: the version is missing.',
  tooSmall: 'Reload the page: the version is not valid.',
  tooBig: 'Reload the page: the version is not valid.',
});

/**
 * The id of a row in a path or a form: digits only (so `0x10` or `1e3` are not ids) within the
 * column's range — a larger number is refused here, not by the database.
 */
export function recordId(message: string) {
  return wholeNumber({ min: 1, max: MAX_RECORD_ID, required: message, tooSmall: message, tooBig: message });
}
