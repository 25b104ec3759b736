// The partner shell (spec §2): guarded on the server — not signed in → /partner-login; no partner
// access → 'Access Denied'; expired password → reset.
import { Outlet } from 'react-router';
import { ROLE_LABELS, type Role } from '@shared/policy';
import type { Route } from './+types/layout';
import { TopBar } from '~/features/shell/admin-sidebar';
import { PartnerSidebar } from '~/features/shell/partner-sidebar';
import { ShellFrame } from '~/features/shell/shell-frame';
import { requirePartnerArea } from '~/lib/guards.server';

export const meta: Route.MetaFunction = () => [{ title: 'Partner portal · Frolic' }, { name: 'robots', content: 'noindex' }];

const TIER: Role[] = ['importer', 'distributor', 'retailer', 'partner'];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requirePartnerArea(request, context);
  const tier = TIER.find((r) => user.roles.includes(r)) ?? 'partner';
  return { user: { firstName: user.firstName, lastName: user.lastName, roles: user.roles }, label: ROLE_LABELS[tier] };
}

export default function PartnerLayout({ loaderData }: Route.ComponentProps) {
  const { user, label } = loaderData;
  return (
    <ShellFrame sidebar={<PartnerSidebar roles={user.roles} name={`${user.firstName} ${user.lastName}`} />}>
      <TopBar firstName={user.firstName} label={label} searchPlaceholder="Search products..." />
      <div className="flex-1 p-4 lg:p-6">
        <Outlet />
      </div>
    </ShellFrame>
  );
}
