// The slugs no CMS page may take: the first path segment of every top-level route of the app's
// route table (app/routes.ts, as React Router's build holds it) — `about`, `products`, `admin`,
// `dashboard`, `sitemap.xml` … —, derived here and only here from the build the server runs.
import type { ServerBuild } from 'react-router';

export function routeSegments(build: Pick<ServerBuild, 'routes'>): string[] {
  const out = new Set<string>();
  for (const route of Object.values(build.routes)) {
    if (!route || route.parentId !== 'root' || !route.path) continue;
    const first = route.path.replace(/^\/+/, '').split('/')[0] ?? '';
    // `*` (the catch-all that serves pages) and `:param` segments name no fixed address.
    if (first && first !== '*' && !first.startsWith(':')) out.add(first.toLowerCase());
  }
  return [...out].sort();
}
