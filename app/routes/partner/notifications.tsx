// The partner bell's page: the notifications this partner may see — its organisation's and its own,
// never another organisation's — newest first, unread ones marked. Opening one marks it read and
// follows its link; "Mark all as read" clears the bell.
import { Form, href, Link, redirect } from 'react-router';
import { formatUtc } from '@shared/staff-time';
import { recordId } from '@shared/schemas/admin';
import type { Route } from './+types/notifications';
import { buttonClass, PageHeader, Pagination } from '~/components/admin-ui/list';
import { requirePartnerPage } from '~/lib/guards.server';

export const meta: Route.MetaFunction = () => [{ title: 'Notifications · Frolic' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requirePartnerPage(request, context);
  const url = new URL(request.url);
  const unreadOnly = url.searchParams.get('unread') === '1';
  const page = Math.min(Math.max(1, Number(url.searchParams.get('page')) || 1), 100_000);
  const [feed, unread] = await Promise.all([context.services.notifications.list(user, { unreadOnly, page }), context.services.notifications.unreadCount(user)]);
  return { feed, unread, unreadOnly };
}

/** Only the partner area's own pages are followed: a stored link never sends a partner off-site or to the admin area. */
const safeLink = (link: string | null) => (link && link.startsWith('/partner/') && !link.startsWith('//') ? link : null);

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requirePartnerPage(request, context);
  const form = await request.formData();
  const notifications = context.services.notifications;
  if (form.get('intent') === 'read-all') {
    await notifications.markAllRead(user);
    throw context.flash.redirectWithToast(href('/partner/dashboard/notifications'), { title: 'All notifications marked as read' });
  }
  const parsed = recordId('Choose a notification.').safeParse(form.get('id'));
  if (!parsed.success) return { error: 'Choose a notification.' };
  let link: string | null;
  try {
    ({ link } = await notifications.markRead(user, parsed.data));
  } catch (err) {
    if ((err as { status?: number }).status === 404) return { error: 'That notification is not yours to open.' };
    throw err;
  }
  return redirect(safeLink(link) ?? href('/partner/dashboard/notifications'));
}

export default function PartnerNotifications({ loaderData, actionData }: Route.ComponentProps) {
  const { feed, unread, unreadOnly } = loaderData;
  return (
    <main id="main">
      <PageHeader title="Notifications" description={unread ? `${unread} unread` : 'You are up to date.'}>
        <Link to={unreadOnly ? '?' : '?unread=1'} className={buttonClass.secondary}>
          {unreadOnly ? 'Show all' : 'Show unread only'}
        </Link>
        <Form method="post">
          <input type="hidden" name="intent" value="read-all" />
          <button type="submit" className={buttonClass.primary} disabled={unread === 0}>
            Mark all as read
          </button>
        </Form>
      </PageHeader>
      {actionData?.error ? (
        <p role="alert" className="mb-4 rounded-md border border-red-700 bg-red-50 p-3 text-red-900">
          {actionData.error}
        </p>
      ) : null}
      {feed.items.length === 0 ? (
        <p className="rounded-xl bg-white p-6 text-stone-600 shadow-sm">{unreadOnly ? 'No unread notifications.' : 'No notifications yet.'}</p>
      ) : (
        <ul className="divide-y divide-stone-200 rounded-xl bg-white shadow-sm" aria-label="Notifications">
          {feed.items.map((n) => (
            <li key={n.id} className={`flex items-start gap-3 px-5 py-3 ${n.read ? '' : 'bg-amber-50/50'}`}>
              <span className={`mt-2 size-2 shrink-0 rounded-full ${n.read ? 'bg-transparent' : 'bg-red-600'}`} aria-hidden="true" />
              <Form method="post" className="min-w-0 flex-1">
                <input type="hidden" name="id" value={n.id} />
                <button
                  type="submit"
                  className={`text-left underline decoration-stone-300 underline-offset-4 hover:text-brass ${n.read ? '' : 'font-semibold'}`}
                >
                  {n.title}
                  {n.read ? null : <span className="sr-only"> (unread)</span>}
                </button>
                {n.body ? <p className="text-sm text-stone-600">{n.body}</p> : null}
              </Form>
              <time dateTime={n.createdAt} className="shrink-0 text-sm text-stone-500">
                {formatUtc(n.createdAt)}
              </time>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={feed.page} pageSize={feed.pageSize} total={feed.total} />
    </main>
  );
}
