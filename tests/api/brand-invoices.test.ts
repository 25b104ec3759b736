// Invoices and payments on every leg (issue 43), on the real server. Brand → importer: staff (Order
// Management over every organisation) draft and issue an invoice for an importer's approved order —
// the brand's row is the issuer, numbered from its own gapless series — the importer reads it in its
// received invoices and pays it, staff confirm; the balances, aging and statement on both sides to the
// minor unit. Importer → distributor: the importer invoices, the distributor pays, the importer
// confirms. The refusals: a retailer paying the brand, staff reading a distributor's invoice or
// payment (404), a retailer asking for the receiving side; and the credit hold on the brand's approval.
// Staff's screens (Trade invoices, Trade payments, Trade shipments) do the same through their forms.
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, notifications, productTradePrices, tradeTerms } from '../../server/db/schema';
import { brandId } from '../../server/db/brand';
import type { Organisation } from '../../server/modules/partners/service';
import { moveStock } from '../../server/modules/stock/ledger';
import type { Client } from '../support/client';
import { createOrganisation, signedInMember } from '../support/partners';
import { insertProduct } from '../support/products';
import { signedIn } from '../support/staff';
import { startTestServer, type TestServer } from '../support/test-server';

type Member = Awaited<ReturnType<typeof signedInMember>>;

let t: TestServer;
let staff: Client & { userId: string };
let importerOrg: Organisation;
let distributorOrg: Organisation;
let retailerOrg: Organisation;
let importer: Member;
let distributor: Member;
let retailer: Member;
let gin = 0;
let brand = '';
const db = () => t.db.database.db;
const today = () => new Date().toISOString().slice(0, 10);

async function body(res: Response, status: number) {
  const b = await res.json();
  expect(res.status, JSON.stringify(b)).toBe(status);
  return b;
}

const pay = (c: Client, amountMinor: number, allocations: { invoiceId: number; amountMinor: number }[]) =>
  c.json('POST', '/api/partner/payments', { amountMinor, currency: 'GBP', method: 'bank_transfer', reference: 'BRAND-1', paidOn: today(), allocations });

/** An importer's order to the brand, seen and approved by staff as asked. */
async function brandOrder(cases: number) {
  const placed = await body(await importer.json('POST', '/api/partner/orders', { lines: [{ productId: gin, cases }], note: '' }), 201);
  const seen = await body(await staff.json('GET', `/api/admin/trade-orders/${placed.id}`), 200);
  return body(await staff.json('POST', `/api/admin/trade-orders/${placed.id}/approve`, { version: seen.version, lines: [], note: '' }), 200);
}

/** A distributor's order to its importer, approved by the importer as asked. */
async function importerOrder(cases: number) {
  const placed = await body(await distributor.json('POST', '/api/partner/orders', { lines: [{ productId: gin, cases }], note: '' }), 201);
  const seen = await body(await importer.json('GET', `/api/partner/orders/${placed.id}`), 200);
  return body(await importer.json('POST', `/api/partner/orders/${placed.id}/approve`, { version: seen.version, lines: [], note: '' }), 200);
}

