// Advanced User Management: All Users (issue 17) — being built; the guard is already the real one.
import type { Route } from './+types/all-users';
import { requireMasterAdmin } from '~/lib/guards.server';

export const meta: Route.MetaFunction = () => [{ title: 'All Users · Frolic' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireMasterAdmin(request, context);
  return null;
}

export default function Page() {
  return <p className="rounded-xl border border-dashed border-brass-light bg-white p-6 text-stone-700">All Users: being built.</p>;
}
