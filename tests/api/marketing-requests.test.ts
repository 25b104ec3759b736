// Partners' marketing requests on the real server: materials (collateral of the partner's type,
// published), event proposals and places at brand events; dates in the past, foreign ids (404), an
// organisation that cannot trade (403 with the standing's code, nothing written); staff decisions
// through the state machine with the version check; who hears about it (bell and email); and the
// collateral files, readable by staff and by partners of the item's audience only.
import { and, asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayUtc } from '../../shared/partners';
import { auditLogs, marketingRequestComments, marketingRequests, organisations, outboxEmails } from '../../server/db/schema';
import { USER_CHANGED_TOPIC } from '../../server/modules/auth/sessions';
import type { Organisation } from '../../server/modules/partners/service';
import { type Client } from '../support/client';
import { createOrganisation, signedInMember } from '../support/partners';
import { signedIn } from '../support/staff';
import { startTestServer, type TestServer } from '../support/test-server';

type Member = Awaited<ReturnType<typeof signedInMember>>;

let t: TestServer;
let staff: Client & { userId: string };
let retailerOrg: Organisation;
let retailer: Member;
let otherRetailer: Member;
let distributor: Member;
const ids = { shelfTalker: 0, importerOnly: 0, draft: 0, event: 0, draftEvent: 0, pastEvent: 0, pdf: '' };

const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const db = () => t.db.database.db;

async function created(res: Response, status = 201) {
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(status);
  return body;
}

const materials = (over: Record<string, unknown> = {}) => ({
  kind: 'materials',
  deliveryAddress: '1 Trade Street\nLondon E1 6AN',
  neededBy: day(14),
  details: 'For the summer window.',
  items: [{ collateralId: ids.shelfTalker, quantity: 250 }],
  ...over,
});

const proposal = (over: Record<string, unknown> = {}) => ({
  kind: 'event_proposal',
  title: 'Gin garden weekend',
  eventDate: day(30),
  venue: 'The Courtyard, Shoreditch',
  expectedGuests: 120,
  askStaff: true,
  askProduct: true,
  budgetMinor: 150_000,
  details: 'Two days of tastings in our courtyard.',
  ...over,
});

const requestCount = async () => (await db().select({ n: count() }).from(marketingRequests))[0]?.n ?? 0;

/** The member's session as the server resolves it (what the bell's feed is asked with). */
const readerOf = async (c: Client) => (await t.app.services.sessions.resolve(c.cookies.get('frolic_session') as string, { touch: false }))!;
const bellTitles = async (c: Client) => (await t.app.services.notifications.list(await readerOf(c))).items.map((n) => n.title);
// In the order they were written: without `order by`, PostgreSQL may return them in any order.
const emailsTo = async (to: string) => db().select().from(outboxEmails).where(eq(outboxEmails.to, to)).orderBy(asc(outboxEmails.id));

/** Changes an organisation outside the services, then tells every session (as the staff screens will). */
async function setOrganisation(id: string, values: Partial<typeof organisations.$inferInsert>) {
  await db().update(organisations).set(values).where(eq(organisations.id, id));
  await t.app.feed.publish(USER_CHANGED_TOPIC, {});
}

