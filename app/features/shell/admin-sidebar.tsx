// The admin shell's sidebar (spec §2): dashboard open by default, the four sections collapsible with
// one open at a time (native exclusive <details name>), name, role label and Sign Out.
import { Form, href, NavLink, useLocation } from 'react-router';
import type { AdminScreen } from '@shared/admin-screens';
import { ShellMenuButton, ShellSidebar } from './shell-frame';

interface Props {
  /** `roleLabel`: Master Admin, Admin, Employee or a custom staff role's own name (product.md §6). */
  user: { firstName: string; lastName: string; roleLabel: string };
  /** Which screens the viewer may open (`openScreens`, the need each page's guard asks): a link shows only then. */
  screens: Record<AdminScreen, boolean>;
}

interface ShellLink {
  to: string;
  label: string;
  screen: AdminScreen;
}

const SECTIONS: { key: string; label: string; links: ShellLink[] }[] = [
  { key: 'products', label: 'Products', links: [{ to: href('/admin/dashboard/products'), label: 'Manage Products', screen: 'products' }] },
  { key: 'locations', label: 'Locations', links: [{ to: href('/admin/dashboard/store-locator'), label: 'Store Locator', screen: 'storeLocator' }] },
  { key: 'cocktails', label: 'Cocktails', links: [{ to: href('/admin/dashboard/cocktails'), label: 'Manage Recipes', screen: 'cocktails' }] },
  {
    key: 'marketing',
    label: 'Marketing',
    links: [
      { to: href('/admin/dashboard/marketing'), label: 'Collateral & Events', screen: 'marketing' },
      { to: href('/admin/dashboard/media'), label: 'Media Library', screen: 'media' },
    ],
  },
];

