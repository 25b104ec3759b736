// What a page action answers when it does not redirect: one shape for the public forms, the sign-in
// and account pages and the staff editors, so a form component reads `errors`, `formError` and the
// rest the same way whichever action it posts to.
import { data } from 'react-router';
import { fieldErrorsFromDetails } from '@shared/field-errors';
import type { FieldErrors } from '@shared/form-constants';
import { pageStatusOf, refusalOf } from './domain-error';
import type { ToastData } from './toast-store';

export interface ActionResult {
  /** Messages by the field's full path (`ingredients.2.amount`); `form` for what belongs to no field. */
  errors: FieldErrors;
  /** A message for the whole form (conflict, still referenced, wrong password, too many attempts …). */
  formError?: string;
  /** The service's stable error code, e.g. `version_conflict`. */
  code?: string;
  hint?: string;
  /** What was typed, to fill the form again when it was posted without JavaScript. */
  values?: Record<string, string>;
  /** A toast to show with the answer (the sign-in and account pages). */
  toast?: ToastData;
}

/**
 * A refused submission with its status: field errors (none unless given) and whatever else the page
 * needs back (`intent`, `stage` …), typed for the page's `actionData`.
 */
export function actionError<const E extends Partial<ActionResult>>(status: number, body: E) {
  return data({ errors: {}, ...body } as Omit<E, 'errors'> & ActionResult, { status });
}

/** Maps a field's path in a schema or a service (`lines.0.cases`) to the form's own box (`cases.12`). */
export type Rename = (path: string) => string;

/** Field errors under the form's own field names (the first message per field kept). */
export function renamed(errors: FieldErrors, rename: Rename): FieldErrors {
  const out: FieldErrors = {};
  for (const [k, v] of Object.entries(errors)) out[rename(k)] ??= v;
  return out;
}

/**
 * A service's refusal (a domain error of a refusing kind) as the action's answer — the pages' one
 * translation, for `adminAction`, `partnerForm` and the rest: the status its kind maps to
 * (app/lib/domain-error.ts), its message over the form, its `details` on their fields (renamed onto
 * the form's boxes when asked), its code and hint, then whatever `also` the page sends back (what
 * was typed, the intent) — and, given a title, a toast saying the same. Anything else (a failure, a
 * bug, a redirect) is rethrown.
 */
export function refusal<const A extends Record<string, unknown> = Record<never, never>>(
  err: unknown,
  opts: { toast?: string; rename?: Rename; also?: A } = {},
) {
  const e = refusalOf(err);
  if (!e) throw err;
  const errors = fieldErrorsFromDetails(e.details);
  return actionError(pageStatusOf(e.kind), {
    errors: opts.rename ? renamed(errors, opts.rename) : errors,
    formError: e.message,
    code: e.code,
    hint: e.hint,
    ...(opts.toast ? { toast: { title: opts.toast, description: e.message, variant: 'destructive' as const } } : {}),
    ...(opts.also as A),
  });
}
