// The HTTP server for the Express app, its requests and responses born with Express's prototypes.
//
// Express gives each request and response its own prototypes (`app.request`, `app.response`) by
// `Object.setPrototypeOf` at the start of every request. V8 does not cache that change for Node's
// request and response objects: each one gets new hidden classes — one more for every property the
// middleware then adds — and hidden classes live in the old generation, which then needs marking
// and compacting, with pauses, under load (figures: docs/decisions/031-requests-born-with-express-prototypes.md).
//
// Here the server constructs requests and responses from subclasses of Node's whose prototypes hold
// what Express's do, and those prototypes become `app.request` and `app.response`: Express's
// `setPrototypeOf` then finds the prototype already in place and changes nothing, and every request
// shares one chain of hidden classes.
import http from 'node:http';
import type { Express } from 'express';

/**
 * Copies onto `target` the own properties of `proto` and of its prototypes down to (not including)
 * `target`'s own prototype, the deepest first so that nearer ones win, as they would on lookup.
 */
export function adoptPrototype(target: object, proto: object): object {
  const base = Object.getPrototypeOf(target) as object | null;
  const chain: object[] = [];
  for (let p: object | null = proto; p && p !== base; p = Object.getPrototypeOf(p) as object | null) chain.unshift(p);
  if (!chain.length || Object.getPrototypeOf(chain[0]) !== base) throw new Error('adoptPrototype: proto does not extend target’s prototype');
  const descriptors: PropertyDescriptorMap = {};
  for (const p of chain) Object.assign(descriptors, Object.getOwnPropertyDescriptors(p));
  return Object.defineProperties(target, descriptors);
}

/** An HTTP server for `app` whose requests and responses already have `app.request` and `app.response` as prototypes. */
export function createExpressServer(app: Express): http.Server {
  class AppRequest extends http.IncomingMessage {}
  class AppResponse<R extends http.IncomingMessage = http.IncomingMessage> extends http.ServerResponse<R> {}
  app.request = adoptPrototype(AppRequest.prototype, app.request) as Express['request'];
  app.response = adoptPrototype(AppResponse.prototype, app.response) as Express['response'];
  return http.createServer({ IncomingMessage: AppRequest, ServerResponse: AppResponse }, app);
}
