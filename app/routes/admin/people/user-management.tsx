// User Management (spec §2; issue 17; also the sidebar's /admin/dashboard/users): staff and partner
// users in tabs by kind, with the same search, dialogs, loader and action as All Users.
import { href, Link, useLocation } from 'react-router';
import { USER_KIND_LABELS, USER_KINDS, type UserKind } from '@shared/users-admin-constants';
import type { Route } from './+types/user-management';
import { PageHeader } from '~/components/admin-ui/list';
import { PeopleScreen } from '~/features/people/people-screen';
import { peopleAction, peopleLoader } from './users.server';

export const meta: Route.MetaFunction = () => [{ title: 'User Management · Frolic' }];

const kindOf = (request: Request): UserKind => (new URL(request.url).searchParams.get('kind') === 'partner' ? 'partner' : 'staff');

export async function loader(args: Route.LoaderArgs) {
  const kind = kindOf(args.request);
  return { ...(await peopleLoader(args, { kind })), kind };
}
export const action = (args: Route.ActionArgs) => peopleAction(args);

export default function UserManagement({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  const base = pathname.startsWith(href('/admin/dashboard/users')) ? href('/admin/dashboard/users') : href('/admin/dashboard/user-management');
  return (
    <main id="main">
      <PageHeader title="User Management" description="Staff and partner users: who they are, what they hold, how they sign in." />
      <PeopleScreen data={loaderData}>
        <nav aria-label="Kind of user" className="flex gap-1 border-b border-stone-300">
          {USER_KINDS.map((k) => (
            <Link
              key={k}
              to={`${base}?kind=${k}`}
              aria-current={loaderData.kind === k ? 'page' : undefined}
              className={`-mb-px rounded-t-md border px-4 py-2 text-sm font-medium ${loaderData.kind === k ? 'border-stone-300 border-b-white bg-white text-ink' : 'border-transparent text-stone-700 hover:text-ink'}`}
            >
              {USER_KIND_LABELS[k]}
            </Link>
          ))}
        </nav>
      </PeopleScreen>
    </main>
  );
}
