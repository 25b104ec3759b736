// Every leg ships the same way (issue 43), on the real server: staff ship the brand's importer order
// with a shipment (no "ship" button any more), the importer receives it into its ledger with a case
// damaged (the loss leaves the chain as `transit_loss`), then ships to its distributor, which receives
// it into its own ledger. Between shipping and receipt the bottles are in transit, in nobody's
// available figure; at every step the chain reconciles to the bottle. Staff see only the brand's
// shipments; a partner only its own. On PostgreSQL: staff's shipments of an order's last case at once.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandId } from '../../server/db/brand';
import { orders, productTradePrices, stockMovements } from '../../server/db/schema';
import type { Organisation } from '../../server/modules/partners/service';
import { reconcile, unbalanced } from '../../server/modules/stock';
import { balanceOf, moveStock } from '../../server/modules/stock/ledger';
import type { Client } from '../support/client';
import { createOrganisation, signedInMember } from '../support/partners';
import { insertProduct } from '../support/products';
import { signedIn } from '../support/staff';
import { describeOnPostgres } from '../support/test-db';
import { startTestServer, type TestServer } from '../support/test-server';

type Member = Awaited<ReturnType<typeof signedInMember>>;

let t: TestServer;
let staff: Client & { userId: string };
let importerOrg: Organisation;
let distributorOrg: Organisation;
let otherImporterOrg: Organisation;
let importer: Member;
let distributor: Member;
let otherImporter: Member;
let gin = 0;
let png: Buffer;
const CASE = 6;

const db = () => t.db.database.db;

async function body(res: Response, status: number) {
  const text = await res.text();
  const b = text ? JSON.parse(text) : null;
  expect(res.status, text).toBe(status);
  return b;
}

async function postReceipt(c: Client, shipmentId: number, lines: unknown) {
  const form = new FormData();
  form.append('lines', JSON.stringify(lines));
  form.append('note', '');
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'delivery.png');
  return fetch(`${t.url}/api/partner/shipments/${shipmentId}/receipt`, { method: 'POST', body: form, headers: { cookie: c.header() } });
}

/** The chain's equation holds for every product (the terms printed when it does not). */
async function expectReconciled() {
  expect(unbalanced(await reconcile(db()))).toEqual([]);
}

const ship = (c: Client, recipientId: string, lines: { orderItemId: number; cases: number }[]) =>
  c.json('POST', '/api/partner/shipments', { recipientId, carrier: 'dhl', trackingNumber: 'JD0146', note: '', lines });

