// Shipments and receipts on the real server (issue 16): a distributor ships a retailer's approved
// orders in parts — the stock leaves its ledger exactly, the orders follow their lines (shipped,
// delivered) — the retailer confirms with cases received and damaged and a photo or PDF, a shortfall
// is a discrepancy the distributor answers with a replacement or a credit note. Every bad input with
// its stable code and nothing half-written; foreign ids and files a 404; receipts' files never in
// the staff media library; both sides hear it live. On PostgreSQL: parallel shipments of one line.
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, count, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  attachments,
  invoiceItems,
  invoices,
  orderItems,
  orders,
  outboxEmails,
  productTradePrices,
  receipts,
  shipmentItems,
  shipments,
  stockBalances,
} from '../../server/db/schema';
import type { Organisation } from '../../server/modules/partners/service';
import { balanceOf, moveStock } from '../../server/modules/stock/ledger';
import { lineTotals } from '../../server/modules/shipments/lines';
import { insertProduct } from '../support/products';
import type { Client } from '../support/client';
import { openLive } from '../support/live-socket';
import { createOrganisation, signedInMember } from '../support/partners';
import { signedIn } from '../support/staff';
import { describeOnPostgres } from '../support/test-db';
import { startTestServer, type TestServer } from '../support/test-server';

type Member = Awaited<ReturnType<typeof signedInMember>>;

let t: TestServer;
let staff: Client & { userId: string };
let distributorOrg: Organisation;
let retailerOrg: Organisation;
let otherDistributorOrg: Organisation;
let distributor: Member;
let retailer: Member;
let otherRetailer: Member;
let otherDistributor: Member;
const p = { gin: 0, rum: 0 };
let png: Buffer;
let uploadsDir = '';

const db = () => t.db.database.db;
const readerOf = async (c: Client) => (await t.app.services.sessions.resolve(c.cookies.get('frolic_session') as string, { touch: false }))!;
const actor = (c: { userId: string }) => ({ userId: c.userId, ip: null });

async function body(res: Response, status: number) {
  const text = await res.text();
  const b = text ? JSON.parse(text) : null;
  expect(res.status, text).toBe(status);
  return b;
}

async function product(slug: string, caseSize: number) {
  const id = await insertProduct(db(), { slug: `${slug}-${process.pid}`, caseSize });
  await db().insert(productTradePrices).values({ productId: id, tier: 'retailer', market: 'GB', currency: 'GBP', amountMinor: 2000 });
  return id;
}

/** A retailer's order, approved by its distributor as asked (reserving the distributor's stock). */
async function approvedOrder(buyer: Member, seller: Member, lines: { productId: number; cases: number }[]) {
  const placed = await body(await buyer.json('POST', '/api/partner/orders', { lines, note: '' }), 201);
  const seen = await body(await seller.json('GET', `/api/partner/orders/${placed.id}`), 200);
  return body(await seller.json('POST', `/api/partner/orders/${placed.id}/approve`, { version: seen.version }), 200);
}

const lineOf = (order: { items: { id: number; productId: number }[] }, productId: number) => order.items.find((i) => i.productId === productId)!.id;

const createShipment = (c: Client, recipientId: string, lines: { orderItemId: number; cases: number }[], extra: object = {}) =>
  c.json('POST', '/api/partner/shipments', { recipientId, carrier: 'dhl', trackingNumber: 'JD0146', note: '', lines, ...extra });

const move = (c: Client, id: number, action: string, version: number, extra: object = {}) =>
  c.json('POST', `/api/partner/shipments/${id}/status`, { action, version, ...extra });

/** Posts a receipt as the API takes it: multipart, the lines as JSON, a note and the file. */
async function postReceipt(c: Client, shipmentId: number, lines: unknown, file: { bytes: Buffer; name: string; type: string } | null, note = '') {
  const form = new FormData();
  form.append('lines', JSON.stringify(lines));
  form.append('note', note);
  if (file) form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  return fetch(`${t.url}/api/partner/shipments/${shipmentId}/receipt`, { method: 'POST', body: form, headers: { cookie: c.header() } });
}

const photo = () => ({ bytes: png, name: 'delivery.png', type: 'image/png' });
const storedFiles = () => {
  try {
    return readdirSync(path.join(uploadsDir, 'attachments')).length;
  } catch {
    return 0;
  }
};

