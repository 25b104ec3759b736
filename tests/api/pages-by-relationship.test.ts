// Pages by relationship, not by role name (issue 43, product.md §3): every organisation with buyers
// opens the supplier pages, every organisation with a supplier the buyer pages — the importer its
// supplier pages under supplier/ and its buyer pages under buyer/, the distributor Place Order (its
// importer's stock) and its received invoices and receipts, everyone Payments; a retailer opening a
// supplier page is told 'Access Denied'. The links the pages and the notices give follow the type.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { notifications, products } from '../../server/db/schema';
import { recipientShipmentPath, senderShipmentPath } from '../../server/modules/shipments/notices';
import { invoicePath } from '../../server/modules/invoices/notices';
import { paymentsPath } from '../../server/modules/payments/notices';
import type { Organisation } from '../../server/modules/partners/service';
import { moveStock } from '../../server/modules/stock/ledger';
import type { Client } from '../support/client';
import { issuedInvoice } from '../support/invoices';
import { createOrganisation, signedInMember } from '../support/partners';
import { startTestServer, type TestServer } from '../support/test-server';

const P = '/partner/dashboard';
const GIN = 'frolic-london-dry-gin';
let t: TestServer;
let importerOrg: Organisation;
let distributorOrg: Organisation;
let retailerOrg: Organisation;
let importer: Client;
let distributor: Client;
let retailer: Client;

beforeAll(async () => {
  t = await startTestServer();
  importerOrg = await createOrganisation(t, 'importer');
  distributorOrg = await createOrganisation(t, 'distributor', { supplierId: importerOrg.id });
  retailerOrg = await createOrganisation(t, 'retailer', { supplierId: distributorOrg.id });
  importer = await signedInMember(t, importerOrg);
  distributor = await signedInMember(t, distributorOrg);
  retailer = await signedInMember(t, retailerOrg);
}, 60_000);
afterAll(async () => {
  await t?.close();
});
beforeEach(() => t.app.services.authLimiter.reset());

async function page(c: Client, path: string): Promise<string> {
  const res = await c.get(path);
  expect(res.status, path).toBe(200);
  return res.text();
}

