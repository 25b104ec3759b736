// The partner pages' server side: the guard (a partner page, and the permission to make requests),
// what the page says when the organisation cannot trade, and the refusal a write gets then — shown
// over the form, with the standing's stable code, before any field is looked at.
import type { AppLoadContext } from 'react-router';
import { READ_ONLY_REFUSAL, STANDING_REFUSAL, tradesFor } from '@shared/partners';
import { actionError } from '~/lib/action-result';
import { pageStatusOf } from '~/lib/domain-error';
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

/** Before a write: the standing's refusal (forbidden) as the form's answer, or null to go on. */
export async function refusedToAct<const E extends Record<string, unknown>>(context: AppLoadContext, user: User, extra: E = {} as E) {
  const decision = await context.services.access.decide(user, { permission: 'marketing:request', act: true });
  const why =
    decision.allowed && !user.organisationId
      ? NO_ORGANISATION
      : !decision.allowed && decision.reason === 'trading_blocked'
        ? STANDING_REFUSAL[decision.standing ?? 'pending']
        : !decision.allowed && decision.reason === 'read_only'
          ? READ_ONLY_REFUSAL
          : null;
  return why && actionError(pageStatusOf('forbidden'), { formError: why.message, code: why.code, ...extra });
}

/** A money amount typed in major units ("1500", "1,500.50") as minor units; undefined when it is not one. */
export function toMinorUnits(typed: string): number | null | undefined {
  const s = typed.trim().replace(/,(?=\d{3}(\D|$))/g, '');
  if (s === '') return null;
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(s)) return undefined;
  const [whole, fraction = ''] = s.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}
