// The staff side of the trade network (issue 14): the Partners list with its search and filters,
// creating and editing organisations with the version check, suspending (which stops members
// trading at once), terms, inviting people (and an invitee choosing a password lands signed in on
// its dashboard), onboarding a business inquiry once, and the daily licence check on a fake clock.
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, businessInquiries, notifications, organisations, outboxEmails, users } from '../../server/db/schema';
import type { CurrentUser } from '../../server/modules/auth/sessions';
import { createDemoUsers } from '../../server/bootstrap';
import { Client } from '../support/client';
import { createOrganisation, signedInMember } from '../support/partners';
import { signedIn } from '../support/staff';
import { describeOnPostgres } from '../support/test-db';
import { startTestServer, type TestServer } from '../support/test-server';
import { brandId } from '../../server/db/brand';

type Staff = Client & { userId: string };

const DAY = 86_400_000;
const inDays = (days: number, from = Date.now()) => new Date(from + days * DAY).toISOString().slice(0, 10);
let n = 0;
const unique = () => `${++n}-${Math.random().toString(36).slice(2, 7)}`;

/** A complete organisation body (an importer in London unless told). */
function orgBody(over: Record<string, unknown> = {}) {
  const k = unique();
  return {
    type: 'importer',
    legalName: `Harbour Imports ${k} Ltd`,
    tradingName: `Harbour Imports ${k}`,
    licenceNumber: `AWRS-${k}`,
    licenceJurisdiction: 'GB',
    licenceExpiresOn: inDays(300),
    addressLine1: '1 Dock Road',
    city: 'London',
    country: 'GB',
    market: 'GB',
    ...over,
  };
}

/** The session behind a client's cookie, as the server resolves it now. */
async function sessionOf(t: TestServer, c: Client): Promise<CurrentUser> {
  const user = await t.app.services.sessions.resolve(c.cookies.get('frolic_session') as string);
  if (!user) throw new Error('not signed in');
  return user;
}

/** Whether the member may place or approve something (a marketing request stands for any act). */
const mayAct = async (t: TestServer, c: Client) => t.app.services.access.decide(await sessionOf(t, c), { permission: 'marketing:request', act: true });

/** The password tests/support/partners.ts gives members. */
const MEMBER_PASSWORD = 'Partner-tests-password-2026';

const tokenIn = (text: string) => /[?&]token=([\w-]+)/.exec(text)?.[1] as string;

