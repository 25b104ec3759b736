import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adoptPrototype, createExpressServer } from './express-server';

describe('adoptPrototype', () => {
  it('copies the chain down to the target’s own prototype, nearer properties winning', () => {
    const base = { b: 'base' };
    const target = Object.create(base) as Record<string, unknown>;
    const middle = Object.create(base, { m: { value: 'middle', enumerable: true }, shared: { value: 'middle', enumerable: true } });
    const near = Object.create(middle, {
      n: { get: () => 'getter', enumerable: true },
      shared: { value: 'near', enumerable: true },
    }) as object;
    expect(adoptPrototype(target, near)).toBe(target);
    expect(Object.getPrototypeOf(target)).toBe(base);
    expect(Object.getOwnPropertyNames(target).sort()).toEqual(['m', 'n', 'shared']);
    expect(target.shared).toBe('near');
    expect(Object.getOwnPropertyDescriptor(target, 'n')?.get).toBeTypeOf('function');
  });

  it('refuses a prototype that does not extend the target’s', () => {
    expect(() => adoptPrototype(Object.create({}) as object, {})).toThrow(/does not extend/);
  });
});

describe('createExpressServer', () => {
  const app = express();
  app.get('/probe', (req, res) => {
    res.status(203).json({ protocol: req.protocol, sameApp: req.app === app && res.app === app, path: req.path, query: req.query });
  });
  const server = createExpressServer(app);
  /** Whether each request arrived (before Express touched it) with Express's prototypes already. */
  const arrivedWith: boolean[] = [];
  server.prependListener('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    arrivedWith.push(Object.getPrototypeOf(req) === app.request && Object.getPrototypeOf(res) === app.response);
  });
  let base = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('hands Express requests and responses whose prototypes are already its own, so it changes none', async () => {
    const res = await fetch(`${base}/probe?x=1`);
    expect(res.status).toBe(203);
    expect(await res.json()).toEqual({ protocol: 'http', sameApp: true, path: '/probe', query: { x: '1' } });
    const again = await fetch(`${base}/nothing`);
    expect(again.status).toBe(404); // Express's own final handler, through the same prototypes
    expect(arrivedWith).toEqual([true, true]);
  });

  it('keeps them Node’s requests and responses', () => {
    expect(Object.getPrototypeOf(app.request) === http.IncomingMessage.prototype).toBe(true);
    expect(Object.getPrototypeOf(app.response) === http.ServerResponse.prototype).toBe(true);
  });
});
