// Field errors, one way for every form: the pages' actions, the browser's check before sending and
// the services' refusals all key them by the field's full path (`ingredients.2.amount`), keep the
// first message per field and put what belongs to no field under `form`. No zod at run time here
// (types only), so a page bundle can use it without the validation library.
import type { FieldErrors } from './form-constants';

interface Issue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/** Zod issues (`parsed.error`) as `{ 'ingredients.2.amount': 'Enter an amount.' }`. */
export function fieldErrors(error: { readonly issues: readonly Issue[] }): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : 'form';
    out[key] ??= issue.message;
  }
  return out;
}

/** A refusal's `details` (`[{ path, message }]`, the API's `validation_failed` shape) as field errors. */
export function fieldErrorsFromDetails(details: unknown): FieldErrors {
  const out: FieldErrors = {};
  if (Array.isArray(details)) {
    for (const d of details as { path?: unknown; message?: unknown }[]) {
      if (typeof d?.path === 'string' && typeof d.message === 'string') out[d.path || 'form'] ??= d.message;
    }
  }
  return out;
}
