// Invoices and credit notes on the real server (issue 16): a distributor invoices its retailer's
// approved orders (lines, prices and terms copied; tax once on the subtotal; the parties as printed;
// the orders invoiced; the retailer told by bell and by an email carrying the PDF, over real SMTP);
// drafts hold a number back until issue; an issued invoice never changes; credit notes — by hand, on
// cancelling an invoiced order, for a receipt's shortfall — reduce what is owed and never beyond it;
// every bad input with its stable code and nothing half-written; other organisations get 404 (the PDF
// too); the lists' standings computed in SQL agree with shared `invoiceStanding`; and 200 invoices
// issued at once are numbered 1…200 with no gap and no duplicate (on PGlite and on PostgreSQL), beside
// the unguarded max + 1 that loses that race.
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, taxOn } from '../../shared/invoice-totals';
import { documentNumber, INVOICE_STANDINGS, invoiceStanding } from '../../shared/invoicing';
import { todayUtc } from '../../shared/partners';
import {
  auditLogs,
  documentCounters,
  invoiceItems,
  invoiceOrders,
  invoices,
  notifications,
  orderItems,
  orders,
  outboxEmails,
  productTradePrices,
  tradeTerms,
} from '../../server/db/schema';
import type { Organisation } from '../../server/modules/partners/service';
import { moveStock } from '../../server/modules/stock/ledger';
import { insertProduct } from '../support/products';
import type { Client } from '../support/client';
import { openLive } from '../support/live-socket';
import { createOrganisation, signedInMember } from '../support/partners';
import { listApiRoutes } from '../support/routes';
import { startSmtp, type TestSmtp } from '../support/smtp';
import { signedIn } from '../support/staff';
import { describeOnPostgres } from '../support/test-db';
import { startTestServer, type TestServer } from '../support/test-server';

type Member = Awaited<ReturnType<typeof signedInMember>>;

let t: TestServer;
let smtp: TestSmtp;
let staff: Client & { userId: string };
let employee: Client & { userId: string };
let distributorOrg: Organisation;
let retailerOrg: Organisation;
let secondRetailerOrg: Organisation;
let otherDistributorOrg: Organisation;
let distributor: Member;
let retailer: Member;
let secondRetailer: Member;
let otherDistributor: Member;
let otherRetailer: Member;
const p = { gin: 0, rum: 0 };
const YEAR = new Date().getUTCFullYear();

const db = () => t.db.database.db;
const readerOf = async (c: Client) => (await t.app.services.sessions.resolve(c.cookies.get('frolic_session') as string, { touch: false }))!;
const actor = (c: { userId: string }) => ({ userId: c.userId, ip: null });
const invoiceCount = async () => (await db().select({ n: count() }).from(invoices))[0]?.n ?? 0;

async function body(res: Response, status: number) {
  const text = await res.text();
  expect(res.status, text.slice(0, 500)).toBe(status);
  return text ? JSON.parse(text) : null;
}

async function product(slug: string, caseSize: number, retailerPrice: number) {
  const id = await insertProduct(db(), { slug: `${slug}-${process.pid}`, name: slug === 'inv-gin' ? 'Gin Spéciale' : 'Rhum Vieux', caseSize });
  await db().insert(productTradePrices).values({ productId: id, tier: 'retailer', market: 'GB', currency: 'GBP', amountMinor: retailerPrice });
  return id;
}

/** A retailer's order approved by its distributor; `cut` lowers a line (with a reason). */
async function approvedOrder(buyer: Member, seller: Member, lines: { productId: number; cases: number }[], cut?: { productId: number; cases: number }) {
  const placed = await body(await buyer.json('POST', '/api/partner/orders', { lines, note: '' }), 201);
  const seen = await body(await seller.json('GET', `/api/partner/orders/${placed.id}`), 200);
  const changes = cut
    ? [{ itemId: seen.items.find((i: { productId: number }) => i.productId === cut.productId).id, cases: cut.cases, reason: 'Short this week.' }]
    : [];
  return body(await seller.json('POST', `/api/partner/orders/${placed.id}/approve`, { version: seen.version, lines: changes, note: '' }), 200);
}

const issueNow = (c: Client, orderIds: number[], customerId?: string) => c.json('POST', '/api/partner/invoices/issue', { orderIds, customerId });

