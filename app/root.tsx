// The document: head, the age gate, the public chrome or the Home button, toasts, progress and the
// error boundary (spec §2 "Global layout").
import { useEffect } from 'react';
import { data, Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, useRouteLoaderData, href } from 'react-router';
import type { Route } from './+types/root';
import stylesheet from './app.css?url';
import interLatin from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url';
import playfairLatin from '@fontsource-variable/playfair-display/files/playfair-display-latin-wght-normal.woff2?url';
import { Toaster } from './components/ui/toaster';
import { AgeGate } from './features/age-gate/age-gate';
import { rememberedPassScript, useRememberedPass } from './features/age-gate/use-remembered-pass';
import { PageError } from './features/layout/not-found';
import { PageChrome } from './features/layout/page-chrome';
import { ChatLauncher } from './features/chat/chat-launcher';
import { HYDRATED_EVENT } from './lib/hydrate-on-intent-events';
import { useNonce } from './lib/nonce';
import { MARKETS } from '@shared/markets';

export const links: Route.LinksFunction = () => [
  // The two Latin fonts every page uses, fetched with the CSS rather than after it: no layout shift.
  { rel: 'preload', href: interLatin, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' },
  { rel: 'preload', href: playfairLatin, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' },
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { gate } = context;
  const { toast, clear } = context.flash.read(request);
  // The header's and footer's stored menus (cached per content version; null: the built-in links).
  const menus = await context.services.navigation.publicMenus();
  // The deployed theme and announcement bar (the Code Editor's repository; current on every instance).
  const { assets } = await context.services.siteAssets.current();
  return data(
    {
      gate,
      menus,
      theme: assets.themeCss,
      announcement: assets.announcement,
      market: context.market,
      supportEmail: context.supportEmail,
      markets: MARKETS.map((m) => ({ code: m.code, name: m.name, currency: m.currency })),
      toast,
    },
    clear ? { headers: { 'Set-Cookie': clear } } : undefined,
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const root = useRouteLoaderData<typeof loader>('root');
  const theme = root?.theme;
  // A page that hydrated on intent presses again what was pressed before (app/lib/hydrate-on-intent.ts);
  // from the layout, which every outcome renders (the page, its error boundary).
  useEffect(() => void window.dispatchEvent(new Event(HYDRATED_EVENT)), []);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1f3d36" />
        <Meta />
        <Links />
        {/* The deployed theme: custom properties after the stylesheet, so they win; checked at deploy (no "<"). */}
        {theme ? <style nonce={nonce} data-site-theme="" dangerouslySetInnerHTML={{ __html: theme }} /> : null}
        {/* The age pass mirrored in browser storage at load, before (and without) React. */}
        {root ? <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: rememberedPassScript(root.gate) }} /> : null}
      </head>
      <body className="min-h-screen bg-cream font-sans text-ink antialiased">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const { gate, toast } = loaderData;
  const { pathname, search } = useLocation();
  useRememberedPass(gate);
  // The gate route renders the gate itself (it owns the form's action data).
  const gated = gate.status !== 'pass' && pathname !== href('/age-gate');
  return (
    <>
      {gated ? (
        <AgeGate returnTo={pathname + search} denied={gate.status === 'denied'} />
      ) : (
        <PageChrome chat={<PublicChat />}>
          <Outlet />
        </PageChrome>
      )}
      <Toaster flash={toast} />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const root = useRouteLoaderData<typeof loader>('root');
  if (root && root.gate.status !== 'pass') return <AgeGate returnTo="/" denied={root.gate.status === 'denied'} />;
  const page = <PageError error={error} dev={import.meta.env.DEV} />;
  // With the root's data the error shows in the page's own chrome (header and footer on public
  // pages, the Home button elsewhere); without it (the root loader itself failed) on its own.
  return root ? <PageChrome chat={<PublicChat />}>{page}</PageChrome> : page;
}

/** The public pages' chat launcher, with the support address from the root's data. */
function PublicChat() {
  const root = useRouteLoaderData<typeof loader>('root');
  return <ChatLauncher supportEmail={root?.supportEmail ?? 'support@frolic.example'} />;
}
