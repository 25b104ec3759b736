// The bell's page, for both shells: the feed the decision lets this user see, and the action that
// marks one entry read (following its link, within the area only) or all of them. The routes
// (admin/notifications.tsx, partner/notifications.tsx) guard, then hand over.
import { redirect, type AppLoadContext } from 'react-router';
import { recordId } from '@shared/schemas/admin';
import { isKind } from './domain-error';

type User = NonNullable<Awaited<ReturnType<AppLoadContext['auth']['user']>>>;

export async function loadNotifications(request: Request, context: AppLoadContext, user: User) {
  const url = new URL(request.url);
  const unreadOnly = url.searchParams.get('unread') === '1';
  const page = Math.min(Math.max(1, Number(url.searchParams.get('page')) || 1), 100_000);
  const feed = await context.services.notifications.list(user, { unreadOnly, page });
  return { feed, unread: feed.unreadCount, unreadOnly };
}

/**
 * Marks read and follows the entry's link — only within `areaPrefix` (`/admin/` or `/partner/`): a
 * stored link never sends anyone off-site or into the other area. `page` is the bell page itself.
 */
export async function notificationsAction(request: Request, context: AppLoadContext, user: User, areaPrefix: '/admin/' | '/partner/', page: string) {
  const form = await request.formData();
  const notifications = context.services.notifications;
  if (form.get('intent') === 'read-all') {
    await notifications.markAllRead(user);
    throw context.flash.redirectWithToast(page, { title: 'All notifications marked as read' });
  }
  const parsed = recordId('Choose a notification.').safeParse(form.get('id'));
  if (!parsed.success) return { error: 'Choose a notification.' };
  let link: string | null;
  try {
    ({ link } = await notifications.markRead(user, parsed.data));
  } catch (err) {
    if (isKind(err, 'not_found')) return { error: 'That notification is not yours to open.' };
    throw err;
  }
  const safe = link && link.startsWith(areaPrefix) && !link.startsWith('//') ? link : null;
  return redirect(safe ?? page);
}