/** The base64 body of the MIME part with `Content-Type: application/pdf`, decoded. */
function pdfPart(raw: string): { filename: string; bytes: Buffer } | null {
  const at = raw.search(/Content-Type: application\/pdf/i);
  if (at < 0) return null;
  const head = raw.slice(at, raw.indexOf('\r\n\r\n', at));
  const filename = /filename="?([^";\r\n]+)"?/i.exec(head)?.[1] ?? /name="?([^";\r\n]+)"?/i.exec(head)?.[1] ?? '';
  const start = raw.indexOf('\r\n\r\n', at) + 4;
  const end = raw.indexOf('\r\n--', start);
  return { filename, bytes: Buffer.from(raw.slice(start, end).replace(/\s+/g, ''), 'base64') };
}

/** The first email to `to` whose subject has `subject` in it (waits up to 15 s for the mail job: a hang detector). */
async function mailTo(to: string, subject: string) {
  for (let i = 0; i < 150; i++) {
    const m = smtp.messages.find((x) => x.to.includes(to.toLowerCase()) && x.subject.includes(subject));
    if (m) return m;
    await t.app.services.jobs.drain();
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no email to ${to} about ${subject}`);
}

const pdfText = async (bytes: Uint8Array) => (await new PDFParse({ data: bytes }).getText()).text;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await startTestServer({ SMTP_URL: smtp.url });
  staff = await signedIn(t, 'admin', 'invoices');
  employee = await signedIn(t, 'employee', 'invoices');
  const importer = await createOrganisation(t, 'importer');
  distributorOrg = await createOrganisation(t, 'distributor', {
    supplierId: importer.id,
    legalName: 'Thames Drinks Ltd',
    tradingName: 'Thames Drinks',
    email: 'office@thames-drinks.example',
  });
  retailerOrg = await createOrganisation(t, 'retailer', {
    supplierId: distributorOrg.id,
    legalName: 'Château Zoë Caves SARL',
    tradingName: 'Château Zoë Caves',
    email: 'accounts@chateau-zoe.example',
    addressLine1: '3 Rue de l’Église',
  });
  secondRetailerOrg = await createOrganisation(t, 'retailer', { supplierId: distributorOrg.id, tradingName: 'Corner Wines' });
  otherDistributorOrg = await createOrganisation(t, 'distributor', { supplierId: importer.id, tradingName: 'Other Distribution' });
  const otherRetailerOrg = await createOrganisation(t, 'retailer', { supplierId: otherDistributorOrg.id, tradingName: 'Elsewhere Shop' });
  distributor = await signedInMember(t, distributorOrg);
  retailer = await signedInMember(t, retailerOrg);
  secondRetailer = await signedInMember(t, secondRetailerOrg);
  otherDistributor = await signedInMember(t, otherDistributorOrg);
  otherRetailer = await signedInMember(t, otherRetailerOrg);
  // The retailer's terms: 45 days, 20 % tax.
  await db().update(tradeTerms).set({ paymentTermsDays: 45, taxRateBp: 2000 }).where(eq(tradeTerms.customerId, retailerOrg.id));
  p.gin = await product('inv-gin', 6, 1999);
  p.rum = await product('inv-rum', 12, 2501);
  for (const org of [distributorOrg, otherDistributorOrg])
    for (const id of [p.gin, p.rum]) await moveStock(db(), { organisationId: org.id, productId: id, onHand: 100_000, reserved: 0, cause: 'adjustment' });
}, 90_000);

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('a distributor invoices its retailer', () => {
  it('issues INV-<year>-0001 for approved orders: lines and prices copied (cases > 0 only), tax once on the subtotal, terms and parties copied, the orders invoiced', async () => {
    const live = await openLive(t, retailer);
    const a = await approvedOrder(
      retailer,
      distributor,
      [
        { productId: p.gin, cases: 3 },
        { productId: p.rum, cases: 2 },
      ],
      { productId: p.rum, cases: 0 },
    );
    const b = await approvedOrder(retailer, distributor, [{ productId: p.rum, cases: 1 }]);

    // The preview says what issuing would, and writes nothing.
    const before = await invoiceCount();
    const preview = await body(await distributor.json('POST', '/api/partner/invoices/preview', { orderIds: [a.id, b.id] }), 200);
    expect(await invoiceCount()).toBe(before);
    // 3 × 6 × 19.99 = 359.82 (the rum line of order a was cut to 0: not a line); 1 × 12 × 25.01 = 300.12.
    expect(preview.lines.map((l: { lineTotalMinor: number }) => l.lineTotalMinor)).toEqual([35_982, 30_012]);
    // GB → GB, distributor to retailer: duty paid upstream (no duty), VAT S 20 % once on the subtotal (issue 44).
    expect(preview).toMatchObject({
      subtotalMinor: 65_994,
      dutyMinor: 0,
      taxRateBp: 2000,
      taxMinor: 13_199,
      totalMinor: 79_193,
      paymentTermsDays: 45,
      dutyTreatment: 'duty_paid_upstream',
      vatBreakdown: [{ category: 'S', rateBp: 2000, basisMinor: 65_994, vatMinor: 13_199, note: '' }],
    });

    const invoice = await body(await issueNow(distributor, [a.id, b.id]), 201);
    const today = todayUtc();
    expect(invoice).toMatchObject({
      kind: 'invoice',
      state: 'issued',
      number: `INV-${YEAR}-0001`,
      standing: 'issued',
      side: 'issuer',
      currency: 'GBP',
      layoutVersion: 2,
      taxPoint: today,
      subtotalMinor: 65_994,
      dutyMinor: 0,
      taxMinor: taxOn(65_994, 2000),
      totalMinor: 79_193,
      outstandingMinor: 79_193,
      paymentTermsDays: 45,
      issuedOn: today,
      dueOn: addDays(today, 45),
      orders: [
        { id: a.id, number: a.number },
        { id: b.id, number: b.number },
      ],
    });
    expect(
      invoice.items.map((i: { description: string; cases: number; caseSize: number; unitPriceMinor: number }) => [
        i.description,
        i.cases,
        i.caseSize,
        i.unitPriceMinor,
      ]),
    ).toEqual([
      ['Gin Spéciale', 3, 6, 1999],
      ['Rhum Vieux', 1, 12, 2501],
    ]);
    expect(invoice.issuerParty).toMatchObject({ legalName: 'Thames Drinks Ltd', licenceNumber: distributorOrg.licenceNumber });
    expect(invoice.customerParty).toMatchObject({ legalName: 'Château Zoë Caves SARL', licenceNumber: retailerOrg.licenceNumber, country: 'GB' });
    expect(invoice.customerParty.addressLines).toContain('3 Rue de l’Église');
    const [row] = await db().select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(row!.creditLimitMinor).toBe((await db().select().from(tradeTerms).where(eq(tradeTerms.customerId, retailerOrg.id)))[0]!.creditLimitMinor);

    // The orders moved approved → invoiced, each audited as the orders' own transition.
    for (const o of [a, b]) {
      const detail = await body(await retailer.json('GET', `/api/partner/orders/${o.id}`), 200);
      expect(detail.status).toBe('invoiced');
      expect(detail.timeline.map((e: { status?: string }) => e.status)).toContain('invoiced');
    }
    const audits = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.tableName, 'invoices'), eq(auditLogs.recordId, String(invoice.id))))
      .orderBy(asc(auditLogs.id));
    expect(audits.map((x) => [x.action, (x.newValues as { state?: string }).state])).toEqual([
      ['INSERT', 'draft'],
      ['UPDATE', 'issued'],
    ]);

    // The retailer heard it live, has a bell entry, and sees it in View Invoices.
    await live.settle();
    expect(live.events).toContainEqual(expect.objectContaining({ type: 'changed', topic: 'invoice', id: invoice.id }));
    expect(live.events).toContainEqual(expect.objectContaining({ type: 'notification' }));
    live.ws.close();
    const bell = await body(await retailer.json('GET', '/api/partner/notifications'), 200);
    expect(bell.items.map((n: { title: string }) => n.title)).toContain(`Invoice INV-${YEAR}-0001 from Thames Drinks`);
    const list = await body(await retailer.json('GET', '/api/partner/invoices?side=customer'), 200);
    expect(list.items.map((i: { number: string }) => i.number)).toEqual([`INV-${YEAR}-0001`]);

    // Emailed to the retailer's address and its members, the PDF attached (sent over SMTP).
    for (const to of ['accounts@chateau-zoe.example', retailer.email]) {
      const mail = await mailTo(to, `Invoice INV-${YEAR}-0001`);
      const pdf = pdfPart(mail.raw);
      expect(pdf?.filename).toBe(`INV-${YEAR}-0001.pdf`);
      const text = await pdfText(pdf!.bytes);
      expect(text).toContain(`INV-${YEAR}-0001`);
      expect(text).toContain('£791.93');
    }
  });

  it('renders the PDF from the stored invoice for both sides: number, total, both licence numbers, accented names', async () => {
    const [row] = await db()
      .select()
      .from(invoices)
      .where(eq(invoices.number, `INV-${YEAR}-0001`));
    for (const who of [distributor, retailer]) {
      const res = await who.get(`/api/partner/invoices/${row!.id}/pdf`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename="INV-${YEAR}-0001.pdf"`);
      const text = await pdfText(new Uint8Array(await res.arrayBuffer()));
      for (const expected of [
        'Invoice',
        `INV-${YEAR}-0001`,
        'Château Zoë Caves SARL',
        '3 Rue de l’Église',
        'Thames Drinks Ltd',
        distributorOrg.licenceNumber,
        retailerOrg.licenceNumber,
        'Gin Spéciale',
        // Per case: 6 × 19.99.
        '£119.94',
        '£659.94',
        // A GB distributor to a GB retailer: duty paid upstream, VAT at the standard rate (issue 44).
        'VAT S 20% on £659.94',
        '£131.99',
        '£791.93',
        'Duty paid',
      ])
        expect(text).toContain(expected);
    }
    // Staff act for the brand: a distributor's invoice is not theirs (not found); an employee (without Order Management) may not ask.
    expect((await staff.get(`/api/admin/invoices/${row!.id}/pdf`)).status).toBe(404);
    expect((await employee.get(`/api/admin/invoices/${row!.id}/pdf`)).status).toBe(403);
  });
});

