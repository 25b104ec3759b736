// A partner's dashboard (spec §2): the importer's at /partner/dashboard (also the generic partner's,
// read-only), the distributor's and the retailer's at their own paths. Each shows the partner's own
// organisation — type, standing, licence, supplier and the terms it trades on — the catalogue, the
// latest notifications and the pages of its role. A distributor or retailer asking for the
// importer's dashboard is sent to its own.
import { Form, href, Link, redirect, useRouteLoaderData } from 'react-router';
import { formatPrice } from '@shared/markets';
import { ORGANISATION_STATUS_LABELS, ORGANISATION_TYPE_LABELS, STANDING_REFUSAL, tradesFor } from '@shared/partners';
import { dashboardLanding, ROLE_LABELS, type Role } from '@shared/policy';
import { ORDER_STATUS_LABELS } from '@shared/orders';
import { buyerPages, supplierPages, tradeTypeOf } from '@shared/trade-pages';
import type { Route } from './+types/index';
import { partnerSections } from '~/features/shell/partner-sidebar';
import { requirePartnerPage } from '~/lib/guards.server';
import type { loader as shellLoader } from './layout';
import { plural } from '@shared/plural';
import { DUTY_TREATMENT_LABELS } from '@shared/tax';

export const meta: Route.MetaFunction = () => [{ title: 'Partner dashboard · Frolic' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requirePartnerPage(request, context);
  // The area's index is the importer's dashboard and the generic partner's: the others have their own.
  const landing = dashboardLanding(user.roles, user.areas);
  if (new URL(request.url).pathname.replace(/\/+$/, '') === href('/partner/dashboard') && landing !== href('/partner/dashboard')) throw redirect(landing);
  const { dashboard, stock, access } = context.services;
  // Importers and distributors hold a ledger (retailers hold none): their stock, with Inventory Viewing.
  const holder = user.roles.some((r) => r === 'importer' || r === 'distributor' || r === 'partner');
  const seesStock = holder && !!user.organisationId && (await access.can(user, { permission: 'inventory:view' }));
  // Order figures with Order Management; the CSV export with Report Access (both over its own organisation).
  const [seesOrders, canExport] = user.organisationId
    ? await Promise.all([access.can(user, { permission: 'orders:manage' }), access.can(user, { permission: 'reports:view' })])
    : [false, false];
  // The latest notifications come from the shell's loader (the bell reads the same ones).
  const [overview, summary, holdings, allocations, figures] = await Promise.all([
    dashboard.partnerOverview(user),
    dashboard.partnerSummary(),
    seesStock ? stock.holdings(user) : null,
    seesStock ? stock.allocations(user, 5) : null,
    seesOrders ? context.services.orders.figures(user) : null,
  ]);
  return {
    firstName: user.firstName,
    roles: user.roles,
    // Only the generic role: it reads what its organisation sees, and places or approves nothing.
    readOnly: !tradesFor(user.roles),
    overview,
    summary,
    holdings,
    received: allocations?.received ?? [],
    figures,
    canExport,
  };
}

const dateOf = (iso: string) => new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

function OrganisationCard({ overview }: { overview: NonNullable<Route.ComponentProps['loaderData']['overview']> }) {
  const { organisation: org, terms } = overview;
  const standing = org.standing === 'active' ? null : STANDING_REFUSAL[org.standing];
  const rows: [string, string][] = [
    ['Type', ORGANISATION_TYPE_LABELS[org.type]],
    ['Status', standing ? `${ORGANISATION_STATUS_LABELS[org.status]} · ${standing.title}` : ORGANISATION_STATUS_LABELS[org.status]],
    ['Licence', `${org.licenceNumber}, valid until ${dateOf(org.licenceExpiresOn)}`],
    ['Supplier', org.supplierName ?? 'Frolic (the brand)'],
  ];
  if (org.status === 'suspended' && org.statusReason) rows.push(['Reason', org.statusReason]);
  if (terms)
    rows.push(
      ['Payment terms', plural(terms.paymentTermsDays, 'day')],
      ['Credit limit', formatPrice(terms.creditLimitMinor, terms.currency)],
      ['Duty', DUTY_TREATMENT_LABELS[terms.dutyTreatment]],
      ['Currency', terms.currency],
    );
  return (
    <section aria-labelledby="org-heading" className="rounded-xl bg-white p-5 shadow-sm" data-testid="organisation-card">
      <h2 id="org-heading" className="font-serif text-2xl">
        {org.tradingName}
      </h2>
      {org.legalName !== org.tradingName ? <p className="text-sm text-stone-600">{org.legalName}</p> : null}
      <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]">
        {rows.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="font-medium text-stone-700">{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

type LoaderData = Route.ComponentProps['loaderData'];

function StockCard({ holdings, received }: { holdings: NonNullable<LoaderData['holdings']>; received: LoaderData['received'] }) {
  const onHand = holdings.reduce((s, h) => s + h.onHand, 0);
  const low = holdings.filter((h) => h.lowStock);
  return (
    <section aria-labelledby="stock-heading" className="rounded-xl bg-white p-5 shadow-sm" data-testid="stock-card">
      <h2 id="stock-heading" className="font-serif text-2xl">
        Stock
      </h2>
      <p className="mt-1 text-sm text-stone-600">
        <span className="text-2xl font-semibold text-stone-900" data-testid="stock-on-hand">
          {onHand.toLocaleString('en-GB')}
        </span>{' '}
        bottles on hand · {low.length} low on stock
      </p>
      {holdings.length === 0 ? (
        <p className="mt-2 text-sm text-stone-600">You hold no stock yet.</p>
      ) : (
        <table className="mt-3 w-full text-left text-sm">
          <caption className="sr-only">Stock per product</caption>
          <thead>
            <tr className="border-b border-stone-200 text-stone-600">
              <th scope="col" className="py-1 pr-2 font-medium">
                Product
              </th>
              <th scope="col" className="py-1 pr-2 text-right font-medium">
                On hand
              </th>
              <th scope="col" className="py-1 pr-2 text-right font-medium">
                Available
              </th>
              <th scope="col" className="py-1 font-medium">
                Status
              </th>
            </tr>
          </thead>
          <tbody>
            {holdings.map((h) => (
              <tr key={h.productId} className="border-b border-stone-100" data-testid={`holding-${h.productId}`}>
                <th scope="row" className="py-1 pr-2 font-medium">
                  {h.name}
                </th>
                <td className="py-1 pr-2 text-right tabular-nums">{h.onHand.toLocaleString('en-GB')}</td>
                <td className="py-1 pr-2 text-right tabular-nums">
                  {h.available.toLocaleString('en-GB')} ({plural(h.cases, 'case')})
                </td>
                <td className="py-1">{h.lowStock ? <span className="font-semibold text-red-800">Low stock</span> : 'In stock'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {received.length ? (
        <>
          <h3 className="mt-4 font-medium">Received allocations</h3>
          <ul className="mt-1 space-y-1 text-sm" data-testid="allocations-received">
            {received.map((a) => (
              <li key={a.id}>
                From <span className="font-medium">{a.importerName}</span>: {a.items.map((i) => `${i.cases} × ${i.name}`).join(', ')}
                {a.note ? <span className="text-stone-600"> — {a.note}</span> : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

/** Where a partner works on its orders: a supplier's approvals (importer, distributor), the retailer's orders. */
function ordersPageFor(roles: readonly string[]): { to: string; label: string } | null {
  const type = tradeTypeOf(roles);
  const selling = supplierPages(type);
  if (selling) return { to: selling.approve, label: 'Approve orders' };
  const buying = buyerPages(type);
  return buying ? { to: buying.placeOrder, label: 'Place orders' } : null;
}

const SHOWN_STATES = ['submitted', 'seen', 'approved', 'invoiced', 'shipped', 'delivered', 'paid', 'rejected', 'cancelled'] as const;

function StateCounts({ title, counts, testId }: { title: string; counts: Record<string, number>; testId: string }) {
  const total = Object.values(counts).reduce((s, n) => s + n, 0);
  return (
    <div data-testid={testId}>
      <h3 className="font-medium">
        {title} <span className="text-stone-600">({total.toLocaleString('en-GB')})</span>
      </h3>
      {total === 0 ? (
        <p className="text-sm text-stone-600">None yet.</p>
      ) : (
        <dl className="mt-1 grid grid-cols-[1fr_auto] gap-x-4 text-sm">
          {SHOWN_STATES.filter((st) => counts[st]).map((st) => (
            <div key={st} className="contents">
              <dt>{ORDER_STATUS_LABELS[st]}</dt>
              <dd className="text-right tabular-nums" data-testid={`${testId}-${st}`}>
                {(counts[st] ?? 0).toLocaleString('en-GB')}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  );
}

function OrdersCard({ figures, roles, canExport }: { figures: NonNullable<LoaderData['figures']>; roles: readonly string[]; canExport: boolean }) {
  const page = ordersPageFor(roles);
  // A retailer sells to no one in the portal: its selling side stays off the card.
  const sells = !roles.includes('retailer') || Object.values(figures.selling).some((n) => n > 0);
  return (
    <section aria-labelledby="orders-heading" className="rounded-xl bg-white p-5 shadow-sm" data-testid="orders-card">
      <h2 id="orders-heading" className="font-serif text-2xl">
        Orders
      </h2>
      <p className="mt-1 text-sm text-stone-600">
        {sells ? (
          <>
            <span className="text-2xl font-semibold text-stone-900" data-testid="orders-to-decide">
              {figures.toDecide.toLocaleString('en-GB')}
            </span>{' '}
            waiting for your decision ·{' '}
          </>
        ) : null}
        <span className="font-semibold text-stone-900" data-testid="orders-to-receive">
          {figures.toReceive.toLocaleString('en-GB')}
        </span>{' '}
        approved and on the way to you
      </p>
      <div className={`mt-3 grid gap-4 ${sells ? 'sm:grid-cols-2' : ''}`}>
        <StateCounts title="Your orders" counts={figures.buying} testId="orders-buying" />
        {sells ? <StateCounts title="Orders from your customers" counts={figures.selling} testId="orders-selling" /> : null}
      </div>
      <h3 className="mt-4 font-medium">Recent activity</h3>
      {figures.recent.length === 0 ? (
        <p className="text-sm text-stone-600">No orders yet.</p>
      ) : (
        <ul className="mt-1 space-y-1 text-sm" data-testid="orders-recent">
          {figures.recent.map((o) => (
            <li key={o.id}>
              <span className="font-medium">{o.number}</span> · {o.side === 'buyer' ? `to ${o.counterparty}` : `from ${o.counterparty}`} ·{' '}
              {formatPrice(o.totalMinor, o.currency)} · <span className="font-semibold">{o.statusLabel}</span>
            </li>
          ))}
        </ul>
      )}
      <p className="mt-3 flex flex-wrap gap-4 text-sm">
        {page ? (
          <Link to={page.to} className="text-brass underline">
            {page.label}
          </Link>
        ) : null}
        {canExport ? (
          <a href="/api/partner/orders/export.csv" download className="text-brass underline" data-testid="orders-export">
            Export CSV
          </a>
        ) : null}
      </p>
    </section>
  );
}

export default function PartnerDashboard({ loaderData }: Route.ComponentProps) {
  const { firstName, roles, readOnly, overview, summary, holdings, received, figures, canExport } = loaderData;
  const latest = useRouteLoaderData<typeof shellLoader>('routes/partner/layout')?.latestNotifications ?? [];
  const sections = partnerSections(roles).filter((s) => s.title !== 'Dashboard');
  return (
    <main id="main" className="space-y-6">
      <div>
        <h1 className="font-serif text-3xl">Welcome, {firstName}</h1>
        <p className="mt-1 text-stone-700">
          {roles.map((r) => ROLE_LABELS[r as Role] ?? r).join(', ')}
          {overview ? ` · ${overview.organisation.tradingName}` : ''}
        </p>
      </div>
      {readOnly ? (
        <p className="rounded-md bg-stone-100 p-3 text-sm text-stone-800">
          You have read-only access to {overview ? overview.organisation.tradingName : 'your organisation'}: you can look at the catalogue and what your
          organisation receives; placing and approving are for its {overview ? ORGANISATION_TYPE_LABELS[overview.organisation.type].toLowerCase() : 'trading'}{' '}
          users.
        </p>
      ) : null}
      {overview ? (
        <OrganisationCard overview={overview} />
      ) : (
        <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-950">
          Your account is not linked to an organisation yet. Contact your Frolic account manager.
        </p>
      )}
      <div className="grid gap-4 md:grid-cols-2">
        <section aria-labelledby="catalogue-heading" className="rounded-xl bg-white p-5 shadow-sm">
          <h2 id="catalogue-heading" className="text-sm text-stone-600">
            Products in the trade catalogue
          </h2>
          <p className="mt-1 text-3xl font-semibold" data-testid="product-count">
            {summary.activeProducts}
          </p>
          <p className="text-sm text-stone-600">in {summary.categories} categories</p>
          <Link to={href('/partner/dashboard/products')} className="mt-2 inline-block text-sm text-brass underline">
            View products
          </Link>
        </section>
        <section aria-labelledby="latest-heading" className="rounded-xl bg-white p-5 shadow-sm">
          <h2 id="latest-heading" className="text-sm text-stone-600">
            Latest notifications
          </h2>
          {latest.length === 0 ? (
            <p className="mt-2 text-sm text-stone-600">Nothing yet.</p>
          ) : (
            <ul className="mt-2 space-y-1 text-sm">
              {latest.map((n) => (
                <li key={n.id}>
                  <Form method="post" action={href('/partner/dashboard/notifications')}>
                    <input type="hidden" name="id" value={n.id} />
                    <button
                      type="submit"
                      className={`text-left underline decoration-stone-300 underline-offset-4 hover:text-brass ${n.read ? '' : 'font-semibold'}`}
                    >
                      {n.title}
                    </button>
                  </Form>
                </li>
              ))}
            </ul>
          )}
          <Link to={href('/partner/dashboard/notifications')} className="mt-2 inline-block text-sm text-brass underline">
            All notifications
          </Link>
        </section>
      </div>
      {figures ? <OrdersCard figures={figures} roles={roles} canExport={canExport} /> : null}
      {holdings ? <StockCard holdings={holdings} received={received} /> : null}
      <section aria-labelledby="pages-heading">
        <h2 id="pages-heading" className="font-serif text-2xl">
          Your pages
        </h2>
        <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {sections.flatMap((s) =>
            s.links.map((l) => (
              <li key={l.to}>
                <Link to={l.to} className="block rounded-xl bg-white p-4 shadow-sm hover:shadow-md">
                  <span className="block text-xs font-semibold tracking-wider text-brass uppercase">{s.title}</span>
                  <span className="font-medium">{l.label}</span>
                </Link>
              </li>
            )),
          )}
        </ul>
      </section>
    </main>
  );
}
