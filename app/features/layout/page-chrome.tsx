// Header, footer and the chat slot on public pages; a Home button on the staff, partner and auth
// pages (spec §2). Also the loading bar and the fade-in after client-side navigation. The chat
// launcher comes in from root.tsx (`chat`): features do not import each other.
import { useEffect, useRef, useState } from 'react';
import { Form, Link, NavLink, useLocation, useNavigation, useRouteLoaderData, href } from 'react-router';
import { ACCOUNT_LINK, isChromeHidden } from '@shared/paths';
import { DEFAULT_MENUS, type NavMenu, type PublicMenus, type PublicNavItem } from '@shared/navigation-constants';

export function PageChrome({ children, chat }: { children: React.ReactNode; chat?: React.ReactNode }) {
  const { pathname } = useLocation();
  const fade = useFadeOnPathChange(pathname);
  const hidden = isChromeHidden(pathname);
  return (
    <>
      <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2">
        Skip to content
      </a>
      <ProgressBar />
      {hidden ? null : <AnnouncementBar />}
      {hidden ? <HomeButton /> : <Header />}
      <div key={pathname} className={fade ? 'page-fade' : undefined}>
        {children}
      </div>
      {hidden ? null : (
        <>
          <Footer />
          {chat}
        </>
      )}
    </>
  );
}

/** True after a client-side navigation to another path; never on the first, server-rendered paint. */
function useFadeOnPathChange(pathname: string): boolean {
  const first = useRef(pathname);
  const [fade, setFade] = useState(false);
  useEffect(() => {
    if (pathname !== first.current) setFade(true);
  }, [pathname]);
  return fade;
}

function ProgressBar() {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  return (
    <div
      role="progressbar"
      aria-label="Loading page"
      aria-hidden={!busy}
      aria-busy={busy}
      className={`fixed inset-x-0 top-0 z-50 h-1 overflow-hidden ${busy ? '' : 'invisible'}`}
    >
      <div className="h-full w-1/3 bg-brass-light" style={{ animation: busy ? 'progress 1s linear infinite' : undefined }} />
    </div>
  );
}

/** The deployed announcement (the Code Editor's `site/announcement.json`), above the header. */
function AnnouncementBar() {
  const a = (useRouteLoaderData('root') as { announcement?: { text: string; link: string | null } | null } | undefined)?.announcement;
  return a ? (
    <div className="bg-brass px-4 py-2 text-center text-sm font-medium text-white" data-testid="announcement-bar">
      {a.link ? (
        <a href={a.link} className="underline underline-offset-2">
          {a.text}
        </a>
      ) : (
        a.text
      )}
    </div>
  ) : null;
}

function HomeButton() {
  return (
    <Link
      to="/"
      className="fixed top-4 right-4 z-40 rounded-full bg-forest px-5 py-2 text-sm font-semibold text-white shadow hover:bg-ink"
      data-testid="home-button"
    >
      Home
    </Link>
  );
}

/** A stored menu from the root's data, or the site's built-in links while none is stored. */
function useMenu(menu: NavMenu): PublicNavItem[] {
  const root = useRouteLoaderData('root') as { menus?: PublicMenus } | undefined;
  return root?.menus?.[menu] ?? DEFAULT_MENUS[menu];
}

/** A link of a menu: a page of the site through the router, an external address in a new tab. */
function MenuLink({ item, className }: { item: PublicNavItem; className?: string }) {
  if (item.external) {
    return (
      <a href={item.href} className={className} target="_blank" rel="noopener noreferrer">
        {item.label}
      </a>
    );
  }
  return (
    <Link to={item.href} className={className}>
      {item.label}
    </Link>
  );
}

