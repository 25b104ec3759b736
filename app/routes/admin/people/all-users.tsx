// Advanced User Management: All Users (spec §2, §5; issue 17) — search, the role and status filters,
// the table, Create User, Edit and Delete. The loader and action are the people screens' shared ones.
import type { Route } from './+types/all-users';
import { PeopleScreen } from '~/features/people/people-screen';
import { peopleAction, peopleLoader } from './users.server';

export const meta: Route.MetaFunction = () => [{ title: 'All Users · Frolic' }];

export const loader = (args: Route.LoaderArgs) => peopleLoader(args);
export const action = (args: Route.ActionArgs) => peopleAction(args);

export default function AllUsers({ loaderData }: Route.ComponentProps) {
  return <PeopleScreen data={loaderData} />;
}