describe('drafts', () => {
  it('a draft holds the orders without a number; the customer cannot see it; discarding frees them; issuing numbers it next', async () => {
    const o = await approvedOrder(retailer, distributor, [{ productId: p.gin, cases: 1 }]);
    const draft = await body(await distributor.json('POST', '/api/partner/invoices', { orderIds: [o.id] }), 201);
    expect(draft).toMatchObject({ state: 'draft', number: null, standing: 'draft', actions: ['issue', 'discard'], issuedOn: null, dueOn: null });
    // Held: another invoice cannot take the order.
    expect((await body(await issueNow(distributor, [o.id]), 409)).error.code).toBe('order_already_invoiced');
    // The customer does not see a draft at all.
    expect((await retailer.json('GET', `/api/partner/invoices/${draft.id}`)).status).toBe(404);
    expect((await retailer.get(`/api/partner/invoices/${draft.id}/pdf`)).status).toBe(404);
    const theirs = await body(await retailer.json('GET', '/api/partner/invoices'), 200);
    expect(theirs.items.map((i: { id: number }) => i.id)).not.toContain(draft.id);
    // The issuer gets no PDF of a draft.
    expect((await body(await distributor.json('GET', `/api/partner/invoices/${draft.id}/pdf`), 409)).error.code).toBe('invoice_not_issued');

    // Discarded: gone, the order free again.
    expect((await distributor.json('POST', `/api/partner/invoices/${draft.id}/discard`, { version: draft.version })).status).toBe(204);
    expect(await db().select().from(invoices).where(eq(invoices.id, draft.id))).toEqual([]);
    const again = await body(await distributor.json('POST', '/api/partner/invoices', { orderIds: [o.id] }), 201);
    // A stale version is refused.
    expect((await body(await distributor.json('POST', `/api/partner/invoices/${again.id}/issue`, { version: 99 }), 409)).error.code).toBe('version_conflict');
    const issued = await body(await distributor.json('POST', `/api/partner/invoices/${again.id}/issue`, { version: again.version }), 200);
    expect(issued).toMatchObject({ state: 'issued', number: `INV-${YEAR}-0002`, id: again.id });
  });
});

describe('bad input gets a stable code, and nothing is written', () => {
  it('refuses unapproved, already invoiced, mixed customers, foreign and stray orders', async () => {
    const submitted = await body(await retailer.json('POST', '/api/partner/orders', { lines: [{ productId: p.gin, cases: 1 }], note: '' }), 201);
    const approved = await approvedOrder(retailer, distributor, [{ productId: p.gin, cases: 1 }]);
    const second = await approvedOrder(secondRetailer, distributor, [{ productId: p.gin, cases: 1 }]);
    const foreign = await approvedOrder(otherRetailer, otherDistributor, [{ productId: p.gin, cases: 1 }]);
    const [invoiced] = await db().select().from(invoiceOrders).limit(1);
    const before = { invoices: await invoiceCount(), counters: await db().select().from(documentCounters) };
    const cases: [unknown, number, string][] = [
      [{ orderIds: [submitted.id] }, 409, 'order_not_approved'],
      [{ orderIds: [approved.id, submitted.id] }, 409, 'order_not_approved'],
      [{ orderIds: [invoiced!.orderId] }, 409, 'order_already_invoiced'],
      [{ orderIds: [approved.id, second.id] }, 400, 'mixed_customers'],
      [{ orderIds: [approved.id], customerId: secondRetailerOrg.id }, 400, 'mixed_customers'],
      [{ orderIds: [foreign.id] }, 404, 'not_found'],
      [{ orderIds: [approved.id, foreign.id] }, 404, 'not_found'],
      [{ orderIds: [2_000_000_000] }, 404, 'not_found'],
      [{ orderIds: [] }, 400, 'validation_failed'],
      [{ orderIds: [approved.id, approved.id] }, 400, 'validation_failed'],
      [{ orderIds: ['x'] }, 400, 'validation_failed'],
    ];
    for (const [input, status, code] of cases) {
      for (const path of ['/api/partner/invoices/issue', '/api/partner/invoices', '/api/partner/invoices/preview']) {
        const res = await body(await distributor.json('POST', path, input), status);
        expect(res.error.code, `${path} ${JSON.stringify(input)}`).toBe(code);
      }
    }
    // Named on the field.
    const refused = await body(await issueNow(distributor, [approved.id, submitted.id]), 409);
    expect(refused.error.details).toEqual([expect.objectContaining({ path: 'orderIds.1', code: 'order_not_approved' })]);
    expect(await invoiceCount()).toBe(before.invoices);
    expect(await db().select().from(documentCounters)).toEqual(before.counters);
    expect((await db().select().from(orders).where(eq(orders.id, approved.id)))[0]!.status).toBe('approved');
    // The buyer is not the seller: a retailer cannot invoice its own purchases (they are not its sales: 404).
    expect((await body(await issueNow(retailer, [approved.id]), 404)).error.code).toBe('not_found');
  });
});