beforeAll(async () => {
  t = await startTestServer();
  staff = await signedIn(t, 'employee', 'requests');
  const form = new FormData();
  form.append('file', new Blob([Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n')], { type: 'application/pdf' }), 'shelf-talker.pdf');
  const upload = await fetch(`${t.url}/api/admin/media`, { method: 'POST', body: form, headers: { cookie: staff.header() } });
  ids.pdf = (await created(upload)).media.id;
  const collateral = async (title: string, audience: string[], published: boolean) =>
    (await created(await staff.json('POST', '/api/admin/collateral', { title, kind: 'shelf_talker', description: '', mediaId: ids.pdf, audience, published })))
      .id;
  ids.shelfTalker = await collateral('Summer shelf talker', ['retailer', 'distributor'], true);
  ids.importerOnly = await collateral('Import price list', ['importer'], true);
  ids.draft = await collateral('Draft brochure', ['retailer'], false);
  const event = async (over: Record<string, unknown>) =>
    (
      await created(
        await staff.json('POST', '/api/admin/events', {
          title: 'Autumn Gin Social',
          startsLocal: `${day(20)}T19:00`,
          timezone: 'Europe/London',
          venue: 'The Copper Hall',
          city: 'Manchester',
          country: 'GB',
          published: true,
          ...over,
        }),
      )
    ).id;
  ids.event = await event({});
  ids.draftEvent = await event({ title: 'Secret launch', published: false });
  ids.pastEvent = await event({ title: 'Spring Social', startsLocal: `${day(-3)}T19:00` });

  retailerOrg = await createOrganisation(t, 'retailer', { tradingName: 'Corner Shop Wines', email: 'orders@corner-shop.example' });
  retailer = await signedInMember(t, retailerOrg);
  otherRetailer = await signedInMember(t, await createOrganisation(t, 'retailer'));
  distributor = await signedInMember(t, await createOrganisation(t, 'distributor'));
});
afterAll(async () => {
  await t?.close();
});

describe('collateral for partners', () => {
  it("lists the published collateral whose audience includes the partner's type, with the guarded download", async () => {
    const mine = await created(await retailer.json('GET', '/api/partner/marketing/collateral'), 200);
    expect(mine.items.map((c: { title: string }) => c.title)).toEqual(['Summer shelf talker']);
    expect(mine.items[0]).toMatchObject({
      fileName: 'shelf-talker.pdf',
      mimeType: 'application/pdf',
      downloadUrl: `/api/partner/collateral/${ids.shelfTalker}/file`,
    });
    expect(JSON.stringify(mine)).not.toContain('/media/');
    const importer = await signedInMember(t, await createOrganisation(t, 'importer'));
    expect((await created(await importer.json('GET', '/api/partner/marketing/collateral'), 200)).items.map((c: { title: string }) => c.title)).toEqual([
      'Import price list',
    ]);
  });

  it('serves a collateral file to staff and to partners of its audience, and to nobody else', async () => {
    const file = (c: Client | null, path: string) => fetch(t.url + path, { headers: c ? { cookie: c.header() } : {} });
    const partnerPath = (id: number) => `/api/partner/collateral/${id}/file`;

    const ok = await file(retailer, partnerPath(ids.shelfTalker));
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe('application/pdf');
    expect(ok.headers.get('cache-control')).toBe('private, no-store');
    expect((await ok.text()).startsWith('%PDF')).toBe(true);
    expect((await file(distributor, partnerPath(ids.shelfTalker))).status).toBe(200);

    // Not for its type, not published, not there: the same 404.
    for (const id of [ids.importerOnly, ids.draft, 999_999]) {
      const res = await file(retailer, partnerPath(id));
      expect(res.status, `collateral ${id}`).toBe(404);
      expect((await res.json()).error.code).toBe('not_found');
    }
    expect((await file(retailer, '/api/partner/collateral/abc/file')).status).toBe(404);
    expect((await file(null, partnerPath(ids.shelfTalker))).status).toBe(401);
    // Staff read every item (drafts too) through their own route; partners are refused it.
    expect((await file(staff, `/api/admin/collateral/${ids.draft}/file`)).status).toBe(200);
    expect((await file(retailer, `/api/admin/collateral/${ids.shelfTalker}/file`)).status).toBe(403);
    expect((await file(null, `/api/admin/collateral/${ids.shelfTalker}/file`)).status).toBe(401);

    // The media library's own address does not leak collateral: staff only, a 404 for anyone else.
    expect((await file(staff, `/media/${ids.pdf}/original`)).status).toBe(200);
    expect((await file(retailer, `/media/${ids.pdf}/original`)).status).toBe(404);
    expect((await file(null, `/media/${ids.pdf}/original`)).status).toBe(404);
  });
});

describe('making requests', () => {
  it('creates a materials request with its items, audit row, staff bell entry and staff email', async () => {
    const before = await requestCount();
    const body = await created(await retailer.json('POST', '/api/partner/marketing/requests', materials()));
    expect(body).toMatchObject({
      kind: 'materials',
      status: 'open',
      title: '250 × Summer shelf talker',
      organisationId: retailerOrg.id,
      requestedBy: retailer.userId,
      neededBy: day(14),
      version: 1,
      items: [{ collateralId: ids.shelfTalker, title: 'Summer shelf talker', quantity: 250 }],
    });
    expect(await requestCount()).toBe(before + 1);
    const [audit] = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.tableName, 'marketing_requests'), eq(auditLogs.recordId, String(body.id))));
    expect(audit).toMatchObject({ action: 'INSERT', userId: retailer.userId });
    expect(await bellTitles(staff)).toContain(`New marketing request from ${retailerOrg.tradingName}`);
    const [mail] = await emailsTo('employee-requests@staff.example');
    expect(mail?.subject).toBe(`New marketing request from ${retailerOrg.tradingName}`);
    expect(mail?.text).toContain(`/admin/dashboard/marketing/requests/${body.id}`);
    // Its own list and page.
    const list = await created(await retailer.json('GET', '/api/partner/marketing/requests?kind=materials'), 200);
    expect(list.items.map((r: { id: number }) => r.id)).toContain(body.id);
    expect((await retailer.json('GET', `/api/partner/marketing/requests/${body.id}`)).status).toBe(200);
  });

  it('refuses collateral that is not published, not for the partner type or not there, writing nothing', async () => {
    const before = await requestCount();
    for (const collateralId of [ids.importerOnly, ids.draft, 999_999]) {
      const res = await retailer.json(
        'POST',
        '/api/partner/marketing/requests',
        materials({
          items: [
            { collateralId: ids.shelfTalker, quantity: 5 },
            { collateralId, quantity: 5 },
          ],
        }),
      );
      const body = await created(res, 400);
      expect(body.error).toMatchObject({ code: 'collateral_unavailable', details: [{ path: 'items.1.collateralId' }] });
    }
    const twice = await retailer.json(
      'POST',
      '/api/partner/marketing/requests',
      materials({
        items: [
          { collateralId: ids.shelfTalker, quantity: 1 },
          { collateralId: ids.shelfTalker, quantity: 2 },
        ],
      }),
    );
    expect((await created(twice, 400)).error.code).toBe('validation_failed');
    const tooMany = await retailer.json('POST', '/api/partner/marketing/requests', materials({ items: [{ collateralId: ids.shelfTalker, quantity: 10_001 }] }));
    expect((await created(tooMany, 400)).error.details).toEqual([expect.objectContaining({ path: 'items.0.quantity' })]);
    expect(await requestCount()).toBe(before);
  });

  it('refuses dates in the past (today is fine) with date_in_past on the field', async () => {
    const past = await retailer.json('POST', '/api/partner/marketing/requests', materials({ neededBy: day(-1) }));
    expect((await created(past, 400)).error).toMatchObject({ code: 'date_in_past', details: [{ path: 'neededBy' }] });
    const pastEvent = await retailer.json('POST', '/api/partner/marketing/requests', proposal({ eventDate: day(-1) }));
    expect((await created(pastEvent, 400)).error).toMatchObject({ code: 'date_in_past', details: [{ path: 'eventDate' }] });
    const nonsense = await retailer.json('POST', '/api/partner/marketing/requests', materials({ neededBy: '2026-02-31' }));
    expect((await created(nonsense, 400)).error.code).toBe('validation_failed');
    await created(await retailer.json('POST', '/api/partner/marketing/requests', materials({ neededBy: todayUtc() })));
  });

  it("creates an event proposal with the budget in the organisation's currency, and refuses no guests", async () => {
    const body = await created(await retailer.json('POST', '/api/partner/marketing/requests', proposal()));
    expect(body).toMatchObject({
      kind: 'event_proposal',
      status: 'open',
      askStaff: true,
      askProduct: true,
      budgetMinor: 150_000,
      currency: 'GBP',
      expectedGuests: 120,
    });
    const none = await retailer.json('POST', '/api/partner/marketing/requests', proposal({ expectedGuests: 0 }));
    expect((await created(none, 400)).error.details).toEqual([expect.objectContaining({ path: 'expectedGuests' })]);
    const noBudget = await created(await retailer.json('POST', '/api/partner/marketing/requests', proposal({ budgetMinor: null })));
    expect(noBudget).toMatchObject({ budgetMinor: null, currency: null });
  });

  it('asks to join a published upcoming brand event once; a draft or unknown one is a 404, a past one 400', async () => {
    const body = await created(
      await otherRetailer.json('POST', '/api/partner/marketing/requests', { kind: 'event_join', eventId: ids.event, expectedGuests: 4 }),
    );
    expect(body).toMatchObject({ kind: 'event_join', eventId: ids.event, title: 'Join: Autumn Gin Social', event: { title: 'Autumn Gin Social' } });
    const again = await otherRetailer.json('POST', '/api/partner/marketing/requests', { kind: 'event_join', eventId: ids.event });
    expect((await created(again, 409)).error).toMatchObject({ code: 'already_requested', details: { requestId: body.id } });
    for (const eventId of [ids.draftEvent, 999_999]) {
      const res = await otherRetailer.json('POST', '/api/partner/marketing/requests', { kind: 'event_join', eventId });
      expect((await created(res, 404)).error.code).toBe('not_found');
    }
    const past = await otherRetailer.json('POST', '/api/partner/marketing/requests', { kind: 'event_join', eventId: ids.pastEvent });
    expect((await created(past, 400)).error).toMatchObject({ code: 'event_over', details: [{ path: 'eventId' }] });
  });

  it('refuses an unknown kind', async () => {
    const res = await retailer.json('POST', '/api/partner/marketing/requests', { kind: 'party' });
    expect((await created(res, 400)).error.code).toBe('validation_failed');
  });
});

