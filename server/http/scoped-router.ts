// The API's module routers are mounted one after another on `/api`, each with its full paths
// (`/chat/conversations/:id/messages`). Express hands every request to each router in turn until
// one answers, and a router walks all of its routes: a request for a late module passed through
// hundreds of routes first — a large share of what a request allocates, and a walk long enough for
// Express to break it up with `setImmediate` (docs/decisions/031-requests-born-with-express-prototypes.md). `scopedRouters` reads the first path segments each
// router's routes can match (two where both are literal: `admin/users`) and hands a request only to
// the routers whose routes may match its path: the same routes in the same order answer the same
// requests, the others are not entered.
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
    const raw = layer.route ? layer.route.path : layer.rawPath;
    const paths = Array.isArray(raw) ? raw : [raw];
    if (!layer.route && paths.length === 1 && paths[0] === '/' && layer.handle?.stack) {
      // A router used at the root: what it can match.
      const inner = routerKeys(layer.handle.stack);
      if (inner === null) return null;
      for (const k of inner) keys.add(k);
      continue;
    }
    for (const p of paths) {
      const k = keyOf(p);
      if (k === null) return null;
      keys.add(k);
    }
  }
  return keys;
}

/**
 * The module routers as one middleware: a request is handed, in their order, to those whose routes
 * may match its path (`routerKeys`; a router that may match any path is always asked), each
 * passing it on as Express would (`next()`, `next('router')`: the next one; `next(err)`: out, to
 * the error handlers) — one layer for Express to walk instead of one per router.
 */
export function scopedRouters(routers: Router[]): RequestHandler {
  const keys = routers.map((r) => routerKeys((r as unknown as { stack: LayerLike[] }).stack));
  const dispatch = (req: Request, res: Response, next: NextFunction) => {
    const [first, second] = leadingSegments(req.path);
    const both = `${first}/${second}`;
    let i = 0;
    const step = (err?: unknown) => {
      if (err && err !== 'router' && err !== 'route') return next(err);
      for (; i < routers.length; i++) {
        const k = keys[i];
        if (!k || k.has(first) || k.has(both)) {
          const router = routers[i++] as Router;
          return router(req, res, step);
        }
      }
      return next();
    };
    step();
  };
  // The routers stay reachable for what lists the app's routes (tests/support/routes.ts).
  return Object.assign(dispatch, { scoped: routers });
}
