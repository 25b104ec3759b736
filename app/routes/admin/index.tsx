// The admin dashboard: real counts and the latest inquiries.
import { Link } from 'react-router';
import type { Route } from './+types/index';
import { requireAdminArea } from '~/lib/guards.server';

export const meta: Route.MetaFunction = () => [{ title: 'Admin dashboard · Frolic' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireAdminArea(request, context);
  return { firstName: user.firstName, summary: await context.services.dashboard.adminSummary() };
}

export default function AdminIndex({ loaderData }: Route.ComponentProps) {
  const { summary, firstName } = loaderData;
  const tiles = [
    { label: 'Active products', value: summary.activeProducts, to: '/admin/dashboard/products' },
    { label: 'Published cocktails', value: summary.publishedCocktails, to: '/admin/dashboard/cocktails' },
    { label: 'Store locations', value: summary.activeStores, to: '/admin/dashboard/store-locator' },
    { label: 'New contact messages', value: summary.newContactMessages, to: null },
    { label: 'New business inquiries', value: summary.newBusinessInquiries, to: null },
    { label: 'Users', value: summary.users, to: '/admin/dashboard/users' },
  ];
  return (
    <main id="main">
      <h1 className="font-serif text-3xl">Welcome, {firstName}</h1>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {tiles.map((t) => (
          <li key={t.label} className="rounded-xl bg-white p-5 shadow-sm">
            <p className="text-sm text-stone-600">{t.label}</p>
            <p className="mt-1 text-3xl font-semibold" data-testid={`tile-${t.label}`}>{t.value}</p>
            {t.to ? <Link to={t.to} className="mt-2 inline-block text-sm text-brass underline">Open</Link> : null}
          </li>
        ))}
      </ul>
      <section className="mt-10" aria-labelledby="recent-heading">
        <h2 id="recent-heading" className="font-serif text-2xl">Recent inquiries</h2>
        {summary.recentInquiries.length === 0 ? (
          <p className="mt-3 text-stone-600">No inquiries yet.</p>
        ) : (
          <ul className="mt-3 divide-y divide-stone-200 rounded-xl bg-white shadow-sm">
            {summary.recentInquiries.map((r) => (
              <li key={`${r.kind}-${r.id}`} className="px-5 py-3 text-sm">
                <span className="font-medium">{r.from}</span> — {r.subject}
                <span className="ml-2 text-stone-500">{new Date(r.createdAt).toLocaleString('en-GB')}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </main>
  );
}