describe("another organisation's request", () => {
  it('does not exist for another partner: reading, commenting and listing', async () => {
    const mine = await created(await retailer.json('POST', '/api/partner/marketing/requests', materials()));
    const read = await otherRetailer.json('GET', `/api/partner/marketing/requests/${mine.id}`);
    expect((await created(read, 404)).error.code).toBe('not_found');
    const comment = await otherRetailer.json('POST', `/api/partner/marketing/requests/${mine.id}/comments`, { body: 'Is this ours?' });
    expect((await created(comment, 404)).error.code).toBe('not_found');
    const list = await created(await otherRetailer.json('GET', '/api/partner/marketing/requests'), 200);
    expect(list.items.map((r: { id: number }) => r.id)).not.toContain(mine.id);
    expect((await otherRetailer.get(`/partner/dashboard/marketing/requests/${mine.id}`)).status).toBe(404);
    expect((await otherRetailer.post(`/partner/dashboard/marketing/requests/${mine.id}`, { intent: 'comment', body: 'Hello?' })).status).toBe(404);
    // Nothing written by the refused comment.
    const [n] = await db().select({ n: count() }).from(marketingRequestComments).where(eq(marketingRequestComments.requestId, mine.id));
    expect(n?.n).toBe(0);
    // Partners never reach the staff routes.
    expect((await retailer.json('GET', `/api/admin/marketing-requests/${mine.id}`)).status).toBe(403);
  });
});

