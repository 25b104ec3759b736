// Every route the running app answers, read from the app itself so a new route is covered without
// touching the tests that use this: the JSON API's routes from the Express router stack, the pages
// from the React Router build's route manifest (the fuzz test and the authorization matrix).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from 'react-router';
import { BUILD_DIR } from '../../server/root';
import type { TestServer } from './test-server';

/** The routes of the JSON API (`/api…` with Express parameters, e.g. `/api/admin/stores/:id`), every method. */
export function listApiRoutes(t: TestServer): { method: string; path: string }[] {
  const app = t.app.server.listeners('request')[0] as unknown as { router: { stack: Layer[] } };
  interface Layer {
    route?: { path: string; methods: Record<string, boolean> };
    /** A router, or `scopedRouters`' dispatch to several (`scoped`). */
    handle: { stack?: Layer[]; scoped?: { stack: Layer[] }[] };
    match(path: string): unknown;
  }
  const api = app.router.stack.find((l) => l.handle.stack && l.match('/api/ping'));
  const out: { method: string; path: string }[] = [];
  const walk = (stack: Layer[]) => {
    for (const l of stack) {
      if (l.route) for (const m of Object.keys(l.route.methods)) out.push({ method: m.toUpperCase(), path: `/api${l.route.path}` });
      else if (l.handle.stack) walk(l.handle.stack);
      else if (l.handle.scoped) for (const r of l.handle.scoped) walk(r.stack);
    }
  };
  walk(api?.handle.stack ?? []);
  return out;
}

/** Every page path (with `?index` for index routes, which need it to reach their action) and whether it has an action. */
export async function listPages(): Promise<{ path: string; action: boolean }[]> {
  const file = path.join(BUILD_DIR, 'server', 'index.js');
  if (!existsSync(file)) throw new Error('No React Router build: run `npm run build` first.');
  const build = (await import(pathToFileURL(file).href)) as ServerBuild;
  const full = (id: string): string => {
    const r = build.routes[id];
    if (!r) return '';
    const parent = r.parentId ? full(r.parentId) : '';
    return r.path ? `${parent.replace(/\/$/, '')}/${r.path}` : parent;
  };
  return Object.values(build.routes)
    .filter((r) => r && r.id !== 'root')
    .map((r) => ({ path: (full(r!.id) || '/') + (r!.index ? '?index' : ''), action: typeof r!.module.action === 'function' }));
}
