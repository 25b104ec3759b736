// robots.txt: crawl the public site, not the staff, partner, auth or API paths; plus the deployed extra lines.
import { href } from 'react-router';
import type { Route } from './+types/robots';

export async function loader({ request, context }: Route.LoaderArgs) {
  // The configured public origin when there is one: a shared cache may not key on Host.
  const origin = context.publicOrigin ?? new URL(request.url).origin;
  // Lines the Code Editor's repository adds (`site/robots.txt`, checked at deploy).
  const { assets } = await context.services.siteAssets.current();
  const body = [
    'User-agent: *',
    'Allow: /',
    'Disallow: /admin',
    'Disallow: /partner',
    'Disallow: /dashboard',
    'Disallow: /auth/',
    'Disallow: /api/',
    ...assets.robotsLines,
    '',
    `Sitemap: ${origin}${href('/sitemap.xml')}`,
    '',
  ].join('\n');
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } });
}
