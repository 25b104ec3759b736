// Property: no partner reads or changes another organisation's records — its marketing requests and
// their threads, collateral files outside its audience, its notifications, its people, its trade
// orders (either side), their lines and messages, its stock and its allocations, its shipments
// (sent or received), their receipts and the receipts' files, its invoices and credit notes (either
// side, their PDFs), its payments, the invoices it pays and its statements — through the API, the pages or the
// live socket. fast-check picks the partner (any member of any organisation,
// the generic read-only `partner` member included), the other organisation, the way in, and ids:
// the other organisation's real ids as well as ids nobody holds. Every probe also has a control —
// the owner's own request succeeds the same way — so a probe that always answered 404 would fail.
import fc from 'fast-check';
import { asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import {
  allocations,
  attachments,
  invoices,
  marketingRequestComments,
  marketingRequests,
  notificationReads,
  notifications,
  orderItems,
  orderMessages,
  orders,
  paymentAllocations,
  payments,
  products,
  productTradePrices,
  receipts,
  shipments,
  stockBalances,
  tradeTerms,
  users,
} from '../../server/db/schema';
import { moveStock } from '../../server/modules/stock/ledger';
import { DEFAULT_GRANTS } from '../../shared/policy';
import { ORDER_PAGE_SIZE } from '../../shared/schemas/orders';
import type { Organisation } from '../../server/modules/partners/service';
import type { Client } from '../support/client';
import { createOrganisation, signedInMember } from '../support/partners';
import { signedIn } from '../support/staff';
import { startTestServer, type TestServer } from '../support/test-server';
import { openLive } from '../support/live-socket';
import { issuedInvoice } from '../support/invoices';
import { brandId } from '../../server/db/brand';

type Member = Awaited<ReturnType<typeof signedInMember>>;
interface Party {
  org: Organisation;
  members: Member[];
  /** A request of this organisation and a bell entry for it, and one for its first member alone. */
  requestId: number;
  notificationId: number;
  personalNotificationId: number;
  /** The distributors it supplies (an importer's), by party index. */
  distributors: number[];
}

/** A trade order of the setup: its buyer and seller by party index (null: the brand sells). */
interface TradeOrder {
  id: number;
  number: string;
  buyer: number;
  seller: number | null;
}

/** A shipment of the setup: sender and recipient by party index; its receipt and the receipt's file, if any. */
interface Shipment {
  id: number;
  number: string;
  sender: number;
  recipient: number;
  receiptId: number | null;
  attachmentUrl: string | null;
}

/** The parties of the setup (pair() picks among them). */
const PARTY_COUNT = 7;

let t: TestServer;
const parties: Party[] = [];
const sentShipments: Shipment[] = [];
/** Collateral ids by audience: each readable by its type only. */
const collateral: Record<'importer' | 'distributor' | 'retailer', number> = { importer: 0, distributor: 0, retailer: 0 };
const sockets = new Map<string, Awaited<ReturnType<typeof live>>>();
const tradeOrders: TradeOrder[] = [];
/** An invoice of the setup: issuer and customer by party index, and the cases of its one line left to credit. */
interface TradeInvoice {
  id: number;
  number: string;
  issuer: number;
  customer: number;
  itemId: number;
  left: number;
}
const tradeInvoices: TradeInvoice[] = [];
let productId = 0;
let caseSize = 6;

const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const db = () => t.db.database.db;

async function ok(res: Response, status = 201) {
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(status);
  return body;
}

const live = (c: Client) => openLive(t, c);

async function notify(org: Organisation, title: string, userId?: string) {
  const stored = await t.app.services.notifications.notify(db(), { kind: 'test', title, permission: 'marketing:request', organisationId: org.id, userId });
  await t.app.services.notifications.announce(stored);
  return stored.id;
}

beforeAll(async () => {
  t = await startTestServer();
  const staff = await signedIn(t, 'employee', 'isolation');
  const form = new FormData();
  form.append('file', new Blob([Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n')], { type: 'application/pdf' }), 'kit.pdf');
  const upload = await fetch(`${t.url}/api/admin/media`, { method: 'POST', body: form, headers: { cookie: staff.header() } });
  const mediaId = (await ok(upload)).media.id as string;
  for (const type of ['importer', 'distributor', 'retailer'] as const)
    collateral[type] = (
      await ok(
        await staff.json('POST', '/api/admin/collateral', {
          title: `${type} kit`,
          kind: 'pos_kit',
          description: '',
          mediaId,
          audience: [type],
          published: true,
        }),
      )
    ).id;

  // The tree: an importer, its distributor, two retailers of that distributor, a second importer, its
  // distributor and that distributor's retailer.
  const importer = await createOrganisation(t, 'importer', { tradingName: 'Harbour Imports' });
  const distributor = await createOrganisation(t, 'distributor', { supplierId: importer.id, tradingName: 'Valley Distribution' });
  const otherImporter = await createOrganisation(t, 'importer', { tradingName: 'Other Imports' });
  const coast = await createOrganisation(t, 'distributor', { supplierId: otherImporter.id, tradingName: 'Coast Distribution' });
  const orgs = [
    importer,
    distributor,
    await createOrganisation(t, 'retailer', { supplierId: distributor.id, tradingName: 'Corner Wines' }),
    await createOrganisation(t, 'retailer', { supplierId: distributor.id, tradingName: 'High Street Spirits' }),
    otherImporter,
    coast,
    await createOrganisation(t, 'retailer', { supplierId: coast.id, tradingName: 'Harbour Bottles' }),
  ];
  for (const [i, org] of orgs.entries()) {
    const members = [await signedInMember(t, org, { tag: `owner${i}` })];
    // The generic read-only member sees no more than its colleagues.
    if (i === 2) members.push(await signedInMember(t, org, { role: 'partner', tag: `reader${i}` }));
    const request = await ok(
      await members[0]!.json('POST', '/api/partner/marketing/requests', {
        kind: 'materials',
        deliveryAddress: `${i} Trade Street`,
        neededBy: day(10),
        items: [{ collateralId: collateral[org.type], quantity: 10 + i }],
      }),
    );
    parties.push({
      org,
      members,
      requestId: request.id,
      notificationId: await notify(org, `${org.tradingName}: news`),
      personalNotificationId: await notify(org, `${org.tradingName}: for its owner`, members[0]!.userId),
      distributors: [],
    });
  }
  for (const p of parties) p.distributors = parties.flatMap((d, j) => (d.org.supplierId === p.org.id && d.org.type === 'distributor' ? [j] : []));

  // Trade: one product priced for every tier; everyone (and the brand) holds some of it.
  const [product] = await db().select({ id: products.id, caseSize: products.caseSize }).from(products).where(eq(products.slug, 'frolic-london-dry-gin'));
  productId = product!.id;
  caseSize = product!.caseSize;
  const currency = (await db().select().from(tradeTerms).where(eq(tradeTerms.customerId, importer.id)))[0]!.currency;
  await db().delete(productTradePrices).where(eq(productTradePrices.productId, productId));
  for (const tier of ['importer', 'distributor', 'retailer'] as const)
    await db().insert(productTradePrices).values({ productId, tier, market: 'GB', currency, amountMinor: 1000 });
  await moveStock(db(), { organisationId: await brandId(db()), productId, onHand: 600 * caseSize, reserved: 0, cause: 'adjustment' });
  for (const [i, p] of parties.entries())
    if (p.org.type !== 'retailer')
      await moveStock(db(), { organisationId: p.org.id, productId, onHand: (100 + i) * caseSize, reserved: 0, cause: 'adjustment' });
  // Every organisation buys from its supplier (an importer from the brand), twice; each order has a
  // message from each side.
  for (const [i, p] of parties.entries())
    for (const round of [1, 2]) {
      const order = await ok(
        await p.members[0]!.json('POST', '/api/partner/orders', { lines: [{ productId, cases: 1 + i + round }], note: `${p.org.tradingName} order ${round}` }),
      );
      // The seller among the parties (the brand, an importer's supplier, is none of them: null).
      const found = parties.findIndex((s) => s.org.id === p.org.supplierId);
      const seller = found < 0 ? null : found;
      tradeOrders.push({ id: order.id, number: order.number, buyer: i, seller });
      await ok(await p.members[0]!.json('POST', `/api/partner/orders/${order.id}/messages`, { body: `Secret of ${p.org.tradingName} ${round}` }));
      if (seller !== null)
        await ok(
          await parties[seller]!.members[0]!.json('POST', `/api/partner/orders/${order.id}/messages`, { body: `Reply of ${parties[seller]!.org.tradingName}` }),
        );
    }
  // Each importer's past allocation to its distributor (history from before offers, issue 43).
  for (const p of parties)
    for (const d of p.distributors)
      await db().insert(allocations).values({ importerId: p.org.id, distributorId: parties[d]!.org.id, note: 'Past', createdBy: p.members[0]!.userId });

  // Invoices: every seller but the brand approves both rounds' orders and invoices the first round's
  // (the shipments below go from approved or invoiced orders alike).
  for (const o of tradeOrders) {
    if (o.seller === null) continue;
    const seller = parties[o.seller]!.members[0]!;
    const seen = await ok(await seller.json('GET', `/api/partner/orders/${o.id}`), 200);
    await ok(await seller.json('POST', `/api/partner/orders/${o.id}/approve`, { version: seen.version, lines: [], note: '' }), 200);
  }
  for (const [k, o] of tradeOrders.entries()) {
    if (o.seller === null || k % 2 === 1) continue;
    const invoice = await ok(await parties[o.seller]!.members[0]!.json('POST', '/api/partner/invoices/issue', { orderIds: [o.id] }));
    tradeInvoices.push({
      id: invoice.id,
      number: invoice.number,
      issuer: o.seller,
      customer: o.buyer,
      itemId: invoice.items[0].id,
      left: invoice.items[0].cases,
    });
  }

  // Each distributor approves its retailers' orders and ships them: the first (one case) shipped and
  // received one case damaged, with a photo; the second (one case) shipped and on its way.
  const photo = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#7a4b2a' } })
    .png()
    .toBuffer();
  for (const o of tradeOrders) {
    const seller = o.seller === null ? null : (parties[o.seller] as Party);
    if (!seller || seller.org.type !== 'distributor') continue;
    const sm = seller.members[0]!;
    const seen = await ok(await sm.json('GET', `/api/partner/orders/${o.id}`), 200);
    // (Approved above, and the first round invoiced.)
    const approved = ['submitted', 'seen'].includes(seen.status)
      ? await ok(await sm.json('POST', `/api/partner/orders/${o.id}/approve`, { version: seen.version }), 200)
      : seen;
    const made = await ok(
      await sm.json('POST', '/api/partner/shipments', {
        recipientId: parties[o.buyer]!.org.id,
        carrier: 'dpd',
        trackingNumber: `TRK${o.id}`,
        note: '',
        lines: [{ orderItemId: approved.items[0].id, cases: 1 }],
      }),
    );
    await ok(await sm.json('POST', `/api/partner/shipments/${made.id}/status`, { action: 'ship', version: made.version }), 200);
    const shipment: Shipment = { id: made.id, number: made.number, sender: o.seller!, recipient: o.buyer, receiptId: null, attachmentUrl: null };
    if (sentShipments.every((x) => x.recipient !== o.buyer)) {
      const form = new FormData();
      form.append('lines', JSON.stringify([{ shipmentItemId: made.items[0].id, casesReceived: 0, casesDamaged: 1 }]));
      form.append('note', `Damaged at ${parties[o.buyer]!.org.tradingName}`);
      form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'damage.png');
      const got = await ok(
        await fetch(`${t.url}/api/partner/shipments/${made.id}/receipt`, {
          method: 'POST',
          body: form,
          headers: { cookie: parties[o.buyer]!.members[0]!.header() },
        }),
      );
      shipment.receiptId = got.receipt.id;
      shipment.attachmentUrl = got.receipt.attachment.url;
    }
    sentShipments.push(shipment);
  }

  // Each importer offers its distributor an allocation (an order in `offered`, issue 43): an order of
  // both like the others, with a message from each side, left open.
  for (const [i, p] of parties.entries())
    for (const d of p.distributors) {
      const { order } = await ok(
        await p.members[0]!.json('POST', '/api/partner/allocations', { distributorId: parties[d]!.org.id, lines: [{ productId, cases: 2 }], note: '' }),
      );
      tradeOrders.push({ id: order.id, number: order.number, buyer: d, seller: i });
      const buyer = parties[d]!;
      await ok(await buyer.members[0]!.json('POST', `/api/partner/orders/${order.id}/messages`, { body: `Secret of ${buyer.org.tradingName} offer` }));
      await ok(await p.members[0]!.json('POST', `/api/partner/orders/${order.id}/messages`, { body: `Reply of ${p.org.tradingName}` }));
    }

  for (const p of parties) for (const m of p.members) sockets.set(m.userId, await live(m));
}, 180_000);

afterAll(async () => {
  for (const s of sockets.values()) s.ws.close();
  await t?.close();
});

/** Someone (a member of `actor`'s organisation) and another organisation (`other`). */
const pair = fc
  .record({ actor: fc.nat(PARTY_COUNT - 1), member: fc.nat(1), other: fc.nat(PARTY_COUNT - 1) })
  .filter(({ actor, other }) => actor !== other)
  .map(({ actor, member, other }) => {
    const a = parties[actor] as Party;
    return { a, me: a.members[member % a.members.length] as Member, b: parties[other] as Party };
  });

/**
 * A write on a record of another organisation: 404 (it does not exist for them). The generic
 * member reads only, so any write of theirs is refused first with `read_only_access` — the same
 * answer for every id, which tells nothing of the record.
 */
async function expectWriteRefused(me: Member, res: Response) {
  if (!me.email.startsWith('partner-')) return expect(res.status).toBe(404);
  expect(res.status).toBe(403);
  expect((await res.clone().json()).error.code).toBe('read_only_access');
}

/** An id nobody's record has (int4, beyond those created here). */
const strayId = fc.integer({ min: 100_000, max: 2_147_483_647 });

const commentCount = async (requestId: number) =>
  (await db().select({ n: count() }).from(marketingRequestComments).where(eq(marketingRequestComments.requestId, requestId)))[0]?.n ?? 0;

describe('no partner reaches another organisation', () => {
  it("reads no other organisation's request, through the API or the page, and its own list holds only its own", async () => {
    await fc.assert(
      fc.asyncProperty(pair, fc.boolean(), strayId, async ({ a, me, b }, real, stray) => {
        const id = real ? b.requestId : stray;
        expect((await me.json('GET', `/api/partner/marketing/requests/${id}`)).status).toBe(404);
        expect((await me.get(`/partner/dashboard/marketing/requests/${id}`)).status).toBe(404);
        // The control: the same ways in answer its own request.
        expect((await me.json('GET', `/api/partner/marketing/requests/${a.requestId}`)).status).toBe(200);
        expect((await me.get(`/partner/dashboard/marketing/requests/${a.requestId}`)).status).toBe(200);
        const list = await ok(await me.json('GET', '/api/partner/marketing/requests'), 200);
        expect(list.items.map((r: { id: number }) => r.id)).toEqual([a.requestId]);
      }),
      { numRuns: 25 },
    );
  });

  it("writes nothing on another organisation's request: the comment is a 404 and the thread is unchanged", async () => {
    await fc.assert(
      fc.asyncProperty(
        pair,
        fc.string({ minLength: 1, maxLength: 40 }).filter((s) => s.trim().length > 0),
        async ({ me, b }, body) => {
          const before = await commentCount(b.requestId);
          const res = await me.json('POST', `/api/partner/marketing/requests/${b.requestId}/comments`, { body });
          await expectWriteRefused(me, res);
          expect(await commentCount(b.requestId)).toBe(before);
          const [row] = await db().select({ version: marketingRequests.version }).from(marketingRequests).where(eq(marketingRequests.id, b.requestId));
          expect(row?.version).toBe(1);
        },
      ),
      { numRuns: 20 },
    );
  });

  it("downloads no collateral outside its organisation's type, and every file of its own type", async () => {
    await fc.assert(
      fc.asyncProperty(pair, fc.constantFrom('importer', 'distributor', 'retailer') as fc.Arbitrary<keyof typeof collateral>, async ({ a, me }, audience) => {
        const res = await me.get(`/api/partner/collateral/${collateral[audience]}/file`);
        expect(res.status).toBe(audience === a.org.type ? 200 : 404);
        await res.arrayBuffer();
      }),
      { numRuns: 20 },
    );
  });

  it("neither sees nor marks read another organisation's notifications, nor a colleague's personal ones", async () => {
    await fc.assert(
      fc.asyncProperty(pair, fc.constantFrom('organisation', 'personal', 'stray'), strayId, async ({ a, me, b }, which, stray) => {
        const id = which === 'organisation' ? b.notificationId : which === 'personal' ? b.personalNotificationId : stray;
        expect((await me.json('POST', `/api/partner/notifications/${id}/read`)).status).toBe(404);
        expect(await db().select().from(notificationReads).where(eq(notificationReads.notificationId, id))).toEqual([]);
        const feed = await ok(await me.json('GET', '/api/partner/notifications?pageSize=100'), 200);
        const seen = feed.items.map((n: { id: number }) => n.id).sort();
        // Its organisation's entries (orders and allocations told it of some) and its own, nothing else.
        const visible = await db()
          .select({ id: notifications.id, userId: notifications.userId, permission: notifications.permission })
          .from(notifications)
          .where(eq(notifications.organisationId, a.org.id));
        const grants: readonly string[] = DEFAULT_GRANTS[a.org.type];
        const mine = visible.filter((n) => grants.includes(n.permission) && (n.userId === null || n.userId === me.userId)).map((n) => n.id);
        expect(seen).toEqual(mine.sort());
        expect(seen).toContain(a.notificationId);
        expect(seen.includes(a.personalNotificationId)).toBe(me.userId === a.members[0]?.userId);
      }),
      { numRuns: 20 },
    );
  });

  it("learns nothing of another organisation's people: the Partners screens and API are staff's", async () => {
    await fc.assert(
      fc.asyncProperty(pair, async ({ me, b }) => {
        for (const path of [`/api/admin/partners/${b.org.id}`, `/api/admin/partners/${b.org.id}/members`]) {
          const res = await me.json('GET', path);
          expect(res.status).toBe(403);
          expect(JSON.stringify(await res.json())).not.toContain(b.members[0]!.email);
        }
        // Nor adds anyone to it.
        const email = `intruder-${b.org.id.slice(0, 8)}@partners.example`;
        const invite = await me.json('POST', `/api/admin/partners/${b.org.id}/members`, { email, firstName: 'In', lastName: 'Truder', role: b.org.type });
        expect(invite.status).toBe(403);
        expect(await db().select().from(users).where(eq(users.email, email))).toEqual([]);
        const page = await me.get(`/admin/dashboard/partners/${b.org.id}`);
        expect(page.status).toBe(302);
        expect(await page.text()).not.toContain(b.members[0]!.email);
      }),
      { numRuns: 10 },
    );
  });

  it("hears nothing on its live socket about another organisation, while that organisation's members do", async () => {
    const staff = await signedIn(t, 'employee', 'isolation-live');
    await fc.assert(
      fc.asyncProperty(pair, fc.constantFrom('notification', 'request'), async ({ a, b }, what) => {
        for (const s of sockets.values()) s.events.length = 0;
        if (what === 'notification') await notify(b.org, `${b.org.tradingName}: live news`);
        else {
          // A staff comment on b's request: its notification and its `changed` signal.
          const detail = await ok(await staff.json('GET', `/api/admin/marketing-requests/${b.requestId}`), 200);
          await ok(await staff.json('POST', `/api/admin/marketing-requests/${detail.id}/comments`, { body: 'Noted.' }), 201);
        }
        for (const s of sockets.values()) await s.settle();
        for (const m of a.members) expect(sockets.get(m.userId)?.events, `${a.org.tradingName} heard ${b.org.tradingName}'s ${what}`).toEqual([]);
        // The control: b's own members heard it.
        for (const m of b.members) expect(sockets.get(m.userId)?.events.length).toBeGreaterThan(0);
        if (what === 'request')
          expect(sockets.get(b.members[0]!.userId)?.events).toContainEqual(
            expect.objectContaining({ type: 'changed', topic: 'marketing_request', id: b.requestId }),
          );
      }),
      { numRuns: 12 },
    );
  });
});

const indexOf = (p: Party) => parties.indexOf(p);
const isParty = (o: TradeOrder, i: number) => o.buyer === i || o.seller === i;
/** An order `a` is not party to (`pick` chooses among them), and one it is. */
const foreignOrder = (a: Party, pick: number) => {
  const them = tradeOrders.filter((o) => !isParty(o, indexOf(a)));
  return them[pick % them.length] as TradeOrder;
};
const ownOrder = (a: Party, pick: number) => {
  const mine = tradeOrders.filter((o) => isParty(o, indexOf(a)));
  return mine[pick % mine.length] as TradeOrder;
};

async function orderState(id: number) {
  const [row] = await db().select({ status: orders.status, version: orders.version, updatedAt: orders.updatedAt }).from(orders).where(eq(orders.id, id));
  const messages = await db().select().from(orderMessages).where(eq(orderMessages.orderId, id)).orderBy(asc(orderMessages.id));
  const items = await db().select().from(orderItems).where(eq(orderItems.orderId, id)).orderBy(asc(orderItems.id));
  return { row, messages, items };
}
/** Every stock balance and every allocation: what a refused write must leave as it was. */
async function ledgers() {
  return {
    balances: await db().select().from(stockBalances).orderBy(asc(stockBalances.id)),
    allocations: (await db().select({ n: count() }).from(allocations))[0]?.n,
  };
}

describe('no partner reaches another organisation’s trade: orders, their lines and messages, stock, allocations', () => {
  it('reads no order it is not party to (real or stray ids), nor its messages; its own it reads', async () => {
    await fc.assert(
      fc.asyncProperty(pair, fc.nat(), fc.boolean(), strayId, async ({ a, me }, pick, real, stray) => {
        const foreign = foreignOrder(a, pick);
        const id = real ? foreign.id : stray;
        for (const path of [`/api/partner/orders/${id}`, `/api/partner/orders/${id}/messages`]) {
          const res = await me.json('GET', path);
          expect(res.status).toBe(404);
          const text = await res.text();
          if (real) expect(text).not.toContain(foreign.number);
        }
        // The control: its own order (bought or sold) and that order's thread.
        const own = ownOrder(a, pick);
        const detail = await ok(await me.json('GET', `/api/partner/orders/${own.id}`), 200);
        expect(detail.number).toBe(own.number);
        const thread = await ok(await me.json('GET', `/api/partner/orders/${own.id}/messages`), 200);
        expect(thread.items.length).toBeGreaterThan(0);
        const { messages } = await orderState(own.id);
        expect(thread.items.map((m: { body: string }) => m.body).sort()).toEqual(messages.map((m) => m.body).sort());
        // Its lines are that order's lines, no other's.
        const { items } = await orderState(own.id);
        expect(detail.items.map((i: { id: number }) => i.id).sort()).toEqual(items.map((i) => i.id).sort());
      }),
      { numRuns: 25 },
    );
  });

  it('lists, on either side, only the orders its organisation is party to; no payload names a foreign order', async () => {
    await fc.assert(
      fc.asyncProperty(pair, fc.nat(), async ({ a, me }, pick) => {
        const i = indexOf(a);
        const buying = await ok(await me.json('GET', `/api/partner/orders?side=buying&limit=${ORDER_PAGE_SIZE}`), 200);
        const selling = await ok(await me.json('GET', `/api/partner/orders?side=selling&limit=${ORDER_PAGE_SIZE}`), 200);
        const ids = (list: { items: { id: number }[] }) => list.items.map((o) => o.id).sort((x, y) => x - y);
        expect(ids(buying)).toEqual(
          tradeOrders
            .filter((o) => o.buyer === i)
            .map((o) => o.id)
            .sort((x, y) => x - y),
        );
        expect(ids(selling)).toEqual(
          tradeOrders
            .filter((o) => o.seller === i)
            .map((o) => o.id)
            .sort((x, y) => x - y),
        );
        expect(buying.items.length).toBeGreaterThan(0);
        const own = ownOrder(a, pick);
        const detail = await (await me.json('GET', `/api/partner/orders/${own.id}`)).text();
        const thread = await (await me.json('GET', `/api/partner/orders/${own.id}/messages`)).text();
        const payload = JSON.stringify(buying) + JSON.stringify(selling) + detail + thread;
        for (const o of tradeOrders.filter((x) => !isParty(x, i))) expect(payload).not.toContain(o.number);
        for (const other of parties.filter((x) => x !== a && !isParty(own, indexOf(x)))) expect(payload).not.toContain(`Secret of ${other.org.tradingName}`);
      }),
      { numRuns: 20 },
    );
  });

  it('approves, rejects, cancels or writes on no order it is not party to: a 404 and nothing changed', async () => {
    await fc.assert(
      fc.asyncProperty(
        pair,
        fc.nat(),
        fc.constantFrom('approve', 'reject', 'cancel', 'messages'),
        fc.string({ minLength: 1, maxLength: 40 }).filter((s) => s.trim().length > 0),
        async ({ a, me }, pick, action, text) => {
          const foreign = foreignOrder(a, pick);
          const before = await orderState(foreign.id);
          const stock = await ledgers();
          // The version is the live one: only the isolation stands in the way.
          const version = before.row!.version;
          const payload = action === 'approve' ? { version, lines: [], note: text } : action === 'messages' ? { body: text } : { version, reason: text };
          const res = await me.json('POST', `/api/partner/orders/${foreign.id}/${action}`, payload);
          await expectWriteRefused(me, res);
          expect(await res.text()).not.toContain(foreign.number);
          expect(await orderState(foreign.id)).toEqual(before);
          expect(await ledgers()).toEqual(stock);
        },
      ),
      { numRuns: 30 },
    );
  });

  it('sees only its own holdings and its own allocations', async () => {
    await fc.assert(
      fc.asyncProperty(pair, async ({ a, me }) => {
        const stock = await ok(await me.json('GET', '/api/partner/stock'), 200);
        const held = await db()
          .select({ productId: stockBalances.productId, onHand: stockBalances.onHand })
          .from(stockBalances)
          .where(eq(stockBalances.organisationId, a.org.id));
        expect(stock.items.map((h: { productId: number; onHand: number }) => ({ productId: h.productId, onHand: h.onHand }))).toEqual(held);
        // The control: importers and distributors hold some (each a different amount).
        if (a.org.type !== 'retailer') expect(held.length).toBeGreaterThan(0);

        const list = await ok(await me.json('GET', '/api/partner/allocations'), 200);
        const made = await db().select({ id: allocations.id }).from(allocations).where(eq(allocations.importerId, a.org.id));
        const received = await db().select({ id: allocations.id }).from(allocations).where(eq(allocations.distributorId, a.org.id));
        const ids = (xs: { id: number }[]) => xs.map((x) => x.id).sort((x, y) => x - y);
        expect(ids(list.made)).toEqual(ids(made));
        expect(ids(list.received)).toEqual(ids(received));
        if (a.org.type === 'importer') expect(made.length).toBeGreaterThan(0);
        if (a.org.type === 'distributor') expect(received.length).toBeGreaterThan(0);
      }),
      { numRuns: 20 },
    );
  });

  it('offers to no distributor but its own: a 404 and both ledgers unchanged; to its own, the cases are reserved', async () => {
    const importers = parties.filter((p) => p.org.type === 'importer');
    await fc.assert(
      fc.asyncProperty(fc.nat(importers.length - 1), fc.nat(1), fc.nat(parties.length - 1), fc.boolean(), fc.uuid(), async (ai, mi, bi, real, stray) => {
        const a = importers[ai] as Party;
        const me = a.members[mi % a.members.length] as Member;
        const b = parties[bi] as Party;
        fc.pre(!a.distributors.includes(bi));
        const target = real ? b.org.id : stray;
        const before = await ledgers();
        const res = await me.json('POST', '/api/partner/allocations', { distributorId: target, lines: [{ productId, cases: 1 }], note: '' });
        expect(res.status).toBe(404);
        expect(await ledgers()).toEqual(before);
        // The control: the same offer to its own distributor reserves the case in the importer's ledger
        // (the distributor's moves when it receives it); withdrawn, it is released.
        const own = parties[a.distributors[0]!] as Party;
        const { order } = await ok(
          await me.json('POST', '/api/partner/allocations', { distributorId: own.org.id, lines: [{ productId, cases: 1 }], note: '' }),
        );
        const after = await ledgers();
        const held = (l: typeof before, org: string) => l.balances.find((x) => x.organisationId === org && x.productId === productId);
        expect(held(after, a.org.id)?.reserved).toBe(held(before, a.org.id)!.reserved + caseSize);
        expect(held(after, own.org.id)).toEqual(held(before, own.org.id));
        await ok(await me.json('POST', `/api/partner/orders/${order.id}/cancel`, { version: order.version, reason: 'Control' }), 200);
        expect(held(await ledgers(), a.org.id)?.reserved).toBe(held(before, a.org.id)!.reserved);
      }),
      { numRuns: 15 },
    );
  });

  it("reaches none of the brand's Trade orders: the staff API is a 403 and nothing changes", async () => {
    await fc.assert(
      fc.asyncProperty(pair, fc.nat(), fc.constantFrom('approve', 'reject', 'cancel', 'ship', 'deliver', 'messages'), async ({ me }, pick, action) => {
        const brandOrders = tradeOrders.filter((o) => o.seller === null);
        const o = brandOrders[pick % brandOrders.length] as TradeOrder;
        for (const path of ['/api/admin/trade-orders', `/api/admin/trade-orders/${o.id}`, `/api/admin/trade-orders/${o.id}/messages`]) {
          const res = await me.json('GET', path);
          expect(res.status).toBe(403);
          expect(await res.text()).not.toContain(o.number);
        }
        const before = await orderState(o.id);
        const stock = await ledgers();
        const version = before.row!.version;
        const res = await me.json('POST', `/api/admin/trade-orders/${o.id}/${action}`, { version, lines: [], reason: 'No.', body: 'Hello' });
        expect(res.status).toBe(403);
        expect(await orderState(o.id)).toEqual(before);
        expect(await ledgers()).toEqual(stock);
      }),
      { numRuns: 15 },
    );
  });

  it("hears no order or stock signal of another organisation on its live socket, while the parties' members do", async () => {
    await fc.assert(
      fc.asyncProperty(pair, fc.nat(), fc.constantFrom('order', 'stock'), async ({ a }, pick, what) => {
        for (const s of sockets.values()) s.events.length = 0;
        const ai = indexOf(a);
        let heard: Party[];
        let expected: { topic: string; id?: unknown };
        if (what === 'order') {
          // A message on an order `a` is not party to, from its buyer: both sides hear of it.
          const o = foreignOrder(a, pick);
          const buyer = parties[o.buyer] as Party;
          await ok(await buyer.members[0]!.json('POST', `/api/partner/orders/${o.id}/messages`, { body: 'Any news?' }));
          heard = [buyer, ...(o.seller === null ? [] : [parties[o.seller] as Party])];
          expected = { topic: 'order', id: o.id };
        } else {
          // An allocation offer between two organisations other than `a`, neither of them `a`'s supplier
          // (a buyer hears its supplier's stock move: its catalogue and order form show that figure).
          const movers = parties.filter(
            (p, i) => p.org.type === 'importer' && i !== ai && !p.distributors.includes(ai) && a.org.supplierId !== parties[p.distributors[0]!]!.org.id,
          );
          const importer = movers[pick % movers.length] as Party;
          const d = parties[importer.distributors[0]!] as Party;
          await ok(
            await importer.members[0]!.json('POST', '/api/partner/allocations', { distributorId: d.org.id, lines: [{ productId, cases: 1 }], note: '' }),
          );
          // The offer reserves the importer's stock: the importer and its buyers hear it (the distributor's moves on receipt).
          heard = [importer, d];
          expected = { topic: 'stock' };
        }
        for (const s of sockets.values()) await s.settle();
        for (const m of a.members) expect(sockets.get(m.userId)?.events, `${a.org.tradingName} heard another's ${what}`).toEqual([]);
        // The control: the parties' members heard it.
        for (const p of heard)
          for (const m of p.members) expect(sockets.get(m.userId)?.events).toContainEqual(expect.objectContaining({ type: 'changed', ...expected }));
      }),
      { numRuns: 15 },
    );
  });
});

const isShipmentParty = (s: Shipment, i: number) => s.sender === i || s.recipient === i;
/** A shipment `a` neither sends nor receives (`pick` chooses among them). */
const foreignShipment = (a: Party, pick: number) => {
  const them = sentShipments.filter((s) => !isShipmentParty(s, indexOf(a)));
  return them[pick % them.length] as Shipment;
};
/** The sender's or the recipient's page of a shipment, as a member of `p` would open it. */
const shipmentPage = (p: Party, id: number) =>
  p.org.type === 'distributor' ? `/partner/dashboard/distributor/shipments/${id}` : `/partner/dashboard/retailer/receipts/${id}`;

/** Every shipment, receipt and file, and the ledgers: what a refused write must leave as it was. */
async function shipping() {
  return {
    shipments: await db().select().from(shipments).orderBy(asc(shipments.id)),
    receipts: await db().select().from(receipts).orderBy(asc(receipts.id)),
    files: (await db().select({ n: count() }).from(attachments))[0]?.n,
    ...(await ledgers()),
  };
}

describe('no partner reaches another organisation’s shipments, receipts or files', () => {
  it('reads no shipment it neither sends nor receives (real or stray ids), through the API or the pages; its own it reads', async () => {
    await fc.assert(
      fc.asyncProperty(pair, fc.nat(), fc.boolean(), strayId, async ({ a, me }, pick, real, stray) => {
        const foreign = foreignShipment(a, pick);
        const id = real ? foreign.id : stray;
        const api = await me.json('GET', `/api/partner/shipments/${id}`);
        expect(api.status).toBe(404);
        expect(await api.text()).not.toContain(foreign.number);
        // Spec §2's pages, and the same pages by relationship (issue 43: supplier/, buyer/).
        for (const page of [
          `/partner/dashboard/distributor/shipments/${id}`,
          `/partner/dashboard/retailer/receipts/${id}`,
          `/partner/dashboard/supplier/shipments/${id}`,
          `/partner/dashboard/buyer/receipts/${id}`,
        ]) {
          const res = await me.get(page);
          // Another role's page sends it away ('Access Denied'); its own role's page does not know the shipment.
          expect([302, 404]).toContain(res.status);
          expect(await res.text()).not.toContain(foreign.number);
        }
        // The control: a shipment its organisation sent or received, through the API and its side's page.
        const own = sentShipments.filter((s) => isShipmentParty(s, indexOf(a)));
        if (own.length) {
          const s = own[pick % own.length] as Shipment;
          expect((await ok(await me.json('GET', `/api/partner/shipments/${s.id}`), 200)).number).toBe(s.number);
          if (me === a.members[0]) {
            const page = await me.get(shipmentPage(a, s.id));
            expect(page.status).toBe(200);
            expect(await page.text()).toContain(s.number);
          }
        }
      }),
      { numRuns: 25 },
    );
  });

  it('lists, sent and received, only the shipments its organisation is party to', async () => {
    await fc.assert(
      fc.asyncProperty(pair, async ({ a, me }) => {
        const i = indexOf(a);
        const ids = (list: { items: { id: number }[] }) => list.items.map((s) => s.id).sort((x, y) => x - y);
        const sending = await ok(await me.json('GET', '/api/partner/shipments?side=sending&limit=50'), 200);
        const receiving = await ok(await me.json('GET', '/api/partner/shipments?side=receiving&limit=50'), 200);
        const want = (f: (s: Shipment) => boolean) =>
          sentShipments
            .filter(f)
            .map((s) => s.id)
            .sort((x, y) => x - y);
        expect(ids(sending)).toEqual(want((s) => s.sender === i));
        expect(ids(receiving)).toEqual(want((s) => s.recipient === i));
        const payload = JSON.stringify(sending) + JSON.stringify(receiving);
        for (const s of sentShipments.filter((x) => !isShipmentParty(x, i))) expect(payload).not.toContain(s.number);
        // The control: distributors and retailers each have some.
        if (a.org.type !== 'importer') expect(sending.items.length + receiving.items.length).toBeGreaterThan(0);
      }),
      { numRuns: 20 },
    );
  });

  it('ships, moves, calls off, receives or answers no shipment it is not party to: a 404 and nothing changed', async () => {
    const photo = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    await fc.assert(
      fc.asyncProperty(pair, fc.nat(), fc.constantFrom('in_transit', 'exception', 'discard', 'receipt', 'resolve'), async ({ a, me }, pick, action) => {
        const foreign = foreignShipment(a, pick);
        const before = await shipping();
        const row = before.shipments.find((s) => s.id === foreign.id)!;
        let res: Response;
        if (action === 'receipt') {
          const form = new FormData();
          form.append('lines', JSON.stringify([{ shipmentItemId: 1, casesReceived: 1 }]));
          form.append('file', new Blob([new Uint8Array(photo)], { type: 'application/pdf' }), 'intruder.pdf');
          res = await fetch(`${t.url}/api/partner/shipments/${foreign.id}/receipt`, { method: 'POST', body: form, headers: { cookie: me.header() } });
        } else if (action === 'resolve') {
          const target = sentShipments.filter((s) => s.receiptId !== null && !isShipmentParty(s, indexOf(a)));
          const s = target[pick % target.length] as Shipment;
          res = await me.json('POST', `/api/partner/receipts/${s.receiptId}/resolve`, { resolution: 'credit_note', version: 1, creditNoteId: 1 });
        } else if (action === 'discard') res = await me.json('POST', `/api/partner/shipments/${foreign.id}/discard`, { version: row.version });
        else res = await me.json('POST', `/api/partner/shipments/${foreign.id}/status`, { action, version: row.version, reason: 'Lost.' });
        await expectWriteRefused(me, res);
        expect(await res.text()).not.toContain(foreign.number);
        expect(await shipping()).toEqual(before);
      }),
      { numRuns: 30 },
    );
  });

  it("downloads no receipt's file of another organisation (real or stray ids); its own organisation's it does", async () => {
    await fc.assert(
      fc.asyncProperty(pair, fc.nat(), fc.boolean(), fc.uuid(), async ({ a, me }, pick, real, stray) => {
        const theirs = sentShipments.filter((s) => s.attachmentUrl && !isShipmentParty(s, indexOf(a)));
        const url = real ? (theirs[pick % theirs.length] as Shipment).attachmentUrl! : `/api/attachments/${stray}`;
        const res = await me.get(url);
        expect(res.status).toBe(404);
        expect(res.headers.get('content-type')).not.toBe('image/png');
        await res.arrayBuffer();
        // The control: a file of a shipment its organisation sent or received.
        const own = sentShipments.filter((s) => s.attachmentUrl && isShipmentParty(s, indexOf(a)));
        if (own.length) {
          const mine = await me.get((own[pick % own.length] as Shipment).attachmentUrl!);
          expect(mine.status).toBe(200);
          expect(mine.headers.get('content-type')).toBe('image/png');
          await mine.arrayBuffer();
        }
      }),
      { numRuns: 20 },
    );
  });

  it("hears no shipment signal of another organisation on its live socket, while the sender's and the recipient's members do", async () => {
    await fc.assert(
      fc.asyncProperty(pair, fc.nat(), async ({ a }, pick) => {
        // A shipment on its way that `a` is not party to; its sender reports it held up, or back on the road.
        const onTheWay = sentShipments.filter((s) => s.receiptId === null && !isShipmentParty(s, indexOf(a)));
        const s = onTheWay[pick % onTheWay.length] as Shipment;
        for (const x of sockets.values()) x.events.length = 0;
        const sender = parties[s.sender] as Party;
        const current = await ok(await sender.members[0]!.json('GET', `/api/partner/shipments/${s.id}`), 200);
        const action = current.status === 'exception' ? 'resume' : 'exception';
        await ok(
          await sender.members[0]!.json('POST', `/api/partner/shipments/${s.id}/status`, { action, version: current.version, reason: 'Van broke down.' }),
          200,
        );
        for (const x of sockets.values()) await x.settle();
        for (const m of a.members) expect(sockets.get(m.userId)?.events, `${a.org.tradingName} heard another's shipment`).toEqual([]);
        for (const p of [sender, parties[s.recipient] as Party])
          for (const m of p.members)
            expect(sockets.get(m.userId)?.events).toContainEqual(expect.objectContaining({ type: 'changed', topic: 'shipment', id: s.id }));
      }),
      { numRuns: 12 },
    );
  });
});
const onInvoice = (inv: TradeInvoice, i: number) => inv.issuer === i || inv.customer === i;
/** An invoice `a` is neither issuer nor customer of (`pick` chooses), and one it is. */
const foreignInvoice = (a: Party, pick: number) => {
  const them = tradeInvoices.filter((x) => !onInvoice(x, indexOf(a)));
  return them[pick % them.length] as TradeInvoice;
};
const ownInvoice = (a: Party, pick: number) => {
  const mine = tradeInvoices.filter((x) => onInvoice(x, indexOf(a)));
  return mine[pick % mine.length] as TradeInvoice;
};
const invoiceState = async (id: number) => (await db().select().from(invoices).where(eq(invoices.id, id)))[0];

describe('no partner reaches another organisation’s invoices or credit notes', () => {
  it('reads no invoice it is neither issuer nor customer of (real or stray ids), nor its PDF or page; its own it reads', async () => {
    expect(parties.every((_, i) => tradeInvoices.some((x) => onInvoice(x, i)))).toBe(true);
    await fc.assert(
      fc.asyncProperty(pair, fc.nat(), fc.boolean(), strayId, async ({ a, me }, pick, real, stray) => {
        const foreign = foreignInvoice(a, pick);
        const id = real ? foreign.id : stray;
        for (const path of [`/api/partner/invoices/${id}`, `/api/partner/invoices/${id}/pdf`, `/partner/dashboard/invoices/${id}`]) {
          const res = path.startsWith('/api') ? await me.json('GET', path) : await me.get(path);
          expect(res.status, path).toBe(404);
          // (Numbers are per issuer, so another's INV-…-0001 may be this one's own number too: the API's answer names nothing.)
          if (real && path.startsWith('/api')) expect(await res.text()).not.toContain(foreign.number);
        }
        // The control: an invoice of its own, as issuer or customer, through the same three ways.
        const own = ownInvoice(a, pick);
        expect((await ok(await me.json('GET', `/api/partner/invoices/${own.id}`), 200)).number).toBe(own.number);
        const pdf = await me.get(`/api/partner/invoices/${own.id}/pdf`);
        expect(pdf.status).toBe(200);
        await pdf.arrayBuffer();
        expect((await me.get(`/partner/dashboard/invoices/${own.id}`)).status).toBe(200);
      }),
      { numRuns: 20 },
    );
  });

  it('lists, on either side, only the invoices its organisation issued or received', async () => {
    await fc.assert(
      fc.asyncProperty(pair, async ({ a, me }) => {
        const i = indexOf(a);
        const ids = (list: { items: { id: number }[] }) => list.items.map((x) => x.id).sort((x, y) => x - y);
        const issued = await ok(await me.json('GET', '/api/partner/invoices?side=issuer&limit=50'), 200);
        const received = await ok(await me.json('GET', '/api/partner/invoices?side=customer&limit=50'), 200);
        const both = await ok(await me.json('GET', '/api/partner/invoices?limit=50'), 200);
        const expected = (f: (x: TradeInvoice) => boolean) =>
          tradeInvoices
            .filter(f)
            .map((x) => x.id)
            .sort((x, y) => x - y);
        expect(ids(issued)).toEqual(expected((x) => x.issuer === i));
        expect(ids(received)).toEqual(expected((x) => x.customer === i));
        expect(ids(both)).toEqual(expected((x) => onInvoice(x, i)));
        // No other organisation is named in them: only the invoices' two parties.
        const named = new Set(
          [issued, received, both].flatMap((l) => l.items.flatMap((x: { issuer: { id: string }; customer: { id: string } }) => [x.issuer.id, x.customer.id])),
        );
        for (const id of named)
          expect(tradeInvoices.some((x) => onInvoice(x, i) && [parties[x.issuer]!.org.id, parties[x.customer]!.org.id].includes(id))).toBe(true);
      }),
      { numRuns: 15 },
    );
  });

  it('issues, discards or credits nothing of another organisation, nor invoices its orders: a 404 and nothing changed', async () => {
    await fc.assert(
      fc.asyncProperty(pair, fc.nat(), fc.constantFrom('issue', 'discard', 'credit-notes', 'invoice-order'), async ({ a, me }, pick, action) => {
        const foreign = foreignInvoice(a, pick);
        const before = await invoiceState(foreign.id);
        const count = await db().select().from(invoices);
        if (action === 'invoice-order') {
          // Another seller's approved, uninvoiced order (a second-round order).
          const theirs = tradeOrders.filter((o, k) => k % 2 === 1 && o.seller !== null && o.seller !== indexOf(a));
          const o = theirs[pick % theirs.length] as TradeOrder;
          const statusBefore = (await orderState(o.id)).row?.status;
          for (const path of ['/api/partner/invoices/issue', '/api/partner/invoices', '/api/partner/invoices/preview']) {
            const res = await me.json('POST', path, { orderIds: [o.id] });
            await expectWriteRefused(me, res);
            expect(await res.text()).not.toContain(o.number);
          }
          expect((await orderState(o.id)).row?.status).toBe(statusBefore);
        } else {
          const payload =
            action === 'credit-notes' ? { lines: [{ invoiceItemId: foreign.itemId, cases: 1 }], reason: 'Not mine' } : { version: before!.version };
          const res = await me.json('POST', `/api/partner/invoices/${foreign.id}/${action}`, payload);
          await expectWriteRefused(me, res);
          expect(await res.text()).not.toContain(foreign.number);
        }
        expect(await invoiceState(foreign.id)).toEqual(before);
        expect((await db().select().from(invoices)).length).toBe(count.length);
      }),
      { numRuns: 25 },
    );
  });

  it("hears no invoice signal of another organisation on its live socket, while both parties' members do", async () => {
    await fc.assert(
      fc.asyncProperty(pair, async ({ a }) => {
        for (const s of sockets.values()) s.events.length = 0;
        // The foreign invoice with the most left to credit: its issuer credits one case of it.
        const inv = tradeInvoices.filter((x) => !onInvoice(x, indexOf(a))).sort((x, y) => y.left - x.left)[0] as TradeInvoice;
        const issuer = parties[inv.issuer] as Party;
        const note = await ok(
          await issuer.members[0]!.json('POST', `/api/partner/invoices/${inv.id}/credit-notes`, {
            lines: [{ invoiceItemId: inv.itemId, cases: 1 }],
            reason: 'Breakage',
          }),
        );
        inv.left -= 1;
        for (const s of sockets.values()) await s.settle();
        for (const m of a.members) expect(sockets.get(m.userId)?.events, `${a.org.tradingName} heard another's credit note`).toEqual([]);
        // The control: the issuer's and the customer's members heard of it.
        for (const p of [issuer, parties[inv.customer] as Party])
          for (const m of p.members)
            expect(sockets.get(m.userId)?.events).toContainEqual(expect.objectContaining({ type: 'changed', topic: 'invoice', id: note.id }));
      }),
      { numRuns: 8 },
    );
  });
});

/** Payments of the setup: payer and payee by party index, the invoice each allocates to. */
interface TradePayment {
  id: number;
  label: string;
  payer: number;
  payee: number;
}
interface PayableInvoice {
  id: number;
  number: string;
  customer: number;
  issuer: number;
}

describe('no partner reaches another organisation’s payments, invoices to pay or statements', () => {
  const tradePayments: TradePayment[] = [];
  const payableInvoices: PayableInvoice[] = [];
  const retailers = () => parties.flatMap((p, i) => (p.org.type === 'retailer' ? [i] : []));

  beforeAll(async () => {
    // Each retailer has two invoices from its distributor, a pending payment on the first and a settled one with credit left.
    for (const r of retailers()) {
      const party = parties[r] as Party;
      const issuer = parties.findIndex((p) => p.org.id === party.org.supplierId);
      for (const total of [40_000, 50_000]) {
        const inv = await issuedInvoice(db(), { issuerId: party.org.supplierId!, customerId: party.org.id, totalMinor: total });
        payableInvoices.push({ id: inv.id, number: inv.number, customer: r, issuer });
      }
      const own = payableInvoices.filter((x) => x.customer === r);
      const today = new Date().toISOString().slice(0, 10);
      const base = { currency: 'GBP', method: 'bank_transfer', reference: `Ref of ${party.org.tradingName}`, paidOn: today };
      const pending = await ok(
        await party.members[0]!.json('POST', '/api/partner/payments', {
          ...base,
          amountMinor: 10_000,
          allocations: [{ invoiceId: own[0]!.id, amountMinor: 10_000 }],
        }),
      );
      const settled = await ok(await party.members[0]!.json('POST', '/api/partner/payments', { ...base, amountMinor: 7_000, allocations: [] }));
      await ok(await parties[issuer]!.members[0]!.json('POST', `/api/partner/payments/${settled.id}/confirm`, { version: 1 }), 200);
      for (const p of [pending, settled]) tradePayments.push({ id: p.id, label: p.label, payer: r, payee: issuer });
    }
  });

  const isPaymentParty = (p: TradePayment, i: number) => p.payer === i || p.payee === i;
  async function paymentState(id: number) {
    const [row] = await db().select().from(payments).where(eq(payments.id, id));
    const allocs = await db().select().from(paymentAllocations).where(eq(paymentAllocations.paymentId, id)).orderBy(asc(paymentAllocations.invoiceId));
    const paid = await db().select({ id: invoices.id, paid: invoices.paidMinor }).from(invoices).orderBy(asc(invoices.id));
    return { row, allocs, paid };
  }

  it('reads no payment it is not party to (real or stray ids); its lists hold only its own', async () => {
    await fc.assert(
      fc.asyncProperty(pair, fc.nat(), fc.boolean(), strayId, async ({ a, me }, pick, real, stray) => {
        const i = indexOf(a);
        const foreign = tradePayments.filter((p) => !isPaymentParty(p, i));
        // The distributor is party to every payment of the setup: for it, only stray ids are foreign.
        const target = foreign.length ? (foreign[pick % foreign.length] as TradePayment) : null;
        const res = await me.json('GET', `/api/partner/payments/${real && target ? target.id : stray}`);
        expect(res.status).toBe(404);
        if (real && target) expect(await res.text()).not.toContain(target.label);
        const overview = await ok(await me.json('GET', '/api/partner/payments'), 200);
        const history = await ok(await me.json('GET', '/api/partner/payments/history'), 200);
        const listed = [...overview.payments, ...(overview.pending ?? []), ...history.items].map((p: { id: number }) => p.id);
        for (const id of listed)
          expect(
            isPaymentParty(
              tradePayments.find((p) => p.id === id)!,
              i,
            ),
          ).toBe(true);
        const payload = JSON.stringify(overview) + JSON.stringify(history);
        for (const p of foreign) expect(payload).not.toContain(p.label);
        // Invoice numbers repeat across issuers: its invoices and its retailers are checked by id instead.
        const mineAsCustomer = await db().select({ id: invoices.id }).from(invoices).where(eq(invoices.customerId, a.org.id));
        const mineAsIssuer = await db().select({ customerId: invoices.customerId }).from(invoices).where(eq(invoices.issuerId, a.org.id));
        for (const inv of overview.invoices ?? []) expect(mineAsCustomer.map((x) => x.id)).toContain(inv.id);
        for (const row of overview.aging ?? []) expect(mineAsIssuer.map((x) => x.customerId)).toContain(row.customer.id);
        // The control: its own payments are there, and each reads.
        const own = tradePayments.filter((p) => isPaymentParty(p, i));
        expect(new Set(listed)).toEqual(new Set(own.map((p) => p.id)));
        for (const p of own) expect((await me.json('GET', `/api/partner/payments/${p.id}`)).status).toBe(200);
      }),
      { numRuns: 20 },
    );
  });

  it('confirms, fails or applies credit on no payment it is not party to: a 404 and nothing changed', async () => {
    await fc.assert(
      fc.asyncProperty(pair, fc.nat(), fc.constantFrom('confirm', 'fail', 'allocations'), async ({ a, me }, pick, action) => {
        const i = indexOf(a);
        const foreign = tradePayments.filter((p) => !isPaymentParty(p, i));
        fc.pre(foreign.length > 0);
        const target = foreign[pick % foreign.length] as TradePayment;
        const before = await paymentState(target.id);
        const invoice = payableInvoices.find((x) => x.customer === target.payer)!;
        const payload =
          action === 'allocations' ? { allocations: [{ invoiceId: invoice.id, amountMinor: 1 }] } : { version: before.row!.version, reason: 'Not mine.' };
        const res = await me.json('POST', `/api/partner/payments/${target.id}/${action}`, payload);
        await expectWriteRefused(me, res);
        expect(await paymentState(target.id)).toEqual(before);
      }),
      { numRuns: 25 },
    );
  });

  it('pays no invoice of another organisation: a 404 and nothing written; its own invoice takes the same payment', async () => {
    const payers = retailers();
    await fc.assert(
      fc.asyncProperty(fc.nat(payers.length - 1), fc.nat(), fc.boolean(), strayId, async (ai, pick, real, stray) => {
        const i = payers[ai] as number;
        const me = parties[i]!.members[0]!;
        const foreign = payableInvoices.filter((x) => x.customer !== i);
        const target = foreign[pick % foreign.length] as PayableInvoice;
        const count = async () => (await db().select({ id: payments.id }).from(payments)).length;
        const before = await count();
        const body = (invoiceId: number) => ({
          amountMinor: 1,
          currency: 'GBP',
          method: 'eft',
          reference: '',
          paidOn: new Date().toISOString().slice(0, 10),
          allocations: [{ invoiceId, amountMinor: 1 }],
        });
        const res = await me.json('POST', '/api/partner/payments', body(real ? target.id : stray));
        expect(res.status).toBe(404);
        expect(await res.text()).not.toContain(target.number);
        expect(await count()).toBe(before);
        // The control: the same payment against its own second invoice is recorded.
        const own = payableInvoices.filter((x) => x.customer === i)[1]!;
        await ok(await me.json('POST', '/api/partner/payments', body(own.id)));
      }),
      { numRuns: 15 },
    );
  });

  it('reads no statement but its own: another organisation’s retailer is a 404', async () => {
    const period = `from=2026-01-01&to=${new Date().toISOString().slice(0, 10)}`;
    await fc.assert(
      fc.asyncProperty(pair, fc.constantFrom('statement', 'statement.csv', 'statement.pdf'), async ({ a, me, b }, kind) => {
        fc.pre(b.org.supplierId !== a.org.id);
        const res = await me.json('GET', `/api/partner/payments/${kind}?customerId=${b.org.id}&${period}`);
        expect(res.status).toBe(404);
        expect(await res.text()).not.toContain(b.org.tradingName);
        // The control: a distributor's own retailer, a retailer's own statement.
        const mineFor =
          a.org.type === 'distributor' ? parties.find((p) => p.org.supplierId === a.org.id && p.org.type === 'retailer') : a.org.type === 'retailer' ? a : null;
        if (mineFor) {
          const own = await me.json('GET', `/api/partner/payments/${kind}?${a.org.type === 'distributor' ? `customerId=${mineFor.org.id}&` : ''}${period}`);
          expect(own.status).toBe(200);
          await own.arrayBuffer();
        }
      }),
      { numRuns: 20 },
    );
  });

  it("hears no payment signal of another organisation on its live socket, while the payment's parties do", async () => {
    await fc.assert(
      fc.asyncProperty(pair, fc.nat(), async ({ a }, pick) => {
        const i = indexOf(a);
        const payers = retailers().filter((r) => r !== i && parties[r]!.org.supplierId !== a.org.id);
        fc.pre(payers.length > 0);
        const r = payers[pick % payers.length] as number;
        const payer = parties[r] as Party;
        const payee = parties.find((p) => p.org.id === payer.org.supplierId) as Party;
        for (const s of sockets.values()) s.events.length = 0;
        const made = await ok(
          await payer.members[0]!.json('POST', '/api/partner/payments', {
            amountMinor: 100,
            currency: 'GBP',
            method: 'card',
            reference: '',
            paidOn: new Date().toISOString().slice(0, 10),
            allocations: [],
          }),
        );
        for (const s of sockets.values()) await s.settle();
        for (const m of a.members) expect(sockets.get(m.userId)?.events, `${a.org.tradingName} heard another's payment`).toEqual([]);
        for (const p of [payer, payee])
          for (const m of p.members)
            expect(sockets.get(m.userId)?.events).toContainEqual(expect.objectContaining({ type: 'changed', topic: 'payment', id: made.id }));
      }),
      { numRuns: 10 },
    );
  });
});
