// The shared decisions of what may be done to a document (shared/order-actions.ts and its siblings)
// answer "why not" as plain data, so the page can use them too; the server throws them as its error.
import type { ActionRefusal } from '../../shared/order-actions';
import { AppError } from './errors';

/** The refusal as the server's error: its stable code, kind, sentence and hint. */
export function refusalError(r: ActionRefusal, details?: object): AppError {
  return new AppError(r.code, r.kind, r.message, { ...(details ? { details } : {}), ...(r.hint ? { hint: r.hint } : {}) });
}
