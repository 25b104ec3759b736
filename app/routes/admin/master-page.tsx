// Master-admin-only screens (spec §6), whatever the permission switches say. Their tools arrive
// with later capabilities; the guard is already the real one.
import type { Route } from './+types/master-page';
import { pageInfoFor } from '~/lib/page-info';
import { requireMasterAdmin } from '~/lib/guards.server';
import { useMatches } from 'react-router';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireMasterAdmin(request, context);
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => [{ title: `${pageInfoFor(matches.at(-1)?.id ?? '').title} · Frolic` }];

export default function MasterPage() {
  const info = pageInfoFor(useMatches().at(-1)?.id ?? '');
  return (
    <main id="main">
      <h1 className="font-serif text-3xl">{info.title}</h1>
      <p className="mt-6 rounded-xl border border-dashed border-brass-light bg-white p-6 text-stone-700">{info.coming}</p>
    </main>
  );
}
