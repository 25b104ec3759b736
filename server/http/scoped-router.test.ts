import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadingSegments, routerKeys, scopedRouters } from './scoped-router';

/** Module routers as the API's are: full paths, one nested at the root, a middleware under a path. */
function routers(seen: string[]) {
  const chat = express.Router();
  chat.post('/chat/sessions', (_req, res) => void res.status(201).json({ r: 'chat sessions' }));
  chat.post('/chat/conversations/:id/messages', (req, res) => void res.status(201).json({ r: `chat message ${req.params.id}` }));
  const admin = express.Router();
  const inner = express.Router();
  inner.get('/admin/users/:id', (req, res) => void res.json({ r: `user ${req.params.id}` }));
  admin.use(inner);
  admin.use('/admin/cocktails', (_req, res, next) => {
    res.setHeader('x-cocktails', 'yes');
    next();
  });
  admin.get('/admin/cocktails', (_req, res) => void res.json({ r: 'cocktails' }));
  admin.get('/products', (_req, res) => void res.json({ r: 'products' }));
  // Runs for every request that reaches it (so this router cannot be scoped).
  const everything = express.Router();
  everything.use((req, _res, next) => {
    seen.push(req.path);
    next();
  });
  everything.get('/admin/audit-logs', (_req, res) => void res.json({ r: 'audit' }));
  const param = express.Router();
  param.get('/:kind/list', (req, res) => void res.json({ r: `list of ${req.params.kind}` }));
  return [chat, admin, everything, param];
}

async function serve(scope: boolean) {
  const seen: string[] = [];
  const api = express.Router();
  if (scope) api.use(scopedRouters(routers(seen)));
  else for (const r of routers(seen)) api.use(r);
  api.use((req, res) => void res.status(404).json({ r: `no route ${req.method} ${req.path}` }));
  const app = express();
  app.use('/api', api);
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
  return { base, seen, close: () => new Promise((resolve) => server.close(resolve)) };
}

describe('scopedRouters', () => {
  const requests: [string, string][] = [
    ['POST', '/chat/sessions'],
    ['POST', '/CHAT/Sessions/'],
    ['POST', '/chat/conversations/abc/messages'],
    ['GET', '/chat/conversations/abc/messages'],
    ['GET', '/admin/users/7'],
    ['GET', '/Admin/USERS/7'],
    ['GET', '/admin/cocktails'],
    ['GET', '/admin/cocktails/extra'],
    ['GET', '/admin/audit-logs'],
    ['GET', '/products'],
    ['GET', '/products/1'],
    ['GET', '/stores/list'],
    ['GET', '/admin/%75sers/7'],
    ['GET', '/nothing/here'],
    ['GET', '/'],
  ];
  let plain: Awaited<ReturnType<typeof serve>>;
  let scoped: Awaited<ReturnType<typeof serve>>;
  beforeAll(async () => {
    [plain, scoped] = await Promise.all([serve(false), serve(true)]);
  });
  afterAll(async () => {
    await Promise.all([plain.close(), scoped.close()]);
  });

  it('answers every request as the routers mounted as they are do: the same route, status, body and headers', async () => {
    const answer = async (base: string, [method, path]: [string, string]) => {
      const res = await fetch(`${base}${path}`, { method });
      return { status: res.status, body: await res.text(), cocktails: res.headers.get('x-cocktails') };
    };
    const got = [];
    for (const r of requests) {
      const [a, b] = [await answer(plain.base, r), await answer(scoped.base, r)];
      expect(b, `${r[0]} ${r[1]}`).toEqual(a);
      got.push(`${r[0]} ${r[1]} ${a.status}`);
    }
    // The routes above were really reached (not every request a 404 on both).
    expect(got).toContain('POST /CHAT/Sessions/ 201');
    expect(got).toContain('GET /Admin/USERS/7 200');
    expect(got).toContain('GET /stores/list 200');
    // A router with a middleware for every path is left as it is: it saw the same requests.
    expect(scoped.seen).toEqual(plain.seen);
  });

  it('reads the keys a router can match, or none when it may match any path', () => {
    const [chat, admin, everything, param] = routers([]);
    const stack = (r: unknown) => (r as { stack: never[] }).stack;
    expect(routerKeys(stack(chat))).toEqual(new Set(['chat/sessions', 'chat/conversations']));
    expect(routerKeys(stack(admin))).toEqual(new Set(['admin/users', 'admin/cocktails', 'products']));
    expect(routerKeys(stack(everything))).toBeNull();
    expect(routerKeys(stack(param))).toBeNull();
    expect(leadingSegments('/Admin/Users/7')).toEqual(['admin', 'users']);
    expect(leadingSegments('/products')).toEqual(['products', '']);
  });
});