describe('the Partners section', () => {
  let t: TestServer;
  let admin: Staff;
  let employee: Staff;

  beforeAll(async () => {
    t = await startTestServer();
    admin = await signedIn(t, 'admin', 'partners');
    employee = await signedIn(t, 'employee', 'partners');
  });
  afterAll(async () => {
    await t?.close();
  });

  const create = async (body: Record<string, unknown>) => admin.json('POST', '/api/admin/partners', body);
  const created = async (body: Record<string, unknown>) => {
    const res = await create(body);
    expect(res.status, JSON.stringify(await res.clone().json())).toBe(201);
    return (await res.json()).organisation as { id: string; version: number; status: string; tradingName: string; licenceNumber: string };
  };

  describe('list, search and filters', () => {
    let importer: { id: string; tradingName: string; licenceNumber: string };
    let retailer: { id: string; tradingName: string };
    beforeAll(async () => {
      importer = await created(orgBody({ tradingName: 'Quayside Imports', city: 'Bristol', status: 'active' }));
      const distributor = await created(
        orgBody({ type: 'distributor', tradingName: 'Quayside Distribution', supplierId: importer.id, market: 'EU', country: 'IE', city: 'Cork' }),
      );
      retailer = await created(
        orgBody({
          type: 'retailer',
          tradingName: 'Quayside Cellars',
          supplierId: distributor.id,
          licenceExpiresOn: inDays(10),
          city: 'Galway',
          country: 'IE',
          market: 'EU',
        }),
      );
    });

    const list = async (query: string) => {
      const res = await admin.json('GET', `/api/admin/partners?${query}`);
      expect(res.status).toBe(200);
      return (await res.json()) as { items: { id: string; tradingName: string; supplierName: string | null; licence: { state: string } }[]; total: number };
    };

    it('searches names, licence numbers and towns, and filters by type, status, market and expiring licences on the server', async () => {
      expect((await list('q=quayside')).items.map((o) => o.tradingName)).toEqual(['Quayside Cellars', 'Quayside Distribution', 'Quayside Imports']);
      expect((await list(`q=${importer.licenceNumber}`)).items.map((o) => o.id)).toEqual([importer.id]);
      expect((await list('q=galway')).items.map((o) => o.id)).toEqual([retailer.id]);
      expect((await list('q=quayside&type=distributor')).items.map((o) => o.tradingName)).toEqual(['Quayside Distribution']);
      expect((await list('q=quayside&status=active')).items.map((o) => o.tradingName)).toEqual(['Quayside Imports']);
      expect((await list('q=quayside&market=EU')).total).toBe(2);
      const expiring = await list('q=quayside&expiring=1');
      expect(expiring.items).toEqual([
        expect.objectContaining({ id: retailer.id, licence: { state: 'expiring', days: 10 }, supplierName: 'Quayside Distribution' }),
      ]);
    });

    it('sorts and pages', async () => {
      const byExpiry = await list('q=quayside&sort=licenceExpiresOn&dir=asc');
      expect(byExpiry.items[0]?.id).toBe(retailer.id);
      const second = await list('q=quayside&pageSize=1&page=2');
      expect(second).toMatchObject({ total: 3, items: [{ tradingName: 'Quayside Distribution' }] });
    });

    it('is for those who hold User Management: employees are refused', async () => {
      expect((await employee.json('GET', '/api/admin/partners')).status).toBe(403);
      const page = await employee.get('/admin/dashboard/partners');
      expect(page.headers.get('location')).toBe('/dashboard');
      const ok = await admin.get('/admin/dashboard/partners?q=quayside');
      expect(ok.status).toBe(200);
      expect(await ok.text()).toContain('Quayside Cellars');
    });

    it('shows the tree under the brand', async () => {
      const tree = await (await admin.json('GET', '/api/admin/partners/tree')).json();
      expect(tree.items).toEqual(expect.arrayContaining([expect.objectContaining({ id: retailer.id, type: 'retailer' })]));
      const page = await admin.get('/admin/dashboard/partners/tree');
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('Quayside Cellars');
    });
  });

  describe('create and edit', () => {
    it('refuses a licence already expired, a supplier of the wrong type, an unknown supplier and a licence registered twice — writing nothing', async () => {
      const past = await create(orgBody({ licenceExpiresOn: inDays(-1) }));
      expect(past.status).toBe(400);
      expect((await past.json()).error).toMatchObject({ code: 'licence_expiry_past', details: [{ path: 'licenceExpiresOn' }] });

      const importer = await created(orgBody());
      const wrongTier = await create(orgBody({ type: 'retailer', supplierId: importer.id }));
      expect(wrongTier.status).toBe(400);
      expect((await wrongTier.json()).error.details).toEqual([{ path: 'supplierId', message: 'A retailer is supplied by a distributor, not an importer.' }]);
      const unknown = await create(orgBody({ type: 'distributor', supplierId: '00000000-0000-4000-8000-000000000000' }));
      expect((await unknown.json()).error.details[0]).toMatchObject({ path: 'supplierId', message: 'That supplier does not exist.' });

      const twice = await create(orgBody({ licenceNumber: importer.licenceNumber.toLowerCase() }));
      expect(twice.status).toBe(409);
      expect((await twice.json()).error.code).toBe('licence_taken');
      const names = await t.db.database.db.select().from(organisations).where(eq(organisations.licenceNumber, importer.licenceNumber.toLowerCase()));
      expect(names).toEqual([]);
    });

    it('creates through the page form with the default terms of its market, and audits it', async () => {
      const body = orgBody({ type: 'importer', tradingName: 'Page Made Imports', market: 'EU', country: 'DE', status: 'active' });
      const res = await admin.editor('/admin/dashboard/partners/new', body);
      expect(res.status).toBe(302);
      const id = (res.headers.get('location') as string).split('/').at(-1) as string;
      const detail = await (await admin.json('GET', `/api/admin/partners/${id}`)).json();
      expect(detail.organisation).toMatchObject({ tradingName: 'Page Made Imports', status: 'active', currency: 'EUR', version: 1 });
      // An importer's supplier is the brand's own organisation row.
      expect(detail.terms).toMatchObject({
        paymentTermsDays: 30,
        currency: 'EUR',
        taxRateBp: 2100,
        dutyTreatment: 'in_bond',
        supplierId: await brandId(t.db.database.db),
      });
      const [audit] = await t.db.database.db
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.tableName, 'organisations'), eq(auditLogs.recordId, id)));
      expect(audit).toMatchObject({ action: 'INSERT', userId: admin.userId });
    });

    it('saves over the version read; a stale version is a 409 and changes nothing', async () => {
      const org = await created(orgBody());
      const id = org.id;
      const body = { ...orgBody({ licenceNumber: org.licenceNumber }), tradingName: 'Renamed Imports', version: 1 };
      const saved = await admin.json('PUT', `/api/admin/partners/${id}`, body);
      expect(saved.status).toBe(200);
      expect((await saved.json()).organisation).toMatchObject({ tradingName: 'Renamed Imports', version: 2 });
      const stale = await admin.json('PUT', `/api/admin/partners/${id}`, { ...body, tradingName: 'Lost Edit', version: 1 });
      expect(stale.status).toBe(409);
      expect((await stale.json()).error.code).toBe('version_conflict');
      expect((await t.app.services.partners.get(id)).tradingName).toBe('Renamed Imports');
    });

    it("keeps an organisation's type once it has people or customers, and refuses a renewed licence date in the past", async () => {
      const org = await createOrganisation(t, 'distributor');
      await signedInMember(t, org);
      const base = {
        ...orgBody(),
        type: 'distributor',
        licenceNumber: org.licenceNumber,
        licenceExpiresOn: org.licenceExpiresOn,
        supplierId: org.supplierId,
        version: org.version,
      };
      const retype = await admin.json('PUT', `/api/admin/partners/${org.id}`, { ...base, type: 'retailer', supplierId: null });
      expect(retype.status).toBe(409);
      expect((await retype.json()).error).toMatchObject({ code: 'type_locked', details: [{ path: 'type' }] });
      const past = await admin.json('PUT', `/api/admin/partners/${org.id}`, { ...base, licenceExpiresOn: inDays(-3) });
      expect((await past.json()).error.code).toBe('licence_expiry_past');
      // The same (valid) date may be saved again.
      expect((await admin.json('PUT', `/api/admin/partners/${org.id}`, base)).status).toBe(200);
    });

    it('answers 404 for an unknown or malformed id, on the API and the pages', async () => {
      for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id', '1']) {
        expect((await admin.json('GET', `/api/admin/partners/${id}`)).status).toBe(404);
        expect((await admin.json('POST', `/api/admin/partners/${id}/status`, { status: 'active', version: 1 })).status).toBe(404);
        expect((await admin.get(`/admin/dashboard/partners/${id}`)).status).toBe(404);
      }
    });
  });

  describe('status and terms', () => {
    it('suspending (with a reason, over the version read) stops its members placing or approving at once; reading stays open', async () => {
      const org = await createOrganisation(t, 'retailer');
      const member = await signedInMember(t, org);
      expect(await mayAct(t, member)).toMatchObject({ allowed: true });

      const noReason = await admin.json('POST', `/api/admin/partners/${org.id}/status`, { status: 'suspended', version: org.version });
      expect((await noReason.json()).error.details).toEqual([expect.objectContaining({ path: 'reason' })]);
      const stale = await admin.json('POST', `/api/admin/partners/${org.id}/status`, {
        status: 'suspended',
        reason: 'Unpaid invoices',
        version: org.version + 1,
      });
      expect(stale.status).toBe(409);
      expect(await mayAct(t, member)).toMatchObject({ allowed: true });

      const res = await admin.json('POST', `/api/admin/partners/${org.id}/status`, { status: 'suspended', reason: 'Unpaid invoices', version: org.version });
      expect(res.status).toBe(200);
      expect((await res.json()).organisation).toMatchObject({ status: 'suspended', statusReason: 'Unpaid invoices', version: org.version + 1 });
      // No waiting for the session cache: the change evicted the member's session.
      expect(await mayAct(t, member)).toMatchObject({ allowed: false, reason: 'trading_blocked', standing: 'suspended' });
      expect((await member.get('/partner/dashboard/retailer')).status).toBe(200);
      const [audit] = await t.db.database.db
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.recordId, org.id), eq(auditLogs.action, 'STATUS_CHANGE')));
      expect(audit).toMatchObject({ userId: admin.userId, newValues: { status: 'suspended', reason: 'Unpaid invoices' } });

      // Activated again through the page's form: trading resumes.
      const page = await admin.editor(`/admin/dashboard/partners/${org.id}`, {
        intent: 'status',
        status: 'active',
        reason: 'Paid up',
        version: org.version + 1,
      });
      expect(page.status).toBe(302);
      expect(await mayAct(t, member)).toMatchObject({ allowed: true });
    });

    it('edits the trade terms over their version — the duty treatment in place of the old flat tax rate, which stays as it was', async () => {
      const org = await createOrganisation(t, 'distributor');
      const terms = await t.app.services.partners.terms(org.id);
      // A distributor's leg releases the goods by default (shared/tax.ts defaultDutyTreatment).
      expect(terms).toMatchObject({ dutyTreatment: 'releases', taxRateBp: 2000 });
      const saved = await admin.json('PUT', `/api/admin/partners/${org.id}/terms`, {
        paymentTermsDays: 45,
        creditLimitMinor: 750_000,
        dutyTreatment: 'in_bond',
        // No longer edited: ignored.
        taxRateBp: 0,
        version: terms.version,
      });
      expect(saved.status).toBe(200);
      expect((await saved.json()).terms).toMatchObject({
        paymentTermsDays: 45,
        creditLimitMinor: 750_000,
        dutyTreatment: 'in_bond',
        taxRateBp: 2000,
        version: terms.version + 1,
      });
      const stale = await admin.json('PUT', `/api/admin/partners/${org.id}/terms`, {
        paymentTermsDays: 10,
        creditLimitMinor: 1,
        dutyTreatment: 'releases',
        version: terms.version,
      });
      expect(stale.status).toBe(409);
      const bad = await admin.json('PUT', `/api/admin/partners/${org.id}/terms`, {
        paymentTermsDays: 400,
        creditLimitMinor: -1,
        dutyTreatment: 'sometimes',
        version: terms.version + 1,
      });
      expect((await bad.json()).error.details.map((d: { path: string }) => d.path).sort()).toEqual(['creditLimitMinor', 'dutyTreatment', 'paymentTermsDays']);
    });
  });

  describe('people', () => {
    it('invites with the role of its type (or partner), refuses another type and an address that has an account — writing nothing', async () => {
      const org = await createOrganisation(t, 'retailer');
      const mismatch = await admin.json('POST', `/api/admin/partners/${org.id}/members`, {
        email: 'wrong-tier@shop.example',
        firstName: 'W',
        lastName: 'T',
        role: 'distributor',
      });
      expect(mismatch.status).toBe(400);
      expect((await mismatch.json()).error.code).toBe('role_mismatch');
      const taken = await admin.json('POST', `/api/admin/partners/${org.id}/members`, {
        email: 'admin-partners@staff.example',
        firstName: 'A',
        lastName: 'B',
        role: 'retailer',
      });
      expect(taken.status).toBe(409);
      expect((await taken.json()).error).toMatchObject({ code: 'email_taken', details: [{ path: 'email' }] });
      expect(await t.db.database.db.select().from(users).where(eq(users.email, 'wrong-tier@shop.example'))).toEqual([]);

      const ok = await admin.json('POST', `/api/admin/partners/${org.id}/members`, {
        email: 'Reader@Shop.example',
        firstName: 'Rhea',
        lastName: 'Reader',
        role: 'partner',
      });
      expect(ok.status).toBe(201);
      const members = await (await admin.json('GET', `/api/admin/partners/${org.id}/members`)).json();
      expect(members.items).toEqual([expect.objectContaining({ email: 'reader@shop.example', roles: ['partner'], hasPassword: false })]);
    });

    it('sends an invitation again (the earlier link stops working); the invitee chooses a password and lands signed in on its dashboard', async () => {
      const org = await createOrganisation(t, 'retailer');
      const { userId } = await t.app.services.partners.invite(
        org.id,
        { email: 'newshop@shop.example', firstName: 'Nia', lastName: 'Shop', role: 'retailer' },
        { userId: admin.userId, ip: null },
        'http://frolic.test',
      );
      const mails = () => t.db.database.db.select().from(outboxEmails).where(eq(outboxEmails.to, 'newshop@shop.example'));
      const first = tokenIn((await mails())[0]?.text as string);

      const again = await admin.editor(`/admin/dashboard/partners/${org.id}`, { intent: 'resend', userId });
      expect(again.status).toBe(302);
      const latest = (await mails()).map((m) => tokenIn(m.text)).find((tk) => tk !== first) as string;
      expect(latest).toBeTruthy();

      const invitee = await new Client(t.url).passGate();
      const old = await invitee.post('/auth/reset-password', { token: first, password: 'Shop-floor-password-2026', confirm: 'Shop-floor-password-2026' });
      expect(old.status).toBe(400);
      const accepted = await invitee.post('/auth/reset-password', { token: latest, password: 'Shop-floor-password-2026', confirm: 'Shop-floor-password-2026' });
      expect(accepted.status).toBe(302);
      expect(accepted.headers.get('location')).toBe('/partner/dashboard/retailer');
      expect(invitee.flashedToast()).toMatchObject({ title: 'Welcome to Frolic' });
      const landing = await invitee.get('/partner/dashboard/retailer');
      expect(landing.status).toBe(200);
      expect(await landing.text()).toMatch(/Welcome, (<!-- -->)?Nia/);

      // Accepted: no more invitations for them.
      const done = await admin.json('POST', `/api/admin/partners/${org.id}/members/${userId}/invitation`);
      expect(done.status).toBe(409);
      expect((await done.json()).error.code).toBe('invitation_accepted');
      // Someone of another organisation is not a member here.
      const other = await createOrganisation(t, 'retailer');
      expect((await admin.json('POST', `/api/admin/partners/${other.id}/members/${userId}/invitation`)).status).toBe(404);
    });

    it('a reset link still leads to the sign-in page, not into the account', async () => {
      const org = await createOrganisation(t, 'retailer');
      const member = await signedInMember(t, org, { tag: 'reset' });
      await (await new Client(t.url).passGate()).post('/auth/forgot-password', { email: member.email });
      await t.app.services.jobs.drain();
      const [mail] = await t.db.database.db.select().from(outboxEmails).where(eq(outboxEmails.to, member.email));
      const c = await new Client(t.url).passGate();
      const res = await c.post('/auth/reset-password', {
        token: tokenIn(mail?.text as string),
        password: 'Fresh-reset-password-2026',
        confirm: 'Fresh-reset-password-2026',
      });
      expect(res.headers.get('location')).toBe('/auth/login');
      expect(c.cookies.has('frolic_session')).toBe(false);
    });
  });

  describe('onboarding a business inquiry', () => {
    let ip = 0;
    async function inquiry(over: Record<string, string> = {}): Promise<number> {
      const result = await t.app.services.inquiries.submitBusinessInquiry(
        {
          company: 'Northern Cellars GmbH',
          contactName: 'Jonas Weber',
          email: `jonas-${unique()}@northern.example`,
          partnerType: 'importer',
          licenceNumber: `DE-IMP-${unique()}`,
          region: 'Hamburg',
          country: 'DE',
          expectedVolume: 'Over 1,000 cases a year',
          message: 'We import premium spirits into northern Germany.',
          ...over,
        } as never,
        {},
        { userId: null, ip: `10.44.0.${++ip}` },
      );
      return (result as { id: number }).id;
    }
    const conversion = (over: Record<string, unknown> = {}) => ({
      ...orgBody({ type: 'importer', legalName: 'Northern Cellars GmbH', tradingName: 'Northern Cellars', country: 'DE', market: 'EU', city: 'Hamburg' }),
      contactFirstName: 'Jonas',
      contactLastName: 'Weber',
      contactEmail: `jonas-${unique()}@northern.example`,
      ...over,
    });
    const convert = (id: number, body: Record<string, unknown>, who: Client = admin) =>
      who.json('POST', `/api/admin/inquiries/business/${id}/organisation`, body);

    it('becomes a pending organisation with its contact invited in one step, once; the inquiry records the outcome', async () => {
      const id = await inquiry();
      const body = conversion();
      const res = await convert(id, body);
      expect(res.status).toBe(201);
      const { organisationId, userId } = await res.json();
      const org = await t.app.services.partners.get(organisationId);
      expect(org).toMatchObject({ status: 'pending', type: 'importer', currency: 'EUR' });
      expect(await t.app.services.partners.members(organisationId)).toEqual([
        expect.objectContaining({ id: userId, email: body.contactEmail, roles: ['importer'], hasPassword: false }),
      ]);
      const [mail] = await t.db.database.db.select().from(outboxEmails).where(eq(outboxEmails.to, body.contactEmail));
      expect(mail?.text).toMatch(/\/auth\/reset-password\?type=partner&token=/);
      const detail = await (await admin.json('GET', `/api/admin/inquiries/business/${id}`)).json();
      expect(detail.record).toMatchObject({ organisationId, status: 'done', convertedBy: admin.userId });
      expect(detail.record.convertedAt).toBeTruthy();
      // The inquiry's page links to the organisation.
      const page = await admin.get(`/admin/dashboard/inquiries/business/${id}`);
      expect(await page.text()).toContain(`href="/admin/dashboard/partners/${organisationId}"`);

      const twice = await convert(id, conversion());
      expect(twice.status).toBe(409);
      expect((await twice.json()).error.code).toBe('inquiry_already_converted');
    });

    it('writes nothing when the contact already has an account, or the licence date is past; needs both permissions; 404 for an unknown inquiry', async () => {
      const id = await inquiry();
      const body = conversion({ contactEmail: 'employee-partners@staff.example' });
      const taken = await convert(id, body);
      expect(taken.status).toBe(409);
      expect((await taken.json()).error).toMatchObject({ code: 'email_taken', details: [{ path: 'contactEmail' }] });
      expect(await t.db.database.db.select().from(organisations).where(eq(organisations.licenceNumber, body.licenceNumber))).toEqual([]);
      const [row] = await t.db.database.db.select().from(businessInquiries).where(eq(businessInquiries.id, id));
      expect(row).toMatchObject({ organisationId: null, convertedAt: null, status: 'new' });

      expect((await (await convert(id, conversion({ licenceExpiresOn: inDays(-1) }))).json()).error.code).toBe('licence_expiry_past');
      expect((await convert(id, conversion(), employee)).status).toBe(403);
      expect((await convert(999_999, conversion())).status).toBe(404);

      // The page's form converts it too (and goes to the new organisation).
      const page = await admin.editor(`/admin/dashboard/inquiries/business/${id}`, { intent: 'convert', ...conversion() });
      expect(page.status).toBe(302);
      expect(page.headers.get('location')).toMatch(/^\/admin\/dashboard\/partners\/[\w-]+$/);
    });
  });
});

