// Business details (issue 44): a partner organisation's VAT number and bank details, as its invoices
// print them beside its registered name and address. Its members holding its type role save them on
// their own page (the generic partner role reads only), staff holding Finance on its staff page; each
// save is audited over the version read. A VAT number (a GB one by HMRC's check), an IBAN, a UK sort
// code and account number and a BIC are checked, each refusal on its field with a stable code. No one
// reaches another organisation's details but staff holding Finance.
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BusinessDetails } from '../../shared/schemas/brand';
import { brandId } from '../../server/db/brand';
import { auditLogs, organisations } from '../../server/db/schema';
import type { Organisation } from '../../server/modules/partners/service';
import type { Client } from '../support/client';
import { createOrganisation, signedInMember } from '../support/partners';
import { signedIn } from '../support/staff';
import { startTestServer, type TestServer } from '../support/test-server';

type Signed = Client & { userId: string };

let t: TestServer;
let admin: Signed;
let employee: Signed;
let distributorOrg: Organisation;
let distributor: Signed;
let readOnly: Signed;
let retailerOrg: Organisation;
let retailer: Signed;
let germanOrg: Organisation;
let german: Signed;

beforeAll(async () => {
  t = await startTestServer();
  admin = await signedIn(t, 'admin', 'business');
  employee = await signedIn(t, 'employee', 'business');
  distributorOrg = await createOrganisation(t, 'distributor');
  distributor = await signedInMember(t, distributorOrg, { tag: 'business' });
  readOnly = await signedInMember(t, distributorOrg, { role: 'partner', tag: 'business-ro' });
  retailerOrg = await createOrganisation(t, 'retailer');
  retailer = await signedInMember(t, retailerOrg, { tag: 'business' });
  germanOrg = await createOrganisation(t, 'importer', { market: 'EU', country: 'DE', city: 'Hamburg', postalCode: '20095' });
  german = await signedInMember(t, germanOrg, { tag: 'business' });
});
afterAll(async () => {
  await t?.close();
});

const rowOf = async (id: string) => (await t.db.database.db.select().from(organisations).where(eq(organisations.id, id)))[0]!;

async function own(c: Client): Promise<BusinessDetails> {
  const res = await c.json('GET', '/api/partner/business-details');
  expect(res.status).toBe(200);
  return (await res.json()).details;
}

const bodyOf = (d: BusinessDetails, over: Record<string, unknown> = {}) => ({
  vatNumber: d.vatNumber,
  bankAccountName: d.bankAccountName,
  bankAccount: d.bankAccount,
  bankBic: d.bankBic,
  version: d.version,
  ...over,
});

async function save(c: Client, body: Record<string, unknown>) {
  const res = await c.json('PUT', '/api/partner/business-details', body);
  return { status: res.status, body: await res.json() };
}