describe('an issued invoice never changes', () => {
  it('offers no route that edits one; issuing or discarding it again is refused; the customer cannot credit it', async () => {
    const routes = listApiRoutes(t).filter((r) => r.path.startsWith('/api/partner/invoices') || r.path.startsWith('/api/admin/invoices'));
    expect(routes.filter((r) => ['PUT', 'PATCH', 'DELETE'].includes(r.method))).toEqual([]);
    const [row] = await db()
      .select()
      .from(invoices)
      .where(eq(invoices.number, `INV-${YEAR}-0001`));
    const snapshot = async () => ({
      row: (await db().select().from(invoices).where(eq(invoices.id, row!.id)))[0],
      items: await db().select().from(invoiceItems).where(eq(invoiceItems.invoiceId, row!.id)),
    });
    const before = await snapshot();
    expect((await body(await distributor.json('POST', `/api/partner/invoices/${row!.id}/issue`, { version: row!.version }), 409)).error.code).toBe(
      'invoice_already_issued',
    );
    expect((await body(await distributor.json('POST', `/api/partner/invoices/${row!.id}/discard`, { version: row!.version }), 409)).error.code).toBe(
      'invoice_already_issued',
    );
    const line = before.items[0]!;
    expect(
      (
        await body(
          await retailer.json('POST', `/api/partner/invoices/${row!.id}/credit-notes`, { lines: [{ invoiceItemId: line.id, cases: 1 }], reason: 'Mine' }),
          403,
        )
      ).error.code,
    ).toBe('wrong_side');
    expect(await snapshot()).toEqual(before);
  });
});

