// A route's chunks fetched side by side when a navigation starts loading it. React Router imports a
// route's module and leaves the browser to find what that module imports, one level at a time: a
// staff screen's first visit waited on five levels in turn (the route, the staff chrome, the live
// socket, the chat, the schemas). The build's manifest already lists every chunk a route needs, so
// when the route's loader or action starts, each is asked for at once with
// `<link rel="modulepreload">`, beside the route's data request. A route the manifest does not know
// (or a browser without the manifest) loads as before.
import type { ClientInstrumentation } from 'react-router';

interface ManifestRoute {
  module?: string;
  imports?: string[];
}

declare global {
  interface Window {
    /** React Router's build manifest, written into every page by `<Scripts>` and patched as routes are discovered. */
    __reactRouterManifest?: { routes?: Record<string, ManifestRoute | undefined> };
  }
}

/** Adds a modulepreload link for each chunk of route `id` the page does not link yet; returns their URLs. */
export function preloadRouteChunks(id: string, doc: Document = document): string[] {
  const route = doc.defaultView?.__reactRouterManifest?.routes?.[id];
  if (!route?.module) return [];
  const linked = new Set([...doc.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) => link.getAttribute('href')));
  const added: string[] = [];
  for (const href of [route.module, ...(route.imports ?? [])]) {
    if (linked.has(href)) continue;
    linked.add(href);
    const link = doc.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    doc.head.append(link);
    added.push(href);
  }
  return added;
}

/** For `<HydratedRouter instrumentations>`: a route's chunks are preloaded as its loader or action starts. */
export const routeChunkPreloading: ClientInstrumentation = {
  route(route) {
    const preload = async (run: () => Promise<unknown>) => {
      preloadRouteChunks(route.id);
      await run();
    };
    route.instrument({ loader: preload, action: preload });
  },
};
