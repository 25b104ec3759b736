// The admin dashboard: real counts, and what needs attention — the newest inquiries, products low
// on stock and the next published events.
import { href, Link } from 'react-router';
import { formatUtc } from '@shared/staff-time';
import { INQUIRY_STATUS_LABELS } from '@shared/inquiry-constants';
import { formatEventTime } from '@shared/marketing-constants';
import type { AdminScreen } from '@shared/admin-screens';
import type { Route } from './+types/index';
import { StatusBadge } from '~/components/admin-ui/list';
import { openScreens, requireAdminArea } from '~/lib/guards.server';

export const meta: Route.MetaFunction = () => [{ title: 'Admin dashboard · Frolic' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireAdminArea(request, context);
  const summary = await context.services.dashboard.adminSummary();
  // A card or panel only for a screen its viewer may open: the need its page's guard asks (shared/admin-screens.ts).
  const open = await openScreens(context, user);
  // What a screen holds goes only to those who may open it: inquiries (who wrote, how many), the stock, the events, the people.
  return {
    firstName: user.firstName,
    open,
    summary: {
      ...summary,
      ...(open.inquiries ? {} : { newContactMessages: 0, newBusinessInquiries: 0, recentInquiries: [] }),
      ...(open.products ? {} : { lowStock: [] }),
      ...(open.marketing ? {} : { nextEvents: [] }),
      ...(open.users ? {} : { users: 0 }),
    },
  };
}

const linkClass = 'font-medium underline decoration-stone-300 underline-offset-4 hover:text-brass';

function Panel({
  id,
  title,
  empty,
  more,
  children,
}: {
  id: string;
  title: string;
  empty: string | null;
  more: { to: string; label: string };
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="rounded-xl bg-white p-5 shadow-sm">
      <div className="flex items-baseline justify-between gap-2">
        <h2 id={id} className="font-serif text-xl">
          {title}
        </h2>
        <Link to={more.to} className="text-sm text-brass underline">
          {more.label}
        </Link>
      </div>
      {empty ? <p className="mt-3 text-sm text-stone-600">{empty}</p> : <ul className="mt-3 divide-y divide-stone-100 text-sm">{children}</ul>}
    </section>
  );
}

export default function AdminIndex({ loaderData }: Route.ComponentProps) {
  const { summary, firstName, open } = loaderData;
  const newInquiries = summary.newContactMessages + summary.newBusinessInquiries;
  const cards: { label: string; value: number; to: string; screen: AdminScreen }[] = [
    { label: 'Active products', value: summary.activeProducts, to: href('/admin/dashboard/products'), screen: 'products' },
    { label: 'Published cocktails', value: summary.publishedCocktails, to: href('/admin/dashboard/cocktails'), screen: 'cocktails' },
    { label: 'Store locations', value: summary.activeStores, to: href('/admin/dashboard/store-locator'), screen: 'storeLocator' },
    { label: 'New inquiries', value: newInquiries, to: `${href('/admin/dashboard/inquiries')}?status=new`, screen: 'inquiries' },
    {
      label: 'New contact messages',
      value: summary.newContactMessages,
      to: `${href('/admin/dashboard/inquiries')}?status=new&kind=contact`,
      screen: 'inquiries',
    },
    {
      label: 'New business inquiries',
      value: summary.newBusinessInquiries,
      to: `${href('/admin/dashboard/inquiries')}?status=new&kind=business`,
      screen: 'inquiries',
    },
    { label: 'Upcoming events', value: summary.upcomingEvents, to: `${href('/admin/dashboard/marketing')}?tab=events`, screen: 'marketing' },
    { label: 'Low on stock', value: summary.lowStockProducts, to: href('/admin/dashboard/products'), screen: 'products' },
    { label: 'Users', value: summary.users, to: href('/admin/dashboard/users'), screen: 'users' },
  ];
  const tiles = cards.filter((c) => open[c.screen]);
  return (
    <main id="main">
      <h1 className="font-serif text-3xl">Welcome, {firstName}</h1>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {tiles.map((t) => (
          <li key={t.label} className="rounded-xl bg-white p-5 shadow-sm">
            <p className="text-sm text-stone-600">{t.label}</p>
            <p className="mt-1 text-3xl font-semibold" data-testid={`tile-${t.label}`}>
              {t.value}
            </p>
            <Link to={t.to} className="mt-2 inline-block text-sm text-brass underline" aria-label={`Open: ${t.label}`}>
              Open
            </Link>
          </li>
        ))}
      </ul>
      <div className="mt-10 grid gap-6 lg:grid-cols-3">
        {open.inquiries ? (
          <Panel
            id="recent-heading"
            title="Recent inquiries"
            empty={summary.recentInquiries.length ? null : 'No inquiries yet.'}
            more={{ to: href('/admin/dashboard/inquiries'), label: 'All inquiries' }}
          >
            {summary.recentInquiries.map((r) => (
              <li key={`${r.kind}-${r.id}`} className="py-2">
                <Link to={href('/admin/dashboard/inquiries/:kind/:id', { kind: r.kind, id: String(r.id) })} className={linkClass}>
                  {r.from}
                </Link>{' '}
                <StatusBadge status={r.status} label={INQUIRY_STATUS_LABELS[r.status as keyof typeof INQUIRY_STATUS_LABELS]} />
                <span className="block text-stone-600">{r.subject}</span>
                <span className="block text-xs text-stone-500">{formatUtc(r.createdAt)}</span>
              </li>
            ))}
          </Panel>
        ) : null}
        {open.products ? (
          <Panel
            id="stock-heading"
            title="Low on stock"
            empty={summary.lowStock.length ? null : 'Every active product is above its threshold.'}
            more={{ to: href('/admin/dashboard/products'), label: 'All products' }}
          >
            {summary.lowStock.map((p) => (
              <li key={p.id} className="flex justify-between gap-2 py-2">
                <Link to={href('/admin/dashboard/products/:id', { id: String(p.id) })} className={linkClass}>
                  {p.name}
                </Link>
                <span className={p.available === 0 ? 'font-semibold text-red-800' : 'text-stone-700'}>
                  {p.available.toLocaleString('en-GB')} available <span className="text-stone-500">(threshold {p.lowStockThreshold})</span>
                </span>
              </li>
            ))}
          </Panel>
        ) : null}
        {open.marketing ? (
          <Panel
            id="events-heading"
            title="Upcoming events"
            empty={summary.nextEvents.length ? null : 'No published events ahead.'}
            more={{ to: `${href('/admin/dashboard/marketing')}?tab=events`, label: 'All events' }}
          >
            {summary.nextEvents.map((e) => (
              <li key={e.id} className="py-2">
                <Link to={href('/admin/dashboard/marketing/events/:id', { id: String(e.id) })} className={linkClass}>
                  {e.title}
                </Link>
                <span className="block text-stone-600">{[e.venue, e.city].filter(Boolean).join(', ')}</span>
                <span className="block text-xs text-stone-500">{formatEventTime(e.startsLocal, e.timezone)}</span>
              </li>
            ))}
          </Panel>
        ) : null}
      </div>
      {tiles.length === 0 && !open.inquiries && !open.products && !open.marketing ? (
        <p className="mt-6 text-sm text-stone-600">Nothing here is yours to manage yet: your role opens the screens in the menu.</p>
      ) : null}
    </main>
  );
}
