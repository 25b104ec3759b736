// Staff catalogue screen (being built).
import type { Route } from './+types/collateral-edit';
import { requireAdminArea } from '~/lib/guards.server';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminArea(request, context);
  return null;
}

export default function Screen() {
  return <main id="main"><p>Coming.</p></main>;
}
