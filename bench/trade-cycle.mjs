// Every leg's full cycle at once (issue 43), on PostgreSQL: 20 buyers — 2 importers (buying from the
// brand: staff sell), 6 distributors (from their importer), 12 retailers (from their distributor) —
// each run 5 cycles concurrently, 100 in all: place an order (every other distributor cycle: the
// importer's allocation offer, which the distributor accepts) → the seller approves it → issues the
// invoice → creates a shipment and ships it → the buyer receives it (one case in ten arrives damaged)
// → the buyer pays the invoice → the seller confirms the payment. Every step through the JSON API
// with the session of the person who takes it (tokens inserted, no sign-in), every create with a
// fresh Idempotency-Key. Reported: cycles a second, p99 per step, /api/ping in the same run (before
// the cycles) for the ratio. At the end the chain reconciles to the bottle (GET
// /api/admin/stock/reconciliation, stock/reconcile.ts) and, per leg, the invoices equal the payments
// plus what is still owed, to the minor unit.
/* global fetch, Blob, FormData, performance, Buffer */
import { randomUUID } from 'node:crypto';
import {
  cannon,
  CONNECTIONS,
  DURATION,
  isMain,
  masterAdminSql,
  passGate,
  percentile,
  postgresAvailable,
  round,
  tokenHash,
  withFreshPostgres,
  withServer,
  writeResult,
} from './lib.mjs';

const CYCLES_PER_BUYER = 5;
const STEPS = ['place', 'approve', 'invoice', 'ship', 'receive', 'pay', 'confirm'];
const STAFF = 'bench-cycle-staff';
const token = (who) => `bench-cycle-session-${who}`;
// A 1×1 PNG: the receipt's photo.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** The network under the brand: BI1..2 importers, BD1..6 distributors (3 each), BR1..12 retailers (2 each), a user and a session each; stock to sell at every holder. */
const LOAD = `
do $$
declare brand uuid := (select id from organisations where type = 'brand');
begin
  insert into organisations (type, legal_name, trading_name, licence_number, licence_jurisdiction, licence_expires_on,
    address_line1, city, country, market, currency, status, supplier_id)
  select 'importer', 'Cycle Importer ' || g || ' Ltd', 'Cycle Importer ' || g, 'BENCH-CI-' || g, 'GB', '2099-12-31', g || ' Dock Road', 'Leith', 'GB', 'GB', 'GBP', 'active', brand
  from generate_series(1, 2) g;
  insert into organisations (type, legal_name, trading_name, licence_number, licence_jurisdiction, licence_expires_on,
    address_line1, city, country, market, currency, status, supplier_id)
  select 'distributor', 'Cycle Distributor ' || g || ' Ltd', 'Cycle Distributor ' || g, 'BENCH-CD-' || g, 'GB', '2099-12-31', g || ' Mill Lane', 'Leeds', 'GB', 'GB', 'GBP', 'active',
    (select id from organisations where licence_number = 'BENCH-CI-' || (1 + (g - 1) / 3))
  from generate_series(1, 6) g;
  insert into organisations (type, legal_name, trading_name, licence_number, licence_jurisdiction, licence_expires_on,
    address_line1, city, country, market, currency, status, supplier_id)
  select 'retailer', 'Cycle Retailer ' || g || ' Ltd', 'Cycle Retailer ' || g, 'BENCH-CR-' || g, 'GB', '2099-12-31', g || ' High Street', 'York', 'GB', 'GB', 'GBP', 'active',
    (select id from organisations where licence_number = 'BENCH-CD-' || (1 + (g - 1) / 2))
  from generate_series(1, 12) g;
  insert into trade_terms (customer_id, supplier_id, payment_terms_days, credit_limit_minor, currency, tax_rate_bp)
  select id, supplier_id, 30, 2000000000, 'GBP', 2000 from organisations where licence_number like 'BENCH-C%' on conflict do nothing;
  insert into users (email, email_confirmed_at, status, organisation_id)
  select 'cycle-' || lower(licence_number) || '@bench.example', now(), 'active', id from organisations where licence_number like 'BENCH-C%';
  insert into profiles (id, first_name, last_name, password_last_updated)
  select u.id, 'Bench', o.trading_name, now() from users u join organisations o on o.id = u.organisation_id where o.licence_number like 'BENCH-C%';
  insert into user_roles (user_id, role)
  select u.id, o.type::text from users u join organisations o on o.id = u.organisation_id where o.licence_number like 'BENCH-C%';
end $$;
insert into product_trade_prices (product_id, tier, market, currency, amount_minor)
select p.id, t.tier::partner_type, 'GB', 'GBP', 1500 from products p cross join (values ('importer'), ('distributor'), ('retailer')) t(tier)
where p.status = 'active' on conflict do nothing;
`;