describe('the daily licence check', () => {
  let t: TestServer;
  let clock = Date.parse('2031-02-28T12:00:00Z');
  let org: Awaited<ReturnType<typeof createOrganisation>>;
  let quiet: Awaited<ReturnType<typeof createOrganisation>>;

  beforeAll(async () => {
    t = await startTestServer({}, { now: () => clock });
    // The runner would run the check on its own timer: the test runs it (drain) when the clock moves.
    await t.app.services.jobs.stop();
    org = await createOrganisation(t, 'retailer', { licenceExpiresOn: '2031-03-31', email: 'office@cellar.example' });
    quiet = await createOrganisation(t, 'retailer', { licenceExpiresOn: '2031-09-30' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const warningsOf = (id: string) =>
    t.db.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.organisationId, id), eq(notifications.kind, 'licence_warning')));
  const at = async (iso: string) => {
    clock = Date.parse(iso);
    await t.app.services.jobs.drain();
  };

  it('warns staff and the organisation 30 days before, once', async () => {
    const member = await signedInMember(t, org, { tag: 'licence' });
    await at('2031-03-01T06:00:00Z');
    const first = await warningsOf(org.id);
    expect(first.map((w) => [w.permission, w.title]).sort()).toEqual([
      ['marketing:request', 'Your licence expires in 30 days (31 March 2031)'],
      ['users:manage', `Licence of ${org.tradingName} expires in 30 days (31 March 2031)`],
    ]);
    expect(await warningsOf(quiet.id)).toEqual([]);
    const mails = await t.db.database.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.subject, `The licence of ${org.tradingName} expires in 30 days`));
    expect(mails.map((m) => m.to).sort()).toEqual([member.email, 'office@cellar.example'].sort());
    // The member (signed in again: a night has passed) sees its organisation's warning in its feed.
    const again = await new Client(t.url).passGate();
    expect((await again.post('/auth/login', { email: member.email, password: MEMBER_PASSWORD })).status).toBe(302);
    const feed = await t.app.services.notifications.list(await sessionOf(t, again));
    expect(feed.items.map((i) => i.title)).toContain('Your licence expires in 30 days (31 March 2031)');

    // Later the same day, and the day after: nothing new (once per stage).
    await at('2031-03-01T18:00:00Z');
    await at('2031-03-02T06:00:00Z');
    expect(await warningsOf(org.id)).toHaveLength(2);
    expect((await t.app.services.partners.checkLicences()).warned).toEqual([]);
  });

  it('warns again 7 days before, and when it has expired stops its members trading at once', async () => {
    await at('2031-03-25T06:00:00Z');
    expect((await warningsOf(org.id)).map((w) => w.title)).toContain('Your licence expires in 6 days (31 March 2031)');

    clock = Date.parse('2031-03-31T23:59:50Z');
    const member = await signedInMember(t, org, { tag: 'midnight' });
    expect(await mayAct(t, member)).toMatchObject({ allowed: true });
    await at('2031-04-01T00:00:04Z');
    const titles = (await warningsOf(org.id)).map((w) => w.title);
    expect(titles).toEqual(expect.arrayContaining(['Your licence has expired', `Licence of ${org.tradingName} has expired`]));
    expect(titles).toHaveLength(6);
    expect(await mayAct(t, member)).toMatchObject({ allowed: false, reason: 'trading_blocked', standing: 'licence_expired' });
    const [row] = await t.db.database.db.select().from(organisations).where(eq(organisations.id, org.id));
    expect(row).toMatchObject({ licenceWarnedStage: 0 });
  });

  it('starts again when staff record the renewed licence', async () => {
    const renewed = await t.app.services.partners.update(
      org.id,
      { ...(await t.app.services.partners.get(org.id)), licenceExpiresOn: '2031-04-20', version: (await t.app.services.partners.get(org.id)).version },
      { userId: null, ip: null },
    );
    expect(renewed).toMatchObject({ licenceWarnedStage: null });
    expect((await t.app.services.partners.checkLicences()).warned).toEqual([org.id]);
    expect((await warningsOf(org.id)).map((w) => w.title)).toContain('Your licence expires in 19 days (20 April 2031)');
  });
});

