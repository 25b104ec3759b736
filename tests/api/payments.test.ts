// Payments on the real server (issue 16): a retailer records a payment allocated to its invoices, the
// distributor confirms it (invoices paid, orders paid, both sides told by bell, email and the live
// channel) or fails it (nothing changes); over-allocation, a foreign invoice (404), a currency
// mismatch, idempotent recording, account credit applied later, a credit note between recording and
// settling, a credit note settling a part-paid invoice (its order paid); the balances, aging and
// statement (CSV and PDF read back); the credit hold refusing an approval and its audited override;
// the daily overdue notice, once per stage. On PostgreSQL, the races: two payments for the same
// outstanding, two confirms of one payment — each beside the unguarded way that loses it — and a
// confirmation meeting a cancel of its order (no deadlock).
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLogs,
  invoices,
  notifications,
  orders,
  organisations,
  outboxEmails,
  paymentAllocations,
  payments,
  products,
  productTradePrices,
  tradeTerms,
} from '../../server/db/schema';
import { USER_CHANGED_TOPIC } from '../../server/modules/auth/sessions';
import { queryRows } from '../../server/db/client';
import type { Organisation } from '../../server/modules/partners/service';
import { balanceOf, moveStock } from '../../server/modules/stock/ledger';
import type { Client } from '../support/client';
import { issuedInvoice } from '../support/invoices';
import { openLive } from '../support/live-socket';
import { createOrganisation, signedInMember } from '../support/partners';
import { insertProduct } from '../support/products';
import { describeOnPostgres } from '../support/test-db';
import { startTestServer, type TestServer } from '../support/test-server';

type Member = Awaited<ReturnType<typeof signedInMember>>;

let t: TestServer;
let distributorOrg: Organisation;
let retailerOrg: Organisation;
let strangerOrg: Organisation;
let otherDistributorOrg: Organisation;
let distributor: Member;
let retailer: Member;
let stranger: Member;
let otherDistributor: Member;
const today = () => new Date().toISOString().slice(0, 10);
const db = () => t.db.database.db;
const readerOf = async (c: Client) => (await t.app.services.sessions.resolve(c.cookies.get('frolic_session') as string, { touch: false }))!;
const actor = (c: { userId: string }) => ({ userId: c.userId, ip: null });
let keySeq = 0;
const newKey = () => `pay-key-${process.pid}-${++keySeq}-${Math.random().toString(36).slice(2)}`;

async function body(res: Response, status: number) {
  const b = await res.json();
  expect(res.status, JSON.stringify(b)).toBe(status);
  return b;
}

const invoice = (totalMinor: number, over: Partial<Parameters<typeof issuedInvoice>[1]> = {}) =>
  issuedInvoice(db(), { issuerId: distributorOrg.id, customerId: retailerOrg.id, totalMinor, ...over }, t.app.services.live);

const pay = (c: Client, amountMinor: number, allocations: { invoiceId: number; amountMinor: number }[], key?: string, over: Record<string, unknown> = {}) =>
  c.json(
    'POST',
    '/api/partner/payments',
    { amountMinor, currency: 'GBP', method: 'bank_transfer', reference: 'REF-1', paidOn: today(), allocations, ...over },
    key ? { 'Idempotency-Key': key } : {},
  );

async function invoiceRow(id: number) {
  const [row] = await db().select().from(invoices).where(eq(invoices.id, id));
  return row!;
}
const paymentCount = async () => (await db().select({ n: count() }).from(payments))[0]?.n ?? 0;

async function setOrganisation(id: string, values: Partial<typeof organisations.$inferInsert>) {
  await db().update(organisations).set(values).where(eq(organisations.id, id));
  await t.app.feed.publish(USER_CHANGED_TOPIC, {});
}

