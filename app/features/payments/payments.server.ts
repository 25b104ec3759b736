// The Payments page's server side: the guard (retailers' and distributors' page, Order Management),
// the statement the URL asks for, and the page's posts — record a payment (amounts typed in major
// units, one box per open invoice), confirm or fail one (the distributor), apply account credit (the
// retailer) — each read into the shared zod schema and carried out by `services.payments`
// in-process. A refusal comes back on its box (`allocations.2.amountMinor` → that invoice's box).
import type { AppLoadContext } from 'react-router';
import type { FieldErrors } from '@shared/form-constants';
import {
  applyCreditInput,
  confirmPaymentInput,
  failPaymentInput,
  idempotencyKey,
  minorFromText,
  paymentId,
  recordPaymentInput,
  shiftDate,
  statementQuery,
} from '@shared/schemas/payments';
import { actionError } from '~/lib/action-result';
import { isKind } from '~/lib/domain-error';
import { requireAccess, requirePartnerPage } from '~/lib/guards.server';
import { partnerForm } from '~/lib/partner-action.server';

type User = Awaited<ReturnType<typeof requirePartnerPage>>;

/** The allocation box of an invoice on the record form. */
export const allocField = (invoiceId: number | string) => `alloc.${invoiceId}`;
const ALLOC = /^alloc\.(\d{1,10})$/;

/** Retailers' and distributors' Payments page (PARTNER_PAGE_ROLES), and Order Management. */
export async function requirePaymentsPage(request: Request, context: AppLoadContext): Promise<User> {
  await requirePartnerPage(request, context);
  return requireAccess(request, context, { permission: 'orders:manage' });
}

/** The statement the page's query asks for (`statement=1&customerId&from&to`), or null; a bad query shows its message. */
export async function statementOf(context: AppLoadContext, user: User, url: URL, today: string, channel: 'partner' | 'staff' = 'partner') {
  const period = { from: url.searchParams.get('from') ?? shiftDate(today, -90), to: url.searchParams.get('to') ?? today };
  const customerId = url.searchParams.get('customerId') ?? '';
  if (url.searchParams.get('statement') !== '1') return { query: { customerId, ...period }, statement: null, error: null };
  const parsed = statementQuery.safeParse({ customerId: customerId || undefined, ...period });
  if (!parsed.success) return { query: { customerId, ...period }, statement: null, error: parsed.error.issues[0]?.message ?? 'Check the period.' };
  try {
    return { query: { customerId, ...period }, statement: await context.services.payments.statement(user, parsed.data, channel), error: null };
  } catch (err) {
    if (isKind(err, 'not_found') || isKind(err, 'invalid'))
      return { query: { customerId, ...period }, statement: null, error: 'There is no statement for that retailer.' };
    throw err;
  }
}

/** The typed amounts as minor units: `bad` names the boxes that hold no amount. */
function amounts(values: Record<string, string>, names: string[]) {
  const bad: FieldErrors = {};
  const out = new Map<string, number>();
  for (const name of names) {
    const typed = (values[name] ?? '').trim();
    if (!typed) continue;
    const minor = minorFromText(typed);
    if (minor === null) bad[name] = 'Enter an amount such as 120.50.';
    else if (minor > 0) out.set(name, minor);
  }
  return { out, bad };
}