/** The sidebar's links (the partner navigation), in order. */
function sidebarLinks(html: string): string[] {
  const nav = /<nav[^>]*aria-label="Partner"[^>]*>([\s\S]*?)<\/nav>/.exec(html)?.[1] ?? '';
  return [...nav.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
}

describe('the importer', () => {
  it('opens its supplier pages under supplier/ and its buyer pages under buyer/, all from its sidebar', async () => {
    const home = await page(importer, P);
    expect(home).toContain('Selling to distributors');
    expect(home).toContain('Buying from Frolic');
    const links = sidebarLinks(home);
    const mine = [
      `${P}/supplier/orders/approve`,
      `${P}/supplier/invoices/generate`,
      `${P}/supplier/invoices`,
      `${P}/supplier/shipments`,
      `${P}/distribution/assign`,
      `${P}/orders/place`,
      `${P}/orders/history`,
      `${P}/buyer/invoices`,
      `${P}/buyer/receipts`,
      `${P}/payments`,
    ];
    for (const path of mine) expect(links, path).toContain(path);
    // No other organisation's paths.
    expect(links.filter((l) => l.startsWith(`${P}/distributor/`) || l.startsWith(`${P}/retailer/`))).toEqual([]);
    for (const path of [...mine, `${P}/supplier/shipments/new`]) await page(importer, path);

    // Its supplier pages speak of its distributors and link among themselves.
    const shipments = await page(importer, `${P}/supplier/shipments`);
    expect(shipments).toContain('Ship your distributors&#x27; approved orders');
    expect(shipments).toContain(`href="${P}/supplier/shipments/new"`);
    const generate = await page(importer, `${P}/supplier/invoices/generate`);
    expect(generate).toContain(`href="${P}/supplier/invoices"`);
    expect(await page(importer, `${P}/supplier/orders/approve`)).toContain('Your distributors&#x27; orders');
    expect(await page(importer, `${P}/buyer/receipts`)).toContain('Confirm each delivery from Frolic');
  });

  it('sees both sides of Payments: what its distributors owe it, and what it owes Frolic', async () => {
    const receiving = await page(importer, `${P}/payments`);
    expect(receiving).toContain('aria-label="Paying or receiving"');
    expect(receiving).toContain('What you are owed');
    expect(receiving).toContain('No distributor owes you anything.');
    const paying = await page(importer, `${P}/payments?side=paying`);
    expect(paying).toContain('What you owe');
    expect(paying).not.toContain('What you are owed');
  });
});

describe('the distributor', () => {
  it('orders from its importer: Place Order shows what its importer can sell now', async () => {
    const db = t.db.database.db;
    const [gin] = await db.select().from(products).where(eq(products.slug, GIN));
    await moveStock(db, {
      organisationId: importerOrg.id,
      productId: gin!.id,
      onHand: 12 * gin!.caseSize,
      reserved: 0,
      cause: 'adjustment',
      reason: 'Opening stock',
    });
    const links = sidebarLinks(await page(distributor, `${P}/distributor`));
    expect(links).toContain(`${P}/orders/place`);
    expect(links).toContain(`${P}/buyer/invoices`);
    expect(links).toContain(`${P}/distributor/orders/approve`);
    const place = await page(distributor, `${P}/orders/place`);
    expect(place).toContain('Order from your importer at your trade prices');
    expect(place.replace(/<!-- -->/g, '')).toContain('Ordering from your importer.');
    const row = new RegExp(`${gin!.name}[\\s\\S]*?data-testid="order-available"[^>]*>([^<]*)<`).exec(place);
    expect(row?.[1]).toBe('12 cases');
    await page(distributor, `${P}/orders/history`);

    // Reorder fills the form from its own order only: a retailer naming it, or the importer (its
    // seller), starts from an empty form; the distributor from the order's cases.
    const placed = await distributor.json(
      'POST',
      '/api/partner/orders',
      { lines: [{ productId: gin!.id, cases: 3 }] },
      { 'Idempotency-Key': crypto.randomUUID() },
    );
    expect(placed.status).toBe(201);
    const order = (await placed.json()) as { id: number; number: string };
    const filled = await page(distributor, `${P}/orders/place?reorder=${order.id}`);
    expect(filled.replace(/<!-- -->/g, '')).toContain(`Filled from order ${order.number}`);
    expect(new RegExp(`name="cases\\.${gin!.id}"[^>]*value="3"`).test(filled)).toBe(true);
    for (const [who, path] of [
      [retailer, `${P}/retailer/orders?reorder=${order.id}`],
      [importer, `${P}/orders/place?reorder=${order.id}`],
      [distributor, `${P}/orders/place?reorder=999999`],
      [distributor, `${P}/orders/place?reorder=1e3`],
    ] as const) {
      const html = await page(who, path);
      expect(html, path).not.toContain('Filled from order');
      expect(new RegExp(`name="cases\\.${gin!.id}"[^>]*value="3"`).test(html), path).toBe(false);
    }
    // Its own spec §2 pages stay where they were; the importer's supplier/ copies open too (same relationship).
    await page(distributor, `${P}/distributor/shipments`);
    await page(distributor, `${P}/supplier/shipments`);
  });

  it('pays its importer and is paid by its retailers on one Payments page', async () => {
    await issuedInvoice(t.db.database.db, { issuerId: importerOrg.id, customerId: distributorOrg.id, totalMinor: 12_345 }, t.app.services.live);
    const receiving = await page(distributor, `${P}/payments?side=receiving`);
    expect(receiving).toContain('No retailer owes you anything.');
    const paying = await page(distributor, `${P}/payments?side=paying`);
    expect(paying).toContain('What you owe');
    expect(paying).toContain('£123.45');
  });
});

describe('the retailer', () => {
  it("is denied the supplier pages and keeps spec §2's buyer pages", async () => {
    for (const path of ['supplier/orders/approve', 'supplier/shipments', 'supplier/invoices/generate', 'orders/place', 'distributor/shipments']) {
      const res = await retailer.get(`${P}/${path}`);
      expect(res.status, path).toBe(302);
      expect(res.headers.get('location'), path).toBe('/dashboard');
      expect(retailer.flashedToast(), path).toMatchObject({ title: 'Access Denied' });
    }
    const links = sidebarLinks(await page(retailer, `${P}/retailer`));
    expect(links).toEqual(
      expect.arrayContaining([`${P}/retailer/catalog`, `${P}/retailer/orders`, `${P}/retailer/invoices`, `${P}/retailer/receipts`, `${P}/payments`]),
    );
    expect(links.some((l) => l.includes('/supplier/') || l.includes('/buyer/'))).toBe(false);
    // Payments: only the paying side, no switch.
    const payments = await page(retailer, `${P}/payments`);
    expect(payments).toContain('What you owe');
    expect(payments).not.toContain('aria-label="Paying or receiving"');
    expect(await page(retailer, `${P}/retailer/invoices`)).toContain('View Invoices');
  });
});

describe("the notices' links", () => {
  it("link to the page of the told organisation's type", () => {
    expect(senderShipmentPath(5, 'importer')).toBe(`${P}/supplier/shipments/5`);
    expect(senderShipmentPath(5, 'distributor')).toBe(`${P}/distributor/shipments/5`);
    expect(senderShipmentPath(5, 'brand')).toBe('/admin/dashboard/trade-shipments/5');
    expect(recipientShipmentPath(5, 'importer')).toBe(`${P}/buyer/receipts/5`);
    expect(recipientShipmentPath(5, 'distributor')).toBe(`${P}/buyer/receipts/5`);
    expect(recipientShipmentPath(5, 'retailer')).toBe(`${P}/retailer/receipts/5`);
    expect(invoicePath(9, 'importer')).toBe(`${P}/invoices/9`);
    expect(invoicePath(9, 'brand')).toBe('/admin/dashboard/trade-invoices');
    expect(paymentsPath('distributor', 'paying')).toBe(`${P}/payments?side=paying`);
    expect(paymentsPath('importer')).toBe(`${P}/payments?side=receiving`);
    expect(paymentsPath('retailer', 'paying')).toBe(`${P}/payments?side=paying`);
    expect(paymentsPath('brand')).toBe('/admin/dashboard/trade-payments');
  });

  it("send a supplier told of a payment to Payments' receiving side", async () => {
    const inv = await issuedInvoice(t.db.database.db, { issuerId: distributorOrg.id, customerId: retailerOrg.id, totalMinor: 5_000 }, t.app.services.live);
    const res = await retailer.json(
      'POST',
      '/api/partner/payments',
      {
        amountMinor: 5_000,
        currency: 'GBP',
        method: 'bank_transfer',
        reference: 'REL-1',
        paidOn: new Date().toISOString().slice(0, 10),
        allocations: [{ invoiceId: inv.id, amountMinor: 5_000 }],
      },
      { 'Idempotency-Key': crypto.randomUUID() },
    );
    expect(res.status).toBe(201);
    const told = await t.db.database.db.select().from(notifications).where(eq(notifications.kind, 'payment_recorded'));
    expect(told.find((n) => n.organisationId === distributorOrg.id)?.link).toBe(`${P}/payments?side=receiving`);
  });
});

describe('the importer → distributor leg through the pages', () => {
  it("ships from the importer's supplier/ pages to the distributor's buyer/ pages; the order pages and the bell link to each side's own", async () => {
    const db = t.db.database.db;
    const [gin] = await db.select().from(products).where(eq(products.slug, GIN));
    await moveStock(db, {
      organisationId: importerOrg.id,
      productId: gin!.id,
      onHand: 4 * gin!.caseSize,
      reserved: 0,
      cause: 'adjustment',
      reason: 'Opening stock',
    });
    const placed = await distributor.json(
      'POST',
      '/api/partner/orders',
      { lines: [{ productId: gin!.id, cases: 2 }], note: '' },
      { 'Idempotency-Key': crypto.randomUUID() },
    );
    expect(placed.status).toBe(201);
    const order = await placed.json();
    const seen = await (await importer.json('GET', `/api/partner/orders/${order.id}`)).json();
    expect((await importer.json('POST', `/api/partner/orders/${order.id}/approve`, { version: seen.version, lines: [] })).status).toBe(200);

    // New shipment, through the importer's page: to the shipment's page under supplier/.
    const form = await page(importer, `${P}/supplier/shipments/new?retailer=${distributorOrg.id}`);
    expect(form).toContain(distributorOrg.tradingName);
    const created = await importer.post(`${P}/supplier/shipments/new`, {
      recipientId: distributorOrg.id,
      carrier: 'dhl',
      trackingNumber: 'JD0146REL',
      note: '',
      [`cases.${seen.items[0].id}`]: '2',
    });
    expect(created.status).toBe(302);
    const at = created.headers.get('location') ?? '';
    expect(at).toMatch(new RegExp(`^${P}/supplier/shipments/\\d+$`));
    const id = Number(at.split('/').pop());
    expect(await page(importer, at)).toContain(`href="${P}/supplier/shipments"`);
    const shipment = await (await importer.json('GET', `/api/partner/shipments/${id}`)).json();
    expect((await importer.json('POST', `/api/partner/shipments/${id}/status`, { action: 'ship', version: shipment.version })).status).toBe(200);

    // The distributor's Receipts list it and open it under buyer/; its bell says where.
    const receipts = await page(distributor, `${P}/buyer/receipts`);
    expect(receipts).toContain(`href="${P}/buyer/receipts/${id}"`);
    expect(await page(distributor, `${P}/buyer/receipts/${id}`)).toContain(shipment.number);
    const bell = await db.select().from(notifications).where(eq(notifications.kind, 'shipment_shipped'));
    expect(bell.find((n) => n.organisationId === distributorOrg.id)?.link).toBe(`${P}/buyer/receipts/${id}`);
    // Each side's order page links to its own page of the shipment.
    expect(await page(importer, `${P}/orders/${order.id}`)).toContain(`href="${P}/supplier/shipments/${id}"`);
    expect(await page(distributor, `${P}/orders/${order.id}`)).toContain(`href="${P}/buyer/receipts/${id}"`);
    // The distributor's own shipment pages do not know it (it is not their sender).
    expect((await distributor.get(`${P}/distributor/shipments/${id}`)).status).toBe(404);
  });
});