describe('an organisation that cannot trade', () => {
  it('reads, but cannot place or comment: pending, suspended, licence expired (403 with the code, nothing written)', async () => {
    const pendingOrg = await createOrganisation(t, 'retailer', { status: 'pending' });
    const pending = await signedInMember(t, pendingOrg);
    const before = await requestCount();
    const refused = await pending.json('POST', '/api/partner/marketing/requests', materials());
    expect((await created(refused, 403)).error).toMatchObject({ code: 'organisation_pending' });
    expect((await pending.json('GET', '/api/partner/marketing/requests')).status).toBe(200);
    expect((await pending.json('GET', '/api/partner/marketing/collateral')).status).toBe(200);

    const org = await createOrganisation(t, 'retailer');
    const member = await signedInMember(t, org);
    const open = await created(await member.json('POST', '/api/partner/marketing/requests', materials()));
    await setOrganisation(org.id, { status: 'suspended', statusReason: 'Unpaid invoices' });
    const suspended = await member.json('POST', '/api/partner/marketing/requests', materials());
    expect((await created(suspended, 403)).error.code).toBe('organisation_suspended');
    const comment = await member.json('POST', `/api/partner/marketing/requests/${open.id}/comments`, { body: 'Any news?' });
    expect((await created(comment, 403)).error.code).toBe('organisation_suspended');
    expect((await member.json('GET', `/api/partner/marketing/requests/${open.id}`)).status).toBe(200);

    await setOrganisation(org.id, { status: 'active', licenceExpiresOn: day(-1) });
    const expired = await member.json('POST', '/api/partner/marketing/requests', materials());
    expect((await created(expired, 403)).error.code).toBe('licence_expired');

    // The pages say why, and a post is refused with the same message over the form.
    const page = await member.get('/partner/dashboard/marketing/materials');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Your organisation&#x27;s licence has expired');
    const post = await member.post('/partner/dashboard/marketing/materials', {
      [`qty-${ids.shelfTalker}`]: '10',
      deliveryAddress: 'Here',
      neededBy: day(3),
    });
    expect(post.status).toBe(403);
    expect(await requestCount()).toBe(before + 1);
  });
});

