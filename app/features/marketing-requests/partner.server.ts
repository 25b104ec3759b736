// The partner pages' server side: the guard (a partner page, and the permission to make requests),
// what the page says when the organisation cannot trade, and the refusal a write gets then — shown
// over the form, with the standing's stable code, before any field is looked at.
import type { AppLoadContext } from 'react-router';
import { fieldErrorsFromDetails } from '@shared/field-errors';
import type { FieldErrors } from '@shared/form-constants';
import { READ_ONLY_REFUSAL, STANDING_REFUSAL, tradesFor } from '@shared/partners';
import { actionError } from '~/lib/action-result';
import { pageStatusOf, refusalOf } from '~/lib/domain-error';
import { readForm } from '~/lib/form-action';
import { requireAccess, requirePartnerPage } from '~/lib/guards.server';

type User = Awaited<ReturnType<typeof requirePartnerPage>>;

const NO_ORGANISATION = {
  code: 'no_organisation',
  title: 'No organisation yet',
  message: 'Your account does not belong to a partner organisation yet: Frolic adds you to yours before you can make a request.',
};

/** A partner page of the marketing requests: the partner area, and `marketing:request`. */
export async function requireRequester(request: Request, context: AppLoadContext): Promise<User> {
  await requirePartnerPage(request, context);
  return requireAccess(request, context, { permission: 'marketing:request' });
}

/** Why this partner can read but not place anything, or null when it can. */
export function standingNotice(user: User): { title: string; message: string } | null {
  if (!user.organisationId) return NO_ORGANISATION;
  if (!tradesFor(user.roles)) return READ_ONLY_REFUSAL;
  if (user.standing && user.standing !== 'active') return STANDING_REFUSAL[user.standing];
  return null;
}

/** Before a write: the standing's refusal as the form's answer (403), or null to go on. */
export async function refusedToAct<const E extends Record<string, unknown>>(context: AppLoadContext, user: User, extra: E = {} as E) {
  const decision = await context.services.access.decide(user, { permission: 'marketing:request', act: true });
  if (decision.allowed && !user.organisationId) return actionError(403, { formError: NO_ORGANISATION.message, code: NO_ORGANISATION.code, ...extra });
  if (!decision.allowed && decision.reason === 'trading_blocked') {
    const why = STANDING_REFUSAL[decision.standing ?? 'pending'];
    return actionError(403, { formError: why.message, code: why.code, ...extra });
  }
  if (!decision.allowed && decision.reason === 'read_only')
    return actionError(403, { formError: READ_ONLY_REFUSAL.message, code: READ_ONLY_REFUSAL.code, ...extra });
  return null;
}

/** The form's text fields (files are not part of these forms). */
export async function formFields(request: Request): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const [k, v] of await readForm(request)) if (typeof v === 'string') out[k] = v;
  return out;
}

/** A money amount typed in major units ("1500", "1,500.50") as minor units; undefined when it is not one. */
export function toMinorUnits(typed: string): number | null | undefined {
  const s = typed.trim().replace(/,(?=\d{3}(\D|$))/g, '');
  if (s === '') return null;
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(s)) return undefined;
  const [whole, fraction = ''] = s.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/**
 * A service's refusal (a domain error that is no failure) as the form's answer, its field errors renamed to the
 * form's own fields (`items.0.quantity` → the quantity box of that item); anything else is rethrown.
 */
export function refusedWith<const E extends Record<string, unknown>>(
  err: unknown,
  values: Record<string, string>,
  rename: (path: string) => string = (p) => p,
  extra: E = {} as E,
) {
  const e = refusalOf(err);
  if (!e) throw err;
  return actionError(pageStatusOf(e.kind), {
    errors: renamed(fieldErrorsFromDetails(e.details), rename),
    formError: e.message,
    code: e.code,
    hint: e.hint,
    values,
    ...extra,
  });
}

/** Field errors under the form's own field names. */
export function renamed(errors: FieldErrors, rename: (path: string) => string): FieldErrors {
  const out: FieldErrors = {};
  for (const [k, v] of Object.entries(errors)) out[rename(k)] ??= v;
  return out;
}