beforeAll(async () => {
  t = await startTestServer();
  distributorOrg = await createOrganisation(t, 'distributor', { email: 'accounts@distributor.example' });
  retailerOrg = await createOrganisation(t, 'retailer', { supplierId: distributorOrg.id, email: 'office@retailer.example' });
  strangerOrg = await createOrganisation(t, 'retailer');
  otherDistributorOrg = strangerOrg.supplierId ? ((await t.app.services.partners.get(strangerOrg.supplierId)) as Organisation) : strangerOrg;
  distributor = await signedInMember(t, distributorOrg);
  retailer = await signedInMember(t, retailerOrg);
  stranger = await signedInMember(t, strangerOrg);
  otherDistributor = await signedInMember(t, otherDistributorOrg);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('a retailer pays, the distributor confirms', () => {
  it('records a payment over two invoices; the distributor hears it, confirms it; invoices and the paid order follow', async () => {
    const older = await invoice(30_000, { issuedInDays: -40, dueInDays: -10, order: 'delivered' });
    const newer = await invoice(50_000, { issuedInDays: -5, order: 'invoiced' });
    const sockets = await Promise.all([openLive(t, retailer), openLive(t, distributor), openLive(t, stranger)]);
    try {
      // The page's suggestion: the oldest due first.
      const before = await body(await retailer.json('GET', '/api/partner/payments'), 200);
      expect(before.side).toBe('paying');
      expect(before.invoices.map((i: { id: number }) => i.id)).toEqual([older.id, newer.id]);
      expect(before.invoices[0]).toMatchObject({ outstandingMinor: 30_000, availableMinor: 30_000, standing: 'overdue', daysOverdue: 10 });

      const payment = await body(
        await pay(retailer, 60_000, [
          { invoiceId: older.id, amountMinor: 30_000 },
          { invoiceId: newer.id, amountMinor: 30_000 },
        ]),
        201,
      );
      expect(payment).toMatchObject({ status: 'pending', side: 'payer', amountMinor: 60_000, allocatedMinor: 60_000, unallocatedMinor: 0, actions: [] });
      // Pending allocations hold the money: the invoices show it, nothing is paid yet.
      expect((await invoiceRow(older.id)).paidMinor).toBe(0);
      const held = await body(await retailer.json('GET', '/api/partner/payments'), 200);
      expect(held.invoices.find((i: { id: number }) => i.id === newer.id)).toMatchObject({ pendingMinor: 30_000, availableMinor: 20_000 });

      const theirs = await body(await distributor.json('GET', '/api/partner/payments'), 200);
      expect(theirs.side).toBe('receiving');
      expect(theirs.pending.map((p: { id: number }) => p.id)).toContain(payment.id);
      expect(theirs.pending.find((p: { id: number }) => p.id === payment.id).actions).toEqual(['confirm', 'fail']);
      const bell = await t.app.services.notifications.list(await readerOf(distributor));
      expect(bell.items.map((n) => n.title)).toContain(`${retailerOrg.tradingName} recorded a payment of £600.00`);
      const mail = await db().select().from(outboxEmails).where(eq(outboxEmails.to, 'accounts@distributor.example'));
      expect(mail.map((m) => m.subject)).toContain(`${retailerOrg.tradingName} recorded a payment of £600.00`);

      // The retailer cannot confirm its own payment.
      expect((await body(await retailer.json('POST', `/api/partner/payments/${payment.id}/confirm`, { version: 1 }), 403)).error.code).toBe('wrong_side');
      const settled = await body(await distributor.json('POST', `/api/partner/payments/${payment.id}/confirm`, { version: 1 }), 200);
      expect(settled).toMatchObject({ status: 'settled', version: 2, actions: [] });
      expect(await invoiceRow(older.id)).toMatchObject({ paidMinor: 30_000 });
      expect(await invoiceRow(newer.id)).toMatchObject({ paidMinor: 30_000 });
      // The invoice paid in full moved its order to paid; the other is still invoiced.
      const [o1] = await db().select().from(orders).where(eq(orders.id, older.orderId!));
      const [o2] = await db().select().from(orders).where(eq(orders.id, newer.orderId!));
      expect([o1?.status, o2?.status]).toEqual(['paid', 'invoiced']);
      const orderAudit = await db()
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.tableName, 'orders'), eq(auditLogs.recordId, String(older.orderId))));
      expect(orderAudit.map((a) => (a.newValues as { action?: string }).action)).toContain('pay');

      const after = await body(await retailer.json('GET', '/api/partner/payments'), 200);
      expect(after.invoices.map((i: { id: number }) => i.id)).toEqual([newer.id]);
      expect(after.invoices[0]).toMatchObject({ outstandingMinor: 20_000, pendingMinor: 0, standing: 'partially_paid' });
      expect(after.totals[0]).toMatchObject({ currency: 'GBP', paidMinor: 60_000, creditMinor: 0 });
      const retailerBell = await t.app.services.notifications.list(await readerOf(retailer));
      expect(retailerBell.items.map((n) => n.title)).toContain(`Payment ${settled.label} of £600.00 was confirmed`);
      const retailerMail = await db().select().from(outboxEmails).where(eq(outboxEmails.to, retailer.email));
      expect(retailerMail.map((m) => m.subject)).toContain(`Payment ${settled.label} of £600.00 was confirmed`);
      const audit = await db()
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.tableName, 'payments'), eq(auditLogs.recordId, String(payment.id))))
        .orderBy(asc(auditLogs.id));
      expect(audit.map((a) => `${a.action}:${(a.newValues as { status: string }).status}`)).toEqual(['INSERT:pending', 'UPDATE:settled']);

      // Both sides heard it live; another retailer heard nothing.
      for (const s of sockets) await s.settle();
      const heard = (s: (typeof sockets)[number]) => s.events.filter((e) => e.type === 'changed' && e.topic === 'payment' && e.id === payment.id).length;
      expect(heard(sockets[0]!)).toBeGreaterThanOrEqual(2);
      expect(heard(sockets[1]!)).toBeGreaterThanOrEqual(2);
      expect(sockets[2]!.events).toEqual([]);
      expect(sockets[0]!.events).toContainEqual(expect.objectContaining({ type: 'changed', topic: 'order', id: older.orderId }));
    } finally {
      for (const s of sockets) s.ws.close();
    }
  });

  it('a failed payment changes no invoice and frees what it held; the reason reaches the retailer', async () => {
    const inv = await invoice(10_000);
    const payment = await body(await pay(retailer, 10_000, [{ invoiceId: inv.id, amountMinor: 10_000 }]), 201);
    // While it is pending, no second payment can take the same money.
    expect((await body(await pay(retailer, 5_000, [{ invoiceId: inv.id, amountMinor: 1 }]), 409)).error.code).toBe('over_allocation');
    expect(
      (await body(await distributor.json('POST', `/api/partner/payments/${payment.id}/fail`, { version: 1, reason: ' ' }), 400)).error.details[0].path,
    ).toBe('reason');
    const failed = await body(
      await distributor.json('POST', `/api/partner/payments/${payment.id}/fail`, { version: 1, reason: 'Bounced: insufficient funds.' }),
      200,
    );
    expect(failed).toMatchObject({ status: 'failed', failureReason: 'Bounced: insufficient funds.' });
    expect(await invoiceRow(inv.id)).toMatchObject({ paidMinor: 0 });
    // Nor can it be confirmed now.
    expect((await body(await distributor.json('POST', `/api/partner/payments/${payment.id}/confirm`, { version: 2 }), 409)).error.code).toBe(
      'invalid_transition',
    );
    const bell = await t.app.services.notifications.list(await readerOf(retailer));
    expect(bell.items.find((n) => n.title === `Payment ${failed.label} of £100.00 failed`)?.body).toContain('Bounced: insufficient funds.');
    // The money it held is free again.
    await body(await pay(retailer, 10_000, [{ invoiceId: inv.id, amountMinor: 10_000 }]), 201);
  });

  it('a stale version is a 409 version_conflict; nothing moves', async () => {
    const inv = await invoice(1_000);
    const payment = await body(await pay(retailer, 1_000, [{ invoiceId: inv.id, amountMinor: 1_000 }]), 201);
    expect((await body(await distributor.json('POST', `/api/partner/payments/${payment.id}/confirm`, { version: 7 }), 409)).error.code).toBe(
      'version_conflict',
    );
    // The largest version there is (the fuzzer's find: it once overflowed before the guard refused it).
    expect(
      (await body(await distributor.json('POST', `/api/partner/payments/${payment.id}/fail`, { version: 2_147_483_647, reason: 'x' }), 409)).error.code,
    ).toBe('version_conflict');
    expect((await invoiceRow(inv.id)).paidMinor).toBe(0);
  });
});

