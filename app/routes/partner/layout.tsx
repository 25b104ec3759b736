// The partner shell (spec §2): guarded on the server — not signed in → /partner-login; no partner
// access → 'Access Denied'; expired password → reset. The header shows the first name, the role
// label and the organisation, searches the catalogue ('Search products...', with suggestions as
// you type), and the bell shows the partner's own notifications, lit live through /ws/live. An
// organisation that cannot trade (pending, suspended, licence expired) is said so on every page.
import { href, Outlet } from 'react-router';
import { NOTIFICATIONS_LATEST } from '@shared/notification-constants';
import { LIVE_SOCKET_PATH, type LivePush } from '@shared/live-events';
import { formatPrice } from '@shared/markets';
import { STANDING_REFUSAL } from '@shared/partners';
import { ROLE_LABELS, type Role } from '@shared/policy';
import { PARTNER_SEARCH_SUGGESTIONS, type TradeCatalogPage } from '@shared/partner-catalog-constants';
import type { Route } from './+types/layout';
import { TopBar } from '~/features/shell/admin-sidebar';
import { PartnerSidebar } from '~/features/shell/partner-sidebar';
import { ShellFrame } from '~/features/shell/shell-frame';
import { type SearchSuggestion, SuggestSearch } from '~/features/shell/shell-search';
import { requirePartnerArea } from '~/lib/guards.server';
import { useLiveRevalidate } from '~/lib/live-revalidate';
import { useLiveSocket } from '~/lib/live-socket';

export const meta: Route.MetaFunction = () => [{ title: 'Partner portal · Frolic' }, { name: 'robots', content: 'noindex' }];

const TIER: Role[] = ['importer', 'distributor', 'retailer', 'partner'];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requirePartnerArea(request, context);
  const tier = TIER.find((r) => user.roles.includes(r)) ?? 'partner';
  const { notifications } = context.services;
  const latest = await notifications.list(user, { pageSize: NOTIFICATIONS_LATEST });
  const standing = user.standing && user.standing !== 'active' ? user.standing : null;
  return {
    user: { firstName: user.firstName, lastName: user.lastName, roles: user.roles },
    label: ROLE_LABELS[tier],
    organisation: user.organisation?.name ?? null,
    standing: standing ? STANDING_REFUSAL[standing] : null,
    unreadNotifications: latest.unreadCount,
    latestNotifications: latest.items,
  };
}

/** The header's suggestions: the catalogue's JSON API, each product to its page. */
async function suggestProducts(q: string, signal: AbortSignal): Promise<SearchSuggestion[]> {
  const res = await fetch(`/api/partner/catalog?${new URLSearchParams({ q, pageSize: String(PARTNER_SEARCH_SUGGESTIONS) })}`, {
    signal,
    headers: { accept: 'application/json' },
  });
  if (!res.ok) return [];
  const page = (await res.json()) as TradeCatalogPage;
  return page.items.map((p) => ({
    key: p.slug,
    label: p.name,
    hint: p.price ? `${p.category} · ${formatPrice(p.price.bottleMinor, p.price.currency)} a bottle` : p.category,
    href: href('/partner/dashboard/products/:slug', { slug: p.slug }),
  }));
}

/** A new notification or a change the partner may see refreshes the bell and the open page. */
function useLiveBell() {
  const refresh = useLiveRevalidate();
  useLiveSocket<LivePush>(LIVE_SOCKET_PATH, true, (event) => {
    if (event.type === 'notification' || event.type === 'changed' || event.type === 'resync') refresh();
  });
}

export default function PartnerLayout({ loaderData }: Route.ComponentProps) {
  const { user, label, organisation, standing, unreadNotifications, latestNotifications } = loaderData;
  useLiveBell();
  const productsPath = href('/partner/dashboard/products');
  return (
    <ShellFrame sidebar={<PartnerSidebar roles={user.roles} name={`${user.firstName} ${user.lastName}`} />}>
      <TopBar
        firstName={user.firstName}
        label={label}
        organisation={organisation}
        searchPlaceholder="Search products..."
        search={<SuggestSearch action={productsPath} placeholder="Search products..." label="Search products" suggest={suggestProducts} />}
        alerts={unreadNotifications}
        alertsHref={href('/partner/dashboard/notifications')}
        latest={latestNotifications}
      />
      {standing ? (
        <section
          role="status"
          aria-labelledby="standing-title"
          className="border-b border-amber-300 bg-amber-50 px-4 py-3 text-amber-950 lg:px-6"
          data-testid="standing-banner"
        >
          <h2 id="standing-title" className="font-semibold">
            {standing.title}
          </h2>
          <p className="text-sm">{standing.message}</p>
        </section>
      ) : null}
      <div className="flex-1 p-4 lg:p-6">
        <Outlet />
      </div>
    </ShellFrame>
  );
}