// After the sections; the master admin's screens last (a plain admin would only meet Access Denied there, product.md §6).
const LINKS: ShellLink[] = [
  { to: href('/admin/dashboard/inquiries'), label: 'Inquiries', screen: 'inquiries' },
  { to: href('/admin/dashboard/partners'), label: 'Partners', screen: 'partners' },
  { to: href('/admin/dashboard/trade-orders'), label: 'Trade orders', screen: 'tradeOrders' },
  { to: href('/admin/dashboard/trade-invoices'), label: 'Trade invoices', screen: 'tradeInvoices' },
  { to: href('/admin/dashboard/trade-payments'), label: 'Trade payments', screen: 'tradePayments' },
  { to: href('/admin/dashboard/trade-shipments'), label: 'Trade shipments', screen: 'tradeShipments' },
  { to: href('/admin/dashboard/brand'), label: 'Brand details', screen: 'brand' },
  { to: href('/admin/dashboard/tax-rules'), label: 'Tax rules', screen: 'taxRules' },
  { to: href('/admin/dashboard/support'), label: 'Support Inbox', screen: 'support' },
  { to: href('/admin/dashboard/users'), label: 'User Management', screen: 'users' },
  { to: href('/admin/dashboard/master-admin'), label: 'Master Admin Panel', screen: 'masterAdmin' },
  { to: href('/admin/dashboard/audit-logs'), label: 'Audit Logs', screen: 'masterAdmin' },
  { to: href('/admin/dashboard/outbox'), label: 'Outbox', screen: 'masterAdmin' },
];

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-md px-3 py-2 text-sm ${isActive ? 'bg-white/15 font-semibold text-white' : 'text-stone-200 hover:bg-white/10'}`;

export function AdminSidebar({ user, screens }: Props) {
  const { pathname } = useLocation();
  const sections = SECTIONS.map((s) => ({ ...s, links: s.links.filter((l) => screens[l.screen]) })).filter((s) => s.links.length > 0);
  return (
    <ShellSidebar label="Admin navigation">
      <nav className="flex-1 space-y-1 px-3" aria-label="Admin">
        <NavLink to={href('/admin/dashboard')} end className={linkClass}>
          Dashboard
        </NavLink>
        {sections.map((s) => (
          <details key={s.key} name="admin-sections" open={s.links.some((l) => pathname.startsWith(l.to))} className="group">
            <summary className="cursor-pointer list-none rounded-md px-3 py-2 text-sm font-medium text-stone-100 hover:bg-white/10">{s.label}</summary>
            <div className="ml-3 border-l border-white/20 pl-2">
              {s.links.map((l) => (
                <NavLink key={l.to} to={l.to} className={linkClass}>
                  {l.label}
                </NavLink>
              ))}
            </div>
          </details>
        ))}
        {LINKS.filter((l) => screens[l.screen]).map((l) => (
          <NavLink key={l.to} to={l.to} className={linkClass}>
            {l.label}
          </NavLink>
        ))}
      </nav>
      <div className="border-t border-white/15 px-6 py-4">
        <p className="font-medium" data-testid="shell-user-name">
          {user.firstName} {user.lastName}
        </p>
        <p className="text-sm text-brass-light" data-testid="shell-role-label">
          {user.roleLabel}
        </p>
        <Form method="post" action={href('/auth/logout')} className="mt-3">
          <button type="submit" className="rounded-md border border-white/30 px-3 py-1 text-sm hover:bg-white/10">
            Sign Out
          </button>
        </Form>
      </div>
    </ShellSidebar>
  );
}

interface LatestNotification {
  id: number;
  title: string;
  read: boolean;
}

/** The few newest notifications under the bell; opening one marks it read and follows its link. */
function LatestNotifications({ items, href }: { items: LatestNotification[]; href: string }) {
  return (
    <details className="relative">
      <summary className="cursor-pointer list-none rounded-md px-1 py-2 text-stone-600 hover:bg-stone-100" aria-label="Latest notifications">
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4 fill-none stroke-current stroke-2">
          <path d="m6 9 6 6 6-6" />
        </svg>
      </summary>
      <div className="absolute right-0 z-20 mt-2 w-80 rounded-md border border-stone-200 bg-white p-2 text-sm shadow-lg">
        {items.length === 0 ? <p className="p-2 text-stone-600">Nothing new.</p> : null}
        <ul>
          {items.map((n) => (
            <li key={n.id}>
              <Form method="post" action={href}>
                <input type="hidden" name="intent" value="open" />
                <input type="hidden" name="id" value={n.id} />
                <button type="submit" className={`w-full rounded px-2 py-1.5 text-left hover:bg-stone-100 ${n.read ? 'text-stone-600' : 'font-medium'}`}>
                  {n.title}
                </button>
              </Form>
            </li>
          ))}
        </ul>
        <NavLink to={href} className="mt-1 block rounded px-2 py-1.5 text-brass underline">
          All notifications
        </NavLink>
      </div>
    </details>
  );
}

/**
 * The top bar's search: a GET form to `action` (the input keeps the query while on that page), or,
 * where the shell has no search page yet, a box that submits nowhere.
 */
function ShellSearch({ action, placeholder }: { action?: string; placeholder: string }) {
  const { pathname, search } = useLocation();
  const label = (
    <label htmlFor="shell-search" className="sr-only">
      Search
    </label>
  );
  const inputClass = 'w-full rounded-md border border-stone-300 px-3 py-2 text-sm';
  // Below the desktop breakpoint the box takes a row of its own, under the menu and the bell.
  const formClass = 'order-last w-full lg:order-none lg:max-w-sm';
  if (!action) {
    return (
      <form role="search" className={formClass} onSubmit={(e) => e.preventDefault()}>
        {label}
        <input id="shell-search" type="search" placeholder={placeholder} className={inputClass} />
      </form>
    );
  }
  const current = pathname === action ? (new URLSearchParams(search).get('q') ?? '') : '';
  return (
    <Form method="get" action={action} role="search" className={formClass}>
      {label}
      {/* Keyed by the query so back and forward show the search of the page they land on. */}
      <input key={current} id="shell-search" type="search" name="q" defaultValue={current} placeholder={placeholder} className={inputClass} />
    </Form>
  );
}

/** Top bar of both shells: search, the bell with a dot, first name and initial avatar. */
export function TopBar({
  firstName,
  searchPlaceholder,
  searchAction,
  label,
  alerts = 0,
  alertsHref,
  latest,
  search,
  organisation,
}: {
  firstName: string;
  searchPlaceholder: string;
  /** A search box of the shell's own (the partner shell's suggests products); replaces the plain one. */
  search?: React.ReactNode;
  /** The partner's organisation (its trading name), beside the name and role. */
  organisation?: string | null;
  /** The search page the box submits to; without it the box does nothing yet. */
  searchAction?: string;
  label?: string;
  alerts?: number;
  alertsHref?: string;
  latest?: LatestNotification[];
}) {
  const bell = (
    <>
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5 fill-none stroke-current stroke-2">
        <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9M13.7 21a2 2 0 0 1-3.4 0" />
      </svg>
      {alerts > 0 ? <span className="absolute top-1 right-1 size-2 rounded-full bg-red-600" aria-hidden="true" data-testid="bell-dot" /> : null}
    </>
  );
  const bellLabel = alerts > 0 ? `Notifications: ${alerts} unread` : 'Notifications';
  return (
    // The fixed Home button (spec §2) sits over the top right corner: the bell and the name keep
    // clear of it (mr-24) and, on a phone, the search box is on the row below it.
    <header className="flex flex-wrap items-center gap-x-4 gap-y-3 border-b border-stone-200 bg-white px-4 py-3 lg:flex-nowrap lg:px-6">
      <ShellMenuButton />
      {search ?? <ShellSearch action={searchAction} placeholder={searchPlaceholder} />}
      <div className="mr-24 ml-auto flex items-center gap-4">
        {alertsHref ? (
          <span className="flex items-center">
            <NavLink to={alertsHref} className="relative rounded-full p-2 hover:bg-stone-100" aria-label={bellLabel}>
              {bell}
            </NavLink>
            {latest ? <LatestNotifications items={latest} href={alertsHref} /> : null}
          </span>
        ) : (
          <button type="button" className="relative rounded-full p-2 hover:bg-stone-100" aria-label={bellLabel}>
            {bell}
          </button>
        )}
        <span className="text-sm font-medium max-sm:sr-only">
          {firstName}
          {label ? (
            <span className="ml-2 text-stone-600" data-testid="partner-role-label">
              {label}
            </span>
          ) : null}
          {organisation ? (
            <span className="block text-xs font-normal text-stone-600" data-testid="partner-organisation">
              {organisation}
            </span>
          ) : null}
        </span>
        <span className="flex size-8 items-center justify-center rounded-full bg-forest text-sm font-semibold text-white" aria-hidden="true">
          {firstName.slice(0, 1).toUpperCase() || '?'}
        </span>
      </div>
    </header>
  );
}