describe('bad input: a stable code, nothing written', () => {
  it('refuses over-allocation (over the invoice 409, over the payment 400), a foreign invoice (404) and another currency', async () => {
    const mine = await invoice(20_000);
    const foreign = await issuedInvoice(db(), { issuerId: otherDistributorOrg.id, customerId: strangerOrg.id, totalMinor: 20_000 });
    const euro = await invoice(20_000, { currency: 'EUR' });
    const before = await paymentCount();
    const overInvoice = await body(await pay(retailer, 30_000, [{ invoiceId: mine.id, amountMinor: 20_001 }]), 409);
    expect(overInvoice.error).toMatchObject({ code: 'over_allocation', details: [{ path: 'allocations.0.amountMinor', availableMinor: 20_000 }] });
    const overPayment = await body(await pay(retailer, 100, [{ invoiceId: mine.id, amountMinor: 101 }]), 400);
    expect(overPayment.error).toMatchObject({ code: 'over_allocation', details: [{ path: 'allocations' }] });
    const notMine = await body(await pay(retailer, 100, [{ invoiceId: foreign.id, amountMinor: 100 }]), 404);
    expect(notMine.error.code).toBe('not_found');
    expect(JSON.stringify(notMine)).not.toContain(foreign.number);
    expect((await body(await pay(retailer, 100, [{ invoiceId: 99_999_999, amountMinor: 100 }]), 404)).error.code).toBe('not_found');
    expect((await body(await pay(retailer, 100, [{ invoiceId: euro.id, amountMinor: 100 }]), 400)).error.code).toBe('currency_mismatch');
    expect((await body(await pay(retailer, 100, [{ invoiceId: euro.id, amountMinor: 100 }], undefined, { currency: 'EUR' }), 400)).error).toMatchObject({
      code: 'currency_mismatch',
      details: [{ path: 'currency' }],
    });
    for (const bad of [
      { amountMinor: 0 },
      { amountMinor: -5 },
      { amountMinor: 1.5 },
      { amountMinor: 2_147_483_648 },
      { method: 'bitcoin' },
      { paidOn: '2026-02-30' },
      { reference: 'x'.repeat(201) },
      { allocations: [{ invoiceId: mine.id, amountMinor: 0 }] },
      {
        allocations: [
          { invoiceId: mine.id, amountMinor: 1 },
          { invoiceId: mine.id, amountMinor: 1 },
        ],
      },
    ])
      expect((await body(await pay(retailer, 100, [], undefined, bad), 400)).error.code, JSON.stringify(bad)).toBe('validation_failed');
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    expect((await body(await pay(retailer, 100, [], undefined, { paidOn: tomorrow }), 400)).error.code).toBe('paid_on_in_future');
    expect(await paymentCount()).toBe(before);
    expect(await invoiceRow(foreign.id)).toMatchObject({ paidMinor: 0 });
  });

  it("another organisation's payment is a 404 everywhere, and its lists hold only its own", async () => {
    const inv = await invoice(5_000);
    const payment = await body(await pay(retailer, 5_000, [{ invoiceId: inv.id, amountMinor: 5_000 }]), 201);
    for (const who of [stranger, otherDistributor])
      for (const [method, path, b] of [
        ['GET', `/api/partner/payments/${payment.id}`, undefined],
        ['POST', `/api/partner/payments/${payment.id}/confirm`, { version: 1 }],
        ['POST', `/api/partner/payments/${payment.id}/fail`, { version: 1, reason: 'x' }],
        ['POST', `/api/partner/payments/${payment.id}/allocations`, { allocations: [{ invoiceId: inv.id, amountMinor: 1 }] }],
        ['GET', `/api/partner/payments/statement?customerId=${retailerOrg.id}&from=2025-01-01&to=${today()}`, undefined],
        ['GET', `/api/partner/payments/statement.csv?customerId=${retailerOrg.id}&from=2025-01-01&to=${today()}`, undefined],
        ['GET', '/api/partner/payments/99999999', undefined],
      ] as const) {
        const res = await who.json(method, path, b);
        expect(res.status, `${method} ${path}`).toBe(404);
        expect(await res.text()).not.toContain(inv.number);
      }
    const strangerView = await body(await stranger.json('GET', '/api/partner/payments'), 200);
    expect(strangerView.payments).toEqual([]);
    expect(JSON.stringify(strangerView)).not.toContain(inv.number);
    const [row] = await db().select().from(payments).where(eq(payments.id, payment.id));
    expect(row).toMatchObject({ status: 'pending', version: 1 });
  });

  it('a suspended retailer reads its payments but may not record one (403 with the standing’s code)', async () => {
    await setOrganisation(retailerOrg.id, { status: 'suspended', statusReason: 'Audit.' });
    try {
      expect((await body(await pay(retailer, 100, []), 403)).error.code).toBe('organisation_suspended');
      expect((await retailer.json('GET', '/api/partner/payments')).status).toBe(200);
    } finally {
      await setOrganisation(retailerOrg.id, { status: 'active', statusReason: '' });
    }
  });
});

describe('recording is idempotent', () => {
  it('returns the same payment for a retry with the same key, and refuses the key with another body', async () => {
    const inv = await invoice(4_000);
    const key = newKey();
    const first = await body(await pay(retailer, 4_000, [{ invoiceId: inv.id, amountMinor: 4_000 }], key), 201);
    const before = await paymentCount();
    const again = await body(await pay(retailer, 4_000, [{ invoiceId: inv.id, amountMinor: 4_000 }], key), 200);
    expect(again.id).toBe(first.id);
    const other = await body(await pay(retailer, 3_000, [{ invoiceId: inv.id, amountMinor: 3_000 }], key), 409);
    expect(other.error).toMatchObject({ code: 'idempotency_key_reused', details: { paymentId: first.id } });
    expect((await body(await pay(retailer, 1, [], 'short'), 400)).error.code).toBe('invalid_idempotency_key');
    expect(await paymentCount()).toBe(before);
  });
});

describe('account credit and credit notes', () => {
  it('an unallocated remainder is credit once settled, applied to an invoice later — at once, within what is left', async () => {
    const inv = await invoice(7_000);
    const payment = await body(await pay(retailer, 10_000, []), 201);
    expect(payment.unallocatedMinor).toBe(10_000);
    // Credit of a pending payment cannot be applied yet.
    expect(
      (
        await body(
          await retailer.json('POST', `/api/partner/payments/${payment.id}/allocations`, { allocations: [{ invoiceId: inv.id, amountMinor: 1 }] }),
          409,
        )
      ).error.code,
    ).toBe('invalid_transition');
    await body(await distributor.json('POST', `/api/partner/payments/${payment.id}/confirm`, { version: 1 }), 200);
    const overview = await body(await distributor.json('GET', '/api/partner/payments'), 200);
    expect(overview.aging.find((r: { customer: { id: string } }) => r.customer.id === retailerOrg.id).creditMinor).toBeGreaterThanOrEqual(10_000);
    const mine = await body(await retailer.json('GET', `/api/partner/payments/${payment.id}`), 200);
    expect(mine.actions).toEqual(['apply_credit']);
    // Not more than the credit, nor more than the invoice owes; the distributor may not apply it.
    const apply = (c: Client, amountMinor: number) =>
      c.json('POST', `/api/partner/payments/${payment.id}/allocations`, { allocations: [{ invoiceId: inv.id, amountMinor }] });
    expect((await body(await apply(retailer, 7_001), 409)).error.code).toBe('over_allocation');
    expect((await body(await apply(distributor, 100), 403)).error.code).toBe('wrong_side');
    const applied = await body(await apply(retailer, 7_000), 200);
    expect(applied).toMatchObject({ allocatedMinor: 7_000, unallocatedMinor: 3_000, version: 3 });
    expect(await invoiceRow(inv.id)).toMatchObject({ paidMinor: 7_000 });
    const more = await invoice(9_000);
    expect(
      (
        await body(
          await retailer.json('POST', `/api/partner/payments/${payment.id}/allocations`, { allocations: [{ invoiceId: more.id, amountMinor: 3_001 }] }),
          400,
        )
      ).error.code,
    ).toBe('over_allocation');
  });

  it('a credit note between recording and settling: settling applies what is still owed, the rest stays as credit', async () => {
    const inv = await invoice(10_000);
    const payment = await body(await pay(retailer, 10_000, [{ invoiceId: inv.id, amountMinor: 10_000 }]), 201);
    await issuedInvoice(db(), { issuerId: distributorOrg.id, customerId: retailerOrg.id, totalMinor: 4_000, kind: 'credit_note', creditsInvoiceId: inv.id });
    await db().update(invoices).set({ creditedMinor: 4_000 }).where(eq(invoices.id, inv.id));
    const settled = await body(await distributor.json('POST', `/api/partner/payments/${payment.id}/confirm`, { version: 1 }), 200);
    expect(settled).toMatchObject({ status: 'settled', allocatedMinor: 6_000, unallocatedMinor: 4_000 });
    expect(await invoiceRow(inv.id)).toMatchObject({ paidMinor: 6_000, creditedMinor: 4_000, totalMinor: 10_000 });
  });
});

