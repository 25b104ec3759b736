// Input is parsed with a shared zod schema where it enters: an API body or query, or a service's own
// input. A refusal is an `invalid` AppError naming the fields in details.
import type { z } from 'zod';
import { unstorableText } from '../../shared/schemas/text';
import { invalidFields, notFound, validationError } from './errors';

export function parse<S extends z.ZodType>(schema: S, data: unknown): z.infer<S> {
  const result = schema.safeParse(data);
  if (!result.success) throw validationError(result.error);
  // Checked on what the schema kept (a search box drops NULs itself): the database cannot store NUL,
  // and a lone surrogate becomes U+FFFD in text or an error in jsonb — a field error here, never a 500.
  const issue = unstorableText(result.data);
  if (issue) throw invalidFields([issue]);
  return result.data;
}

/**
 * A record's id from the path: one that cannot be an id names nothing, so it is the same 404 as an id
 * that names nothing (not a 400 about its shape).
 */
export function parseIdOr404<S extends z.ZodType>(schema: S, raw: unknown, what: string): z.infer<S> {
  const result = schema.safeParse(raw);
  if (!result.success) throw notFound(what);
  return result.data;
}