beforeAll(async () => {
  uploadsDir = mkdtempSync(path.join(tmpdir(), 'frolic-uploads-'));
  t = await startTestServer({ UPLOADS_DIR: uploadsDir });
  staff = await signedIn(t, 'admin', 'shipments');
  distributorOrg = await createOrganisation(t, 'distributor');
  retailerOrg = await createOrganisation(t, 'retailer', { supplierId: distributorOrg.id });
  otherDistributorOrg = await createOrganisation(t, 'distributor');
  const otherRetailerOrg = await createOrganisation(t, 'retailer', { supplierId: otherDistributorOrg.id });
  distributor = await signedInMember(t, distributorOrg);
  retailer = await signedInMember(t, retailerOrg);
  otherRetailer = await signedInMember(t, otherRetailerOrg);
  otherDistributor = await signedInMember(t, otherDistributorOrg);
  p.gin = await product('ship-gin', 6);
  p.rum = await product('ship-rum', 12);
  // The distributor holds 40 cases of gin and 20 of rum; the other distributor 10 of gin.
  await moveStock(db(), { organisationId: distributorOrg.id, productId: p.gin, onHand: 240, reserved: 0, cause: 'adjustment' });
  await moveStock(db(), { organisationId: distributorOrg.id, productId: p.rum, onHand: 240, reserved: 0, cause: 'adjustment' });
  await moveStock(db(), { organisationId: otherDistributorOrg.id, productId: p.gin, onHand: 60, reserved: 0, cause: 'adjustment' });
  png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#2f5d50' } })
    .png()
    .toBuffer();
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('a distributor ships a retailer’s order in parts', () => {
  it('ships part, then the rest: stock leaves the ledger exactly, the order is shipped when every case left and delivered once all is received', async () => {
    const order = await approvedOrder(retailer, distributor, [
      { productId: p.gin, cases: 4 },
      { productId: p.rum, cases: 2 },
    ]);
    const gin = lineOf(order, p.gin);
    const rum = lineOf(order, p.rum);
    const before = { gin: await balanceOf(db(), distributorOrg.id, p.gin), rum: await balanceOf(db(), distributorOrg.id, p.rum) };
    expect(before.gin.reserved).toBeGreaterThanOrEqual(24);

    // What is left to ship, per retailer.
    const shops = await body(await distributor.json('GET', '/api/partner/shipments/buyers'), 200);
    expect(shops.items).toContainEqual(expect.objectContaining({ id: retailerOrg.id, openOrders: expect.any(Number) }));
    const left = await body(await distributor.json('GET', `/api/partner/shipments/remaining?recipientId=${retailerOrg.id}`), 200);
    expect(left.orders.find((o: { id: number }) => o.id === order.id)).toMatchObject({
      progress: 'unshipped',
      lines: [
        { orderItemId: gin, cases: 4, remaining: 4 },
        { orderItemId: rum, cases: 2, remaining: 2 },
      ],
    });

    const retailerLive = await openLive(t, retailer);
    const strangerLive = await openLive(t, otherRetailer);
    try {
      // The first shipment: 3 cases of gin.
      const first = await body(await createShipment(distributor, retailerOrg.id, [{ orderItemId: gin, cases: 3 }]), 201);
      expect(first.number).toMatch(/^SH-\d{4}-\d{6}$/);
      expect(first).toMatchObject({
        status: 'preparing',
        side: 'sender',
        actions: ['ship', 'discard'],
        carrier: 'dhl',
        trackingUrl: 'https://www.dhl.com/en/express/tracking.html?AWB=JD0146',
        cases: 3,
      });
      // Nothing moves until it ships.
      expect(await balanceOf(db(), distributorOrg.id, p.gin)).toEqual(before.gin);
      const shipped = await body(await move(distributor, first.id, 'ship', first.version), 200);
      expect(shipped).toMatchObject({ status: 'shipped', actions: ['in_transit', 'exception'] });
      expect(await balanceOf(db(), distributorOrg.id, p.gin)).toEqual({
        onHand: before.gin.onHand - 18,
        reserved: before.gin.reserved - 18,
        available: before.gin.available,
      });
      // Partially shipped stays approved; the order page derives it.
      expect((await body(await retailer.json('GET', `/api/partner/orders/${order.id}`), 200)).status).toBe('approved');
      const progress = await t.app.services.shipments.forOrder(await readerOf(retailer), order.id);
      expect(progress).toMatchObject({ progress: 'partially_shipped', lines: [{ shipped: 3 }, { shipped: 0 }] });

      // The retailer sees it live, with its tracking link.
      await retailerLive.settle();
      await strangerLive.settle();
      expect(retailerLive.events.some((e) => e.type === 'changed' && e.topic === 'shipment' && e.id === first.id)).toBe(true);
      expect(strangerLive.events.some((e) => e.type === 'changed' && e.topic === 'shipment')).toBe(false);
      const incoming = await body(await retailer.json('GET', '/api/partner/shipments?side=receiving'), 200);
      expect(incoming.items.find((s: { id: number }) => s.id === first.id)).toMatchObject({
        status: 'shipped',
        trackingUrl: expect.stringContaining('JD0146'),
      });
      const bell = await t.app.services.notifications.list(await readerOf(retailer));
      expect(bell.items.map((n) => n.title)).toContain(`Shipment ${first.number} was shipped`);
      const mail = await db().select().from(outboxEmails).where(eq(outboxEmails.to, retailer.email));
      expect(mail.map((m) => m.subject)).toContain(`Shipment ${first.number} was shipped`);

      // The rest: 1 case of gin and the rum. The order is shipped once every approved case has left.
      const second = await body(
        await createShipment(distributor, retailerOrg.id, [
          { orderItemId: gin, cases: 1 },
          { orderItemId: rum, cases: 2 },
        ]),
        201,
      );
      await body(await move(distributor, second.id, 'ship', second.version, { trackingNumber: 'JD0147' }), 200);
      const orderNow = await body(await retailer.json('GET', `/api/partner/orders/${order.id}`), 200);
      expect(orderNow.status).toBe('shipped');
      expect(orderNow.timeline.filter((e: { kind: string }) => e.kind === 'status').map((e: { status: string }) => e.status)).toEqual([
        'submitted',
        'seen',
        'approved',
        'shipped',
      ]);
      expect(await balanceOf(db(), distributorOrg.id, p.gin)).toMatchObject({ onHand: before.gin.onHand - 24, reserved: before.gin.reserved - 24 });
      expect(await balanceOf(db(), distributorOrg.id, p.rum)).toMatchObject({ onHand: before.rum.onHand - 24, reserved: before.rum.reserved - 24 });
      // Nothing of this order is left to ship.
      const after = await body(await distributor.json('GET', `/api/partner/shipments/remaining?recipientId=${retailerOrg.id}`), 200);
      expect(after.orders.map((o: { id: number }) => o.id)).not.toContain(order.id);

      // Received in full: confirmed, the order still has a shipment on its way.
      const got1 = await body(await postReceipt(retailer, first.id, [{ shipmentItemId: first.items[0].id, casesReceived: 3, casesDamaged: 0 }], photo()), 201);
      expect(got1).toMatchObject({ status: 'delivered', side: 'recipient', actions: [], receipt: { status: 'confirmed' } });
      expect((await body(await retailer.json('GET', `/api/partner/orders/${order.id}`), 200)).status).toBe('shipped');
      // One rum case short: a discrepancy; the order is delivered (nothing is on its way any more).
      const distributorLive = await openLive(t, distributor);
      try {
        const s2 = await body(await distributor.json('GET', `/api/partner/shipments/${second.id}`), 200);
        const ginItem = s2.items.find((i: { productId: number }) => i.productId === p.gin).id;
        const rumItem = s2.items.find((i: { productId: number }) => i.productId === p.rum).id;
        const got2 = await body(
          await postReceipt(
            retailer,
            second.id,
            [
              { shipmentItemId: ginItem, casesReceived: 1, casesDamaged: 0 },
              { shipmentItemId: rumItem, casesReceived: 1, casesDamaged: 0 },
            ],
            photo(),
            'One case of rum missing.',
          ),
          201,
        );
        expect(got2.receipt).toMatchObject({ status: 'discrepancy', note: 'One case of rum missing.', attachment: { contentType: 'image/png' } });
        expect(got2.items.find((i: { id: number }) => i.id === rumItem)).toMatchObject({ casesReceived: 1, missing: 1 });
        expect((await body(await retailer.json('GET', `/api/partner/orders/${order.id}`), 200)).status).toBe('delivered');
        // Retailers hold no ledger: nothing went into stock.
        expect(await db().select().from(stockBalances).where(eq(stockBalances.organisationId, retailerOrg.id))).toEqual([]);
        // The distributor is told: bell, email, live.
        await distributorLive.settle();
        expect(distributorLive.events.some((e) => e.type === 'changed' && e.topic === 'shipment' && e.id === second.id)).toBe(true);
        const dBell = await t.app.services.notifications.list(await readerOf(distributor));
        expect(dBell.items.map((n) => n.title)).toContain(`Shipment ${second.number} arrived short or damaged`);
        const dMail = await db().select().from(outboxEmails).where(eq(outboxEmails.to, distributor.email));
        expect(dMail.map((m) => m.subject)).toContain(`Shipment ${second.number} arrived short or damaged`);
      } finally {
        distributorLive.ws.close();
      }
    } finally {
      retailerLive.ws.close();
      strangerLive.ws.close();
    }
  });

  it('refuses to ship more than a line’s approved cases (409 over_shipment), counting shipments still being prepared; nothing written', async () => {
    const order = await approvedOrder(retailer, distributor, [{ productId: p.gin, cases: 2 }]);
    const gin = lineOf(order, p.gin);
    await body(await createShipment(distributor, retailerOrg.id, [{ orderItemId: gin, cases: 1 }]), 201);
    const before = (await db().select({ n: count() }).from(shipments))[0]!.n;
    const over = await body(await createShipment(distributor, retailerOrg.id, [{ orderItemId: gin, cases: 2 }]), 409);
    expect(over.error).toMatchObject({ code: 'over_shipment', details: [{ path: 'lines.0.cases', remainingCases: 1 }] });
    expect((await db().select({ n: count() }).from(shipments))[0]!.n).toBe(before);
    expect((await lineTotals(db(), [gin])).get(gin)).toEqual({ committed: 1, shipped: 0 });
  });

  it('refuses lines of orders that are not approved (409), of another retailer or seller (404), and a retailer it does not supply (404)', async () => {
    const placed = await body(await retailer.json('POST', '/api/partner/orders', { lines: [{ productId: p.gin, cases: 1 }], note: '' }), 201);
    const notApproved = await body(await createShipment(distributor, retailerOrg.id, [{ orderItemId: placed.items[0].id, cases: 1 }]), 409);
    expect(notApproved.error).toMatchObject({ code: 'order_not_shippable', details: [{ path: 'lines.0.orderItemId' }] });
    const theirs = await approvedOrder(otherRetailer, otherDistributor, [{ productId: p.gin, cases: 1 }]);
    expect((await body(await createShipment(distributor, retailerOrg.id, [{ orderItemId: theirs.items[0].id, cases: 1 }]), 404)).error.code).toBe('not_found');
    const foreignShop = theirs.buyer.id as string;
    expect((await body(await createShipment(distributor, foreignShop, [{ orderItemId: theirs.items[0].id, cases: 1 }]), 404)).error.code).toBe('not_found');
    expect((await body(await distributor.json('GET', `/api/partner/shipments/remaining?recipientId=${foreignShop}`), 404)).error.code).toBe('not_found');
    // A retailer cannot ship to itself or anyone.
    expect((await body(await createShipment(retailer, retailerOrg.id, [{ orderItemId: placed.items[0].id, cases: 1 }]), 404)).error.code).toBe('not_found');
    // Bad shapes: no lines, zero cases, a line twice, an unknown carrier.
    for (const [lines, extra, path] of [
      [[], {}, 'lines'],
      [[{ orderItemId: 1, cases: 0 }], {}, 'lines.0.cases'],
      [
        [
          { orderItemId: 1, cases: 1 },
          { orderItemId: 1, cases: 1 },
        ],
        {},
        'lines',
      ],
      [[{ orderItemId: 1, cases: 1 }], { carrier: 'pigeon' }, 'carrier'],
      [[{ orderItemId: 1, cases: 1 }], { trackingNumber: '<script>' }, 'trackingNumber'],
    ] as const) {
      const res = await body(await createShipment(distributor, retailerOrg.id, lines as never, extra), 400);
      expect(res.error.details.map((d: { path: string }) => d.path)).toContain(path);
    }
  });

  it('moves along the transition table only: wrong side 403, stale version and wrong state 409, an exception needs a reason', async () => {
    const order = await approvedOrder(retailer, distributor, [{ productId: p.gin, cases: 1 }]);
    const s = await body(await createShipment(distributor, retailerOrg.id, [{ orderItemId: order.items[0].id, cases: 1 }]), 201);
    expect((await body(await move(retailer, s.id, 'ship', s.version), 403)).error.code).toBe('wrong_side');
    expect((await body(await move(distributor, s.id, 'in_transit', s.version), 409)).error.code).toBe('invalid_transition');
    expect((await body(await move(distributor, s.id, 'ship', s.version + 1), 409)).error.code).toBe('version_conflict');
    // A receipt for a shipment not yet shipped.
    expect((await body(await postReceipt(retailer, s.id, [{ shipmentItemId: s.items[0].id, casesReceived: 1 }], photo()), 409)).error.code).toBe(
      'invalid_transition',
    );
    const shipped = await body(await move(distributor, s.id, 'ship', s.version), 200);
    const noReason = await body(await move(distributor, s.id, 'exception', shipped.version), 400);
    expect(noReason.error.details[0].path).toBe('reason');
    const held = await body(await move(distributor, s.id, 'exception', shipped.version, { reason: 'Depot closed by snow.' }), 200);
    expect(held).toMatchObject({ status: 'exception', exceptionReason: 'Depot closed by snow.', actions: ['resume'] });
    const back = await body(await move(distributor, s.id, 'resume', held.version), 200);
    expect(back).toMatchObject({ status: 'in_transit', exceptionReason: null });
    expect(back.timeline.map((e: { label: string }) => e.label)).toEqual(['Preparing', 'Shipped', 'Exception', 'In transit']);
    // The retailer was told at every step.
    const titles = (await t.app.services.notifications.list(await readerOf(retailer), { pageSize: 50 })).items.map((n) => n.title);
    for (const heading of ['is held up', 'is back in transit']) expect(titles).toContain(`Shipment ${s.number} ${heading}`);
  });

  it('calls off a shipment being prepared (its lines are free again), and the order cannot be cancelled while a line is in a shipment', async () => {
    const order = await approvedOrder(retailer, distributor, [{ productId: p.gin, cases: 2 }]);
    const s = await body(await createShipment(distributor, retailerOrg.id, [{ orderItemId: order.items[0].id, cases: 2 }]), 201);
    const cancel = await body(await retailer.json('POST', `/api/partner/orders/${order.id}/cancel`, { version: order.version, reason: 'Too late?' }), 409);
    expect(cancel.error.code).toBe('order_in_shipment');
    expect((await body(await retailer.json('GET', `/api/partner/orders/${order.id}`), 200)).status).toBe('approved');
    expect((await retailer.json('POST', `/api/partner/shipments/${s.id}/discard`, { version: s.version })).status).toBe(403);
    expect((await distributor.json('POST', `/api/partner/shipments/${s.id}/discard`, { version: s.version })).status).toBe(204);
    expect((await distributor.json('GET', `/api/partner/shipments/${s.id}`)).status).toBe(404);
    expect((await lineTotals(db(), [order.items[0].id])).get(order.items[0].id)).toBeUndefined();
    await body(await retailer.json('POST', `/api/partner/orders/${order.id}/cancel`, { version: order.version, reason: 'Changed our mind.' }), 200);
  });
});

describe('receipts: bad input gets a stable code, nothing is written', () => {
  let shipment: { id: number; number: string; items: { id: number; cases: number }[] };

  beforeAll(async () => {
    const order = await approvedOrder(retailer, distributor, [
      { productId: p.gin, cases: 3 },
      { productId: p.rum, cases: 1 },
    ]);
    const s = await body(
      await createShipment(
        distributor,
        retailerOrg.id,
        order.items.map((i: { id: number; cases: number }) => ({ orderItemId: i.id, cases: i.cases })),
      ),
      201,
    );
    shipment = await body(await move(distributor, s.id, 'ship', s.version), 200);
  });

  const full = () => shipment.items.map((i) => ({ shipmentItemId: i.id, casesReceived: i.cases, casesDamaged: 0 }));
  const nothingWritten = async (files: number) => {
    expect(await db().select().from(receipts).where(eq(receipts.shipmentId, shipment.id))).toEqual([]);
    expect(storedFiles()).toBe(files);
    expect((await db().select().from(shipments).where(eq(shipments.id, shipment.id)))[0]!.status).toBe('shipped');
  };

  it('refuses more received and damaged than shipped, a missing or unknown line, and the sender', async () => {
    const files = storedFiles();
    const [a, b] = shipment.items;
    const over = await body(
      await postReceipt(
        retailer,
        shipment.id,
        [
          { shipmentItemId: a!.id, casesReceived: a!.cases, casesDamaged: 1 },
          { shipmentItemId: b!.id, casesReceived: b!.cases },
        ],
        photo(),
      ),
      400,
    );
    expect(over.error).toMatchObject({ code: 'receipt_exceeds_shipment', details: [{ path: 'lines.0.casesReceived', shippedCases: a!.cases }] });
    expect((await body(await postReceipt(retailer, shipment.id, [full()[0]], photo()), 400)).error.code).toBe('receipt_line_missing');
    expect((await body(await postReceipt(retailer, shipment.id, [...full(), { shipmentItemId: 999_999, casesReceived: 0 }], photo()), 404)).error.code).toBe(
      'not_found',
    );
    expect((await body(await postReceipt(retailer, shipment.id, [{ ...full()[0], casesReceived: -1 }, full()[1]], photo()), 400)).error.code).toBe(
      'validation_failed',
    );
    expect((await body(await postReceipt(distributor, shipment.id, full(), photo()), 403)).error.code).toBe('wrong_side');
    await nothingWritten(files);
  });

  it('takes only a photo (JPEG, PNG, WebP) or a PDF, told by its bytes: an HTML page named .png is refused, so is an empty or oversized file', async () => {
    const files = storedFiles();
    const html = { bytes: Buffer.from('<!doctype html><script>alert(document.cookie)</script>'), name: 'photo.png', type: 'image/png' };
    expect((await body(await postReceipt(retailer, shipment.id, full(), html), 415)).error.code).toBe('attachment_type_refused');
    const svg = { bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), name: 'photo.jpg', type: 'image/jpeg' };
    expect((await body(await postReceipt(retailer, shipment.id, full(), svg), 415)).error.code).toBe('attachment_type_refused');
    expect((await body(await postReceipt(retailer, shipment.id, full(), null), 400)).error.code).toBe('attachment_missing');
    const huge = { bytes: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(10 * 1024 * 1024)]), name: 'big.pdf', type: 'application/pdf' };
    expect((await body(await postReceipt(retailer, shipment.id, full(), huge), 413)).error.code).toBe('attachment_too_large');
    // JSON instead of multipart: the fields are missing.
    expect((await body(await retailer.json('POST', `/api/partner/shipments/${shipment.id}/receipt`, { lines: full() }), 400)).error.code).toBe(
      'validation_failed',
    );
    await nothingWritten(files);
  });

  it('takes one receipt per shipment: the second is refused', async () => {
    const pdf = { bytes: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'), name: 'Bon de livraison é.pdf', type: 'application/octet-stream' };
    const got = await body(await postReceipt(retailer, shipment.id, full(), pdf), 201);
    expect(got.receipt).toMatchObject({ status: 'confirmed', attachment: { contentType: 'application/pdf', filename: 'Bon de livraison é.pdf' } });
    expect((await body(await postReceipt(retailer, shipment.id, full(), photo()), 409)).error.code).toBe('invalid_transition');
    expect(await db().select().from(receipts).where(eq(receipts.shipmentId, shipment.id))).toHaveLength(1);
  });
});

