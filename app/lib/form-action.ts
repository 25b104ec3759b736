// The action side of the public forms: validate with the shared schema, call the service, and
// answer with field errors (400), a clear rate-limit message (429) or a redirect to the success state.
import { data, redirect } from 'react-router';
import type { z } from 'zod';
import { fieldErrors } from '@shared/field-errors';
import { FORM_STARTED_FIELD, HONEYPOT_FIELD } from '@shared/form-constants';
import { actionError } from './action-result';
import { pageStatusOf, refusalOf } from './domain-error';

/**
 * The request's form. The server refuses any other body before an action runs (server/http/page-forms.ts:
 * 415 for JSON or text, 400 for a form that cannot be read); should one get here anyway, it is the
 * same 400 — a request's fault is never a 500.
 */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw data({ error: { code: 'invalid_form', message: 'The form could not be read.' } }, { status: 400 });
  }
}

export async function handlePublicForm<S extends z.ZodType>(
  request: Request,
  schema: S,
  submit: (form: z.infer<S>, bot: { honeypot?: string; startedAt?: number; fromPage: true }) => Promise<unknown>,
  successUrl: string,
) {
  const raw = Object.fromEntries(await readForm(request));
  const values = Object.fromEntries(
    Object.entries(raw)
      .filter(([k]) => k !== HONEYPOT_FIELD && k !== FORM_STARTED_FIELD)
      .map(([k, v]) => [k, String(v)]),
  );
  const parsed = schema.safeParse(values);
  if (!parsed.success) return actionError(400, { errors: fieldErrors(parsed.error), values });
  const started = Number(raw[FORM_STARTED_FIELD]);
  try {
    await submit(parsed.data, {
      honeypot: typeof raw[HONEYPOT_FIELD] === 'string' ? (raw[HONEYPOT_FIELD] as string) : undefined,
      startedAt: Number.isFinite(started) && started > 0 ? started : undefined,
      fromPage: true,
    });
  } catch (err) {
    const e = refusalOf(err);
    if (e?.kind === 'limited') return actionError(pageStatusOf(e.kind), { values, formError: e.message });
    throw err;
  }
  throw redirect(successUrl);
}