beforeAll(async () => {
  t = await startTestServer({ UPLOADS_DIR: mkdtempSync(path.join(tmpdir(), 'frolic-legs-')) });
  png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#2f5d50' } })
    .png()
    .toBuffer();
  staff = await signedIn(t, 'admin', 'legs');
  importerOrg = await createOrganisation(t, 'importer');
  distributorOrg = await createOrganisation(t, 'distributor', { supplierId: importerOrg.id });
  otherImporterOrg = await createOrganisation(t, 'importer');
  importer = await signedInMember(t, importerOrg);
  distributor = await signedInMember(t, distributorOrg);
  otherImporter = await signedInMember(t, otherImporterOrg);
  gin = await insertProduct(db(), { slug: `legs-gin-${process.pid}`, caseSize: CASE });
  await db()
    .insert(productTradePrices)
    .values([
      { productId: gin, tier: 'importer', market: 'GB', currency: 'GBP', amountMinor: 800 },
      { productId: gin, tier: 'distributor', market: 'GB', currency: 'GBP', amountMinor: 1200 },
    ]);
  await moveStock(db(), { organisationId: await brandId(db()), productId: gin, onHand: 20 * CASE, reserved: 0, cause: 'opening', reason: 'Opening stock' });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('the brand → importer → distributor legs ship and receive alike', () => {
  it('staff ship the importer’s order; it is in transit until the importer receives it into its ledger, a damaged case lost', async () => {
    const brand = await brandId(db());
    const placed = await body(await importer.json('POST', '/api/partner/orders', { lines: [{ productId: gin, cases: 5 }], note: '' }), 201);
    const seen = await body(await staff.json('GET', `/api/admin/trade-orders/${placed.id}`), 200);
    const approved = await body(await staff.json('POST', `/api/admin/trade-orders/${placed.id}/approve`, { version: seen.version, lines: [] }), 200);
    // The old ship button is gone for a new order: goods move by shipments on every leg.
    expect(approved.actions).not.toContain('ship');
    const refused = await body(await staff.json('POST', `/api/admin/trade-orders/${placed.id}/ship`, { version: approved.version }), 409);
    expect(refused.error.code).toBe('action_unavailable');

    // Staff see the importer among the brand's buyers, and what is left to ship of its order.
    const buyers = await body(await staff.json('GET', '/api/partner/shipments/buyers'), 200);
    expect(buyers.items).toContainEqual(expect.objectContaining({ id: importerOrg.id, type: 'importer', openOrders: 1 }));
    const left = await body(await staff.json('GET', `/api/partner/shipments/remaining?recipientId=${importerOrg.id}`), 200);
    const line = left.orders.find((o: { id: number }) => o.id === placed.id).lines[0];
    expect(line).toMatchObject({ cases: 5, remaining: 5 });

    const created = await body(await ship(staff, importerOrg.id, [{ orderItemId: line.orderItemId, cases: 5 }]), 201);
    expect(created).toMatchObject({ status: 'preparing', side: 'sender' });
    const shipped = await body(await staff.json('POST', `/api/partner/shipments/${created.id}/status`, { action: 'ship', version: created.version }), 200);
    expect(shipped.status).toBe('shipped');
    // Out of the brand's ledger (on hand and reserved), in nobody's yet: in transit.
    expect(await balanceOf(db(), brand, gin)).toEqual({ onHand: 15 * CASE, reserved: 0, available: 15 * CASE });
    expect(await balanceOf(db(), importerOrg.id, gin)).toEqual({ onHand: 0, reserved: 0, available: 0 });
    expect((await reconcile(db())).find((r) => r.productId === gin)).toMatchObject({ cameIn: 20 * CASE, onHand: 15 * CASE, inTransit: 5 * CASE });
    await expectReconciled();
    const [order] = await db().select().from(orders).where(eq(orders.id, placed.id));
    expect(order!.status).toBe('shipped');

    // The importer sees it coming, and receives four good cases and one damaged.
    const incoming = await body(await importer.json('GET', `/api/partner/shipments/${created.id}`), 200);
    expect(incoming.side).toBe('recipient');
    const item = incoming.items[0];
    await body(await postReceipt(importer, created.id, [{ shipmentItemId: item.id, casesReceived: 4, casesDamaged: 1 }]), 201);
    expect(await balanceOf(db(), importerOrg.id, gin)).toEqual({ onHand: 4 * CASE, reserved: 0, available: 4 * CASE });
    const moves = await db().select().from(stockMovements).where(eq(stockMovements.organisationId, importerOrg.id));
    expect(moves.map((m) => [m.cause, m.onHandDelta])).toEqual([
      ['receipt', 5 * CASE],
      ['transit_loss', -CASE],
    ]);
    expect((await reconcile(db())).find((r) => r.productId === gin)).toMatchObject({ inTransit: 0, transitLosses: CASE, onHand: 19 * CASE });
    await expectReconciled();
    const [after] = await db().select().from(orders).where(eq(orders.id, placed.id));
    expect(after!.status).toBe('delivered');
    // An operator reads the same over the API; a partner may not read the whole chain.
    const chain = await body(await staff.json('GET', '/api/admin/stock/reconciliation'), 200);
    expect(chain.unbalanced).toEqual([]);
    expect(chain.products).toContainEqual({ productId: gin, cameIn: 20 * CASE, onHand: 19 * CASE, inTransit: 0, receivedByRetailers: 0, transitLosses: CASE });
    await body(await importer.json('GET', '/api/admin/stock/reconciliation'), 403);
  });

  it('the importer ships its distributor’s order the same way; the distributor receives it into its ledger', async () => {
    const placed = await body(await distributor.json('POST', '/api/partner/orders', { lines: [{ productId: gin, cases: 3 }], note: '' }), 201);
    expect(placed).toMatchObject({ status: 'submitted' });
    const seen = await body(await importer.json('GET', `/api/partner/orders/${placed.id}`), 200);
    await body(await importer.json('POST', `/api/partner/orders/${placed.id}/approve`, { version: seen.version, lines: [] }), 200);
    expect(await balanceOf(db(), importerOrg.id, gin)).toEqual({ onHand: 4 * CASE, reserved: 3 * CASE, available: CASE });

    const left = await body(await importer.json('GET', `/api/partner/shipments/remaining?recipientId=${distributorOrg.id}`), 200);
    const line = left.orders.find((o: { id: number }) => o.id === placed.id).lines[0];
    // Two shipments: a partial one, then the rest.
    const first = await body(await ship(importer, distributorOrg.id, [{ orderItemId: line.orderItemId, cases: 2 }]), 201);
    await body(await importer.json('POST', `/api/partner/shipments/${first.id}/status`, { action: 'ship', version: first.version }), 200);
    const over = await body(await ship(importer, distributorOrg.id, [{ orderItemId: line.orderItemId, cases: 2 }]), 409);
    expect(over.error.code).toBe('over_shipment');
    const second = await body(await ship(importer, distributorOrg.id, [{ orderItemId: line.orderItemId, cases: 1 }]), 201);
    await body(await importer.json('POST', `/api/partner/shipments/${second.id}/status`, { action: 'ship', version: second.version }), 200);
    expect(await balanceOf(db(), importerOrg.id, gin)).toEqual({ onHand: CASE, reserved: 0, available: CASE });
    await expectReconciled();

    for (const s of [first, second]) {
      const view = await body(await distributor.json('GET', `/api/partner/shipments/${s.id}`), 200);
      const lines = view.items.map((l: { id: number; cases: number }) => ({ shipmentItemId: l.id, casesReceived: l.cases, casesDamaged: 0 }));
      await body(await postReceipt(distributor, s.id, lines), 201);
    }
    expect(await balanceOf(db(), distributorOrg.id, gin)).toEqual({ onHand: 3 * CASE, reserved: 0, available: 3 * CASE });
    const [order] = await db().select().from(orders).where(eq(orders.id, placed.id));
    expect(order!.status).toBe('delivered');
    await expectReconciled();
  });

  it('a shipment is its two parties’ only: another importer, and staff for a partner-to-partner shipment, get not found', async () => {
    const list = await body(await importer.json('GET', '/api/partner/shipments?side=sending'), 200);
    const sent = list.items[0];
    expect(sent).toBeDefined();
    await body(await otherImporter.json('GET', `/api/partner/shipments/${sent.id}`), 404);
    await body(await staff.json('GET', `/api/partner/shipments/${sent.id}`), 404);
    // Another importer cannot ship to this importer's distributor, nor see what it has left to receive.
    await body(await otherImporter.json('GET', `/api/partner/shipments/remaining?recipientId=${distributorOrg.id}`), 404);
    const foreign = await body(await ship(otherImporter, distributorOrg.id, [{ orderItemId: 1, cases: 1 }]), 404);
    expect(foreign.error.code).toBe('not_found');
    // Staff's list is the brand's shipments only.
    const mine = await body(await staff.json('GET', '/api/partner/shipments?side=sending'), 200);
    expect(mine.items.every((s: { id: number }) => s.id !== sent.id)).toBe(true);
  });
});

describeOnPostgres('the brand’s last case under concurrency', () => {
  it('ten shipments of an order’s last case at once, by staff: one is made, the others are told nothing is left', async () => {
    const placed = await body(await importer.json('POST', '/api/partner/orders', { lines: [{ productId: gin, cases: 1 }], note: '' }), 201);
    const seen = await body(await staff.json('GET', `/api/admin/trade-orders/${placed.id}`), 200);
    await body(await staff.json('POST', `/api/admin/trade-orders/${placed.id}/approve`, { version: seen.version, lines: [] }), 200);
    const orderItemId = seen.items[0].id as number;
    const viewer = (await t.app.services.sessions.resolve(staff.cookies.get('frolic_session') as string, { touch: false }))!;
    const input = { recipientId: importerOrg.id, carrier: 'dhl' as const, trackingNumber: '', note: '', lines: [{ orderItemId, cases: 1 }] };
    const made = await Promise.allSettled(Array.from({ length: 10 }, () => t.app.services.shipments.create(viewer, input, { userId: staff.userId, ip: null })));
    expect(made.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of made) if (r.status === 'rejected') expect((r.reason as { code: string }).code).toBe('over_shipment');
    await expectReconciled();
  });
});
