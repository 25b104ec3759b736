// The bell's page: every notification this staff member may see, newest first, unread ones marked.
// Opening one marks it read and follows its link (admin pages only); "Mark all as read" clears the bell.
import { href, Link, useRouteLoaderData } from 'react-router';
import type { Route } from './+types/notifications';
import type { Route as LayoutRoute } from './+types/layout';
import { NotificationsFeed } from '~/components/notifications-feed';
import { requireAdminArea } from '~/lib/guards.server';
import { loadNotifications, notificationsAction } from '~/lib/notifications-page.server';

export const meta: Route.MetaFunction = () => [{ title: 'Notifications · Frolic' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadNotifications(request, context, await requireAdminArea(request, context));
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireAdminArea(request, context);
  return notificationsAction(request, context, user, '/admin/', href('/admin/dashboard/notifications'));
}

export default function Notifications({ loaderData, actionData }: Route.ComponentProps) {
  const shell = useRouteLoaderData<LayoutRoute.ComponentProps['loaderData']>('routes/admin/layout');
  const unreadChats = shell?.unreadChats ?? 0;
  return (
    <NotificationsFeed
      {...loaderData}
      error={actionData?.error}
      notice={
        unreadChats > 0 ? (
          <p className="mb-4 rounded-md bg-amber-50 p-3 text-sm">
            {unreadChats} unread support {unreadChats === 1 ? 'message' : 'messages'} —{' '}
            <Link to={href('/admin/dashboard/support')} className="font-medium underline">
              open the support inbox
            </Link>
          </p>
        ) : null
      }
    />
  );
}