describe('a discrepancy is answered by the distributor', () => {
  async function discrepancy(cases = 3, received = 1, damaged = 1) {
    const order = await approvedOrder(retailer, distributor, [{ productId: p.gin, cases }]);
    const s = await body(await createShipment(distributor, retailerOrg.id, [{ orderItemId: order.items[0].id, cases }]), 201);
    await body(await move(distributor, s.id, 'ship', s.version), 200);
    const got = await body(
      await postReceipt(retailer, s.id, [{ shipmentItemId: s.items[0].id, casesReceived: received, casesDamaged: damaged }], photo()),
      201,
    );
    expect(got.receipt.status).toBe('discrepancy');
    return got;
  }

  it('with a replacement for up to the missing cases: its stock is reserved at once and leaves when it ships; the receipt is resolved', async () => {
    const got = await discrepancy();
    const item = got.items[0].id;
    const resolve = (c: Client, b: object) => c.json('POST', `/api/partner/receipts/${got.receipt.id}/resolve`, b);
    const replacement = { resolution: 'replacement', version: got.receipt.version, carrier: 'ups', trackingNumber: '1Z999', note: '' };
    const over = await body(await resolve(distributor, { ...replacement, lines: [{ shipmentItemId: item, cases: 3 }] }), 409);
    expect(over.error).toMatchObject({ code: 'replacement_exceeds_missing', details: [{ path: 'lines.0.cases', missingCases: 2 }] });
    expect((await body(await resolve(retailer, { ...replacement, lines: [{ shipmentItemId: item, cases: 1 }] }), 403)).error.code).toBe('wrong_side');
    expect((await body(await resolve(otherDistributor, { ...replacement, lines: [{ shipmentItemId: item, cases: 1 }] }), 404)).error.code).toBe('not_found');
    const before = await balanceOf(db(), distributorOrg.id, p.gin);
    const answered = await body(await resolve(distributor, { ...replacement, lines: [{ shipmentItemId: item, cases: 2 }] }), 200);
    expect(answered).toMatchObject({ status: 'preparing', cases: 2, replacesReceiptId: got.receipt.id, replaces: { shipmentId: got.id }, carrier: 'ups' });
    expect(await balanceOf(db(), distributorOrg.id, p.gin)).toEqual({
      onHand: before.onHand,
      reserved: before.reserved + 12,
      available: before.available - 12,
    });
    const original = await body(await distributor.json('GET', `/api/partner/shipments/${got.id}`), 200);
    expect(original.receipt).toMatchObject({ status: 'resolved', resolution: 'replacement', replacementShipment: { id: answered.id } });
    expect(
      (await body(await resolve(distributor, { ...replacement, version: original.receipt.version, lines: [{ shipmentItemId: item, cases: 1 }] }), 409)).error
        .code,
    ).toBe('receipt_not_open');
    // A replacement cannot be called off; it ships like any shipment.
    expect((await body(await distributor.json('POST', `/api/partner/shipments/${answered.id}/discard`, { version: answered.version }), 409)).error.code).toBe(
      'replacement_not_discardable',
    );
    await body(await move(distributor, answered.id, 'ship', answered.version), 200);
    expect(await balanceOf(db(), distributorOrg.id, p.gin)).toEqual({
      onHand: before.onHand - 12,
      reserved: before.reserved,
      available: before.available - 12,
    });
    const titles = (await t.app.services.notifications.list(await readerOf(retailer), { pageSize: 50 })).items.map((n) => n.title);
    expect(titles).toContain(`The discrepancy on shipment ${got.number} was answered`);
    expect(titles).toContain(`Shipment ${answered.number} was shipped`);
  });

  it('an order shipped before it was invoiced can still be invoiced, and keeps its state', async () => {
    const order = await approvedOrder(retailer, distributor, [{ productId: p.gin, cases: 1 }]);
    const s = await body(await createShipment(distributor, retailerOrg.id, [{ orderItemId: order.items[0].id, cases: 1 }]), 201);
    await body(await move(distributor, s.id, 'ship', s.version), 200);
    expect((await body(await distributor.json('GET', `/api/partner/orders/${order.id}`), 200)).status).toBe('shipped');
    const invoice = await body(await distributor.json('POST', '/api/partner/invoices/issue', { orderIds: [order.id] }), 201);
    expect(invoice).toMatchObject({ state: 'issued', orders: [{ id: order.id }] });
    expect((await body(await distributor.json('GET', `/api/partner/orders/${order.id}`), 200)).status).toBe('shipped');
    const again = await body(await distributor.json('POST', '/api/partner/invoices/issue', { orderIds: [order.id] }), 409);
    expect(again.error.code).toBe('order_already_invoiced');
  });

  it('with a credit note issued there and then for the missing and damaged cases, on the invoice that billed them', async () => {
    // Not invoiced yet: nothing to credit (409), nothing written.
    const uninvoiced = await discrepancy(2, 1, 0);
    const refused = await body(
      await distributor.json('POST', `/api/partner/receipts/${uninvoiced.receipt.id}/resolve`, {
        resolution: 'credit_note',
        version: uninvoiced.receipt.version,
      }),
      409,
    );
    expect(refused.error.code).toBe('nothing_invoiced');
    expect((await body(await distributor.json('GET', `/api/partner/shipments/${uninvoiced.id}`), 200)).receipt.status).toBe('discrepancy');

    // Invoiced, shipped, 4 cases of 5: 1 received damaged, 1 short → 2 cases credited.
    const order = await approvedOrder(retailer, distributor, [{ productId: p.gin, cases: 5 }]);
    const invoice = await body(await distributor.json('POST', '/api/partner/invoices/issue', { orderIds: [order.id] }), 201);
    const s = await body(await createShipment(distributor, retailerOrg.id, [{ orderItemId: order.items[0].id, cases: 5 }]), 201);
    await body(await move(distributor, s.id, 'ship', s.version), 200);
    const got = await body(await postReceipt(retailer, s.id, [{ shipmentItemId: s.items[0].id, casesReceived: 3, casesDamaged: 1 }], photo()), 201);
    const answered = await body(
      await distributor.json('POST', `/api/partner/receipts/${got.receipt.id}/resolve`, { resolution: 'credit_note', version: got.receipt.version }),
      200,
    );
    expect(answered.receipt).toMatchObject({ status: 'resolved', resolution: 'credit_note', creditNote: { id: expect.any(Number) } });
    const note = await body(await retailer.json('GET', `/api/partner/invoices/${answered.receipt.creditNote.id}`), 200);
    expect(note).toMatchObject({ kind: 'credit_note', state: 'issued', creditsInvoice: { id: invoice.id } });
    expect(note.items).toEqual([expect.objectContaining({ cases: 2 })]);
    const after = await body(await retailer.json('GET', `/api/partner/invoices/${invoice.id}`), 200);
    expect(after.creditedMinor).toBe(note.totalMinor);
    expect(note.totalMinor).toBe(Math.round((invoice.totalMinor * 2) / 5));
  });

  it('with a credit note it issued to this retailer (another’s, a draft or an invoice is a 404)', async () => {
    const open = await discrepancy(2, 1, 0);
    const note = async (values: Partial<typeof invoices.$inferInsert>) =>
      (
        await db()
          .insert(invoices)
          .values({
            kind: 'credit_note',
            state: 'issued',
            issuerId: distributorOrg.id,
            customerId: retailerOrg.id,
            number: `CN-TEST-${Math.random().toString(36).slice(2, 8)}`,
            year: 2026,
            sequence: Math.floor(Math.random() * 1e9),
            currency: 'GBP',
            issuedOn: '2026-01-01',
            dueOn: '2026-01-31',
            creditsInvoiceId: (await db().insert(invoices).values({ issuerId: distributorOrg.id, customerId: retailerOrg.id, currency: 'GBP' }).returning())[0]!
              .id,
            ...values,
          })
          .returning()
      )[0]!.id;
    const foreign = await note({
      issuerId: otherDistributorOrg.id,
      customerId: (await createOrganisation(t, 'retailer', { supplierId: otherDistributorOrg.id })).id,
    });
    const resolve = (creditNoteId: number) =>
      distributor.json('POST', `/api/partner/receipts/${open.receipt.id}/resolve`, { resolution: 'credit_note', version: open.receipt.version, creditNoteId });
    expect((await body(await resolve(foreign), 404)).error.code).toBe('not_found');
    const plainInvoice = (await db().insert(invoices).values({ issuerId: distributorOrg.id, customerId: retailerOrg.id, currency: 'GBP' }).returning())[0]!.id;
    expect((await body(await resolve(plainInvoice), 404)).error.code).toBe('not_found');
    const detail = await body(await distributor.json('GET', `/api/partner/shipments/${open.id}`), 200);
    // A note of this retailer's that does not credit the missing case refuses to answer it.
    const unrelated = await note({});
    expect((await body(await resolve(unrelated), 409)).error.code).toBe('credit_note_short');
    // One that credits the missing case of this line answers it.
    const mine = await note({});
    const [shipped] = await db().select().from(shipmentItems).where(eq(shipmentItems.shipmentId, open.id));
    await db()
      .insert(invoiceItems)
      .values({
        invoiceId: mine,
        orderId: shipped!.orderId,
        orderItemId: shipped!.orderItemId,
        productId: shipped!.productId,
        description: 'Missing on delivery',
        cases: 1,
        caseSize: shipped!.caseSize,
        unitPriceMinor: 1000,
        lineTotalMinor: 1000 * shipped!.caseSize,
      });
    const choices = (await body(await distributor.json('GET', `/api/partner/shipments/${open.id}`), 200)).creditNotes;
    expect(choices.map((c: { id: number }) => c.id)).toContain(mine);
    expect(detail.receipt.status).toBe('discrepancy');
    const answered = await body(await resolve(mine), 200);
    expect(answered.receipt).toMatchObject({ status: 'resolved', resolution: 'credit_note', creditNote: { id: mine } });
    // It answers one discrepancy: another one is not offered it, and is refused it.
    const next = await discrepancy(2, 1, 0);
    expect((await body(await distributor.json('GET', `/api/partner/shipments/${next.id}`), 200)).creditNotes.map((c: { id: number }) => c.id)).not.toContain(
      mine,
    );
    const again = await distributor.json('POST', `/api/partner/receipts/${next.receipt.id}/resolve`, {
      resolution: 'credit_note',
      version: next.receipt.version,
      creditNoteId: mine,
    });
    expect((await body(again, 409)).error.code).toBe('credit_note_used');
  });
});

