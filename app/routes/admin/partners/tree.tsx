// The trade tree (staff, User Management): the brand supplies its importers, each importer its
// distributors, each distributor its retailers — every organisation with its status and licence.
import { href, Link } from 'react-router';
import { ORGANISATION_TYPE_LABELS, type OrganisationNode } from '@shared/schemas/partners-admin';
import type { Route } from './+types/tree';
import { BackLink } from '~/components/admin-ui/editor';
import { PageHeader } from '~/components/admin-ui/list';
import { LicenceBadge, OrganisationStatusBadge } from '~/features/organisations/badges';
import { requireScreen } from '~/lib/guards.server';

export const meta: Route.MetaFunction = () => [{ title: 'Trade tree · Partners · Frolic' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireScreen(request, context, 'partners');
  return { nodes: await context.services.partners.tree() };
}

function Branch({ parentId, byParent, level }: { parentId: string | null; byParent: Map<string | null, OrganisationNode[]>; level: number }) {
  const children = byParent.get(parentId) ?? [];
  if (children.length === 0) return null;
  return (
    <ul className={level === 0 ? 'space-y-2' : 'mt-2 space-y-2 border-l border-stone-300 pl-5'}>
      {children.map((o) => (
        <li key={o.id}>
          <span className="flex flex-wrap items-center gap-2">
            <Link
              to={href('/admin/dashboard/partners/:id', { id: o.id })}
              className="font-medium underline decoration-stone-300 underline-offset-4 hover:text-brass"
            >
              {o.tradingName}
            </Link>
            <span className="text-sm text-stone-600">
              {ORGANISATION_TYPE_LABELS[o.type]} · {o.market}
            </span>
            <OrganisationStatusBadge status={o.status} />
            <LicenceBadge licence={o.licence} />
          </span>
          <Branch parentId={o.id} byParent={byParent} level={level + 1} />
        </li>
      ))}
    </ul>
  );
}

export default function TradeTree({ loaderData }: Route.ComponentProps) {
  const { nodes } = loaderData;
  const ids = new Set(nodes.map((n) => n.id));
  const byParent = new Map<string | null, OrganisationNode[]>();
  for (const n of nodes) {
    // The brand supplies importers (no supplier); anything else hangs under its supplier.
    const parent = n.supplierId && ids.has(n.supplierId) ? n.supplierId : null;
    byParent.set(parent, [...(byParent.get(parent) ?? []), n]);
  }
  return (
    <main id="main" className="max-w-4xl">
      <BackLink to={href('/admin/dashboard/partners')} label="Partners" />
      <PageHeader
        title="Trade tree"
        description="Who supplies whom: Frolic supplies the importers, importers their distributors, distributors their retailers."
      />
      <section aria-label="Trade tree" className="rounded-xl bg-white p-5 shadow-sm">
        <p className="font-serif text-xl">Frolic</p>
        {nodes.length === 0 ? <p className="mt-2 text-stone-600">No organisations yet.</p> : null}
        <div className="mt-3 border-l border-stone-300 pl-5">
          <Branch parentId={null} byParent={byParent} level={0} />
        </div>
      </section>
    </main>
  );
}
