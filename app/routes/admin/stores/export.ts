// CSV export of store locations (the Store Locator's "Export CSV"): every store, or those the list's
// filters select, in the import's column layout with the id and version first, as a download.
import { storeAdminQuery } from '@shared/schemas/stores';
import type { Route } from './+types/export';
import { requirePermission } from '~/lib/guards.server';

/** Bulk data (Database Management) on top of the content permission, as the API asks. */
const BULK = ['cms:access', 'database:manage'] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, BULK);
  const parsed = storeAdminQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  const { q, country, active } = parsed.success ? parsed.data : storeAdminQuery.parse({});
  const csv = await context.services.stores.exportCsv({ q, country, active });
  return new Response(csv, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="stores-${new Date().toISOString().slice(0, 10)}.csv"`,
      'Cache-Control': 'no-store',
    },
  });
}