beforeAll(async () => {
  t = await startTestServer();
  brand = await brandId(db());
  staff = await signedIn(t, 'admin', 'brand-invoices');
  importerOrg = await createOrganisation(t, 'importer');
  distributorOrg = await createOrganisation(t, 'distributor', { supplierId: importerOrg.id });
  retailerOrg = await createOrganisation(t, 'retailer', { supplierId: distributorOrg.id });
  importer = await signedInMember(t, importerOrg);
  distributor = await signedInMember(t, distributorOrg);
  retailer = await signedInMember(t, retailerOrg);
  gin = await insertProduct(db(), { slug: `brand-inv-gin-${process.pid}`, name: 'Gin Spéciale', caseSize: 6 });
  // Per bottle: 10.00 to importers, 15.00 to distributors.
  for (const [tier, amountMinor] of [
    ['importer', 1000],
    ['distributor', 1500],
    ['retailer', 2000],
  ] as const)
    await db().insert(productTradePrices).values({ productId: gin, tier, market: 'GB', currency: 'GBP', amountMinor });
  await moveStock(db(), { organisationId: brand, productId: gin, onHand: 600, reserved: 0, cause: 'adjustment' });
  await moveStock(db(), { organisationId: importerOrg.id, productId: gin, onHand: 120, reserved: 0, cause: 'adjustment' });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('brand → importer', () => {
  it('staff draft and issue an invoice for an approved order; the importer pays it; staff confirm; both sides balance to the minor unit', async () => {
    const order = await brandOrder(2);
    // 2 × 6 × 10.00 = 120.00, tax 20 %: 144.00.
    expect([order.subtotalMinor, order.taxMinor, order.totalMinor]).toEqual([12_000, 2_400, 14_400]);

    const invoiceable = await body(await staff.json('GET', '/api/admin/invoices/invoiceable'), 200);
    expect(invoiceable.customers).toEqual([expect.objectContaining({ id: importerOrg.id, orders: [expect.objectContaining({ id: order.id })] })]);
    const preview = await body(await staff.json('POST', '/api/admin/invoices/preview', { orderIds: [order.id] }), 200);
    expect(preview).toMatchObject({ customer: { id: importerOrg.id }, totalMinor: 14_400 });

    // A draft first: no number, the importer does not see it.
    const draft = await body(await staff.json('POST', '/api/admin/invoices', { orderIds: [order.id] }), 201);
    expect(draft).toMatchObject({ state: 'draft', number: null, side: 'issuer', issuer: { id: brand }, customer: { id: importerOrg.id } });
    expect(draft.actions).toEqual(expect.arrayContaining(['issue', 'discard']));
    expect((await importer.json('GET', `/api/partner/invoices/${draft.id}`)).status).toBe(404);

    const issued = await body(await staff.json('POST', `/api/admin/invoices/${draft.id}/issue`, { version: draft.version }), 200);
    const year = new Date().getUTCFullYear();
    const [brandFirst] = await db().select().from(invoices).where(eq(invoices.id, issued.id));
    // The brand's own series: its first invoice this year.
    expect(brandFirst).toMatchObject({ issuerId: brand, customerId: importerOrg.id, state: 'issued', sequence: 1, year, totalMinor: 14_400 });
    expect(issued.number).toBe(brandFirst!.number);
    expect(issued.issuerParty).toMatchObject({ legalName: 'Frolic Spirits Ltd' });
    expect((await body(await staff.json('GET', `/api/admin/trade-orders/${order.id}`), 200)).status).toBe('invoiced');

    // Staff's list: the brand's own; the importer sees it among its received invoices.
    const staffList = await body(await staff.json('GET', '/api/admin/invoices'), 200);
    expect(staffList.items.map((i: { id: number }) => i.id)).toEqual([issued.id]);
    const received = await body(await importer.json('GET', '/api/partner/invoices?side=customer'), 200);
    expect(received.items).toEqual([expect.objectContaining({ id: issued.id, number: issued.number, issuer: expect.objectContaining({ id: brand }) })]);
    expect(await body(await importer.json('GET', `/api/partner/invoices/${issued.id}`), 200)).toMatchObject({ side: 'customer', actions: [] });
    expect((await staff.get(`/api/admin/invoices/${issued.id}/pdf`)).status).toBe(200);
    expect((await importer.get(`/api/partner/invoices/${issued.id}/pdf`)).status).toBe(200);

    // The importer pays the brand: its paying side owes 144.00 to its supplier, the brand.
    const paying = await body(await importer.json('GET', '/api/partner/payments?side=paying'), 200);
    expect(paying).toMatchObject({ side: 'paying', supplier: { id: brand }, invoices: [expect.objectContaining({ id: issued.id, outstandingMinor: 14_400 })] });
    const payment = await body(await pay(importer, 10_000, [{ invoiceId: issued.id, amountMinor: 10_000 }]), 201);
    expect(payment).toMatchObject({ status: 'pending', payer: { id: importerOrg.id }, payee: { id: brand }, side: 'payer' });

    // The brand's side is its staff: the bell entry names no organisation and leads to Trade payments.
    const [told] = await db().select().from(notifications).where(eq(notifications.kind, 'payment_recorded')).orderBy(desc(notifications.id)).limit(1);
    expect(told).toMatchObject({ organisationId: null, link: '/admin/dashboard/trade-payments', permission: 'orders:manage' });
    // The importer was told of its invoice with the link to the invoice's page (its organisation's entry).
    const [invoiceNews] = await db().select().from(notifications).where(eq(notifications.kind, 'invoice_issued')).orderBy(desc(notifications.id)).limit(1);
    expect(invoiceNews).toMatchObject({ organisationId: importerOrg.id });

    // Staff see it waiting, with the aging per importer.
    const waiting = await body(await staff.json('GET', '/api/admin/payments'), 200);
    expect(waiting).toMatchObject({ side: 'receiving', pendingCount: 1, pending: [expect.objectContaining({ id: payment.id, actions: ['confirm', 'fail'] })] });
    expect(waiting.aging).toEqual([expect.objectContaining({ customer: { id: importerOrg.id, name: importerOrg.tradingName }, totalMinor: 14_400 })]);
    expect(await body(await staff.json('GET', `/api/admin/payments/${payment.id}`), 200)).toMatchObject({ side: 'payee' });
    const confirmed = await body(await staff.json('POST', `/api/admin/payments/${payment.id}/confirm`, { version: payment.version }), 200);
    expect(confirmed.status).toBe('settled');

    expect((await db().select().from(invoices).where(eq(invoices.id, issued.id)))[0]).toMatchObject({ paidMinor: 10_000, creditedMinor: 0 });
    const after = await body(await staff.json('GET', '/api/admin/payments'), 200);
    expect(after.pendingCount).toBe(0);
    expect(after.aging).toEqual([expect.objectContaining({ customer: expect.objectContaining({ id: importerOrg.id }), totalMinor: 4_400, openInvoices: 1 })]);
    expect(after.totals).toEqual([expect.objectContaining({ currency: 'GBP', totalMinor: 4_400, pendingMinor: 0 })]);
    const owes = await body(await importer.json('GET', '/api/partner/payments?side=paying'), 200);
    expect(owes.totals).toEqual([expect.objectContaining({ currency: 'GBP', outstandingMinor: 4_400, paidMinor: 10_000, pendingMinor: 0, creditMinor: 0 })]);
    expect(owes.invoices).toEqual([expect.objectContaining({ id: issued.id, outstandingMinor: 4_400, standing: 'partially_paid' })]);

    // The statement per importer, from either side, agrees.
    const period = `from=${today()}&to=${today()}`;
    const staffStatement = await body(await staff.json('GET', `/api/admin/payments/statement?customerId=${importerOrg.id}&${period}`), 200);
    const ownStatement = await body(await importer.json('GET', `/api/partner/payments/statement?${period}`), 200);
    expect(staffStatement).toMatchObject({ issuer: { id: brand }, customer: { id: importerOrg.id }, closingMinor: 4_400 });
    expect(ownStatement).toEqual(staffStatement);
    expect((await staff.get(`/api/admin/payments/statement.csv?customerId=${importerOrg.id}&${period}`)).status).toBe(200);

    // The rest, and the order is paid.
    const rest = await body(await pay(importer, 4_400, [{ invoiceId: issued.id, amountMinor: 4_400 }]), 201);
    await body(await staff.json('POST', `/api/admin/payments/${rest.id}/confirm`, { version: rest.version }), 200);
    expect((await body(await staff.json('GET', `/api/admin/trade-orders/${order.id}`), 200)).status).toBe('paid');
    expect((await body(await staff.json('GET', '/api/admin/payments'), 200)).aging).toEqual([]);
  });

  it('credit notes come from the brand’s own series too; a failed payment changes nothing', async () => {
    const order = await brandOrder(1);
    const issued = await body(await staff.json('POST', '/api/admin/invoices/issue', { orderIds: [order.id] }), 201);
    const line = issued.items[0];
    const note = await body(
      await staff.json('POST', `/api/admin/invoices/${issued.id}/credit-notes`, { lines: [{ invoiceItemId: line.id, cases: 1 }], reason: 'Damaged case.' }),
      201,
    );
    expect(note).toMatchObject({ kind: 'credit_note', side: 'issuer', totalMinor: 7_200, creditsInvoice: { id: issued.id } });
    const [row] = await db().select().from(invoices).where(eq(invoices.id, note.id));
    expect(row).toMatchObject({ issuerId: brand, sequence: 1, kind: 'credit_note' });
    expect(await body(await importer.json('GET', `/api/partner/invoices/${note.id}`), 200)).toMatchObject({ side: 'customer' });

    const other = await brandOrder(1);
    const second = await body(await staff.json('POST', '/api/admin/invoices/issue', { orderIds: [other.id] }), 201);
    const [secondRow] = await db().select().from(invoices).where(eq(invoices.id, second.id));
    // Gapless: the brand's third invoice this year.
    expect(secondRow!.sequence).toBe(3);
    const payment = await body(await pay(importer, 7_200, [{ invoiceId: second.id, amountMinor: 7_200 }]), 201);
    const failed = await body(await staff.json('POST', `/api/admin/payments/${payment.id}/fail`, { version: payment.version, reason: 'Bounced.' }), 200);
    expect(failed.status).toBe('failed');
    expect((await db().select().from(invoices).where(eq(invoices.id, second.id)))[0]).toMatchObject({ paidMinor: 0 });
  });

  it('holds an importer over its credit limit with the brand until staff override it with a reason', async () => {
    await db().update(tradeTerms).set({ creditLimitMinor: 5_000 }).where(eq(tradeTerms.customerId, importerOrg.id));
    try {
      const placed = await body(await importer.json('POST', '/api/partner/orders', { lines: [{ productId: gin, cases: 1 }], note: '' }), 201);
      const seen = await body(await staff.json('GET', `/api/admin/trade-orders/${placed.id}`), 200);
      const refused = await body(await staff.json('POST', `/api/admin/trade-orders/${placed.id}/approve`, { version: seen.version, lines: [], note: '' }), 409);
      expect(refused.error.code).toBe('credit_hold');
      expect(refused.error.message).toMatch(/^This importer is on credit hold: /);
      const approved = await body(
        await staff.json('POST', `/api/admin/trade-orders/${placed.id}/approve`, {
          version: seen.version,
          lines: [],
          note: '',
          creditOverride: 'Paying Friday.',
        }),
        200,
      );
      expect(approved.status).toBe('approved');
    } finally {
      await db().update(tradeTerms).set({ creditLimitMinor: 100_000_000 }).where(eq(tradeTerms.customerId, importerOrg.id));
    }
  });
});

describe('importer → distributor', () => {
  it('the importer invoices its distributor, the distributor pays, the importer confirms', async () => {
    const order = await importerOrder(2);
    // The order (issue 44): 2 × 6 × 15.00 = 180.00; the importer releases the goods, so duty on 12 × 70 cl
    // at 40 %, £32.79 a litre of pure alcohol: 110.17; VAT 20 % on 290.17: 58.03 — 348.20.
    expect(order).toMatchObject({ subtotalMinor: 18_000, dutyMinor: 11_017, taxMinor: 5_803, totalMinor: 34_820 });
    const issued = await body(await importer.json('POST', '/api/partner/invoices/issue', { orderIds: [order.id] }), 201);
    // The invoice charges the same duty and VAT, read afresh at its issue date (the leg releases the goods).
    const TOTAL = 34_820;
    expect(issued).toMatchObject({
      side: 'issuer',
      issuer: { id: importerOrg.id },
      customer: { id: distributorOrg.id },
      subtotalMinor: 18_000,
      dutyMinor: 11_017,
      taxMinor: 5_803,
      totalMinor: TOTAL,
      dutyTreatment: 'releases',
    });
    const [row] = await db().select().from(invoices).where(eq(invoices.id, issued.id));
    expect(row).toMatchObject({ issuerId: importerOrg.id, sequence: 1 });

    // The distributor pays and receives: its paying side owes the importer.
    const paying = await body(await distributor.json('GET', '/api/partner/payments?side=paying'), 200);
    expect(paying).toMatchObject({ side: 'paying', supplier: { id: importerOrg.id }, invoices: [expect.objectContaining({ id: issued.id })] });
    expect((await body(await distributor.json('GET', '/api/partner/payments'), 200)).side).toBe('receiving');
    const payment = await body(await pay(distributor, TOTAL, [{ invoiceId: issued.id, amountMinor: TOTAL }]), 201);

    // The importer receives: its default side; it also still pays the brand.
    const receiving = await body(await importer.json('GET', '/api/partner/payments'), 200);
    expect(receiving).toMatchObject({ side: 'receiving', pending: [expect.objectContaining({ id: payment.id })] });
    expect(receiving.aging).toEqual([expect.objectContaining({ customer: expect.objectContaining({ id: distributorOrg.id }), totalMinor: TOTAL })]);
    // Not the distributor's to confirm; staff do not see it.
    expect((await distributor.json('POST', `/api/partner/payments/${payment.id}/confirm`, { version: payment.version })).status).toBe(403);
    expect((await staff.json('GET', `/api/admin/payments/${payment.id}`)).status).toBe(404);
    await body(await importer.json('POST', `/api/partner/payments/${payment.id}/confirm`, { version: payment.version }), 200);
    expect((await db().select().from(invoices).where(eq(invoices.id, issued.id)))[0]).toMatchObject({ paidMinor: TOTAL });
    expect((await body(await distributor.json('GET', `/api/partner/orders/${order.id}`), 200)).status).toBe('paid');
    expect((await body(await importer.json('GET', '/api/partner/payments'), 200)).aging).toEqual([]);

    // A statement the importer asks for its distributor.
    const statement = await body(
      await importer.json('GET', `/api/partner/payments/statement?customerId=${distributorOrg.id}&from=${today()}&to=${today()}`),
      200,
    );
    expect(statement).toMatchObject({ issuer: { id: importerOrg.id }, customer: { id: distributorOrg.id }, closingMinor: 0 });
  });
});

describe('refusals', () => {
  it("a retailer cannot pay the brand, staff do not read a distributor's invoice, a retailer has no receiving side", async () => {
    const order = await brandOrder(1);
    const brandInvoice = await body(await staff.json('POST', '/api/admin/invoices/issue', { orderIds: [order.id] }), 201);
    // The retailer's supplier is its distributor: the brand's invoice does not exist for it.
    const refused = await body(await pay(retailer, 7_200, [{ invoiceId: brandInvoice.id, amountMinor: 7_200 }]), 404);
    expect(refused.error.code).toBe('not_found');
    expect((await retailer.json('GET', `/api/partner/invoices/${brandInvoice.id}`)).status).toBe(404);
    expect((await distributor.json('GET', `/api/partner/invoices/${brandInvoice.id}`)).status).toBe(404);

    // A distributor's invoice to its retailer is not the brand's: not found through staff's routes.
    await moveStock(db(), { organisationId: distributorOrg.id, productId: gin, onHand: 6, reserved: 0, cause: 'adjustment' });
    const placed = await body(await retailer.json('POST', '/api/partner/orders', { lines: [{ productId: gin, cases: 1 }], note: '' }), 201);
    const seen = await body(await distributor.json('GET', `/api/partner/orders/${placed.id}`), 200);
    await body(await distributor.json('POST', `/api/partner/orders/${placed.id}/approve`, { version: seen.version, lines: [], note: '' }), 200);
    const theirs = await body(await distributor.json('POST', '/api/partner/invoices/issue', { orderIds: [placed.id] }), 201);
    for (const path of [`/api/admin/invoices/${theirs.id}`, `/api/admin/invoices/${theirs.id}/pdf`])
      expect((await staff.json('GET', path)).status, path).toBe(404);
    for (const [path, payload] of [
      [`/api/admin/invoices/${theirs.id}/credit-notes`, { lines: [{ invoiceItemId: theirs.items[0].id, cases: 1 }], reason: 'Not ours.' }],
      ['/api/admin/invoices/preview', { orderIds: [placed.id] }],
      ['/api/admin/invoices/issue', { orderIds: [placed.id] }],
    ] as const)
      expect((await staff.json('POST', path, payload)).status, path).toBe(404);
    // Numbers are per issuer (the brand's first is INV-…-0001 too): the list is told apart by id.
    const staffIds = (await body(await staff.json('GET', '/api/admin/invoices?limit=50'), 200)).items.map((i: { id: number }) => i.id);
    expect(staffIds).toContain(brandInvoice.id);
    expect(staffIds).not.toContain(theirs.id);
    // Nor a statement with an organisation the brand never supplied.
    expect((await staff.json('GET', `/api/admin/payments/statement?customerId=${retailerOrg.id}&from=${today()}&to=${today()}`)).status).toBe(404);

    // Another importer of the brand: the first importer's invoice and payment do not exist for it.
    const otherImporter = await signedInMember(t, await createOrganisation(t, 'importer'));
    const paid = await body(await pay(importer, 100, [{ invoiceId: brandInvoice.id, amountMinor: 100 }]), 201);
    for (const path of [`/api/partner/invoices/${brandInvoice.id}`, `/api/partner/invoices/${brandInvoice.id}/pdf`, `/api/partner/payments/${paid.id}`])
      expect((await otherImporter.json('GET', path)).status, path).toBe(404);
    expect((await body(await pay(otherImporter, 100, [{ invoiceId: brandInvoice.id, amountMinor: 100 }]), 404)).error.code).toBe('not_found');
    expect((await otherImporter.json('POST', `/api/partner/payments/${paid.id}/confirm`, { version: paid.version })).status).toBe(404);
    const theirView = await body(await otherImporter.json('GET', '/api/partner/payments?side=paying'), 200);
    expect(JSON.stringify(theirView)).not.toContain(`"id":${brandInvoice.id},`);
    expect(theirView.payments).toEqual([]);

    // Sides: a retailer only pays; the brand has no paying side.
    expect((await body(await retailer.json('GET', '/api/partner/payments?side=receiving'), 400)).error.code).toBe('side_not_available');
    expect((await body(await staff.json('GET', '/api/admin/payments?side=paying'), 400)).error.code).toBe('side_not_available');
    expect((await body(await retailer.json('GET', '/api/partner/payments'), 200)).side).toBe('paying');
    // Staff cannot record a payment for the brand through a partner's route: they have no organisation there.
    expect(
      (
        await staff.json('POST', '/api/partner/payments', {
          amountMinor: 100,
          currency: 'GBP',
          method: 'bank_transfer',
          reference: '',
          paidOn: today(),
          allocations: [],
        })
      ).status,
    ).toBe(403);
  });
});

describe("staff's screens for the brand", () => {
  it('issue an invoice from Generate Invoice, list it, show the importer on Trade payments, and ship its order from Trade shipments', async () => {
    const order = await brandOrder(1);
    const picked = await staff.get(`/admin/dashboard/trade-invoices/generate?customer=${importerOrg.id}&order=${order.id}`);
    expect(picked.status).toBe(200);
    const form = await picked.text();
    expect(form).toContain(order.number);
    expect(form).toContain('Issue invoice');
    const issued = await staff.post('/admin/dashboard/trade-invoices/generate', { customerId: importerOrg.id, order: String(order.id) });
    expect(issued.status).toBe(302);
    const at = issued.headers.get('location') ?? '';
    expect(at).toMatch(/^\/admin\/dashboard\/trade-invoices\/\d+$/);
    const invoiceId = Number(at.split('/').pop());
    const [row] = await db().select().from(invoices).where(eq(invoices.id, invoiceId));
    expect(row).toMatchObject({ issuerId: brand, customerId: importerOrg.id, state: 'issued' });
    expect(await (await staff.get(at)).text()).toContain(`/api/admin/invoices/${invoiceId}/pdf`);
    expect(await (await staff.get('/admin/dashboard/trade-invoices')).text()).toContain(row!.number!);
    expect(await (await staff.get('/admin/dashboard/trade-payments')).text()).toContain(importerOrg.tradingName);
    expect(await (await staff.get(`/admin/dashboard/trade-payments?statement=1&customerId=${importerOrg.id}&from=${today()}&to=${today()}`)).text()).toContain(
      `/api/admin/payments/statement.pdf?customerId=${importerOrg.id}`,
    );

    // Trade shipments: the importer's invoiced order is left to ship; shipping it leads to the brand's shipment page.
    const left = await (await staff.get(`/admin/dashboard/trade-shipments/new?importer=${importerOrg.id}`)).text();
    expect(left).toContain(order.number);
    const shipped = await staff.post('/admin/dashboard/trade-shipments/new', {
      recipientId: importerOrg.id,
      carrier: 'dhl',
      trackingNumber: 'JD0143',
      note: '',
      [`cases.${order.items[0].id}`]: '1',
    });
    expect(shipped.status).toBe(302);
    const shipmentAt = shipped.headers.get('location') ?? '';
    expect(shipmentAt).toMatch(/^\/admin\/dashboard\/trade-shipments\/\d+$/);
    const page = await (await staff.get(shipmentAt)).text();
    expect(page).toContain('JD0143');
    expect(page).toContain(`/admin/dashboard/trade-orders/${order.id}`);
    expect(await (await staff.get('/admin/dashboard/trade-shipments')).text()).toContain('JD0143');
    // The order's page in Trade orders lists the shipment, linked to Trade shipments.
    expect(await (await staff.get(`/admin/dashboard/trade-orders/${order.id}`)).text()).toContain(`href="${shipmentAt}"`);
    // A partner's invoice is not found on staff's screen.
    const [theirs] = await db().select({ id: invoices.id }).from(invoices).where(eq(invoices.issuerId, distributorOrg.id));
    expect((await staff.get(`/admin/dashboard/trade-invoices/${theirs!.id}`)).status).toBe(404);
  });
});
