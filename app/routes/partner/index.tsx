// A partner's dashboard (importer, distributor or retailer): who they are and the catalogue open to them.
import { href, Link } from 'react-router';
import { ROLE_LABELS, type Role } from '@shared/policy';
import type { Route } from './+types/index';
import { requirePartnerPage } from '~/lib/guards.server';

export const meta: Route.MetaFunction = () => [{ title: 'Partner dashboard · Frolic' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requirePartnerPage(request, context);
  return {
    firstName: user.firstName,
    roles: user.roles,
    email: user.email,
    summary: await context.services.dashboard.partnerSummary(),
  };
}

export default function PartnerIndex({ loaderData }: Route.ComponentProps) {
  const { firstName, roles, email, summary } = loaderData;
  return (
    <main id="main">
      <h1 className="font-serif text-3xl">Welcome, {firstName}</h1>
      <p className="mt-2 text-stone-700">
        Signed in as {email} · {roles.map((r) => ROLE_LABELS[r as Role] ?? r).join(', ')}
      </p>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2">
        <li className="rounded-xl bg-white p-5 shadow-sm">
          <p className="text-sm text-stone-600">Products in the trade catalogue</p>
          <p className="mt-1 text-3xl font-semibold">{summary.activeProducts}</p>
          <Link to={href('/partner/dashboard/products')} className="mt-2 inline-block text-sm text-brass underline">
            View products
          </Link>
        </li>
        <li className="rounded-xl bg-white p-5 shadow-sm">
          <p className="text-sm text-stone-600">Categories</p>
          <p className="mt-1 text-3xl font-semibold">{summary.categories}</p>
        </li>
      </ul>
    </main>
  );
}