/** The page's post: `intent` says which; the answer is a redirect back with a toast, or the errors. */
export async function paymentsAction(request: Request, context: AppLoadContext, user: User, here: string, channel: 'partner' | 'staff' = 'partner') {
  const form = await partnerForm(request);
  const { values } = form;
  const intent = values.intent ?? '';
  const payments = context.services.payments;
  const actor = context.auth.actor(user.id);
  let toast: { title: string; description?: string };
  switch (intent) {
    case 'record': {
      const key = idempotencyKey.safeParse(values.idempotencyKey ?? '');
      if (!key.success)
        return actionError(400, { formError: 'This form has expired: reload the page and try again.', code: 'invalid_idempotency_key', values, intent });
      const boxes = Object.keys(values).filter((k) => ALLOC.test(k));
      const { out, bad } = amounts(values, ['amount', ...boxes]);
      if (!(values.amount ?? '').trim()) bad.amount = 'Enter the amount you paid.';
      if (Object.keys(bad).length) return form.invalid(bad, undefined, { intent });
      const allocations = boxes.filter((b) => out.has(b)).map((b) => ({ invoiceId: Number((ALLOC.exec(b) as RegExpExecArray)[1]), amountMinor: out.get(b)! }));
      const map = (path: string) => {
        const m = /^allocations\.(\d+)\.(amountMinor|invoiceId)$/.exec(path);
        const a = m ? allocations[Number(m[1])] : undefined;
        if (a) return allocField(a.invoiceId);
        return path === 'amountMinor' ? 'amount' : path === 'allocations' ? 'form' : path;
      };
      const parsed = recordPaymentInput.safeParse({
        amountMinor: out.get('amount') ?? 0,
        currency: values.currency ?? '',
        method: values.method ?? '',
        reference: values.reference ?? '',
        paidOn: values.paidOn ?? '',
        allocations,
      });
      if (!parsed.success) return form.invalid(parsed.error, map, { intent });
      try {
        const { payment } = await payments.record(user, parsed.data, key.data, actor);
        toast = { title: 'Payment recorded', description: `${payment.label} is with ${payment.payee.name} to confirm.` };
      } catch (err) {
        return form.refused(err, map, { intent });
      }
      break;
    }
    case 'confirm':
    case 'fail': {
      const id = paymentId.safeParse(values.paymentId ?? '');
      if (!id.success) return actionError(404, { formError: 'We could not find that payment.', code: 'not_found', values, intent });
      const parsed =
        intent === 'confirm'
          ? confirmPaymentInput.safeParse({ version: values.version })
          : failPaymentInput.safeParse({ version: values.version, reason: values.reason });
      if (!parsed.success) return form.invalid(parsed.error, undefined, { intent });
      try {
        const payment =
          intent === 'confirm'
            ? await payments.confirm(user, id.data, parsed.data as { version: number }, actor, channel)
            : await payments.fail(user, id.data, parsed.data as { version: number; reason: string }, actor, channel);
        toast =
          intent === 'confirm'
            ? { title: 'Payment confirmed', description: `${payment.label} is settled.` }
            : { title: 'Payment marked failed', description: `${payment.label} failed.` };
      } catch (err) {
        return form.refused(err, undefined, { intent });
      }
      break;
    }
    case 'apply_credit': {
      const id = paymentId.safeParse(values.paymentId ?? '');
      if (!id.success) return actionError(404, { formError: 'We could not find that payment.', code: 'not_found', values, intent });
      const { out, bad } = amounts(values, ['creditAmount']);
      if (Object.keys(bad).length) return form.invalid(bad, undefined, { intent });
      const parsed = applyCreditInput.safeParse({ allocations: [{ invoiceId: values.invoiceId ?? '', amountMinor: out.get('creditAmount') ?? 0 }] });
      const map = (path: string) => (path.endsWith('invoiceId') ? 'invoiceId' : path.startsWith('allocations') ? 'creditAmount' : path);
      if (!parsed.success) return form.invalid(parsed.error, map, { intent });
      try {
        const payment = await payments.applyCredit(user, id.data, parsed.data, actor);
        toast = { title: 'Credit applied', description: `${payment.label} has ${payment.unallocatedMinor ? 'some' : 'no'} credit left.` };
      } catch (err) {
        return form.refused(err, map, { intent });
      }
      break;
    }
    default:
      return actionError(400, { formError: 'Choose what to do.', code: 'validation_failed', values, intent });
  }
  throw context.flash.redirectWithToast(here, toast);
}
