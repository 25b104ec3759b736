// The API's module routers are mounted one after another on `/api`, each with its full paths
// (`/chat/conversations/:id/messages`). Express hands every request to each router in turn until
// one answers, and a router walks all of its routes: a request for a late module passed through
// hundreds of routes first — a fifth of what a chat message allocated, and a walk long enough for
// Express to break it up with `setImmediate`. `scopedRouter` reads the first path segments a
// router's routes can match (two where both are literal: `admin/users`) and lets a request in only
// when its path starts with them:
// the same routes in the same order answer the same requests, the others skip the router at once.
import type { NextFunction, Request, RequestHandler, Response, Router } from 'express';

/** What Express's router keeps of each route or `use` (router 2: `rawPath`, and a nested router's `stack`). */
interface LayerLike {
  rawPath?: unknown;
  route?: { path?: unknown };
  handle?: { stack?: LayerLike[] };
}

/** The first two segments of a path, lower-cased (Express matches paths without regard to case): `/admin/users/7` → [`admin`, `users`]. */
export function leadingSegments(path: string): [string, string] {
  const first = path.indexOf('/', 1);
  if (first === -1) return [path.slice(1).toLowerCase(), ''];
  const second = path.indexOf('/', first + 1);
  return [path.slice(1, first).toLowerCase(), path.slice(first + 1, second === -1 ? undefined : second).toLowerCase()];
}

const LITERAL = (segment: string) => segment !== '' && !/[:*?+!(){}[\]\\]/.test(segment);

/**
 * The key a route's path is found by: its first two segments (`admin/users`) when both are
 * literal, its first (`chat`: any second segment) when only that is, null when even the first may
 * be anything (a parameter, a pattern, the root).
 */
function keyOf(path: unknown): string | null {
  if (typeof path !== 'string' || !path.startsWith('/')) return null;
  const [first, second] = leadingSegments(path);
  if (!LITERAL(first)) return null;
  return LITERAL(second) ? `${first}/${second}` : first;
}

/**
 * The keys of what a router's layers can match (see `keyOf`), or null when one of them may match
 * any path: a middleware `use`d without a path (it runs for every request that reaches the
 * router), a parameter or pattern first, a regular expression.
 */
export function routerKeys(stack: LayerLike[]): Set<string> | null {
  const keys = new Set<string>();
  for (const layer of stack) {
    if (layer.route) {
      const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
      for (const p of paths) {
        const k = keyOf(p);
        if (k === null) return null;
        keys.add(k);
      }
      continue;
    }
    const raw = Array.isArray(layer.rawPath) ? layer.rawPath : [layer.rawPath];
    if (raw.length === 1 && raw[0] === '/' && layer.handle?.stack) {
      // A router used at the root: what it can match.
      const inner = routerKeys(layer.handle.stack);
      if (inner === null) return null;
      for (const k of inner) keys.add(k);
      continue;
    }
    for (const p of raw) {
      const k = keyOf(p);
      if (k === null) return null;
      keys.add(k);
    }
  }
  return keys;
}

/** Whether a request's path may be answered by a router of these keys. */
export function mayMatch(keys: Set<string>, path: string): boolean {
  const [first, second] = leadingSegments(path);
  return keys.has(first) || keys.has(`${first}/${second}`);
}

/** The router, entered only by requests whose path starts with a segment its routes can match (itself when any path may match). */
export function scopedRouter(router: Router): RequestHandler {
  const keys = routerKeys((router as unknown as { stack: LayerLike[] }).stack);
  if (keys === null) return router;
  const enter = (req: Request, res: Response, next: NextFunction) => (mayMatch(keys, req.path) ? router(req, res, next) : next());
  // The router stays reachable for what lists the app's routes (tests/support/routes.ts).
  return Object.assign(enter, { scoped: router });
}
