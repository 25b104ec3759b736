// The partner bell's page: the notifications this partner may see — its organisation's and its own,
// never another organisation's — newest first, unread ones marked. Opening one marks it read and
// follows its link (partner pages only); "Mark all as read" clears the bell.
import { href } from 'react-router';
import type { Route } from './+types/notifications';
import { NotificationsFeed } from '~/components/notifications-feed';
import { requirePartnerPage } from '~/lib/guards.server';
import { loadNotifications, notificationsAction } from '~/lib/notifications-page.server';

export const meta: Route.MetaFunction = () => [{ title: 'Notifications · Frolic' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadNotifications(request, context, await requirePartnerPage(request, context));
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requirePartnerPage(request, context);
  return notificationsAction(request, context, user, '/partner/', href('/partner/dashboard/notifications'));
}

export default function PartnerNotifications({ loaderData, actionData }: Route.ComponentProps) {
  return <NotificationsFeed {...loaderData} error={actionData?.error} />;
}