describe('demo mode', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('seeds a believable chain once — an importer, two distributors, four retailers with terms and people — that the demo partner users belong to', async () => {
    const password = 'Demo-chain-password-2026';
    await createDemoUsers(t.app.services, t.db.database, password);
    await createDemoUsers(t.app.services, t.db.database, password);
    const tree = await t.app.services.partners.tree();
    expect(tree.map((o) => o.type).sort()).toEqual(['distributor', 'distributor', 'importer', 'retailer', 'retailer', 'retailer', 'retailer']);
    expect(new Set(tree.map((o) => o.market))).toEqual(new Set(['GB', 'EU', 'US']));
    const byId = new Map(tree.map((o) => [o.id, o]));
    // The importer's supplier is the brand's own row, which the tree leaves out.
    const brand = await brandId(t.db.database.db);
    for (const o of tree)
      expect(o.supplierId === brand ? 'brand' : byId.get(o.supplierId!)?.type).toBe(
        o.type === 'importer' ? 'brand' : o.type === 'distributor' ? 'importer' : 'distributor',
      );
    expect(tree.filter((o) => o.licence.state === 'expiring')).toHaveLength(1);
    expect(tree.filter((o) => o.licence.state === 'expired')).toHaveLength(0);

    for (const [role, type] of [
      ['importer', 'importer'],
      ['distributor', 'distributor'],
      ['retailer', 'retailer'],
      ['partner', 'importer'],
    ] as const) {
      const [user] = await t.db.database.db
        .select()
        .from(users)
        .where(eq(users.email, `${role}@demo.frolic.example`));
      const org = byId.get(user?.organisationId as string);
      expect(org, role).toMatchObject({ type, status: 'active' });
      expect(org?.licence.state, role).toBe('valid');
      // They sign in with the demo password; the type's role may trade, the generic partner reads only.
      const c = await new Client(t.url).passGate();
      expect((await c.post('/partner-login', { email: `${role}@demo.frolic.example`, password })).status).toBe(302);
      expect(await mayAct(t, c)).toMatchObject(role === 'partner' ? { allowed: false, reason: 'read_only' } : { allowed: true });
    }
    for (const o of tree) expect((await t.app.services.partners.members(o.id)).length, o.tradingName).toBeGreaterThanOrEqual(2);
    expect((await t.app.services.partners.terms(tree.find((o) => o.tradingName === 'Pennine Drinks')?.id as string)).creditLimitMinor).toBe(8_000_000);
  });
});