describe('staff handle requests', () => {
  it('approves with the version read; fulfils only what is approved; declines only what is open', async () => {
    const r = await created(await retailer.json('POST', '/api/partner/marketing/requests', materials()));
    const path = `/api/admin/marketing-requests/${r.id}`;
    const fulfilOpen = await staff.json('POST', `${path}/fulfil`, { version: 1 });
    expect((await created(fulfilOpen, 409)).error).toMatchObject({ code: 'invalid_transition', details: { from: 'open', to: 'fulfilled' } });
    const declineSilently = await staff.json('POST', `${path}/decision`, { decision: 'decline', version: 1 });
    expect((await created(declineSilently, 400)).error.details).toEqual([expect.objectContaining({ path: 'comment' })]);
    const stale = await staff.json('POST', `${path}/decision`, { decision: 'approve', version: 7 });
    expect((await created(stale, 409)).error.code).toBe('version_conflict');

    const approved = await created(await staff.json('POST', `${path}/decision`, { decision: 'approve', comment: 'Printing this week.', version: 1 }), 200);
    expect(approved).toMatchObject({ status: 'approved', version: 2, decisionComment: 'Printing this week.', decidedBy: staff.userId });
    const twice = await staff.json('POST', `${path}/decision`, { decision: 'decline', comment: 'Changed my mind', version: 2 });
    expect((await created(twice, 409)).error.code).toBe('invalid_transition');
    const fulfilled = await created(await staff.json('POST', `${path}/fulfil`, { version: 2, comment: 'Sent by courier, tracking 1Z999' }), 200);
    expect(fulfilled).toMatchObject({
      status: 'fulfilled',
      version: 3,
      comments: [expect.objectContaining({ body: 'Sent by courier, tracking 1Z999', fromStaff: true })],
    });
    expect(fulfilled.fulfilledAt).toBeTruthy();
    const after = await staff.json('POST', `${path}/decision`, { decision: 'decline', comment: 'Too late', version: 3 });
    expect((await created(after, 409)).error.code).toBe('invalid_transition');

    // The partner sees where it stands.
    expect(await created(await retailer.json('GET', `/api/partner/marketing/requests/${r.id}`), 200)).toMatchObject({ status: 'fulfilled' });
    const audits = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.tableName, 'marketing_requests'), eq(auditLogs.recordId, String(r.id)), eq(auditLogs.action, 'UPDATE')));
    expect(audits).toHaveLength(2);
  });

  it('declines with a comment; unknown ids are 404', async () => {
    const r = await created(await retailer.json('POST', '/api/partner/marketing/requests', proposal()));
    const declined = await created(
      await staff.json('POST', `/api/admin/marketing-requests/${r.id}/decision`, { decision: 'decline', comment: 'No budget left this quarter.', version: 1 }),
      200,
    );
    expect(declined).toMatchObject({ status: 'declined', decisionComment: 'No budget left this quarter.' });
    expect((await staff.json('GET', '/api/admin/marketing-requests/999999')).status).toBe(404);
    expect((await staff.json('POST', '/api/admin/marketing-requests/999999/decision', { decision: 'approve', version: 1 })).status).toBe(404);
    expect((await staff.json('POST', '/api/admin/marketing-requests/abc/comments', { body: 'x' })).status).toBe(404);
  });

  it("lists every organisation's requests, open ones first, filtered and searched", async () => {
    const all = await created(await staff.json('GET', '/api/admin/marketing-requests?pageSize=100'), 200);
    const statuses = all.items.map((r: { status: string }) => r.status);
    expect(statuses.indexOf('open')).toBe(0);
    expect(statuses.lastIndexOf('open')).toBeLessThan(statuses.findIndex((s: string) => s !== 'open'));
    const declined = await created(await staff.json('GET', '/api/admin/marketing-requests?status=declined'), 200);
    expect(declined.items.every((r: { status: string }) => r.status === 'declined')).toBe(true);
    const joins = await created(await staff.json('GET', '/api/admin/marketing-requests?kind=event_join'), 200);
    expect(joins.items.map((r: { eventTitle: string }) => r.eventTitle)).toEqual(['Autumn Gin Social']);
    const byOrg = await created(await staff.json('GET', `/api/admin/marketing-requests?q=${encodeURIComponent(retailerOrg.tradingName)}`), 200);
    expect(byOrg.items.length).toBeGreaterThan(0);
    expect(byOrg.items.every((r: { organisationId: string }) => r.organisationId === retailerOrg.id)).toBe(true);
    expect((await staff.json('GET', '/api/admin/marketing-requests?status=lost')).status).toBe(400);
  });
});

