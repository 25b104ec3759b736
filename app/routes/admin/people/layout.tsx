// Advanced User Management (spec §2, master admin): three tabs, each its own route so the address
// says which is open — All Users (the index), Roles & Permissions, Access Control.
import { href, NavLink, Outlet } from 'react-router';
import type { Route } from './+types/layout';
import { PageHeader } from '~/components/admin-ui/list';
import { requireMasterAdmin } from '~/lib/guards.server';

export const meta: Route.MetaFunction = () => [{ title: 'Advanced User Management · Frolic' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireMasterAdmin(request, context);
  return null;
}

const TABS = [
  { to: href('/admin/dashboard/advanced-user-management'), label: 'All Users', end: true },
  { to: href('/admin/dashboard/advanced-user-management/roles'), label: 'Roles & Permissions', end: false },
  { to: href('/admin/dashboard/advanced-user-management/access-control'), label: 'Access Control', end: false },
];

export default function AdvancedUserManagement() {
  return (
    <main id="main">
      <PageHeader title="Advanced User Management" description="People, what their roles let them do, and how they sign in." />
      <nav aria-label="Advanced User Management" className="mb-6 flex gap-1 border-b border-stone-300">
        {TABS.map((t) => (
          <NavLink
            key={t.to}
            to={t.to}
            end={t.end}
            className={({ isActive }) =>
              `-mb-px rounded-t-md border px-4 py-2 text-sm font-medium ${isActive ? 'border-stone-300 border-b-white bg-white text-ink' : 'border-transparent text-stone-700 hover:text-ink'}`
            }
          >
            {t.label}
          </NavLink>
        ))}
      </nav>
      <Outlet />
    </main>
  );
}
