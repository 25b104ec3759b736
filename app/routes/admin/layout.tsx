// The admin shell (spec §2): guarded on the server — not signed in → /admin-login; no admin access
// → 'Access Denied'; expired password → reset; enforced two-factor → set-up. The bell shows unread
// notifications and chats, and lights up live through the staff socket.
import { href, Outlet } from 'react-router';
import { NOTIFICATIONS_LATEST } from '@shared/notification-constants';
import { useStaffSocket } from '~/features/chat/use-staff-socket';
import type { Route } from './+types/layout';
import { AdminSidebar, TopBar } from '~/features/shell/admin-sidebar';
import { ShellFrame } from '~/features/shell/shell-frame';
import { openScreens, requireAdminArea } from '~/lib/guards.server';
import { useLiveRevalidate } from '~/lib/live-revalidate';

export const meta: Route.MetaFunction = () => [{ title: 'Admin · Frolic' }, { name: 'robots', content: 'noindex' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireAdminArea(request, context);
  const screens = await openScreens(context, user);
  const support = screens.support;
  const { notifications, chat } = context.services;
  const [unreadChats, latest] = await Promise.all([support ? chat.unreadTotal() : 0, notifications.list(user, { pageSize: NOTIFICATIONS_LATEST })]);
  return {
    // The shell mirrors what the decision says (links it shows), the pages' guards enforce it.
    user: {
      firstName: user.firstName,
      lastName: user.lastName,
      roleLabel: await context.services.roles.staffLabel(user.roles),
    },
    screens,
    unreadChats,
    unreadNotifications: latest.unreadCount,
    latestNotifications: latest.items,
  };
}

/** A new visitor message or a new notification lights the bell and refreshes the open admin page. */
function useLiveBell() {
  const refresh = useLiveRevalidate();
  // Every admin-area user has the socket: it brings chat events only to those who answer chats,
  // the bell's signal only to those who may see the new notification, and `changed` signals (a
  // partner's request moved) to those their audience admits.
  useStaffSocket(true, (event) => {
    if (event.type === 'message' || event.type === 'conversation' || event.type === 'notification' || event.type === 'changed') refresh();
  });
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { user, screens, unreadChats, unreadNotifications, latestNotifications } = loaderData;
  useLiveBell();
  return (
    <ShellFrame sidebar={<AdminSidebar user={user} screens={screens} />}>
      <TopBar
        firstName={user.firstName}
        searchPlaceholder="Search..."
        searchAction={href('/admin/dashboard/search')}
        alerts={unreadChats + unreadNotifications}
        alertsHref={href('/admin/dashboard/notifications')}
        latest={latestNotifications}
      />
      <div className="flex-1 p-4 lg:p-6">
        <Outlet />
      </div>
    </ShellFrame>
  );
}
