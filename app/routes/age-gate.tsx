// POST target of the age gate. Without JavaScript the browser lands here and sees the next step;
// with it, a fetcher calls the action and the page stays where it is.
import { data, redirect } from 'react-router';
import { fieldErrors } from '@shared/field-errors';
import { ageGateForm } from '@shared/schemas/age-gate';
import { safeReturnTo } from '@shared/paths';
import type { Route } from './+types/age-gate';
import { AgeGate, type GateActionData } from '~/features/age-gate/age-gate';

export const meta: Route.MetaFunction = () => [{ title: 'Age verification · Frolic' }, { name: 'robots', content: 'noindex' }];

export function loader({ request, context }: Route.LoaderArgs) {
  const returnTo = safeReturnTo(new URL(request.url).searchParams.get('returnTo'));
  if (context.gate.status === 'pass') throw redirect(returnTo);
  return { returnTo, denied: context.gate.status === 'denied' };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = Object.fromEntries(await request.formData());
  const returnTo = safeReturnTo(new URL(request.url).searchParams.get('returnTo'));
  const parsed = ageGateForm.safeParse(form);
  const values = Object.fromEntries(Object.entries(form).map(([k, v]) => [k, String(v)]));
  if (!parsed.success) {
    return data<GateActionData>({ step: 'error', errors: fieldErrors(parsed.error), values }, { status: 400 });
  }
  const answer = parsed.data;
  const result = context.services.ageGate.submit(answer, context.gate, context.secure);
  const headers = result.setCookie ? { 'Set-Cookie': result.setCookie } : undefined;
  switch (result.verdict.kind) {
    case 'adult':
      throw redirect(returnTo, { headers });
    case 'underage':
    case 'blocked':
      return data<GateActionData>({ step: 'denied' }, { status: 403, headers });
    case 'prohibited':
      return data<GateActionData>({ step: 'prohibited', country: answer.country }, { status: 403 });
    case 'need_full_date':
      return data<GateActionData>({ step: 'full', country: answer.country, year: answer.year, remember: answer.remember });
    case 'invalid':
      if (result.verdict.field !== 'year') {
        const { country, year, remember } = answer;
        return data<GateActionData>({ step: 'full', country, year, remember, error: result.verdict.message }, { status: 400 });
      }
      return data<GateActionData>({ step: 'error', errors: { [result.verdict.field]: result.verdict.message }, values }, { status: 400 });
  }
}

export default function AgeGateRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <AgeGate returnTo={loaderData.returnTo} denied={loaderData.denied} result={actionData} />;
}
