// The control for bench/orders.mjs: the distributor dashboard on PostgreSQL with the same bench
// network but no orders at all (autocannon 10 s, 50 connections, /api/ping in the same run). If the
// dashboard is as slow here as with 100,000 orders, the orders are not what it spends its time on.
/* global fetch */
import { withFreshPostgres, withServer, passGate, cannon } from './lib.mjs';
import { LOAD } from './orders.mjs';
import { createHash } from 'node:crypto';
const hash = (t) => createHash('sha256').update(t).digest('base64url');
const load =
  LOAD.replace('generate_series(1, 100000)', 'generate_series(1, 0)') +
  `insert into sessions (user_id, token_hash, expires_at, last_seen_at) select u.id, '${hash('bench-orders-session-d1')}', now() + interval '30 days', now() from users u where u.email = 'bench-bench-d-1@bench.example';`;
const env = { DEMO_MODE: 'true', DEMO_PASSWORD: 'Bench-demo-password-2026' };
await withFreshPostgres('noorders', async (databaseUrl) => {
  await withServer('noorders-seed', { databaseUrl, env }, async () => undefined);
  const { default: pg } = await import('pg');
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  await c.query(load);
  await c.query('vacuum analyze');
  console.log('orders', (await c.query('select count(*) from orders')).rows[0]);
  await c.end();
  await withServer('noorders-pg', { databaseUrl, env }, async (s) => {
    const gate = await passGate(s.url);
    const headers = { cookie: `${gate}; frolic_session=bench-orders-session-d1` };
    const ping = await cannon(`${s.url}/api/ping`);
    await fetch(s.url + '/partner/dashboard/distributor', { headers });
    const r = await cannon(s.url + '/partner/dashboard/distributor', { headers });
    console.log('ping', ping.reqPerSec, ping.latencyP99Ms, 'dashboard', r.reqPerSec, r.latencyP99Ms, r.non2xx);
  });
});
