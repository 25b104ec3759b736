// Database Management (master admin only; spec §2, §8, §9; issue 19): the Table Browser (the live
// tables, their columns and types, keyset pages, secret columns shown as hidden) and the SQL Editor
// (read-only unless writes are switched on, and then behind the step-up and a confirmation of the
// tables they change), with saved queries and a history shared by the master admins. The tab, the
// table and the page are in the address; switching tabs loads nothing again.
import type { ShouldRevalidateFunctionArgs } from 'react-router';
import type { Route } from './+types/database-management';
import { DatabaseScreen } from '~/features/database/database-screen';
import { databaseAction, databaseLoader } from '~/features/database/database.server';
import { intentOf } from '~/features/database/submit';

export const meta: Route.MetaFunction = () => [{ title: 'Database Management · Frolic' }];

export const loader = (args: Route.LoaderArgs) => databaseLoader(args);
export const action = (args: Route.ActionArgs) => databaseAction(args);

export function shouldRevalidate({ formData, currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formData) {
    const intent = intentOf(formData);
    // A count changes nothing; a run changes the history whatever it answered (a refusal is recorded too).
    if (intent === 'count') return false;
    if (intent === 'run') return true;
    return defaultShouldRevalidate;
  }
  const tabOnly =
    currentUrl.pathname === nextUrl.pathname &&
    currentUrl.searchParams.get('tab') !== nextUrl.searchParams.get('tab') &&
    ['table', 'after'].every((k) => currentUrl.searchParams.get(k) === nextUrl.searchParams.get(k));
  return tabOnly ? false : defaultShouldRevalidate;
}

export default function DatabaseManagement({ loaderData }: Route.ComponentProps) {
  return <DatabaseScreen data={loaderData} />;
}