describe('who hears about it', () => {
  it("tells the organisation (bell and email) of a decision and staff's comments, and staff of the partner's comments — never another organisation", async () => {
    const r = await created(await retailer.json('POST', '/api/partner/marketing/requests', proposal({ title: 'Whisky & cheese night' })));
    await created(
      await staff.json('POST', `/api/admin/marketing-requests/${r.id}/decision`, { decision: 'approve', comment: 'We will send two staff.', version: 1 }),
      200,
    );
    expect(await bellTitles(retailer)).toContain('Your marketing request was approved');
    expect(await bellTitles(otherRetailer)).not.toContain('Your marketing request was approved');
    const toRequester = await emailsTo(retailer.email);
    expect(toRequester.map((m) => m.subject)).toContain('Your marketing request was approved');
    expect(toRequester.some((m) => m.subject === 'Your marketing request was approved' && m.text.includes('We will send two staff.'))).toBe(true);
    // The organisation's own address hears too.
    expect((await emailsTo('orders@corner-shop.example')).map((m) => m.subject)).toContain('Your marketing request was approved');

    // The partner writes: the bell of staff, and an email to the colleague who decided it.
    const before = (await emailsTo('employee-requests@staff.example')).length;
    await created(await retailer.json('POST', `/api/partner/marketing/requests/${r.id}/comments`, { body: 'Can they arrive by six?' }));
    expect(await bellTitles(staff)).toContain(`${retailerOrg.tradingName} commented on a marketing request`);
    const staffMail = await emailsTo('employee-requests@staff.example');
    expect(staffMail).toHaveLength(before + 1);
    expect(staffMail.at(-1)?.text).toContain('Can they arrive by six?');

    // Staff answer in the thread: the organisation hears.
    const answered = await created(await staff.json('POST', `/api/admin/marketing-requests/${r.id}/comments`, { body: 'Yes, by six.' }));
    expect(answered.comments.map((c: { body: string; fromStaff: boolean }) => [c.body, c.fromStaff])).toEqual([
      ['Can they arrive by six?', false],
      ['Yes, by six.', true],
    ]);
    expect(await bellTitles(retailer)).toContain('Frolic commented on your marketing request');
    expect(await bellTitles(otherRetailer)).not.toContain('Frolic commented on your marketing request');
    expect((await emailsTo(retailer.email)).map((m) => m.subject)).toContain('Frolic commented on your marketing request');
    // Partners' entries never reach staff who do not hold the partner permission.
    expect(await bellTitles(staff)).not.toContain('Your marketing request was approved');
  });
});

