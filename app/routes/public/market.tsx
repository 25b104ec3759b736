// POST /market: the visitor changes market in the footer (currency, distance unit, retailers).
import { redirect } from 'react-router';
import { isMarketCode, marketCookie } from '@shared/markets';
import { safeReturnTo } from '@shared/paths';
import type { Route } from './+types/market';

export function loader() {
  throw redirect('/');
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const code = String(form.get('market') ?? '');
  const returnTo = safeReturnTo(form.get('returnTo'));
  if (!isMarketCode(code)) {
    return context.flash.redirectWithToast(returnTo, { title: 'Unknown market', description: 'Choose a market from the list.', variant: 'destructive' });
  }
  throw redirect(returnTo, { headers: { 'Set-Cookie': marketCookie(code, context.secure) } });
}
