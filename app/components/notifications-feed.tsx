// The bell's page body, shared by the admin and partner shells: the header with "Show unread only"
// and "Mark all as read", the entries (opening one marks it read), and pagination. `notice` is what a
// shell adds above the list (the admin's unread support messages).
import { Form, Link } from 'react-router';
import { formatUtc } from '@shared/staff-time';
import { buttonClass, PageHeader, Pagination } from '~/components/admin-ui/list';

interface Feed {
  items: { id: number; title: string; body: string; read: boolean; createdAt: string }[];
  page: number;
  pageSize: number;
  total: number;
}

export function NotificationsFeed({
  feed,
  unread,
  unreadOnly,
  error,
  notice,
}: {
  feed: Feed;
  unread: number;
  unreadOnly: boolean;
  error?: string;
  notice?: React.ReactNode;
}) {
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
      {error ? (
        <p role="alert" className="mb-4 rounded-md border border-red-700 bg-red-50 p-3 text-red-900">
          {error}
        </p>
      ) : null}
      {notice}
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
