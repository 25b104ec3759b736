// "Not found" for pages, one way: a path parameter that does not parse (an id that is not a number)
// and a record that is not there (or not for this visitor) both answer 404 with the page's own
// message, rendered by the route's error boundary — never a 500 or a 400.
import { data } from 'react-router';
import { isKind } from './domain-error';

/** The page's 404: thrown from a loader or an action, the error boundary shows `message`. */
export const notFound = (message: string) => data(message, { status: 404 });

/**
 * `value`, or the 404 when it is missing: give it the parsed parameter
 * (`requireFound(storeAdminId.safeParse(params.id).data, …)`, `eventIdFromParam(params.id)`).
 */
export function requireFound<T>(value: T | null | undefined, message: string): T {
  if (value === null || value === undefined) throw notFound(message);
  return value;
}

/** What `load` finds; the service's "not found" (a domain error of kind `not_found`) becomes the page's 404. */
export async function orNotFound<T>(load: Promise<T>, message: string): Promise<T> {
  try {
    return await load;
  } catch (err) {
    if (isKind(err, 'not_found')) throw notFound(message);
    throw err;
  }
}