describe('balances, aging and statements', () => {
  let d: Organisation;
  let r: Organisation;
  let dm: Member;
  let rm: Member;
  beforeAll(async () => {
    d = await createOrganisation(t, 'distributor', { tradingName: 'Cave Coopérative' });
    r = await createOrganisation(t, 'retailer', { supplierId: d.id, tradingName: 'Zoë’s Bottle Shop' });
    dm = await signedInMember(t, d);
    rm = await signedInMember(t, r);
  });
  const inv = (total: number, issuedInDays: number, dueInDays: number) =>
    issuedInvoice(db(), { issuerId: d.id, customerId: r.id, totalMinor: total, issuedInDays, dueInDays }, t.app.services.live);

  it('ages what each retailer owes by days past due, in SQL, per retailer and in total', async () => {
    await inv(1_000, -5, 10); // current
    await inv(2_000, -40, -1); // 1–30
    await inv(3_000, -70, -31); // 31–60
    await inv(4_000, -100, -61); // 61–90
    await inv(5_000, -200, -91); // 90+
    await inv(6_000, -60, -30); // 1–30 (the edge)
    const o = await body(await dm.json('GET', '/api/partner/payments'), 200);
    const row = o.aging.find((x: { customer: { id: string } }) => x.customer.id === r.id);
    expect(row).toMatchObject({
      currency: 'GBP',
      buckets: { current: 1_000, '1_30': 8_000, '31_60': 3_000, '61_90': 4_000, '90_plus': 5_000 },
      totalMinor: 21_000,
      openInvoices: 6,
    });
    expect(o.totals).toEqual([expect.objectContaining({ currency: 'GBP', totalMinor: 21_000, buckets: row.buckets })]);
    expect(o.customers.map((c: { id: string }) => c.id)).toEqual([r.id]);
    const mine = await body(await rm.json('GET', '/api/partner/payments'), 200);
    expect(mine.totals[0]).toMatchObject({ outstandingMinor: 21_000, overdueMinor: 20_000 });
  });

  it('keeps the aging until a signal of the organisation moves it (every write that changes it sends one)', async () => {
    const d2 = await createOrganisation(t, 'distributor');
    const r2 = await createOrganisation(t, 'retailer', { supplierId: d2.id });
    const d2m = await signedInMember(t, d2);
    await issuedInvoice(db(), { issuerId: d2.id, customerId: r2.id, totalMinor: 1_000 });
    const owed = async () => (await body(await d2m.json('GET', '/api/partner/payments'), 200)).totals[0]?.totalMinor;
    expect(await owed()).toBe(1_000);
    // Written behind the services' back (no signal): the cached figures stand…
    await issuedInvoice(db(), { issuerId: d2.id, customerId: r2.id, totalMinor: 2_000 });
    expect(await owed()).toBe(1_000);
    // …until the organisation's pages are told something changed, as every service write does.
    await t.app.services.live.changed({ topic: 'invoice', id: null, audiences: [{ permission: 'orders:manage', organisationId: d2.id }] });
    expect(await owed()).toBe(3_000);
  });

  it('a statement runs from the opening balance through invoices, credit notes and settled payments; CSV and PDF say the same', async () => {
    const from = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    const a = await inv(50_000, -20, 10);
    const cn = await issuedInvoice(db(), {
      issuerId: d.id,
      customerId: r.id,
      totalMinor: 5_000,
      kind: 'credit_note',
      creditsInvoiceId: a.id,
      issuedInDays: -10,
    });
    const payment = await body(await pay(rm, 20_000, [{ invoiceId: a.id, amountMinor: 20_000 }], undefined, { reference: '=HYPERLINK("http://evil")' }), 201);
    await body(await dm.json('POST', `/api/partner/payments/${payment.id}/confirm`, { version: 1 }), 200);
    // A pending payment is not on the statement.
    await body(await pay(rm, 1_000, []), 201);
    const q = `customerId=${r.id}&from=${from}&to=${today()}`;
    const s = await body(await dm.json('GET', `/api/partner/payments/statement?${q}`), 200);
    // Before the period: the aging invoices of the test above issued more than 30 days ago (2,000 + 3,000 + 4,000 + 5,000 + 6,000).
    expect(s.openingMinor).toBe(20_000);
    const inPeriod = s.lines.map((l: { kind: string; reference: string; debitMinor: number; creditMinor: number }) => [l.kind, l.debitMinor, l.creditMinor]);
    expect(inPeriod).toEqual([
      ['invoice', 50_000, 0],
      ['credit_note', 0, 5_000],
      ['invoice', 1_000, 0],
      ['payment', 0, 20_000],
    ]);
    expect(s.closingMinor).toBe(20_000 + 1_000 + 50_000 - 5_000 - 20_000);
    expect(s.lines.at(-1).balanceMinor).toBe(s.closingMinor);
    // The retailer reads the same statement with its own supplier.
    const theirs = await body(await rm.json('GET', `/api/partner/payments/statement?from=${from}&to=${today()}`), 200);
    expect(theirs.closingMinor).toBe(s.closingMinor);

    const csvRes = await dm.get(`/api/partner/payments/statement.csv?${q}`);
    expect(csvRes.status).toBe(200);
    expect(csvRes.headers.get('content-type')).toContain('text/csv');
    expect(csvRes.headers.get('content-disposition')).toMatch(/^attachment; filename="statement-zoes-bottle-shop-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv"$/);
    const csv = await csvRes.text();
    const lines = csv.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Date,Type,Document,Reference,Debit,Credit,Balance');
    expect(lines[1]).toContain('Opening balance');
    expect(lines[1]).toContain('200.00');
    expect(csv).toContain(cn.number);
    // The formula is defused and quoted: a spreadsheet shows it as text.
    expect(lines).toContain(`${today()},Payment,${payment.label},"'=HYPERLINK(""http://evil"")",,200.00,${(s.closingMinor / 100).toFixed(2)}`);
    expect(lines.at(-2)).toBe(`${today()},Closing balance,GBP,,,,${(s.closingMinor / 100).toFixed(2)}`);

    const pdfRes = await dm.get(`/api/partner/payments/statement.pdf?${q}`);
    expect(pdfRes.headers.get('content-type')).toBe('application/pdf');
    const { text } = await new PDFParse({ data: new Uint8Array(await pdfRes.arrayBuffer()) }).getText();
    expect(text).toContain('Statement of account');
    expect(text).toContain('Cave Coopérative');
    expect(text).toContain('Zoë’s Bottle Shop');
    expect(text).toContain(a.number);
    expect(text).toContain(cn.number);
    expect(text).toContain(`Amount due: £${(s.closingMinor / 100).toFixed(2)}`);
  });

  it('a statement for a retailer the distributor does not supply is a 404; bad periods are 400', async () => {
    expect((await dm.json('GET', `/api/partner/payments/statement?customerId=${retailerOrg.id}&from=2026-01-01&to=2026-02-01`)).status).toBe(404);
    expect((await body(await dm.json('GET', `/api/partner/payments/statement?customerId=${r.id}&from=2026-03-01&to=2026-02-01`), 400)).error.code).toBe(
      'validation_failed',
    );
    // Without a retailer named, a distributor's statement is its own with its importer (issue 43: it pays too).
    const own = await body(await dm.json('GET', `/api/partner/payments/statement?from=2026-01-01&to=2026-02-01`), 200);
    expect(own.customer.name).not.toBe(r.tradingName);
    expect(own.issuer.name).toMatch(/^Importer /);
  });
});