describe('credit notes', () => {
  it('a credit note reduces what is owed, numbered CN-<year>-0001, never beyond the cases invoiced or what is owed', async () => {
    const o = await approvedOrder(retailer, distributor, [
      { productId: p.gin, cases: 4 },
      { productId: p.rum, cases: 2 },
    ]);
    const invoice = await body(await issueNow(distributor, [o.id]), 201);
    const [gin, rum] = invoice.items as { id: number; lineTotalMinor: number }[];
    // 4 × 6 × 19.99 = 479.76, 2 × 12 × 25.01 = 600.24 → 1,080.00 + 216.00 = 1,296.00.
    expect(invoice.totalMinor).toBe(129_600);

    const refusals: [unknown, number, string][] = [
      [{ lines: [{ invoiceItemId: gin!.id, cases: 5 }], reason: 'Too many' }, 409, 'credit_exceeds_invoiced'],
      [{ lines: [{ invoiceItemId: 2_000_000_000, cases: 1 }], reason: 'Stray line' }, 404, 'not_found'],
      [{ lines: [{ invoiceItemId: gin!.id, cases: 1 }], reason: '' }, 400, 'validation_failed'],
      [{ lines: [], reason: 'Nothing' }, 400, 'validation_failed'],
      [{ lines: [{ invoiceItemId: gin!.id, cases: 0 }], reason: 'Zero' }, 400, 'validation_failed'],
    ];
    for (const [input, status, code] of refusals)
      expect((await body(await distributor.json('POST', `/api/partner/invoices/${invoice.id}/credit-notes`, input), status)).error.code).toBe(code);
    // Another invoice's line is not this invoice's: a 404.
    const [elsewhere] = await db().select().from(invoiceItems).where(eq(invoiceItems.invoiceId, 1));
    expect(
      (
        await body(
          await distributor.json('POST', `/api/partner/invoices/${invoice.id}/credit-notes`, {
            lines: [{ invoiceItemId: elsewhere!.id, cases: 1 }],
            reason: 'x',
          }),
          404,
        )
      ).error.code,
    ).toBe('not_found');
    expect((await db().select().from(invoices).where(eq(invoices.id, invoice.id)))[0]!.creditedMinor).toBe(0);

    const note = await body(
      await distributor.json('POST', `/api/partner/invoices/${invoice.id}/credit-notes`, {
        lines: [{ invoiceItemId: gin!.id, cases: 1 }],
        reason: 'One case broken',
      }),
      201,
    );
    // 1 × 6 × 19.99 = 119.94, tax 23.99 (23.988 → up): 143.93.
    expect(note).toMatchObject({
      kind: 'credit_note',
      number: `CN-${YEAR}-0001`,
      subtotalMinor: 11_994,
      taxMinor: 2_399,
      totalMinor: 14_393,
      reason: 'One case broken',
      creditsInvoice: { id: invoice.id, number: invoice.number },
    });
    const after = await body(await retailer.json('GET', `/api/partner/invoices/${invoice.id}`), 200);
    expect(after).toMatchObject({ creditedMinor: 14_393, outstandingMinor: 129_600 - 14_393, standing: 'partially_paid' });
    expect(after.items[0].creditedCases).toBe(1);
    expect(after.creditNotes).toEqual([expect.objectContaining({ id: note.id, number: `CN-${YEAR}-0001`, totalMinor: 14_393 })]);
    // The credit note's PDF says what it credits.
    const text = await pdfText(new Uint8Array(await (await retailer.get(`/api/partner/invoices/${note.id}/pdf`)).arrayBuffer()));
    for (const expected of ['Credit note', `CN-${YEAR}-0001`, `Credits invoice`, invoice.number, '£143.93', 'One case broken'])
      expect(text).toContain(expected);
    // The retailer was told.
    const titles = (await db().select().from(notifications).where(eq(notifications.organisationId, retailerOrg.id))).map((n) => n.title);
    expect(titles).toContain(`Credit note CN-${YEAR}-0001 from Thames Drinks`);

    // Payments settled most of the rest (the payments part keeps paid_minor): crediting the whole rum line now is more than is owed.
    await db()
      .update(invoices)
      .set({ paidMinor: 129_600 - 14_393 - 50_000 })
      .where(eq(invoices.id, invoice.id));
    const over = await body(
      await distributor.json('POST', `/api/partner/invoices/${invoice.id}/credit-notes`, { lines: [{ invoiceItemId: rum!.id, cases: 2 }], reason: 'Returned' }),
      409,
    );
    expect(over.error.code).toBe('credit_exceeds_outstanding');
    // Crediting the rest of every line returns exactly the invoice's total: credited in full.
    await db().update(invoices).set({ paidMinor: 0 }).where(eq(invoices.id, invoice.id));
    await body(
      await distributor.json('POST', `/api/partner/invoices/${invoice.id}/credit-notes`, {
        lines: [
          { invoiceItemId: gin!.id, cases: 3 },
          { invoiceItemId: rum!.id, cases: 2 },
        ],
        reason: 'Returned',
      }),
      201,
    );
    const credited = await body(await retailer.json('GET', `/api/partner/invoices/${invoice.id}`), 200);
    expect(credited).toMatchObject({ creditedMinor: 129_600, outstandingMinor: 0, standing: 'credited', actions: [] });
    expect((await body(await distributor.json('GET', `/api/partner/invoices/${invoice.id}`), 200)).actions).toEqual([]);
  });

  it('the database refuses a credit beyond the total even written by hand (the check constraint)', async () => {
    const [row] = await db()
      .select()
      .from(invoices)
      .where(eq(invoices.number, `INV-${YEAR}-0002`));
    await expect(
      db()
        .update(invoices)
        .set({ creditedMinor: row!.totalMinor + 1 })
        .where(eq(invoices.id, row!.id)),
    ).rejects.toThrow();
  });

  it('cancelling an invoiced order (either side) issues a credit note for its lines in the same transaction', async () => {
    const a = await approvedOrder(retailer, distributor, [{ productId: p.gin, cases: 2 }]);
    const b = await approvedOrder(retailer, distributor, [{ productId: p.rum, cases: 1 }]);
    const invoice = await body(await issueNow(distributor, [a.id, b.id]), 201);
    const live = await openLive(t, distributor);
    // The retailer cancels order a: its lines are credited, b's stay.
    const seen = await body(await retailer.json('GET', `/api/partner/orders/${a.id}`), 200);
    const cancelled = await body(await retailer.json('POST', `/api/partner/orders/${a.id}/cancel`, { version: seen.version, reason: 'Closed for works' }), 200);
    expect(cancelled.status).toBe('cancelled');
    const after = await body(await distributor.json('GET', `/api/partner/invoices/${invoice.id}`), 200);
    expect(after.creditNotes).toHaveLength(1);
    const note = await body(await distributor.json('GET', `/api/partner/invoices/${after.creditNotes[0].id}`), 200);
    expect(note.reason).toBe(`Order ${a.number} cancelled: Closed for works`);
    expect(note.items).toEqual([expect.objectContaining({ description: 'Gin Spéciale', cases: 2 })]);
    expect(after.creditedMinor).toBe(note.totalMinor);
    // The distributor hears of the credit note its customer caused.
    await live.settle();
    expect(live.events).toContainEqual(expect.objectContaining({ type: 'changed', topic: 'invoice', id: note.id }));
    live.ws.close();

    // The distributor cancels b, after most of the invoice was paid: the credit would exceed what is
    // owed — refused, and with it the cancel (one transaction).
    await db()
      .update(invoices)
      .set({ paidMinor: invoice.totalMinor - note.totalMinor - 1 })
      .where(eq(invoices.id, invoice.id));
    const bNow = await body(await distributor.json('GET', `/api/partner/orders/${b.id}`), 200);
    const refused = await body(await distributor.json('POST', `/api/partner/orders/${b.id}/cancel`, { version: bNow.version, reason: 'Oops' }), 409);
    expect(refused.error.code).toBe('credit_exceeds_outstanding');
    expect((await db().select().from(orders).where(eq(orders.id, b.id)))[0]!.status).toBe('invoiced');
    expect((await body(await distributor.json('GET', `/api/partner/invoices/${invoice.id}`), 200)).creditNotes).toHaveLength(1);
    await db().update(invoices).set({ paidMinor: 0 }).where(eq(invoices.id, invoice.id));
    await body(await distributor.json('POST', `/api/partner/orders/${b.id}/cancel`, { version: bNow.version, reason: 'Oops' }), 200);
    const final = await body(await distributor.json('GET', `/api/partner/invoices/${invoice.id}`), 200);
    expect(final).toMatchObject({ standing: 'credited', outstandingMinor: 0 });
  });

  it('credits a receipt shortfall per invoiced order line (the shipments part calls this in its transaction)', async () => {
    const o = await approvedOrder(retailer, distributor, [
      { productId: p.gin, cases: 5 },
      { productId: p.rum, cases: 1 },
    ]);
    const loose = await approvedOrder(retailer, distributor, [{ productId: p.gin, cases: 1 }]);
    const invoice = await body(await issueNow(distributor, [o.id]), 201);
    const items = await db()
      .select()
      .from(orderItems)
      .where(inArray(orderItems.orderId, [o.id, loose.id]))
      .orderBy(asc(orderItems.id));
    const ginLine = items.find((i) => i.orderId === o.id && i.productId === p.gin)!;
    const notInvoiced = items.find((i) => i.orderId === loose.id)!;
    const services = t.app.services;
    const result = await db().transaction((tx) =>
      services.invoices.creditForShortfall(
        tx,
        {
          issuerId: distributorOrg.id,
          lines: [
            { orderItemId: ginLine.id, cases: 1 },
            { orderItemId: notInvoiced.id, cases: 1 },
          ],
          reason: 'Receipt: one case short',
        },
        actor(distributor),
      ),
    );
    await result.announce();
    expect(result.creditNotes).toEqual([expect.objectContaining({ invoiceId: invoice.id, invoiceNumber: invoice.number, totalMinor: 11_994 + 2_399 })]);
    expect(result.uncredited).toEqual([{ orderItemId: notInvoiced.id, cases: 1 }]);
    // Another issuer cannot credit this distributor's invoice through it.
    const none = await db().transaction((tx) =>
      services.invoices.creditForShortfall(
        tx,
        { issuerId: otherDistributorOrg.id, lines: [{ orderItemId: ginLine.id, cases: 1 }], reason: 'x' },
        actor(otherDistributor),
      ),
    );
    expect(none.creditNotes).toEqual([]);
  });
});

