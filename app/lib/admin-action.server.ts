// The action side of every staff editor: guard on the permission, read the body (the enhanced
// editors' JSON in one form field, or a plain form post), validate with the shared schema, call the
// service, and answer with field errors (400), the service's refusal (409 conflict, 404 …) or a
// redirect with a toast.
import type { AppLoadContext } from 'react-router';
import type { z } from 'zod';
import type { AccessNeed, Permission } from '@shared/policy';
import { fieldErrors } from '@shared/field-errors';
import { unstorableText } from '@shared/schemas/text';
import { JSON_FORM_FIELD } from '@shared/form-constants';
import { actionError, refusal } from './action-result';
import { readForm } from './form-action';
import { requireAccess, requirePermission } from './guards.server';

type User = Awaited<ReturnType<typeof requirePermission>>;
type Actor = ReturnType<AppLoadContext['auth']['actor']>;

/**
 * The request body as an object: the editor's value when it sent one (JSON text in `JSON_FORM_FIELD`
 * — pages take forms only), otherwise the form fields as strings. JSON that is not an object reads
 * as `{}`, which the schema then refuses field by field.
 */
export async function readBody(request: Request): Promise<Record<string, unknown>> {
  const form = await readForm(request);
  const json = form.get(JSON_FORM_FIELD);
  if (typeof json === 'string') {
    let body: unknown = null;
    try {
      body = JSON.parse(json);
    } catch {
      // Refused by the schema below, like an empty form.
    }
    return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  }
  const out: Record<string, unknown> = {};
  for (const [k, v] of form) if (typeof v === 'string') out[k] = v;
  return out;
}

/** What the action needs, asked of the one decision before the body is read: permissions (all of them), or another need (master admin). */
type Guard = { permission: Permission | readonly Permission[]; need?: never } | { need: AccessNeed; permission?: never };

type Options<S extends z.ZodType, R> = Guard & {
  schema: S;
  /** Body already read (e.g. when the action dispatches on an `intent` field first). */
  body?: Record<string, unknown>;
  run: (input: z.infer<S>, ctx: { user: User; actor: Actor }) => Promise<R>;
  /** Where to go, and what to say, once it worked. */
  done: (result: R) => { to: string; title: string; description?: string };
};

export async function adminAction<S extends z.ZodType, R>({ request, context }: { request: Request; context: AppLoadContext }, opts: Options<S, R>) {
  const user = opts.need ? await requireAccess(request, context, opts.need) : await requirePermission(request, context, opts.permission);
  const body = opts.body ?? (await readBody(request));
  const parsed = opts.schema.safeParse(body);
  if (!parsed.success) {
    return actionError(400, { errors: fieldErrors(parsed.error), formError: 'Check the highlighted fields.', code: 'validation_failed' });
  }
  // Text the database cannot store (NUL, a lone surrogate from the editor's JSON): refused on its
  // field here, as the API's `parse` does, not a 500 later.
  const issue = unstorableText(parsed.data);
  if (issue) {
    return actionError(400, { errors: { [issue.path || 'form']: issue.message }, formError: 'Check the highlighted fields.', code: 'validation_failed' });
  }
  let result: R;
  try {
    result = await opts.run(parsed.data, { user, actor: context.auth.actor(user.id) });
  } catch (err) {
    // Validation failures and refusals about one field (e.g. `slug_taken`) carry `[{ path, message }]`.
    return refusal(err);
  }
  const { to, title, description } = opts.done(result);
  throw context.flash.redirectWithToast(to, { title, description });
}
