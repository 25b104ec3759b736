// The action side of the partner pages' forms — orders, shipments and receipts, invoices, payments,
// marketing requests, allocations — beside `adminAction` for the staff editors: the form read once
// into its text fields, and its two refusals on the form's own boxes (a service's `lines.0.cases` is
// the box `cases.<line id>`): what the page's schema refused (400 `validation_failed`), and what the
// service refused (its kind's status, app/lib/domain-error.ts, through `refusal`). Both send back
// what was typed; anything else thrown — a redirect, a failure — is rethrown.
import { fieldErrors } from '@shared/field-errors';
import type { FieldErrors } from '@shared/form-constants';
import { actionError, refusal, type Rename, renamed } from './action-result';
import { readForm } from './form-action';

export { type Rename, renamed } from './action-result';

type Extra = Record<string, unknown>;
type Issues = { readonly issues: readonly { readonly path: readonly PropertyKey[]; readonly message: string }[] };

const same: Rename = (path) => path;
const isIssues = (errors: FieldErrors | Issues): errors is Issues => Array.isArray((errors as { issues?: unknown }).issues);

/** A partner page's posted form: its text fields (`values`, a repeated name keeping its last), the form itself (files, repeated fields) and its answers. */
export async function partnerForm(request: Request) {
  const form = await readForm(request);
  const values: Record<string, string> = {};
  for (const [k, v] of form) if (typeof v === 'string') values[k] = v;
  return {
    form,
    values,
    /**
     * What the page's own schema refused (a zod error, or field errors already made): 400
     * `validation_failed`, the errors on the form's boxes, the form-wide one (or "Check the
     * highlighted fields.") over the form, what was typed, and `extra` (the intent …, or a formError of its own).
     */
    invalid<const E extends Extra = Record<never, never>>(errors: FieldErrors | Issues, rename: Rename = same, extra?: E) {
      const out = renamed(isIssues(errors) ? fieldErrors(errors) : errors, rename);
      return actionError(400, { errors: out, formError: out.form ?? 'Check the highlighted fields.', code: 'validation_failed', values, ...(extra as E) });
    },
    /** What the service refused, on the form's boxes, with what was typed and `extra`; anything else is rethrown. */
    refused<const E extends Extra = Record<never, never>>(err: unknown, rename: Rename = same, extra?: E) {
      return refusal(err, { rename, also: { values, ...(extra as E) } });
    },
  };
}