let productSeq = 0;
/** A distributor and its retailer trading one gin (6 bottles a case at 10.00, 600 cases on hand). */
async function tradingPair() {
  const d = await createOrganisation(t, 'distributor');
  const r = await createOrganisation(t, 'retailer', { supplierId: d.id });
  const dm = await signedInMember(t, d);
  const rm = await signedInMember(t, r);
  const productId = await insertProduct(db(), { slug: `trade-gin-${process.pid}-${++productSeq}`, name: 'Trade Gin' });
  await db().insert(productTradePrices).values({ productId: productId, tier: 'retailer', market: 'GB', currency: 'GBP', amountMinor: 1_000 });
  await moveStock(db(), { organisationId: d.id, productId: productId, onHand: 600, reserved: 0, cause: 'adjustment' });
  /** An order of `cases` the retailer placed and the distributor approved. */
  const approvedOrder = async (cases: number) => {
    const order = await body(await rm.json('POST', '/api/partner/orders', { lines: [{ productId: productId, cases }], note: '' }), 201);
    await body(await dm.json('POST', `/api/partner/orders/${order.id}/approve`, { version: 1 }), 200);
    return order;
  };
  return { d, r, dm, rm, productId, approvedOrder };
}
const statusOf = async (orderId: number) => (await db().select().from(orders).where(eq(orders.id, orderId)))[0]?.status;

describe('the credit hold', () => {
  let d: Organisation;
  let r: Organisation;
  let dm: Member;
  let rm: Member;
  let gin = 0;
  beforeAll(async () => {
    ({ d, r, dm, rm, productId: gin } = await tradingPair());
    // A credit limit of £1,000.00.
    await db().update(tradeTerms).set({ creditLimitMinor: 100_000 }).where(eq(tradeTerms.customerId, r.id));
  });
  const place = async (cases: number) => body(await rm.json('POST', '/api/partner/orders', { lines: [{ productId: gin, cases }], note: '' }), 201);
  const approve = (id: number, over: Record<string, unknown> = {}) => dm.json('POST', `/api/partner/orders/${id}/approve`, { version: 1, ...over });

  it('refuses an approval over the credit limit, with why; an override with a reason approves it and is audited', async () => {
    await issuedInvoice(db(), { issuerId: d.id, customerId: r.id, totalMinor: 80_000 });
    // 3 cases × 6 × £10.00 + 20 % tax = £216.00: £800 + £216 > £1,000.
    const order = await place(3);
    const refused = await body(await approve(order.id), 409);
    expect(refused.error.code).toBe('credit_hold');
    expect(refused.error.message).toContain('over the credit limit of £1,000.00');
    expect(refused.error.details).toContainEqual(expect.objectContaining({ code: 'over_credit_limit', exposureMinor: 101_600, creditLimitMinor: 100_000 }));
    expect((await db().select().from(orders).where(eq(orders.id, order.id)))[0]?.status).toBe('submitted');
    // The order page asks before anyone presses Approve.
    const hold = await t.app.services.payments.creditHold(await readerOf(dm), { sellerId: d.id, buyerId: r.id, totalMinor: order.totalMinor });
    expect(hold?.reasons.map((x) => x.code)).toEqual(['over_credit_limit']);

    const approved = await body(await approve(order.id, { creditOverride: 'Long-standing customer; paying Friday.' }), 200);
    expect(approved.status).toBe('approved');
    const [audit] = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.tableName, 'orders'), eq(auditLogs.recordId, String(order.id)), sql`${auditLogs.newValues}->>'status' = 'approved'`));
    expect(audit?.userId).toBe(dm.userId);
    expect((audit?.newValues as { creditOverride: unknown }).creditOverride).toMatchObject({
      reason: 'Long-standing customer; paying Friday.',
      holds: [expect.objectContaining({ code: 'over_credit_limit' })],
    });
    // Within the limit, no override is needed.
    const small = await place(1);
    await db().update(tradeTerms).set({ creditLimitMinor: 1_000_000 }).where(eq(tradeTerms.customerId, r.id));
    expect((await body(await approve(small.id), 200)).status).toBe('approved');
  });

  it('refuses an override whose reason is invisible (zero-width space, joiners, BOM, whitespace)', async () => {
    await db().update(tradeTerms).set({ creditLimitMinor: 1 }).where(eq(tradeTerms.customerId, r.id));
    const order = await place(1);
    for (const creditOverride of ['\u200b', ' \u200b\u200d\ufeff ', '\u2060\u00a0\u202e']) {
      const refused = await body(await approve(order.id, { creditOverride }), 409);
      expect(refused.error.code).toBe('credit_hold');
      expect(refused.error.details).toContainEqual({ path: 'creditOverride', message: 'Give a reason to approve despite the credit hold.' });
    }
    expect(await statusOf(order.id)).toBe('submitted');
    await db().update(tradeTerms).set({ creditLimitMinor: 1_000_000 }).where(eq(tradeTerms.customerId, r.id));
  });

  it('refuses while an invoice is more than 60 days overdue (60 is not yet a hold)', async () => {
    const sixty = await issuedInvoice(db(), { issuerId: d.id, customerId: r.id, totalMinor: 100, issuedInDays: -90, dueInDays: -60 });
    const ok = await place(1);
    expect((await body(await approve(ok.id), 200)).status).toBe('approved');
    await db()
      .update(invoices)
      .set({ dueOn: new Date(Date.now() - 61 * 86_400_000).toISOString().slice(0, 10) })
      .where(eq(invoices.id, sixty.id));
    const held = await place(1);
    const refused = await body(await approve(held.id), 409);
    expect(refused.error.details).toContainEqual(expect.objectContaining({ code: 'overdue_invoice', invoiceNumber: sixty.number, daysOverdue: 61 }));
  });
});