describe("A partner's own business details", () => {
  it('shows its registered name and address and what its invoices print; its type role may save them', async () => {
    const d = await own(distributor);
    expect(d).toMatchObject({
      organisationId: distributorOrg.id,
      type: 'distributor',
      legalName: distributorOrg.legalName,
      addressLine1: distributorOrg.addressLine1,
      city: 'London',
      country: 'GB',
      vatNumber: '',
      bankAccount: '',
      canEdit: true,
      version: (await rowOf(distributorOrg.id)).version,
    });
    expect((await own(readOnly)).canEdit).toBe(false);
  });

  it('saves the VAT number and IBAN in their compact forms over the version read, and audits the fields that changed', async () => {
    const before = await own(distributor);
    const { status, body } = await save(
      distributor,
      bodyOf(before, { vatNumber: 'gb 980 7806 84', bankAccountName: 'Pennine Drinks Ltd', bankAccount: 'GB82 WEST 1234 5698 7654 32', bankBic: 'nwbk gb2l' }),
    );
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.details).toMatchObject({
      vatNumber: 'GB980780684',
      bankAccountName: 'Pennine Drinks Ltd',
      bankAccount: 'GB82WEST12345698765432',
      bankBic: 'NWBKGB2L',
      version: before.version + 1,
    });
    expect(await rowOf(distributorOrg.id)).toMatchObject({ vatNumber: 'GB980780684', bankAccount: 'GB82WEST12345698765432', version: before.version + 1 });
    const [audit] = await t.db.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.tableName, 'organisations'), eq(auditLogs.recordId, distributorOrg.id)))
      .orderBy(desc(auditLogs.id))
      .limit(1);
    expect(audit).toMatchObject({
      action: 'UPDATE',
      userId: distributor.userId,
      oldValues: { vatNumber: '', bankAccountName: '', bankAccount: '', bankBic: '' },
      newValues: { vatNumber: 'GB980780684', bankAccountName: 'Pennine Drinks Ltd', bankAccount: 'GB82WEST12345698765432', bankBic: 'NWBKGB2L' },
    });
  });

  it('takes a UK sort code and account number however grouped, written one way, and a GB VAT number whose check digits are 97', async () => {
    const d = await own(distributor);
    const { status, body } = await save(distributor, bodyOf(d, { bankAccount: '801100 12345678', bankBic: '', vatNumber: 'GB802841297' }));
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.details).toMatchObject({ bankAccount: '80-11-00 12345678', vatNumber: 'GB802841297' });
    const again = await save(distributor, bodyOf(body.details, { bankAccount: '80 11 00 12345678' }));
    expect(again.body.details.bankAccount).toBe('80-11-00 12345678');
  });

  it('refuses a wrong VAT number, IBAN, sort code and account number or BIC, each on its field with a stable code, changing nothing', async () => {
    const d = await own(distributor);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ vatNumber: 'GB980780685' }, 'vatNumber', 'vat_number_check_digit'],
      // The check digits HMRC gives 97 to, written 00 (jsvat's reading): refused.
      [{ vatNumber: 'GB802841200' }, 'vatNumber', 'vat_number_check_digit'],
      [{ vatNumber: 'GB12345' }, 'vatNumber', 'vat_number_format'],
      [{ vatNumber: '980780684' }, 'vatNumber', 'vat_number_prefix'],
      [{ vatNumber: 'US123456789' }, 'vatNumber', 'vat_number_country'],
      [{ bankAccount: 'GB82 WEST 1234 5698 7654 33' }, 'bankAccount', 'iban_invalid'],
      [{ bankAccount: '80-11-00 1234567' }, 'bankAccount', 'sort_code_invalid'],
      // In the UK a local account is a sort code and an account number.
      [{ bankAccount: '12345678' }, 'bankAccount', 'sort_code_invalid'],
      [{ bankAccount: 'n/a' }, 'bankAccount', 'bank_account_invalid'],
      [{ bankBic: 'NWBK' }, 'bankBic', 'bic_invalid'],
    ];
    for (const [over, path, code] of cases) {
      const { status, body } = await save(distributor, bodyOf(d, { bankAccountName: 'Pennine Drinks Ltd', ...over }));
      expect(status, JSON.stringify(over)).toBe(400);
      expect(body.error.code).toBe('validation_failed');
      expect(body.error.details, JSON.stringify(over)).toEqual(expect.arrayContaining([expect.objectContaining({ path, code })]));
    }
    expect((await rowOf(distributorOrg.id)).version).toBe(d.version);
  });

  it('saves a Peppol endpoint and the e-invoice by email (issue 45); refuses an unknown scheme or half an endpoint with stable codes', async () => {
    const d = await own(german);
    const { status, body } = await save(german, bodyOf(d, { peppolScheme: '9930', peppolId: ' DE 136695976 ', einvoiceByEmail: true }));
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.details).toMatchObject({ peppolScheme: '9930', peppolId: 'DE136695976', einvoiceByEmail: true });
    expect(await rowOf(germanOrg.id)).toMatchObject({ peppolScheme: '9930', peppolId: 'DE136695976', einvoiceByEmail: true });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ peppolScheme: '1234', peppolId: 'X1' }, 'peppolScheme', 'peppol_scheme_unknown'],
      [{ peppolScheme: '0088', peppolId: '' }, 'peppolId', 'peppol_endpoint_incomplete'],
      [{ peppolScheme: '', peppolId: '5790000436057' }, 'peppolScheme', 'peppol_endpoint_incomplete'],
      [{ peppolScheme: '0088', peppolId: 'naïve' }, 'peppolId', 'peppol_id_invalid'],
    ];
    for (const [over, path, code] of cases) {
      const refused = await save(german, bodyOf(body.details, over));
      expect(refused.status, JSON.stringify(over)).toBe(400);
      expect(refused.body.error.details, JSON.stringify(over)).toEqual(expect.arrayContaining([expect.objectContaining({ path, code })]));
    }
    expect((await rowOf(germanOrg.id)).version).toBe(body.details.version);
    // The database holds the same rule: an endpoint is both parts or neither.
    await expect(
      t.db.database.db.update(organisations).set({ peppolScheme: '0088', peppolId: '' }).where(eq(organisations.id, germanOrg.id)),
    ).rejects.toThrow();
  });

  it('takes a local account number outside the UK', async () => {
    const d = await own(german);
    const { status, body } = await save(german, bodyOf(d, { vatNumber: 'DE136695976', bankAccountName: 'Hamburg Imports GmbH', bankAccount: '12345678' }));
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.details).toMatchObject({ vatNumber: 'DE136695976', bankAccount: '12345678', country: 'DE' });
  });

  it('refuses a stale version, and a member without its type role (read only), changing nothing', async () => {
    const d = await own(distributor);
    const stale = await save(distributor, bodyOf(d, { version: d.version - 1 }));
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatchObject({ code: 'version_conflict' });
    const ro = await save(readOnly, bodyOf(d, { vatNumber: '' }));
    expect(ro.status).toBe(403);
    expect(ro.body.error.code).toBe('read_only_access');
    expect((await rowOf(distributorOrg.id)).version).toBe(d.version);
  });

  it("is its own: a retailer reaches only its organisation's details, never another's, and staff and visitors have no own details", async () => {
    const mine = await own(retailer);
    expect(mine.organisationId).toBe(retailerOrg.id);
    // The other organisation's are staff's (Finance): the retailer is refused there, by the API and the page.
    expect((await retailer.json('GET', `/api/admin/partners/${distributorOrg.id}/business-details`)).status).toBe(403);
    const put = await retailer.json('PUT', `/api/admin/partners/${distributorOrg.id}/business-details`, bodyOf(await own(distributor), { vatNumber: '' }));
    expect(put.status).toBe(403);
    expect((await retailer.get(`/admin/dashboard/partners/${distributorOrg.id}`)).headers.get('location')).toBe('/partner-login');
    expect((await rowOf(distributorOrg.id)).vatNumber).not.toBe('');
    // The retailer's own save touches its own row only.
    const saved = await save(retailer, bodyOf(mine, { vatNumber: 'GB980780684' }));
    expect(saved.status).toBe(200);
    expect((await rowOf(retailerOrg.id)).vatNumber).toBe('GB980780684');
    expect((await rowOf(distributorOrg.id)).vatNumber).toBe('GB802841297');

    expect((await admin.json('GET', '/api/partner/business-details')).status).toBe(403);
    expect((await admin.json('GET', '/api/partner/business-details', undefined, { cookie: '' })).status).toBe(401);
    const viewer = await t.app.services.sessions.resolve(admin.cookies.get('frolic_session') as string);
    await expect(t.app.services.partners.ownBusinessDetails(viewer)).rejects.toMatchObject({ kind: 'forbidden' });
  });

  it('a member of no organisation has none', async () => {
    const orphan = await signedIn(t, 'retailer', 'no-organisation');
    expect((await orphan.json('GET', '/api/partner/business-details')).status).toBe(404);
    const page = await orphan.get('/partner/dashboard/business-details');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Your account does not belong to a partner organisation yet.');
  });

  it('is a page of the partner area: it shows them, saves them with a toast, and says what is wrong on the field', async () => {
    const page = await distributor.get('/partner/dashboard/business-details');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Business details');
    expect(html).toContain(distributorOrg.legalName);
    expect(html).toContain('80-11-00 12345678');
    const d = await own(distributor);
    const wrong = await distributor.editor('/partner/dashboard/business-details', bodyOf(d, { bankAccount: 'GB82 WEST 1234 5698 7654 33' }));
    expect(wrong.status).toBe(400);
    const ok = await distributor.editor('/partner/dashboard/business-details', bodyOf(d, { bankBic: 'NWBKGB2L' }));
    expect(ok.status).toBe(302);
    expect(distributor.flashedToast()).toMatchObject({ title: 'Business details saved' });
    expect((await rowOf(distributorOrg.id)).bankBic).toBe('NWBKGB2L');
    // The read-only member reads them on the page, with no form.
    const ro = await (await readOnly.get('/partner/dashboard/business-details')).text();
    expect(ro).toContain('Your access is read-only');
    expect(ro).not.toContain('aria-label="Business details"');
  });
});

