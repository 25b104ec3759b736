// The admin shell (spec §2): guarded on the server — not signed in → /admin-login; no admin access
// → 'Access Denied'; expired password → reset; enforced two-factor → set-up.
import { Outlet, useRevalidator } from 'react-router';
import { useStaffSocket } from '~/features/chat/use-staff-socket';
import type { Route } from './+types/layout';
import { AdminSidebar, TopBar } from '~/features/shell/admin-sidebar';
import { requireAdminArea } from '~/lib/guards.server';

export const meta: Route.MetaFunction = () => [{ title: 'Admin · Frolic' }, { name: 'robots', content: 'noindex' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireAdminArea(request, context);
  const support = user.permissions.includes('support:answer');
  return {
    user: { firstName: user.firstName, lastName: user.lastName, isMasterAdmin: user.isMasterAdmin, permissions: user.permissions },
    unreadChats: support ? await context.services.chat.unreadTotal() : 0,
    support,
  };
}

/** A new visitor message lights the bell and refreshes whatever admin page is open. */
function useLiveChat(enabled: boolean) {
  const revalidator = useRevalidator();
  useStaffSocket(enabled, (event) => {
    if (event.type === 'message' || event.type === 'conversation') void revalidator.revalidate();
  });
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { user, unreadChats, support } = loaderData;
  useLiveChat(support);
  return (
    <div className="flex min-h-screen">
      <AdminSidebar user={user} />
      <div className="flex min-w-0 flex-1 flex-col">
        <TopBar firstName={user.firstName} searchPlaceholder="Search..." alerts={unreadChats} alertsHref="/admin/dashboard/support" />
        <div className="flex-1 p-6">
          <Outlet />
        </div>
      </div>
    </div>
  );
}