describe('the pages', () => {
  it('a retailer requests materials through the page form, and staff approve it on theirs', async () => {
    const page = await retailer.get('/partner/dashboard/marketing/materials');
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('Summer shelf talker');
    expect(html).toContain(`/api/partner/collateral/${ids.shelfTalker}/file`);
    expect(html).not.toContain('Draft brochure');
    // Bad input is named at its fields, nothing written.
    const before = await requestCount();
    const bad = await retailer.post('/partner/dashboard/marketing/materials', { [`qty-${ids.shelfTalker}`]: '0', deliveryAddress: '', neededBy: day(-2) });
    expect(bad.status).toBe(400);
    expect(await requestCount()).toBe(before);
    const past = await retailer.post('/partner/dashboard/marketing/materials', {
      [`qty-${ids.shelfTalker}`]: '40',
      deliveryAddress: 'Shop',
      neededBy: day(-2),
    });
    expect(past.status).toBe(400);
    expect(await requestCount()).toBe(before);

    const sent = await retailer.post('/partner/dashboard/marketing/materials', {
      [`qty-${ids.shelfTalker}`]: '40',
      deliveryAddress: 'The shop\nLondon',
      neededBy: day(10),
    });
    expect(sent.status).toBe(302);
    const to = sent.headers.get('location') as string;
    expect(to).toMatch(/^\/partner\/dashboard\/marketing\/requests\/\d+$/);
    const id = to.split('/').at(-1) as string;
    expect(await (await retailer.get(to)).text()).toContain('40 × Summer shelf talker');

    const staffPage = await staff.get(`/admin/dashboard/marketing/requests/${id}`);
    expect(staffPage.status).toBe(200);
    const noReason = await staff.post(`/admin/dashboard/marketing/requests/${id}`, { intent: 'decline', version: '1', comment: '' });
    expect(noReason.status).toBe(400);
    const approve = await staff.post(`/admin/dashboard/marketing/requests/${id}`, { intent: 'approve', version: '1', comment: 'On its way.' });
    expect(approve.status).toBe(302);
    const shown = await (await retailer.get(to)).text();
    expect(shown).toContain('Approved');
    expect(shown).toContain('On its way.');
    const list = await (await staff.get('/admin/dashboard/marketing?tab=requests')).text();
    expect(list).toContain('40 × Summer shelf talker');
  });

  it('a partner proposes an event and asks to join one through the events page', async () => {
    const org = await createOrganisation(t, 'retailer');
    const member = await signedInMember(t, org);
    const html = await (await member.get('/partner/dashboard/marketing/events')).text();
    expect(html).toContain('Autumn Gin Social');
    expect(html).not.toContain('Secret launch');
    const badBudget = await member.post('/partner/dashboard/marketing/events', {
      intent: 'propose',
      title: 'Tasting',
      eventDate: day(5),
      venue: 'Shop',
      expectedGuests: '30',
      budget: 'lots',
    });
    expect(badBudget.status).toBe(400);
    const proposed = await member.post('/partner/dashboard/marketing/events', {
      intent: 'propose',
      title: 'Tasting',
      eventDate: day(5),
      venue: 'Shop',
      expectedGuests: '30',
      askProduct: 'on',
      budget: '1,250.50',
    });
    expect(proposed.status).toBe(302);
    const detail = await created(
      await member.json('GET', `/api/partner/marketing/requests/${(proposed.headers.get('location') as string).split('/').at(-1)}`),
      200,
    );
    expect(detail).toMatchObject({ askProduct: true, askStaff: false, budgetMinor: 125_050, currency: 'GBP', expectedGuests: 30 });
    const joined = await member.post('/partner/dashboard/marketing/events', { intent: 'join', eventId: String(ids.event), expectedGuests: '2' });
    expect(joined.status).toBe(302);
    expect(await (await member.get('/partner/dashboard/marketing/events')).text()).toContain('You asked to join');
  });
});