function Header() {
  const menu = useMenu('header');
  return (
    <header className="sticky top-0 z-30 border-b border-stone-200 bg-cream/95 backdrop-blur" data-testid="site-header">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-6 px-4 py-4">
        <Link to="/" className="font-serif text-2xl font-bold tracking-widest text-brass" aria-label="Frolic home">
          FROLIC
        </Link>
        {/* The links fold into the menu below lg: with the Account entry they no longer fit a tablet's row. */}
        <div className="flex items-center gap-3 lg:gap-8">
          <nav aria-label="Main">
            <MobileMenu menu={menu} />
            <ul className="hidden gap-6 lg:flex">
              {menu.map((item, i) => (
                <li key={`${i}:${item.href}`} className={item.children.length ? 'group relative' : undefined}>
                  {item.external ? (
                    <MenuLink item={item} className="text-sm font-medium whitespace-nowrap hover:text-brass" />
                  ) : (
                    <NavLink
                      to={item.href}
                      className={({ isActive }) =>
                        `text-sm font-medium whitespace-nowrap hover:text-brass ${isActive ? 'text-brass underline underline-offset-8' : ''}`
                      }
                    >
                      {item.label}
                    </NavLink>
                  )}
                  {item.children.length ? (
                    // One level of nesting: shown on hover and while a link in it has the focus.
                    <ul className="absolute left-0 z-40 hidden min-w-44 rounded-md border border-stone-200 bg-white p-2 shadow-lg group-focus-within:block group-hover:block">
                      {item.children.map((child, j) => (
                        <li key={`${j}:${child.href}`}>
                          <MenuLink item={child} className="block rounded px-3 py-2 text-sm whitespace-nowrap hover:bg-stone-100" />
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </li>
              ))}
            </ul>
          </nav>
          <AccountLink />
        </div>
      </div>
    </header>
  );
}

/** The phone and tablet menu: a native disclosure, closed again once a page is chosen, on Escape or a tap elsewhere. */
function MobileMenu({ menu }: { menu: PublicNavItem[] }) {
  const ref = useRef<HTMLDetailsElement>(null);
  const { pathname, search } = useLocation();
  const close = () => {
    if (ref.current) ref.current.open = false;
  };
  // Back and forward change the page without a tap in the menu. Not on mount: a page that hydrates on
  // the visitor's first intent may hydrate because of the tap that opened it.
  const shown = useRef(pathname + search);
  useEffect(() => {
    if (shown.current === pathname + search) return;
    shown.current = pathname + search;
    if (ref.current) ref.current.open = false;
  }, [pathname, search]);
  useEffect(() => {
    const outside = (e: MouseEvent) => {
      if (ref.current?.open && !ref.current.contains(e.target as Node)) close();
    };
    document.addEventListener('click', outside);
    return () => document.removeEventListener('click', outside);
  }, []);
  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key !== 'Escape' || !ref.current?.open) return;
    close();
    ref.current.querySelector('summary')?.focus();
  };
  // A tap on the page already shown navigates nowhere, so the click itself closes the menu too.
  const onClick = (e: React.MouseEvent) => {
    if ((e.target as Element).closest('a')) close();
  };
  return (
    <details ref={ref} className="relative lg:hidden" onKeyDown={onKeyDown}>
      <summary className="cursor-pointer list-none rounded-md border border-stone-300 px-3 py-2 text-sm font-medium">Menu</summary>
      <ul className="absolute right-0 mt-2 w-48 rounded-md border border-stone-200 bg-white p-2 shadow-lg" onClick={onClick}>
        {menu.map((item, i) => (
          <li key={`${i}:${item.href}`}>
            <MenuLink item={item} className="block rounded px-3 py-2 hover:bg-stone-100" />
            {item.children.length ? (
              <ul className="pl-4">
                {item.children.map((child, j) => (
                  <li key={`${j}:${child.href}`}>
                    <MenuLink item={child} className="block rounded px-3 py-2 text-sm hover:bg-stone-100" />
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
    </details>
  );
}

/** Sign-in for a signed-out visitor, the account for a signed-in one: one link, the same for all. */
function AccountLink() {
  return (
    <NavLink
      to={ACCOUNT_LINK.to}
      className={({ isActive }) =>
        `flex items-center gap-1.5 rounded-full border border-forest px-3 py-1.5 text-sm font-medium max-lg:order-first ${isActive ? 'bg-forest text-white' : 'text-forest hover:bg-forest hover:text-white'}`
      }
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4 fill-none stroke-current stroke-2">
        <circle cx="12" cy="8" r="4" />
        <path d="M4 21a8 8 0 0 1 16 0" />
      </svg>
      {ACCOUNT_LINK.label}
    </NavLink>
  );
}

function FooterNav({ label, links }: { label: string; links: readonly PublicNavItem[] }) {
  return (
    <nav aria-label={label}>
      <ul className="space-y-2 text-sm">
        {links.map((item, i) => (
          <li key={`${i}:${item.href}`}>
            <MenuLink item={item} className="hover:underline" />
            {item.children.length ? (
              <ul className="mt-2 space-y-2 pl-4">
                {item.children.map((child, j) => (
                  <li key={`${j}:${child.href}`}>
                    <MenuLink item={child} className="hover:underline" />
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
    </nav>
  );
}

const ACCOUNT_ITEM: PublicNavItem = { label: ACCOUNT_LINK.label, href: ACCOUNT_LINK.to, external: false, children: [] };

interface RootData {
  market: { code: string; name: string; currency: string };
  markets: { code: string; name: string; currency: string }[];
}

function Footer() {
  const root = useRouteLoaderData('root') as RootData | undefined;
  const { pathname, search } = useLocation();
  const main = useMenu('footer-main');
  const legal = useMenu('footer-legal');
  return (
    <footer className="mt-16 bg-forest text-stone-100" data-testid="site-footer">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 md:grid-cols-4">
        <div>
          <p className="font-serif text-2xl tracking-widest text-brass-light">FROLIC</p>
          <p className="mt-3 text-sm text-stone-200">Small-batch spirits, distilled with care since 1998.</p>
        </div>
        <FooterNav label="Footer" links={[...main, ACCOUNT_ITEM]} />
        <FooterNav label="Legal" links={legal} />
        {root ? (
          <Form method="post" action={href('/market')} className="text-sm" reloadDocument>
            <input type="hidden" name="returnTo" value={pathname + search} />
            <label htmlFor="footer-market" className="block font-medium text-stone-100">
              Market and currency
            </label>
            <div className="mt-2 flex flex-wrap gap-2">
              <select
                id="footer-market"
                name="market"
                defaultValue={root.market.code}
                className="max-w-full rounded-md border border-white/30 bg-forest px-2 py-1 text-stone-100"
              >
                {root.markets.map((m) => (
                  <option key={m.code} value={m.code}>
                    {m.name} ({m.currency})
                  </option>
                ))}
              </select>
              <button type="submit" className="rounded-md border border-brass-light px-3 py-1 font-medium text-brass-light hover:bg-brass-light hover:text-ink">
                Change
              </button>
            </div>
          </Form>
        ) : null}
      </div>
      <p className="mx-auto max-w-6xl px-4 pb-6 text-sm text-stone-200">
        Please enjoy Frolic responsibly.{' '}
        <Link to={href('/drink-responsibly')} className="underline">
          Drink responsibly
        </Link>
        . Share our content only with people of legal drinking age.
      </p>
      <p className="border-t border-white/10 py-4 text-center text-xs text-stone-300">© Frolic Spirits Ltd. All rights reserved.</p>
    </footer>
  );
}