describe('each organisation sees only its own', () => {
  it('another distributor, another retailer, a sibling retailer: 404 on every invoice route, the PDF included; their lists hold none of it', async () => {
    const [row] = await db()
      .select()
      .from(invoices)
      .where(eq(invoices.number, `INV-${YEAR}-0001`));
    const [item] = await db().select().from(invoiceItems).where(eq(invoiceItems.invoiceId, row!.id));
    const before = (await db().select().from(invoices).where(eq(invoices.id, row!.id)))[0];
    for (const who of [otherDistributor, otherRetailer, secondRetailer]) {
      for (const path of [`/api/partner/invoices/${row!.id}`, `/api/partner/invoices/${row!.id}/pdf`]) {
        const res = await who.get(path);
        expect(res.status, path).toBe(404);
        expect(await res.text()).not.toContain(row!.number!);
      }
      for (const [path, payload] of [
        [`/api/partner/invoices/${row!.id}/issue`, { version: 1 }],
        [`/api/partner/invoices/${row!.id}/discard`, { version: 1 }],
        [`/api/partner/invoices/${row!.id}/credit-notes`, { lines: [{ invoiceItemId: item!.id, cases: 1 }], reason: 'Not mine' }],
      ] as const)
        expect((await who.json('POST', path, payload)).status, path).toBe(404);
      const list = await body(await who.json('GET', '/api/partner/invoices'), 200);
      expect(JSON.stringify(list)).not.toContain(row!.number!);
    }
    expect((await db().select().from(invoices).where(eq(invoices.id, row!.id)))[0]).toEqual(before);
    // Staff act for the brand (issue 43): a distributor's invoice does not exist on their routes, nor on partners'.
    expect((await staff.json('GET', `/api/admin/invoices/${row!.id}`)).status).toBe(404);
    expect((await staff.json('GET', `/api/partner/invoices/${row!.id}`)).status).toBe(404);
    expect((await distributor.json('GET', `/api/admin/invoices/${row!.id}`)).status).toBe(403);
  });
});

describe('lists', () => {
  it('filters by standing in SQL with the rule of invoiceStanding, searches number, names and order numbers, and pages by keyset', async () => {
    // Five fresh invoices of the second retailer, pushed into each standing.
    const made: { id: number; number: string; order: string }[] = [];
    for (let i = 0; i < 5; i++) {
      const o = await approvedOrder(secondRetailer, distributor, [{ productId: p.gin, cases: 1 }]);
      const inv = await body(await issueNow(distributor, [o.id]), 201);
      made.push({ id: inv.id, number: inv.number, order: o.number });
    }
    const total = (await db().select().from(invoices).where(eq(invoices.id, made[0]!.id)))[0]!.totalMinor;
    const past = addDays(todayUtc(), -3);
    await db().update(invoices).set({ paidMinor: 1 }).where(eq(invoices.id, made[1]!.id)); // partially paid
    await db().update(invoices).set({ paidMinor: total }).where(eq(invoices.id, made[2]!.id)); // paid
    await db()
      .update(invoices)
      .set({ dueOn: past, issuedOn: addDays(past, -30) })
      .where(eq(invoices.id, made[3]!.id)); // overdue
    await db().update(invoices).set({ creditedMinor: total }).where(eq(invoices.id, made[4]!.id)); // credited
    const today = todayUtc();
    const all = await db()
      .select()
      .from(invoices)
      .where(and(eq(invoices.issuerId, distributorOrg.id), eq(invoices.kind, 'invoice')));
    for (const standing of INVOICE_STANDINGS) {
      const expected = all
        .filter((r) => invoiceStanding(r, today) === standing)
        .map((r) => r.id)
        .sort((x, y) => x - y);
      const got = await body(await distributor.json('GET', `/api/partner/invoices?side=issuer&standing=${standing}&limit=50`), 200);
      expect(
        got.items.map((i: { id: number }) => i.id).sort((x: number, y: number) => x - y),
        standing,
      ).toEqual(expected);
      for (const i of got.items) expect(i.standing).toBe(standing);
      if (standing !== 'draft') expect(expected.length, standing).toBeGreaterThan(0);
    }
    // The retailer's side agrees and never shows another retailer's.
    const mine = await body(await secondRetailer.json('GET', '/api/partner/invoices?side=customer&standing=overdue'), 200);
    expect(mine.items.map((i: { id: number }) => i.id)).toEqual([made[3]!.id]);

    // Search: by number, by the customer's name, by an order number on it.
    const byNumber = await body(await distributor.json('GET', `/api/partner/invoices?q=${made[2]!.number}`), 200);
    expect(byNumber.items.map((i: { id: number }) => i.id)).toEqual([made[2]!.id]);
    const byOrder = await body(await distributor.json('GET', `/api/partner/invoices?q=${made[1]!.order}`), 200);
    expect(byOrder.items.map((i: { id: number }) => i.id)).toEqual([made[1]!.id]);
    const byName = await body(await distributor.json('GET', `/api/partner/invoices?side=issuer&q=${encodeURIComponent('zoë')}&limit=50`), 200);
    expect(byName.items.length).toBeGreaterThan(0);
    for (const i of byName.items) expect(i.customer.name).toBe('Château Zoë Caves');
    expect((await body(await distributor.json('GET', `/api/partner/invoices?q=${encodeURIComponent('%')}`), 200)).items).toEqual([]);
    // Credit notes are their own list.
    const notes = await body(await retailer.json('GET', '/api/partner/invoices?kind=credit_note'), 200);
    expect(notes.items.length).toBeGreaterThan(0);
    for (const n of notes.items)
      expect(n).toMatchObject({ kind: 'credit_note', creditsInvoice: expect.objectContaining({ number: expect.stringMatching(/^INV-/) }) });

    // Keyset: pages of 2 add up to the whole list, newest first, no repeats.
    const seen: number[] = [];
    let after: string | null = null;
    do {
      const page: { items: { id: number }[]; next: string | null } = await body(
        await distributor.json('GET', `/api/partner/invoices?side=issuer&limit=2${after ? `&after=${after}` : ''}`),
        200,
      );
      seen.push(...page.items.map((i) => i.id));
      after = page.next;
    } while (after);
    const ordered = await db()
      .select({ id: invoices.id })
      .from(invoices)
      .where(and(eq(invoices.issuerId, distributorOrg.id), eq(invoices.kind, 'invoice')))
      .orderBy(sql`${invoices.createdAt} desc, ${invoices.id} desc`);
    expect(seen).toEqual(ordered.map((r) => r.id));
    expect((await body(await distributor.json('GET', '/api/partner/invoices?after=nope'), 400)).error.code).toBe('validation_failed');
  });
});

