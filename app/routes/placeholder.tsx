// Pages whose capability lands in a later issue: a proper page that says what will be there.
import { Link, useMatches } from 'react-router';
import type { Route } from './+types/placeholder';
import { pageInfoFor } from '~/lib/page-info';
import { requirePartnerPage } from '~/lib/guards.server';

/** Every placeholder is a partner page (app/routes.ts): guarded like the page it stands for. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePartnerPage(request, context);
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const info = pageInfoFor(matches[matches.length - 1]?.id ?? '');
  return [{ title: `${info.title} · Frolic` }, { name: 'description', content: info.description }];
};

export default function Placeholder() {
  const matches = useMatches();
  const info = pageInfoFor(matches[matches.length - 1]?.id ?? '');
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-20">
      <h1 className="font-serif text-4xl">{info.title}</h1>
      <p className="mt-4 text-lg text-stone-700">{info.description}</p>
      <section className="mt-10 rounded-xl border border-dashed border-brass-light bg-white p-6">
        <h2 className="font-semibold">Coming soon</h2>
        <p className="mt-2 text-stone-700">{info.coming}</p>
      </section>
      <p className="mt-10">
        <Link to="/products" className="font-medium text-brass underline">
          Browse our spirits
        </Link>
      </p>
    </main>
  );
}
