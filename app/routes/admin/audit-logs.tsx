// Audit Logs (issue 17) — being built; the guard is already the real one.
import type { Route } from './+types/audit-logs';
import { requireMasterAdmin } from '~/lib/guards.server';

export const meta: Route.MetaFunction = () => [{ title: 'Audit Logs · Frolic' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireMasterAdmin(request, context);
  return null;
}

export default function Page() {
  return (
    <main id="main">
      <h1 className="font-serif text-3xl">Audit Logs</h1>
      <p className="rounded-xl border border-dashed border-brass-light bg-white p-6 text-stone-700">Being built.</p>
    </main>
  );
}