/** A distributor of its own with one retailer and `n` approved orders (written straight to the tables: this is setup). */
async function distributorWithApprovedOrders(n: number, tag: string) {
  const org = await createOrganisation(t, 'distributor', { supplierId: distributorOrg.supplierId, tradingName: `Race ${tag}` });
  const customer = await createOrganisation(t, 'retailer', { supplierId: org.id, tradingName: `Race ${tag} Shop` });
  const member = await signedInMember(t, org);
  const rows = await db()
    .insert(orders)
    .values(
      Array.from({ length: n }, (_, i) => ({
        number: `RACE-${tag}-${process.pid}-${i}`,
        buyerId: customer.id,
        sellerId: org.id,
        status: 'approved' as const,
        currency: 'GBP',
        subtotalMinor: 1200,
        taxRateBp: 2000,
        taxMinor: 240,
        totalMinor: 1440,
      })),
    )
    .returning({ id: orders.id });
  await db()
    .insert(orderItems)
    .values(rows.map((r) => ({ orderId: r.id, productId: p.gin, casesRequested: 1, cases: 1, caseSize: 6, unitPriceMinor: 200, lineTotalMinor: 1200 })));
  return { org, member, orderIds: rows.map((r) => r.id) };
}

const settled = async <T>(jobs: Promise<T>[]) => {
  const r = await Promise.allSettled(jobs);
  return { ok: r.filter((x) => x.status === 'fulfilled').length, failed: r.filter((x) => x.status === 'rejected') as PromiseRejectedResult[] };
};