describe('isolation: another organisation’s shipment, receipt or file is a 404', () => {
  it('for the other retailer and distributor on every route; the file only to the two organisations and staff with Order Management', async () => {
    const order = await approvedOrder(retailer, distributor, [{ productId: p.gin, cases: 1 }]);
    const s = await body(await createShipment(distributor, retailerOrg.id, [{ orderItemId: order.items[0].id, cases: 1 }]), 201);
    await body(await move(distributor, s.id, 'ship', s.version), 200);
    const got = await body(await postReceipt(retailer, s.id, [{ shipmentItemId: s.items[0].id, casesReceived: 0, casesDamaged: 1 }], photo()), 201);
    const file = got.receipt.attachment.url as string;
    for (const stranger of [otherRetailer, otherDistributor]) {
      for (const [method, url, b] of [
        ['GET', `/api/partner/shipments/${s.id}`, undefined],
        ['POST', `/api/partner/shipments/${s.id}/status`, { action: 'in_transit', version: got.version }],
        ['POST', `/api/partner/shipments/${s.id}/discard`, { version: got.version }],
        ['POST', `/api/partner/receipts/${got.receipt.id}/resolve`, { resolution: 'credit_note', version: 1, creditNoteId: 1 }],
        ['GET', file, undefined],
      ] as const)
        expect((await stranger.json(method, url, b)).status, `${method} ${url}`).toBe(404);
      expect((await postReceipt(stranger, s.id, [{ shipmentItemId: s.items[0].id, casesReceived: 1 }], photo())).status).toBe(404);
      const lists = await body(await stranger.json('GET', '/api/partner/shipments?side=receiving'), 200);
      expect(lists.items.map((x: { id: number }) => x.id)).not.toContain(s.id);
    }
    // Anonymous: the same 404 as no file.
    expect((await fetch(t.url + file)).status).toBe(404);
    expect((await fetch(`${t.url}/api/attachments/00000000-0000-4000-8000-000000000000`, { headers: { cookie: retailer.header() } })).status).toBe(404);
    // Both organisations and staff with Order Management get the file, as itself, never sniffed again, never cached.
    for (const c of [retailer, distributor, staff]) {
      const res = await c.get(file);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-disposition')).toMatch(/^inline; filename="delivery\.png"/);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      expect(res.headers.get('content-security-policy')).toContain('sandbox');
      expect(Buffer.from(await res.arrayBuffer()).equals(png)).toBe(true);
    }
    // An employee (no Order Management) does not.
    const employee = await signedIn(t, 'employee', 'shipments');
    expect((await employee.get(file)).status).toBe(404);
  });

  it('keeps receipts’ files out of the staff media library (its list and its file route)', async () => {
    const ids = (await db().select({ id: attachments.id }).from(attachments)).map((a) => a.id);
    expect(ids.length).toBeGreaterThan(0);
    const library = await body(await staff.json('GET', '/api/admin/media?pageSize=100'), 200);
    const listed = JSON.stringify(library);
    for (const id of ids) {
      expect(listed).not.toContain(id);
      expect((await staff.get(`/media/${id}/original`)).status).toBe(404);
      expect((await staff.json('GET', `/api/admin/media/${id}`)).status).toBe(404);
    }
    expect(listed).not.toContain('delivery.png');
  });
});