describe('with invoices issued by the invoicing service', () => {
  it('an order goes invoiced → paid when the invoice the service issued for it is paid in full', async () => {
    const { d, r, dm, rm, productId, approvedOrder } = await tradingPair();
    const order = await approvedOrder(2);
    // The retailer's Payments page is open (its figures kept) when the invoice is issued.
    expect((await body(await rm.json('GET', '/api/partner/payments'), 200)).invoices).toEqual([]);
    const inv = await body(await dm.json('POST', '/api/partner/invoices/issue', { orderIds: [order.id] }), 201);
    expect(await statusOf(order.id)).toBe('invoiced');
    const owed = await body(await rm.json('GET', '/api/partner/payments'), 200);
    expect(owed.invoices.map((i: { id: number }) => i.id)).toEqual([inv.id]);
    expect(owed.invoices[0].outstandingMinor).toBe(inv.totalMinor);
    const payment = await body(await pay(rm, inv.totalMinor, [{ invoiceId: inv.id, amountMinor: inv.totalMinor }]), 201);
    await body(await dm.json('POST', `/api/partner/payments/${payment.id}/confirm`, { version: 1 }), 200);
    expect(await statusOf(order.id)).toBe('paid');
    const after = await body(await rm.json('GET', `/api/partner/orders/${order.id}`), 200);
    expect(after.timeline.map((e: { status?: string }) => e.status)).toContain('paid');
    expect((await body(await rm.json('GET', '/api/partner/payments'), 200)).invoices).toEqual([]);

    // Paid before anything went: the order still ships — its reservation becomes the shipment — and stays paid.
    const held = () => balanceOf(db(), d.id, productId);
    const ship = (cases: number) =>
      dm.json('POST', '/api/partner/shipments', {
        recipientId: r.id,
        carrier: 'dhl',
        trackingNumber: '',
        note: '',
        lines: [{ orderItemId: after.items[0].id, cases }],
      });
    expect(await held()).toMatchObject({ onHand: 600, reserved: 12 });
    const shipment = await body(await ship(2), 201);
    await body(await dm.json('POST', `/api/partner/shipments/${shipment.id}/status`, { action: 'ship', version: shipment.version }), 200);
    expect(await held()).toMatchObject({ onHand: 588, reserved: 0 });
    expect(await statusOf(order.id)).toBe('paid');
    // Nothing is left to ship: a second shipment of the line is refused.
    expect((await ship(1)).status).toBe(409);
  });

  it('a credit note that settles what is left of a part-paid invoice pays its order; crediting an unpaid invoice in full does not', async () => {
    const { dm, rm, approvedOrder } = await tradingPair();
    const order = await approvedOrder(2);
    const inv = await body(await dm.json('POST', '/api/partner/invoices/issue', { orderIds: [order.id] }), 201);
    // Two equal cases: half the invoice is one case with its tax.
    expect(inv.totalMinor % 2).toBe(0);
    const payment = await body(await pay(rm, inv.totalMinor / 2, [{ invoiceId: inv.id, amountMinor: inv.totalMinor / 2 }]), 201);
    await body(await dm.json('POST', `/api/partner/payments/${payment.id}/confirm`, { version: 1 }), 200);
    expect(await statusOf(order.id)).toBe('invoiced');
    const seller = await openLive(t, dm);
    try {
      const note = await body(
        await dm.json('POST', `/api/partner/invoices/${inv.id}/credit-notes`, {
          lines: [{ invoiceItemId: inv.items[0].id, cases: 1 }],
          reason: 'One case broken',
        }),
        201,
      );
      expect(note.totalMinor).toBe(inv.totalMinor / 2);
      expect(await invoiceRow(inv.id)).toMatchObject({ paidMinor: inv.totalMinor / 2, creditedMinor: inv.totalMinor / 2 });
      expect(await statusOf(order.id)).toBe('paid');
      // The seller's open pages hear of the order.
      await seller.settle();
      expect(seller.events).toContainEqual(expect.objectContaining({ type: 'changed', topic: 'order', id: order.id }));
    } finally {
      seller.ws.close();
    }
    const seen = await body(await rm.json('GET', `/api/partner/orders/${order.id}`), 200);
    expect(seen.timeline.map((e: { status?: string }) => e.status)).toContain('paid');

    // Nothing paid, everything credited: the order is not paid — it stays invoiced (and may still be cancelled).
    const unpaid = await approvedOrder(1);
    const written = await body(await dm.json('POST', '/api/partner/invoices/issue', { orderIds: [unpaid.id] }), 201);
    await body(
      await dm.json('POST', `/api/partner/invoices/${written.id}/credit-notes`, {
        lines: [{ invoiceItemId: written.items[0].id, cases: 1 }],
        reason: 'Sent in error',
      }),
      201,
    );
    expect(await invoiceRow(written.id)).toMatchObject({ paidMinor: 0, creditedMinor: written.totalMinor });
    expect(await statusOf(unpaid.id)).toBe('invoiced');
  });
});

describe('the daily overdue notice', () => {
  it('tells both sides once per stage, and nothing for an invoice paid or not yet due', async () => {
    const d = await createOrganisation(t, 'distributor', { email: 'ar@overdue.example' });
    const r = await createOrganisation(t, 'retailer', { supplierId: d.id, email: 'ap@overdue.example' });
    const late = await issuedInvoice(db(), { issuerId: d.id, customerId: r.id, totalMinor: 12_345, issuedInDays: -40, dueInDays: -3 });
    const paid = await issuedInvoice(db(), { issuerId: d.id, customerId: r.id, totalMinor: 100, issuedInDays: -40, dueInDays: -3 });
    await db().update(invoices).set({ paidMinor: 100 }).where(eq(invoices.id, paid.id));
    await issuedInvoice(db(), { issuerId: d.id, customerId: r.id, totalMinor: 100, dueInDays: 3 });
    const first = await t.app.services.payments.checkOverdue();
    expect(first.told).toContain(late.id);
    expect(first.told).not.toContain(paid.id);
    expect((await t.app.services.payments.checkOverdue()).told).not.toContain(late.id);
    const bell = await db().select().from(notifications).where(eq(notifications.kind, 'invoice_overdue'));
    expect(
      bell
        .filter((n) => n.title.startsWith(`Invoice ${late.number}`))
        .map((n) => n.organisationId)
        .sort(),
    ).toEqual([d.id, r.id].sort());
    const mail = await db()
      .select()
      .from(outboxEmails)
      .where(inArray(outboxEmails.to, ['ar@overdue.example', 'ap@overdue.example']));
    expect(mail.map((m) => m.subject).sort()).toEqual([`Invoice ${late.number} is overdue`, `Invoice ${late.number} to ${r.tradingName} is overdue`].sort());
    expect(mail.find((m) => m.to === 'ap@overdue.example')?.text).toContain('£123.45 is still owed');
    // A month later it reaches the next stage, and is told once more.
    await db()
      .update(invoices)
      .set({ dueOn: new Date(Date.now() - 32 * 86_400_000).toISOString().slice(0, 10) })
      .where(eq(invoices.id, late.id));
    expect((await t.app.services.payments.checkOverdue()).told).toContain(late.id);
    expect((await t.app.services.payments.checkOverdue()).told).not.toContain(late.id);
    const stages = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.tableName, 'invoices'), eq(auditLogs.recordId, String(late.id)), eq(auditLogs.action, 'INVOICE_OVERDUE')))
      .orderBy(asc(auditLogs.id));
    expect(stages.map((s) => (s.newValues as { stage: number }).stage)).toEqual([1, 31]);
  });
});

