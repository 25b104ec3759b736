// Partner area (spec §2 "Partner shell"): protected. Until accounts land nobody is signed in, so every
// request is sent to the partner sign-in, with the page asked for kept for after sign-in.
import { Outlet, redirect } from 'react-router';
import type { Route } from './+types/layout';

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  throw redirect(`/partner-login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
}

export default function PartnerLayout() {
  return <Outlet />;
}
