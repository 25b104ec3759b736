// sitemap.xml: the public pages, every published CMS page (the brand's own — About, Drink Responsibly,
// the legal pages — among them, at their routes' addresses) and every published product, cocktail and
// upcoming event (every market's). A draft is never listed.
import { href } from 'react-router';
import type { Route } from './+types/sitemap';

const STATIC_PAGES = [
  '/',
  href('/products'),
  href('/cocktails'),
  href('/events'),
  href('/store-locator'),
  href('/buy-online'),
  href('/contact'),
  href('/business-inquiry'),
];

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

export async function loader({ request, context }: Route.LoaderArgs) {
  // The configured public origin when there is one: a shared cache may not key on Host.
  const origin = context.publicOrigin ?? new URL(request.url).origin;
  const [pages, products, cocktails, events] = await Promise.all([
    context.services.pages.publishedPages(),
    context.services.catalog.listActiveSlugs(),
    context.services.cocktails.listPublished({}),
    context.services.marketing.listUpcomingEvents(),
  ]);
  const urls = [
    ...STATIC_PAGES.map((path) => ({ loc: origin + path, lastmod: null as string | null })),
    ...pages.map((p) => ({ loc: `${origin}/${p.slug}`, lastmod: p.publishedAt.slice(0, 10) })),
    ...products.map((p) => ({ loc: `${origin}${href('/products/:slug', { slug: p.slug })}`, lastmod: new Date(p.updatedAt).toISOString().slice(0, 10) })),
    ...cocktails.map((c) => ({ loc: `${origin}${href('/cocktails/:id', { id: c.slug })}`, lastmod: null })),
    ...events.map((e) => ({ loc: origin + e.path, lastmod: e.updatedAt.slice(0, 10) })),
  ];
  const body =
    '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
    urls.map((u) => `  <url><loc>${escapeXml(u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod}</lastmod>` : ''}</url>`).join('\n') +
    '\n</urlset>\n';
  return new Response(body, { headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } });
}