describe('the Payments page', () => {
  it('records through the form (allocations per invoice in major units), the distributor confirms through its page', async () => {
    const inv = await invoice(12_345);
    const page = await retailer.get('/partner/dashboard/payments');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('What you owe');
    expect(html).toContain(inv.number);
    const key = /name="idempotencyKey" value="([^"]+)"/.exec(html)?.[1];
    expect(key).toBeTruthy();
    const form = {
      intent: 'record',
      idempotencyKey: key!,
      currency: 'GBP',
      amount: '150.00',
      method: 'cheque',
      reference: 'CHQ 1001',
      paidOn: today(),
      [`alloc.${inv.id}`]: '123.45',
    };
    // A box that holds no amount is refused on that box; over the invoice, on that box too.
    const bad = await retailer.post('/partner/dashboard/payments', { ...form, [`alloc.${inv.id}`]: '12.345' });
    expect(bad.status).toBe(400);
    const over = await retailer.post('/partner/dashboard/payments', { ...form, [`alloc.${inv.id}`]: '123.46' });
    expect(over.status).toBe(409);
    const res = await retailer.post('/partner/dashboard/payments', form);
    expect(res.status).toBe(302);
    expect(retailer.flashedToast()?.title).toBe('Payment recorded');
    const [row] = await db().select().from(payments).where(eq(payments.idempotencyKey, key!));
    expect(row).toMatchObject({ amountMinor: 15_000, method: 'cheque', reference: 'CHQ 1001', status: 'pending' });
    const allocs = await db().select().from(paymentAllocations).where(eq(paymentAllocations.paymentId, row!.id));
    expect(allocs).toMatchObject([{ invoiceId: inv.id, amountMinor: 12_345 }]);
    // The same form sent again (a double submit) makes no second payment.
    expect((await retailer.post('/partner/dashboard/payments', form)).status).toBe(302);
    expect(await db().select().from(payments).where(eq(payments.idempotencyKey, key!))).toHaveLength(1);

    const theirs = await (await distributor.get('/partner/dashboard/payments')).text();
    expect(theirs).toContain('Payments to confirm');
    expect(theirs).toContain('£150.00');
    const confirmed = await distributor.post('/partner/dashboard/payments', { intent: 'confirm', paymentId: String(row!.id), version: '1' });
    expect(confirmed.status).toBe(302);
    expect(distributor.flashedToast()?.title).toBe('Payment confirmed');
    expect(await invoiceRow(inv.id)).toMatchObject({ paidMinor: 12_345 });
    // Another organisation posting against it is refused, nothing moves.
    const foreign = await stranger.post('/partner/dashboard/payments', { intent: 'fail', paymentId: String(row!.id), version: '2', reason: 'x' });
    expect(foreign.status).toBe(404);
    const after = await (await retailer.get('/partner/dashboard/payments')).text();
    expect(after).toContain('Settled');
    // Older payments: a cursor before every payment lists none; one that is not a cursor lists the newest.
    expect(await (await retailer.get('/partner/dashboard/payments?after=1000000000000_1')).text()).toContain('You have not recorded a payment yet.');
    expect(await (await retailer.get('/partner/dashboard/payments?after=nonsense')).text()).toContain('Settled');
  });

  it('shows a distributor the statement it asks for, with its downloads', async () => {
    const html = await (await distributor.get(`/partner/dashboard/payments?statement=1&customerId=${retailerOrg.id}&from=2026-01-01&to=${today()}`)).text();
    expect(html).toContain('Closing balance');
    expect(html).toContain(`/api/partner/payments/statement.pdf?customerId=${retailerOrg.id}`);
    const none = await (await distributor.get(`/partner/dashboard/payments?statement=1&customerId=${strangerOrg.id}&from=2026-01-01&to=${today()}`)).text();
    expect(none).toContain('There is no statement for that retailer.');
  });

  it('shows the credit hold on the order page and approves with the override typed there', async () => {
    const d = await createOrganisation(t, 'distributor');
    const r = await createOrganisation(t, 'retailer', { supplierId: d.id });
    const dm = await signedInMember(t, d);
    const [p] = await db().select({ id: products.id, caseSize: products.caseSize }).from(products).where(eq(products.slug, 'frolic-london-dry-gin'));
    await db()
      .insert(productTradePrices)
      .values({ productId: p!.id, tier: 'retailer', market: 'GB', currency: 'GBP', amountMinor: 1_000 })
      .onConflictDoNothing();
    await moveStock(db(), { organisationId: d.id, productId: p!.id, onHand: 60 * p!.caseSize, reserved: 0, cause: 'adjustment' });
    await db().update(tradeTerms).set({ creditLimitMinor: 0 }).where(eq(tradeTerms.customerId, r.id));
    const rm = await signedInMember(t, r);
    const order = await body(await rm.json('POST', '/api/partner/orders', { lines: [{ productId: p!.id, cases: 1 }], note: '' }), 201);
    const page = await (await dm.get(`/partner/dashboard/orders/${order.id}`)).text();
    expect(page).toContain('Credit hold');
    expect(page).toContain('over the credit limit');
    const refused = await dm.post(`/partner/dashboard/orders/${order.id}`, { intent: 'approve', version: '2' });
    expect(refused.status).toBe(409);
    const approved = await dm.post(`/partner/dashboard/orders/${order.id}`, { intent: 'approve', version: '2', creditOverride: 'Cash on delivery agreed.' });
    expect(approved.status).toBe(302);
    expect((await db().select().from(orders).where(eq(orders.id, order.id)))[0]?.status).toBe('approved');
  });
});

describePostgresRaces();