// On both engines: the suite runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
describe('gapless numbers under concurrency', () => {
  it('200 invoices issued at once by one distributor are numbered 1…200: no gap, no duplicate', { timeout: 180_000 }, async () => {
    const { org, member, orderIds } = await distributorWithApprovedOrders(200, 'g');
    const viewer = await readerOf(member);
    const { ok, failed } = await settled(orderIds.map((id) => t.app.services.invoices.issueFromOrders(viewer, { orderIds: [id] }, actor(member))));
    expect(failed.map((f) => String(f.reason)).slice(0, 3)).toEqual([]);
    expect(ok).toBe(200);
    const issued = await db()
      .select({ sequence: invoices.sequence, number: invoices.number, year: invoices.year })
      .from(invoices)
      .where(and(eq(invoices.issuerId, org.id), eq(invoices.kind, 'invoice')));
    expect(issued.map((r) => r.sequence).sort((a, b) => a! - b!)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    expect(new Set(issued.map((r) => r.number)).size).toBe(200);
    for (const r of issued) expect(r.number).toBe(documentNumber('invoice', r.year!, r.sequence!));
    expect((await db().select().from(documentCounters).where(eq(documentCounters.issuerId, org.id)))[0]).toMatchObject({ kind: 'invoice', last: 200 });
    // Every order is on exactly one invoice.
    const on = await db().select({ n: count() }).from(invoiceOrders).where(inArray(invoiceOrders.orderId, orderIds));
    expect(on[0]?.n).toBe(200);
  });
});

describeOnPostgres('gapless numbers: the unguarded way loses the race', () => {
  it('…whereas numbering with max + 1 and no lock hands out duplicates (refused by the unique index) and leaves gaps', { timeout: 120_000 }, async () => {
    const { org, member, orderIds } = await distributorWithApprovedOrders(200, 'u');
    const viewer = await readerOf(member);
    // 200 drafts (no numbers yet), then each issued by reading the highest sequence and adding one.
    const drafts = [];
    for (const id of orderIds) drafts.push(await t.app.services.invoices.createDraft(viewer, { orderIds: [id] }, actor(member)));
    const year = new Date().getUTCFullYear();
    const { ok } = await settled(
      drafts.map((d) =>
        db().transaction(async (tx) => {
          const [top] = await tx
            .select({ max: sql<number>`coalesce(max(${invoices.sequence}), 0)::int` })
            .from(invoices)
            .where(and(eq(invoices.issuerId, org.id), eq(invoices.kind, 'invoice'), eq(invoices.year, year)));
          const sequence = Number(top!.max) + 1;
          await new Promise((r) => setTimeout(r, 5));
          await tx
            .update(invoices)
            .set({
              state: 'issued',
              sequence,
              year,
              number: documentNumber('invoice', year, sequence),
              issuedOn: todayUtc(),
              dueOn: todayUtc(),
            })
            .where(eq(invoices.id, d.id));
        }),
      ),
    );
    const sequences = (
      await db()
        .select({ s: invoices.sequence })
        .from(invoices)
        .where(and(eq(invoices.issuerId, org.id), eq(invoices.state, 'issued')))
    )
      .map((r) => r.s!)
      .sort((a, b) => a - b);
    // Collisions were refused by the unique index: fewer than 200 issued (the rest would need retries, and retries race again).
    expect(ok).toBeLessThan(200);
    expect(sequences).not.toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
  });
});

describeOnPostgres('credit notes and issues under concurrency', () => {
  /** An issued invoice of the first retailer with a cheap 2-case gin line (and the rum line beside it). */
  async function invoiceWithShortLine() {
    const o = await approvedOrder(retailer, distributor, [
      { productId: p.gin, cases: 2 },
      { productId: p.rum, cases: 50 },
    ]);
    const invoice = await body(await issueNow(distributor, [o.id]), 201);
    return { invoice, gin: invoice.items.find((i: { description: string }) => i.description === 'Gin Spéciale') as { id: number } };
  }
  const creditedGin = async (invoiceId: number, itemId: number) => {
    const [item] = await db().select().from(invoiceItems).where(eq(invoiceItems.id, itemId));
    const rows = await db()
      .select({ cases: invoiceItems.cases })
      .from(invoiceItems)
      .innerJoin(invoices, eq(invoices.id, invoiceItems.invoiceId))
      .where(and(eq(invoices.creditsInvoiceId, invoiceId), eq(invoiceItems.orderItemId, item!.orderItemId!)));
    return rows.reduce((n, r) => n + r.cases, 0);
  };

  it('30 credit notes racing for a 2-case line: one wins, the line is never credited beyond what was invoiced', async () => {
    const { invoice, gin } = await invoiceWithShortLine();
    const viewer = await readerOf(distributor);
    const { ok, failed } = await settled(
      Array.from({ length: 30 }, () =>
        t.app.services.invoices.issueCreditNote(viewer, invoice.id, { lines: [{ invoiceItemId: gin.id, cases: 2 }], reason: 'Race' }, actor(distributor)),
      ),
    );
    expect(ok).toBe(1);
    expect(new Set(failed.map((f) => (f.reason as { code?: string }).code))).toEqual(new Set(['credit_exceeds_invoiced']));
    expect(await creditedGin(invoice.id, gin.id)).toBe(2);
  });

  it('…whereas crediting without the invoice row lock (read, then write) credits the same cases many times over', async () => {
    const { invoice, gin } = await invoiceWithShortLine();
    const { writeCreditNote } = await import('../../server/modules/invoices/documents');
    const [item] = await db().select().from(invoiceItems).where(eq(invoiceItems.id, gin.id));
    const { ok } = await settled(
      Array.from({ length: 30 }, () =>
        db().transaction(async (tx) => {
          const [row] = await tx.select().from(invoices).where(eq(invoices.id, invoice.id)); // no `for update`
          await new Promise((r) => setTimeout(r, 5));
          await writeCreditNote(tx, row!, [{ item: item!, cases: 2, path: 'lines.0.cases' }], 'Race', actor(distributor), new Date(), 'correction');
        }),
      ),
    );
    expect(ok).toBeGreaterThan(1);
    expect(await creditedGin(invoice.id, gin.id)).toBeGreaterThan(2);
  });
});

describe('one order, many issuers at once', () => {
  it('20 parallel attempts to invoice the same approved order make one invoice; the rest are told order_already_invoiced or order_not_approved', async () => {
    const o = await approvedOrder(retailer, distributor, [{ productId: p.gin, cases: 1 }]);
    const viewer = await readerOf(distributor);
    const { ok, failed } = await settled(
      Array.from({ length: 20 }, () => t.app.services.invoices.issueFromOrders(viewer, { orderIds: [o.id] }, actor(distributor))),
    );
    expect(ok).toBe(1);
    for (const f of failed) expect(['order_already_invoiced', 'order_not_approved']).toContain((f.reason as { code?: string }).code);
    expect((await db().select({ n: count() }).from(invoiceOrders).where(eq(invoiceOrders.orderId, o.id)))[0]?.n).toBe(1);
  });
});

describe('outbox', () => {
  it('keeps the attachment as a reference (no bytes in the database), named in the outbox', async () => {
    const mails = await db()
      .select()
      .from(outboxEmails)
      .where(and(eq(outboxEmails.to, 'accounts@chateau-zoe.example'), sql`${outboxEmails.subject} like 'Invoice INV-%'`))
      .orderBy(asc(outboxEmails.id));
    expect(mails[0]!.attachments).toEqual([{ filename: `INV-${YEAR}-0001.pdf`, contentType: 'application/pdf', kind: 'invoice_pdf', id: expect.any(String) }]);
  });
});

describe('the e-invoice by email (issue 45)', () => {
  it('a customer that asks for it gets the UBL e-invoice beside the PDF, over SMTP; one that does not gets the PDF alone', async () => {
    // The second retailer keeps the default (PDF only); the retailer asks on its Business details.
    const own = await body(await retailer.json('GET', '/api/partner/business-details'), 200);
    const saved = await body(
      await retailer.json('PUT', '/api/partner/business-details', {
        vatNumber: '',
        bankAccountName: '',
        bankAccount: '',
        bankBic: '',
        peppolScheme: '0088',
        peppolId: '5790000436057',
        einvoiceByEmail: true,
        version: own.details.version,
      }),
      200,
    );
    expect(saved.details).toMatchObject({ peppolScheme: '0088', peppolId: '5790000436057', einvoiceByEmail: true });

    const asks = await approvedOrder(retailer, distributor, [{ productId: p.gin, cases: 1 }]);
    const invoice = await body(await issueNow(distributor, [asks.id]), 201);
    const mail = await mailTo(retailer.email, `Invoice ${invoice.number}`);
    expect(pdfPart(mail.raw)?.filename).toBe(`${invoice.number}.pdf`);
    expect(mail.raw).toContain('attached as a PDF and as a UBL e-invoice (XML)');
    const at = mail.raw.search(/Content-Type: application\/xml/i);
    expect(at).toBeGreaterThan(0);
    const head = mail.raw.slice(at, mail.raw.indexOf('\r\n\r\n', at));
    expect(head).toContain(`${invoice.number}.xml`);
    const start = mail.raw.indexOf('\r\n\r\n', at) + 4;
    const xml = Buffer.from(mail.raw.slice(start, mail.raw.indexOf('\r\n--', start)).replace(/\s+/g, ''), 'base64').toString('utf8');
    // The attached e-invoice is the downloadable one, with the buyer's Peppol endpoint as saved.
    expect(xml).toBe(await (await retailer.get(`/api/partner/invoices/${invoice.id}/xml`)).text());
    expect(xml).toContain('<cbc:EndpointID schemeID="0088">5790000436057</cbc:EndpointID>');

    const plain = await approvedOrder(secondRetailer, distributor, [{ productId: p.gin, cases: 1 }]);
    const second = await body(await issueNow(distributor, [plain.id]), 201);
    const [row] = await db()
      .select()
      .from(outboxEmails)
      .where(and(eq(outboxEmails.to, secondRetailer.email), sql`${outboxEmails.subject} like ${`%${second.number}%`}`));
    expect(row!.attachments).toEqual([{ filename: `${second.number}.pdf`, contentType: 'application/pdf', kind: 'invoice_pdf', id: String(second.id) }]);
  });
});
