// Admin area (spec §2 "Admin shell"): protected. Until accounts land nobody is signed in, so every
// request is sent to the staff sign-in, with the page asked for kept for after sign-in.
import { Outlet, redirect } from 'react-router';
import type { Route } from './+types/layout';

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  throw redirect(`/admin-login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
}

export default function AdminLayout() {
  return <Outlet />;
}
