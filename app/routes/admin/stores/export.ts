// CSV export of store locations (being built).
import type { Route } from './+types/export';
import { requireAdminArea } from '~/lib/guards.server';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminArea(request, context);
  return new Response('', { headers: { 'Content-Type': 'text/csv' } });
}