describeOnPostgres('onboarding under a race', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('two staff converting one inquiry at once: one organisation; the other hears 409 and writes nothing', async () => {
    const submitted = await t.app.services.inquiries.submitBusinessInquiry(
      {
        company: 'Racing Cellars',
        contactName: 'Rae Cing',
        email: 'rae@racing.example',
        partnerType: 'importer',
        region: 'Kent',
        country: 'GB',
        expectedVolume: 'Under 50 cases a year',
        message: 'Two of your colleagues will answer us at once.',
      } as never,
      {},
      { userId: null, ip: '10.45.0.1' },
    );
    const id = (submitted as { id: number }).id;
    const attempt = (k: string) =>
      t.app.services.inquiries.convert(
        id,
        {
          ...orgBody({ licenceNumber: `RACE-${k}` }),
          addressLine2: '',
          region: '',
          postalCode: '',
          email: '',
          phone: '',
          supplierId: null,
          contactFirstName: 'Rae',
          contactLastName: 'Cing',
          contactEmail: `rae-${k}@racing.example`,
        } as never,
        { userId: null, ip: null },
        'http://frolic.test',
      );
    const results = await Promise.allSettled([attempt('a'), attempt('b')]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.find((r) => r.status === 'rejected')).toMatchObject({ reason: { code: 'inquiry_already_converted' } });
    const made = await t.db.database.db
      .select()
      .from(organisations)
      .where(inArray(organisations.licenceNumber, ['RACE-a', 'RACE-b']));
    expect(made).toHaveLength(1);
    expect(
      await t.db.database.db
        .select()
        .from(users)
        .where(inArray(users.email, ['rae-a@racing.example', 'rae-b@racing.example'])),
    ).toHaveLength(1);
  });
});