function describePostgresRaces() {
  describeOnPostgres('payments under concurrency', () => {
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const record = async (amount: number, invoiceId: number) =>
      t.app.services.payments.record(
        await readerOf(retailer),
        {
          amountMinor: amount,
          currency: 'GBP',
          method: 'bank_transfer',
          reference: 'race',
          paidOn: today(),
          allocations: [{ invoiceId, amountMinor: amount }],
        },
        null,
        actor(retailer),
      );
    const held = async (invoiceId: number) =>
      Number(
        (
          await db()
            .select({ n: sql<string>`coalesce(sum(${paymentAllocations.amountMinor}), 0)::text` })
            .from(paymentAllocations)
            .innerJoin(payments, eq(payments.id, paymentAllocations.paymentId))
            .where(and(eq(paymentAllocations.invoiceId, invoiceId), inArray(payments.status, ['pending', 'settled'])))
        )[0]?.n,
      );

    it('20 payments allocating the same outstanding at once: exactly what it owes is taken, never more', async () => {
      const inv = await invoice(30_000);
      // Each takes 10,000 of 30,000: three fit.
      const outcomes = await Promise.allSettled(Array.from({ length: 20 }, () => record(10_000, inv.id)));
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(3);
      for (const o of outcomes.filter((x) => x.status === 'rejected')) expect((o as PromiseRejectedResult).reason.code).toBe('over_allocation');
      expect(await held(inv.id)).toBe(30_000);
      // Settling all of them pays it exactly.
      const viewer = await readerOf(distributor);
      for (const o of outcomes)
        if (o.status === 'fulfilled') await t.app.services.payments.confirm(viewer, o.value.payment.id, { version: 1 }, actor(distributor));
      expect(await invoiceRow(inv.id)).toMatchObject({ paidMinor: 30_000 });
    });

    it('…whereas allocating by read-then-insert without the invoice lock takes more than it owes', async () => {
      const inv = await invoice(30_000);
      const outcomes = await Promise.allSettled(
        Array.from({ length: 20 }, (_, n) =>
          db().transaction(async (tx) => {
            const [row] = await tx.select().from(invoices).where(eq(invoices.id, inv.id));
            const [h] = await tx
              .select({ n: sql<string>`coalesce(sum(${paymentAllocations.amountMinor}), 0)::text` })
              .from(paymentAllocations)
              .where(eq(paymentAllocations.invoiceId, inv.id));
            if (row!.totalMinor - Number(h?.n) < 10_000) throw new Error('over_allocation');
            await sleep(5 + (n % 5));
            const [p] = await tx
              .insert(payments)
              .values({ payerId: retailerOrg.id, payeeId: distributorOrg.id, amountMinor: 10_000, currency: 'GBP', method: 'eft', paidOn: today() })
              .returning();
            await tx.insert(paymentAllocations).values({ paymentId: p!.id, invoiceId: inv.id, amountMinor: 10_000 });
          }),
        ),
      );
      expect(outcomes.filter((o) => o.status === 'fulfilled').length).toBeGreaterThan(3);
      expect(await held(inv.id)).toBeGreaterThan(30_000);
    });

    it('two confirms of one payment at once: one wins, the invoice is paid once', async () => {
      const viewer = await readerOf(distributor);
      for (let i = 0; i < 10; i++) {
        const inv = await invoice(1_000_000);
        const { payment } = await record(1_000, inv.id);
        const outcomes = await Promise.allSettled([1, 2].map(() => t.app.services.payments.confirm(viewer, payment.id, { version: 1 }, actor(distributor))));
        expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
        const loser = outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult;
        expect(['invalid_transition', 'version_conflict']).toContain(loser.reason.code);
        expect((await invoiceRow(inv.id)).paidMinor).toBe(1_000);
      }
    });

    it('confirming a payment while its invoiced order is cancelled: both take the invoice before the order, neither deadlocks', async () => {
      const { dm, rm, approvedOrder } = await tradingPair();
      const order = await approvedOrder(2);
      const inv = await body(await dm.json('POST', '/api/partner/invoices/issue', { orderIds: [order.id] }), 201);
      // In full: confirming it moves the order to paid, so it takes the order's lock too.
      const payment = await body(await pay(rm, inv.totalMinor, [{ invoiceId: inv.id, amountMinor: inv.totalMinor }]), 201);
      const waiting = async () =>
        (
          await queryRows<{ n: number }>(
            db(),
            sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
          )
        )[0]?.n;
      // A third transaction holds the order's row, so both writes queue behind it: the cancel first, then the confirm.
      let release!: () => void;
      const held = new Promise<void>((done) => (release = done));
      let locked!: () => void;
      const holding = new Promise<void>((done) => (locked = done));
      const holder = db().transaction(async (tx) => {
        await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, order.id)).for('update');
        locked();
        await held;
      });
      await holding;
      const [now] = await db().select().from(orders).where(eq(orders.id, order.id));
      const [buyer, seller] = [await readerOf(rm), await readerOf(dm)];
      const cancel = t.app.services.orders.cancel(buyer, order.id, { version: now!.version, reason: 'Changed our mind' }, actor(rm), 'partner');
      await expect.poll(waiting).toBe(1);
      const confirm = t.app.services.payments.confirm(seller, payment.id, { version: 1 }, actor(dm));
      await expect.poll(waiting).toBe(2);
      release();
      await holder;
      const outcomes = await Promise.allSettled([cancel, confirm]);
      // Whichever order they finish in, each is an answer: a success or a refusal with its code — never a deadlock.
      for (const o of outcomes) if (o.status === 'rejected') expect(o.reason, String(o.reason)).toHaveProperty('status', 409);
      expect(outcomes[0].status).toBe('fulfilled');
      expect(await statusOf(order.id)).toBe('cancelled');
      const after = await invoiceRow(inv.id);
      expect(after.paidMinor + after.creditedMinor).toBeLessThanOrEqual(after.totalMinor);
    });

    it('…whereas unguarded updates (`where id = ?`) let both confirms apply the money', async () => {
      let doubled = 0;
      for (let i = 0; i < 10; i++) {
        const inv = await invoice(1_000_000);
        const { payment } = await record(1_000, inv.id);
        const confirm = () =>
          db().transaction(async (tx) => {
            const [row] = await tx.select().from(payments).where(eq(payments.id, payment.id));
            if (row!.status !== 'pending') throw new Error('invalid_transition');
            await sleep(10);
            await tx.update(payments).set({ status: 'settled' }).where(eq(payments.id, payment.id));
            await tx
              .update(invoices)
              .set({ paidMinor: sql`${invoices.paidMinor} + 1000` })
              .where(eq(invoices.id, inv.id));
          });
        await Promise.allSettled([confirm(), confirm()]);
        if ((await invoiceRow(inv.id)).paidMinor > 1_000) doubled++;
      }
      expect(doubled).toBeGreaterThan(0);
    });
  });
}