describe("Staff holding Finance: a partner organisation's business details", () => {
  it('reads and saves them over the version read, audited as the admin; an employee is refused', async () => {
    const res = await admin.json('GET', `/api/admin/partners/${germanOrg.id}/business-details`);
    expect(res.status).toBe(200);
    const d: BusinessDetails = (await res.json()).details;
    expect(d).toMatchObject({ organisationId: germanOrg.id, canEdit: true, country: 'DE' });
    const put = await admin.json(
      'PUT',
      `/api/admin/partners/${germanOrg.id}/business-details`,
      bodyOf(d, { bankAccount: 'DE89 3704 0044 0532 0130 00', bankBic: 'COBADEFFXXX' }),
    );
    expect(put.status).toBe(200);
    expect((await put.json()).details).toMatchObject({ bankAccount: 'DE89370400440532013000', bankBic: 'COBADEFFXXX', version: d.version + 1 });
    const [audit] = await t.db.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.tableName, 'organisations'), eq(auditLogs.recordId, germanOrg.id)))
      .orderBy(desc(auditLogs.id))
      .limit(1);
    expect(audit).toMatchObject({ userId: admin.userId, newValues: { bankAccount: 'DE89370400440532013000', bankBic: 'COBADEFFXXX' } });
    expect(Object.keys(audit!.newValues as object).sort()).toEqual(['bankAccount', 'bankBic']);

    for (const c of [employee, german]) {
      expect((await c.json('GET', `/api/admin/partners/${germanOrg.id}/business-details`)).status).toBe(403);
    }
  });

  it("answers 404 for the brand's row (Brand details keeps it) and for no organisation", async () => {
    expect((await admin.json('GET', `/api/admin/partners/${await brandId(t.db.database.db)}/business-details`)).status).toBe(404);
    expect((await admin.json('GET', '/api/admin/partners/00000000-0000-4000-8000-000000000000/business-details')).status).toBe(404);
  });

  it("shows them on the organisation's staff page and saves them there", async () => {
    const page = await admin.get(`/admin/dashboard/partners/${retailerOrg.id}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`aria-label="Business details of ${retailerOrg.tradingName}"`);
    const row = await rowOf(retailerOrg.id);
    const saved = await admin.editor(`/admin/dashboard/partners/${retailerOrg.id}`, {
      intent: 'business',
      vatNumber: row.vatNumber,
      bankAccountName: 'Retail Ltd',
      bankAccount: '40-47-84 70872490',
      bankBic: '',
      version: row.version,
    });
    expect(saved.status).toBe(302);
    expect(admin.flashedToast()).toMatchObject({ title: 'Business details saved' });
    expect((await rowOf(retailerOrg.id)).bankAccount).toBe('40-47-84 70872490');
  });
});