function sessionsSql(buyers) {
  const values = buyers.map((b) => `('${b.email}', '${tokenHash(token(b.licence))}')`).join(', ');
  return `insert into sessions (user_id, token_hash, expires_at, last_seen_at)
select u.id, v.h, now() + interval '30 days', now() from (values ${values}) v(e, h) join users u on u.email = v.e;`;
}

const LICENCES = [
  ...[1, 2].map((g) => `BENCH-CI-${g}`),
  ...[1, 2, 3, 4, 5, 6].map((g) => `BENCH-CD-${g}`),
  ...Array.from({ length: 12 }, (_, i) => `BENCH-CR-${i + 1}`),
];
const people = LICENCES.map((licence) => ({ licence, email: `cycle-${licence.toLowerCase()}@bench.example` }));

async function suite(url, gate, pg) {
  const cookie = (who) => `${gate}; frolic_session=${token(who)}`;
  const call = async (who, method, path, body, headers = {}) => {
    const res = await fetch(url + path, {
      method,
      headers: { cookie: cookie(who), ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (res.status >= 300) throw new Error(`${method} ${path} as ${who}: HTTP ${res.status} ${text.slice(0, 300)}`);
    return text ? JSON.parse(text) : null;
  };
  // Each buyer, its seller's session (staff for the brand), and one product with stock at every holder.
  const orgs = (await pg.query(`select id, licence_number, type, supplier_id from organisations where licence_number like 'BENCH-C%'`)).rows;
  const byId = new Map(orgs.map((o) => [o.id, o]));
  const buyers = orgs.map((o) => {
    const seller = byId.get(o.supplier_id);
    return { id: o.id, type: o.type, who: o.licence_number, seller: seller ? seller.licence_number : STAFF, staffSells: !seller };
  });
  const [product] = (await pg.query(`select id, case_size from products where status = 'active' order by id limit 1`)).rows;
  const holders = (await pg.query(`select id from organisations where type <> 'retailer' and (type = 'brand' or licence_number like 'BENCH-C%')`)).rows;
  // 10,000 cases at each holder: enough for every cycle; an opening movement, so the chain counts it.
  for (const h of holders) {
    const bottles = 10_000 * product.case_size;
    await pg.query(`insert into stock_balances (organisation_id, product_id, on_hand, reserved) values ($1, $2, 0, 0) on conflict do nothing`, [
      h.id,
      product.id,
    ]);
    await pg.query(
      `with u as (update stock_balances set on_hand = on_hand + $3 where organisation_id = $1 and product_id = $2 returning id, on_hand, reserved)
       insert into stock_movements (balance_id, organisation_id, product_id, cause, on_hand_delta, reserved_delta, on_hand_after, reserved_after, reason)
       select u.id, $1, $2, 'opening', $3, 0, u.on_hand, u.reserved, 'Bench opening stock' from u`,
      [h.id, product.id, bottles],
    );
  }

  const ping = await cannon(`${url}/api/ping`);
  const times = Object.fromEntries(STEPS.map((s) => [s, []]));
  const timed = async (step, fn) => {
    const t0 = performance.now();
    const r = await fn();
    times[step].push(performance.now() - t0);
    return r;
  };

  async function cycle(b, n) {
    const cases = 1 + (n % 4);
    const sellerOrders = b.staffSells ? '/api/admin/trade-orders' : '/api/partner/orders';
    const sellerInvoices = b.staffSells ? '/api/admin/invoices' : '/api/partner/invoices';
    const sellerPayments = b.staffSells ? '/api/admin/payments' : '/api/partner/payments';
    // Every other distributor cycle starts as its importer's allocation offer, which it accepts.
    const offer = b.type === 'distributor' && n % 2 === 1;
    const order = await timed('place', async () =>
      offer
        ? (
            await call(
              b.seller,
              'POST',
              '/api/partner/allocations',
              { distributorId: b.id, lines: [{ productId: product.id, cases }], note: '' },
              { 'Idempotency-Key': randomUUID() },
            )
          ).order
        : call(b.who, 'POST', '/api/partner/orders', { lines: [{ productId: product.id, cases }], note: '' }, { 'Idempotency-Key': randomUUID() }),
    );
    await timed('approve', async () => {
      if (offer) {
        const seen = await call(b.who, 'GET', `/api/partner/orders/${order.id}`);
        return call(b.who, 'POST', `/api/partner/orders/${order.id}/accept`, { version: seen.version });
      }
      const seen = await call(b.seller, 'GET', `${sellerOrders}/${order.id}`);
      return call(b.seller, 'POST', `${sellerOrders}/${order.id}/approve`, { version: seen.version, lines: [], note: '' });
    });
    const invoice = await timed('invoice', () => call(b.seller, 'POST', `${sellerInvoices}/issue`, { orderIds: [order.id] }));
    const shipment = await timed('ship', async () => {
      const items = (await call(b.seller, 'GET', `${sellerOrders}/${order.id}`)).items;
      const created = await call(b.seller, 'POST', '/api/partner/shipments', {
        recipientId: b.id,
        carrier: 'dhl',
        trackingNumber: '',
        note: '',
        lines: items.map((i) => ({ orderItemId: i.id, cases: i.cases })),
      });
      return call(b.seller, 'POST', `/api/partner/shipments/${created.id}/status`, { action: 'ship', version: created.version });
    });
    await timed('receive', async () => {
      const form = new FormData();
      // One cycle in ten: a case arrives damaged (a transit loss the reconciliation must count).
      const damaged = n % 10 === 9 ? 1 : 0;
      form.append(
        'lines',
        JSON.stringify(
          shipment.items.map((i, k) => ({ shipmentItemId: i.id, casesReceived: i.cases - (k === 0 ? damaged : 0), casesDamaged: k === 0 ? damaged : 0 })),
        ),
      );
      form.append('note', '');
      form.append('file', new Blob([PNG], { type: 'image/png' }), 'delivery.png');
      const res = await fetch(`${url}/api/partner/shipments/${shipment.id}/receipt`, { method: 'POST', body: form, headers: { cookie: cookie(b.who) } });
      if (res.status !== 201) throw new Error(`receipt as ${b.who}: HTTP ${res.status} ${(await res.text()).slice(0, 300)}`);
      await res.arrayBuffer();
    });
    const payment = await timed('pay', () =>
      call(
        b.who,
        'POST',
        '/api/partner/payments',
        {
          amountMinor: invoice.totalMinor,
          currency: invoice.currency,
          method: 'bank_transfer',
          reference: `CYCLE-${invoice.number}`,
          paidOn: new Date().toISOString().slice(0, 10),
          allocations: [{ invoiceId: invoice.id, amountMinor: invoice.totalMinor }],
        },
        { 'Idempotency-Key': randomUUID() },
      ),
    );
    await timed('confirm', () => call(b.seller, 'POST', `${sellerPayments}/${payment.id}/confirm`, { version: payment.version }));
  }

  const started = performance.now();
  const failures = [];
  await Promise.all(
    buyers.map(async (b) => {
      for (let n = 0; n < CYCLES_PER_BUYER; n++)
        await cycle(b, n).catch((err) => {
          failures.push(`${b.who} cycle ${n}: ${err.message}`);
        });
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  if (failures.length) process.stderr.write(`  trade-cycle: ${failures.length} cycles failed:\n    ${failures.slice(0, 5).join('\n    ')}\n`);

  const chain = await call(STAFF, 'GET', '/api/admin/stock/reconciliation');
  const money = (
    await pg.query(`
      select o.type as leg,
        sum(i.total_minor)::bigint as invoiced, sum(i.paid_minor)::bigint as paid, sum(i.total_minor - i.paid_minor)::bigint as owed,
        (select coalesce(sum(p.amount_minor), 0) from payments p join organisations po on po.id = p.payer_id
          where po.type = o.type and po.licence_number like 'BENCH-C%' and p.status = 'settled')::bigint as settled
      from invoices i join organisations o on o.id = i.customer_id
      where o.licence_number like 'BENCH-C%' and i.state = 'issued' and i.kind = 'invoice'
      group by o.type order by o.type`)
  ).rows.map((r) => ({ leg: r.leg, invoiced: Number(r.invoiced), paid: Number(r.paid), owed: Number(r.owed), settled: Number(r.settled) }));
  const perStep = Object.fromEntries(
    STEPS.map((s) => {
      const sorted = [...times[s]].sort((a, b) => a - b);
      return [s, { n: sorted.length, p50Ms: round(percentile(sorted, 50)), p99Ms: round(percentile(sorted, 99)) }];
    }),
  );
  return {
    buyers: buyers.length,
    cycles: buyers.length * CYCLES_PER_BUYER,
    completed: buyers.length * CYCLES_PER_BUYER - failures.length,
    failures: failures.length,
    seconds: round(seconds, 1),
    cyclesPerSecond: round((buyers.length * CYCLES_PER_BUYER - failures.length) / seconds, 2),
    ping,
    perStep,
    reconciled: chain.unbalanced.length === 0,
    reconciliation: chain.products.filter((p) => p.productId === product.id),
    money,
    moneyBalanced: money.every((m) => m.invoiced === m.paid + m.owed && m.paid === m.settled),
  };
}

export async function run() {
  if (!postgresAvailable()) throw new Error('trade-cycle runs on PostgreSQL: none answers on 127.0.0.1:5432');
  const { default: pg } = await import('pg');
  const env = { DEMO_MODE: 'true', DEMO_PASSWORD: 'Bench-demo-password-2026' };
  const row = await withFreshPostgres('trade_cycle', async (databaseUrl) => {
    await withServer('trade-cycle-seed', { databaseUrl, env }, async () => undefined);
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await client.query(LOAD);
      await client.query(sessionsSql(people));
      await client.query(masterAdminSql(`${STAFF}@bench.example`, token(STAFF)));
      await client.query('analyze');
      return await withServer('trade-cycle', { databaseUrl, env }, async (server) => ({
        database: `postgres (${databaseUrl.split('/').pop()})`,
        ...(await suite(server.url, await passGate(server.url), client)),
      }));
    } finally {
      await client.end();
    }
  });
  const result = { durationSeconds: DURATION, connections: CONNECTIONS, ...row };
  writeResult('trade-cycle', result);
  return result;
}

if (isMain(import.meta)) {
  const r = await run();
  console.log(JSON.stringify(r, null, 2));
}

export function summarize(r) {
  const lines = [
    `Trade cycles on ${r.database}: ${r.completed}/${r.cycles} cycles by ${r.buyers} buyers in ${r.seconds} s = ${r.cyclesPerSecond} cycles/s; /api/ping ${r.ping.reqPerSec}/s p99 ${r.ping.latencyP99Ms} ms`,
  ];
  for (const [step, s] of Object.entries(r.perStep)) lines.push(`  ${step.padEnd(8)} p50 ${s.p50Ms} ms, p99 ${s.p99Ms} ms (${s.n})`);
  lines.push(`  reconciled: ${r.reconciled}; invoices = payments + owed per leg: ${r.moneyBalanced} ${JSON.stringify(r.money)}`);
  return lines.join('\n');
}