describeOnPostgres('shipments under concurrency', () => {
  const settled = <T>(jobs: Promise<T>[]) => Promise.allSettled(jobs).then((r) => r.filter((x) => x.status === 'fulfilled').length);
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  async function fiveCaseLine() {
    const order = await approvedOrder(retailer, distributor, [{ productId: p.rum, cases: 5 }]);
    return { order, item: order.items[0].id as number };
  }

  it('20 parallel shipments of one line of 5 cases: exactly 5 are made and ship, the stock never goes below what the line covers', async () => {
    const { order, item } = await fiveCaseLine();
    const viewer = await readerOf(distributor);
    const before = await balanceOf(db(), distributorOrg.id, p.rum);
    const input = { recipientId: retailerOrg.id, carrier: 'dhl' as const, trackingNumber: '', note: '', lines: [{ orderItemId: item, cases: 1 }] };
    const made = await Promise.allSettled(Array.from({ length: 20 }, () => t.app.services.shipments.create(viewer, input, actor(distributor))));
    const ok = made.filter((r): r is PromiseFulfilledResult<Awaited<ReturnType<typeof t.app.services.shipments.create>>> => r.status === 'fulfilled');
    expect(ok).toHaveLength(5);
    for (const r of made) if (r.status === 'rejected') expect((r.reason as { code: string }).code).toBe('over_shipment');
    const shippedCount = await settled(
      ok.map((r) => t.app.services.shipments.move(viewer, r.value.id, { action: 'ship', version: 1, reason: '' }, actor(distributor))),
    );
    expect(shippedCount).toBe(5);
    expect(await balanceOf(db(), distributorOrg.id, p.rum)).toEqual({
      onHand: before.onHand - 60,
      reserved: before.reserved - 60,
      available: before.available,
    });
    const sum = await db()
      .select({ n: count() })
      .from(shipmentItems)
      .where(and(eq(shipmentItems.orderItemId, item)));
    expect(sum[0]!.n).toBe(5);
    expect((await db().select().from(orders).where(eq(orders.id, order.id)))[0]!.status).toBe('shipped');
  });

  it('…whereas reading what is left and inserting without the orders’ row lock (unguarded) ships more than the line covers', async () => {
    const order = await approvedOrder(retailer, distributor, [{ productId: p.rum, cases: 2 }]);
    const item = order.items[0].id as number;
    const [line] = await db().select().from(orderItems).where(eq(orderItems.id, item));
    // The race made certain rather than left to the machine's timing: a line of 2 cases, and each
    // writer waits (up to half a second) until three have read what is left — fewer than the test
    // pool's 5 connections, so the three are always there at once and all three read "2 left".
    let readers = 0;
    await Promise.allSettled(
      Array.from({ length: 20 }, (_, n) =>
        db().transaction(async (tx) => {
          const committed = (await lineTotals(tx, [item])).get(item)?.committed ?? 0;
          readers += 1;
          for (let waited = 0; readers < 3 && waited < 500; waited += 5) await sleep(5);
          if (committed + 1 > line!.cases) throw new Error('nothing left');
          await sleep(5 + (n % 5));
          const number = `SH-UNGUARDED-${process.pid}-${n}-${Math.random().toString(36).slice(2, 8)}`;
          const [s] = await tx.insert(shipments).values({ number, senderId: distributorOrg.id, recipientId: retailerOrg.id, carrier: 'dhl' }).returning();
          await tx
            .insert(shipmentItems)
            .values({ shipmentId: s!.id, orderId: line!.orderId, orderItemId: item, productId: line!.productId, cases: 1, caseSize: 12 });
        }),
      ),
    );
    expect((await lineTotals(db(), [item])).get(item)!.committed).toBeGreaterThan(2);
  });

  it('two receipts of one shipment at once: one is taken, the other refused, one file kept', async () => {
    const order = await approvedOrder(retailer, distributor, [{ productId: p.gin, cases: 1 }]);
    const s = await body(await createShipment(distributor, retailerOrg.id, [{ orderItemId: order.items[0].id, cases: 1 }]), 201);
    await body(await move(distributor, s.id, 'ship', s.version), 200);
    const files = storedFiles();
    const results = await Promise.all(
      Array.from({ length: 6 }, () => postReceipt(retailer, s.id, [{ shipmentItemId: s.items[0].id, casesReceived: 1 }], photo()).then((r) => r.status)),
    );
    expect(results.filter((r) => r === 201)).toHaveLength(1);
    expect(results.filter((r) => r === 409)).toHaveLength(5);
    expect(
      await db()
        .select()
        .from(receipts)
        .where(inArray(receipts.shipmentId, [s.id])),
    ).toHaveLength(1);
    expect(storedFiles()).toBe(files + 1);
  });
});
