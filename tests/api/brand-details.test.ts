// Brand details (issue 43): the brand's own organisation — names, licence, address, contact, VAT
// number and bank details — read and saved by staff holding Finance, over the version read, with its
// audit row; employees and partners are refused, by the API, the page and the service alike. Its
// market and currency stay.
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, organisations } from '../../server/db/schema';
import type { BrandDetails } from '../../shared/schemas/brand';
import type { Client } from '../support/client';
import { createOrganisation, signedInMember } from '../support/partners';
import { signedIn } from '../support/staff';
import { startTestServer, type TestServer } from '../support/test-server';

type Signed = Client & { userId: string };

let t: TestServer;
let admin: Signed;
let employee: Signed;
let partner: Signed;

beforeAll(async () => {
  t = await startTestServer();
  admin = await signedIn(t, 'admin', 'brand');
  employee = await signedIn(t, 'employee', 'brand');
  partner = await signedInMember(t, await createOrganisation(t, 'importer'), { tag: 'brand' });
});
afterAll(async () => {
  await t?.close();
});

const brandRow = async () => (await t.db.database.db.select().from(organisations).where(eq(organisations.type, 'brand')))[0]!;

async function current(): Promise<BrandDetails> {
  const res = await admin.json('GET', '/api/admin/brand');
  expect(res.status).toBe(200);
  return (await res.json()).brand;
}

/** What the editor sends back: the fields it shows, and the version it read. */
function bodyOf(brand: BrandDetails, over: Record<string, unknown> = {}) {
  const { id: _id, market: _market, currency: _currency, updatedAt: _updatedAt, ...fields } = brand;
  return { ...fields, ...over };
}

describe('Brand details', () => {
  it("shows the brand's own row, with its market and currency", async () => {
    const brand = await current();
    const row = await brandRow();
    expect(brand).toMatchObject({
      id: row.id,
      legalName: 'Frolic Spirits Ltd',
      tradingName: 'Frolic',
      country: 'GB',
      market: 'GB',
      currency: 'GBP',
      vatNumber: row.vatNumber,
      bankAccount: '',
      version: row.version,
    });
    const page = await admin.get('/admin/dashboard/brand');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Brand details');
    expect(html).toContain('Frolic Spirits Ltd');
  });

  it('is for staff who hold Finance: an employee, a partner and a visitor are refused by the API, the page and the service', async () => {
    for (const c of [employee, partner]) {
      expect((await c.json('GET', '/api/admin/brand')).status).toBe(403);
      expect((await c.json('PUT', '/api/admin/brand', bodyOf(await current(), { tradingName: 'Taken' }))).status).toBe(403);
    }
    const anonymous = await admin.json('GET', '/api/admin/brand', undefined, { cookie: '' });
    expect(anonymous.status).toBe(401);
    // The employee is in the admin area but may not open this page; the partner has no business in it.
    expect((await employee.get('/admin/dashboard/brand')).headers.get('location')).toBe('/dashboard');
    expect((await partner.get('/admin/dashboard/brand')).headers.get('location')).toBe('/partner-login');
    // No back door: the service asks the decision itself.
    const partnerViewer = await t.app.services.sessions.resolve(partner.cookies.get('frolic_session') as string);
    await expect(t.app.services.partners.brandDetails(partnerViewer)).rejects.toMatchObject({ code: 'forbidden', kind: 'forbidden' });
    await expect(t.app.services.partners.brandDetails(null)).rejects.toMatchObject({ kind: 'unauthenticated' });
    expect((await brandRow()).tradingName).toBe('Frolic');
  });

  it('saves the VAT number and bank details in their compact forms over the version read, and audits the fields that changed', async () => {
    const before = await current();
    const res = await admin.json(
      'PUT',
      '/api/admin/brand',
      bodyOf(before, {
        vatNumber: 'gb 980 7806 84',
        bankAccountName: 'Frolic Spirits Ltd',
        bankAccount: 'GB82 WEST 1234 5698 7654 32',
        bankBic: 'nwbkgb2l',
        // Not the editor's to change: ignored.
        market: 'US',
        currency: 'USD',
      }),
    );
    expect(res.status, JSON.stringify(await res.clone().json())).toBe(200);
    expect((await res.json()).brand).toMatchObject({
      vatNumber: 'GB980780684',
      bankAccountName: 'Frolic Spirits Ltd',
      bankAccount: 'GB82WEST12345698765432',
      bankBic: 'NWBKGB2L',
      market: 'GB',
      currency: 'GBP',
      version: before.version + 1,
    });
    const row = await brandRow();
    expect(row).toMatchObject({ vatNumber: 'GB980780684', bankAccount: 'GB82WEST12345698765432', bankBic: 'NWBKGB2L', market: 'GB', currency: 'GBP' });
    const [audit] = await t.db.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.tableName, 'organisations'), eq(auditLogs.recordId, row.id)))
      .orderBy(desc(auditLogs.id))
      .limit(1);
    expect(audit).toMatchObject({
      action: 'UPDATE',
      userId: admin.userId,
      oldValues: { vatNumber: before.vatNumber, bankAccountName: '', bankAccount: '', bankBic: '' },
      newValues: { vatNumber: 'GB980780684', bankAccountName: 'Frolic Spirits Ltd', bankAccount: 'GB82WEST12345698765432', bankBic: 'NWBKGB2L' },
    });
    expect(Object.keys(audit!.newValues as object).sort()).toEqual(['bankAccount', 'bankAccountName', 'bankBic', 'vatNumber']);
  });

  it('refuses a stale version, changing nothing', async () => {
    const brand = await current();
    const saved = await admin.json('PUT', '/api/admin/brand', bodyOf(brand, { phone: '+44 131 000 0001' }));
    expect(saved.status).toBe(200);
    const stale = await admin.json('PUT', '/api/admin/brand', bodyOf(brand, { phone: '+44 131 999 9999' }));
    expect(stale.status).toBe(409);
    expect((await stale.json()).error).toMatchObject({ code: 'version_conflict', details: { currentVersion: brand.version + 1, yourVersion: brand.version } });
    expect((await brandRow()).phone).toBe('+44 131 000 0001');
  });

  it('refuses a VAT number whose check digit fails and an IBAN that is not one, on their fields, changing nothing', async () => {
    const brand = await current();
    const res = await admin.json(
      'PUT',
      '/api/admin/brand',
      bodyOf(brand, { vatNumber: 'GB980780685', bankAccountName: 'Frolic Spirits Ltd', bankAccount: 'GB82WEST12345698765433', bankBic: 'NWBK' }),
    );
    expect(res.status).toBe(400);
    const { error } = await res.json();
    expect(error.code).toBe('validation_failed');
    expect(error.details).toEqual(
      expect.arrayContaining([
        { path: 'vatNumber', message: "This VAT number's check digit does not match: check it for a typo.", code: 'vat_number_check_digit' },
        { path: 'bankAccount', message: 'This IBAN is not valid: check it for a typo.', code: 'iban_invalid' },
        { path: 'bankBic', message: 'Enter the BIC (SWIFT code): 8 or 11 letters and digits, e.g. NWBKGB2L.', code: 'bic_invalid' },
      ]),
    );
    expect((await brandRow()).version).toBe(brand.version);
  });

  it("refuses a renewed licence already past and a partner's licence number, changing nothing", async () => {
    const brand = await current();
    const past = await admin.json('PUT', '/api/admin/brand', bodyOf(brand, { licenceExpiresOn: '2020-01-01' }));
    expect(past.status).toBe(400);
    expect((await past.json()).error).toMatchObject({ code: 'licence_expiry_past', details: [{ path: 'licenceExpiresOn' }] });
    const other = await createOrganisation(t, 'importer');
    const taken = await admin.json(
      'PUT',
      '/api/admin/brand',
      bodyOf(brand, { licenceNumber: other.licenceNumber, licenceJurisdiction: other.licenceJurisdiction }),
    );
    expect(taken.status).toBe(409);
    expect((await taken.json()).error).toMatchObject({ code: 'licence_taken', details: [{ path: 'licenceNumber' }] });
    expect(await brandRow()).toMatchObject({ licenceNumber: brand.licenceNumber, licenceExpiresOn: brand.licenceExpiresOn, version: brand.version });
  });

  it('saves through the page with the toast, and shows field errors there', async () => {
    const brand = await current();
    const wrong = await admin.editor('/admin/dashboard/brand', bodyOf(brand, { vatNumber: '12345' }));
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain('Start the VAT number with its two-letter country prefix');
    const res = await admin.editor('/admin/dashboard/brand', bodyOf(brand, { addressLine2: 'Leith' }));
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/admin/dashboard/brand');
    expect(admin.flashedToast()).toMatchObject({ title: 'Brand details saved' });
    expect((await brandRow()).addressLine2).toBe('Leith');
  });

  it("is no partner's: the Partners screens and their API answer not found for the brand's row, and leave it out of their lists", async () => {
    const brand = await brandRow();
    const before = JSON.stringify(brand);
    expect((await admin.json('GET', `/api/admin/partners/${brand.id}`)).status).toBe(404);
    expect((await admin.get(`/admin/dashboard/partners/${brand.id}`)).status).toBe(404);
    const edit = await admin.json('PUT', `/api/admin/partners/${brand.id}`, { ...bodyOf(await current()), type: 'importer', market: 'GB', supplierId: null });
    expect(edit.status).toBe(404);
    expect((await admin.json('POST', `/api/admin/partners/${brand.id}/status`, { status: 'suspended', reason: 'No', version: brand.version })).status).toBe(
      404,
    );
    const invite = await admin.json('POST', `/api/admin/partners/${brand.id}/members`, {
      email: 'brand.member@example.com',
      firstName: 'B',
      lastName: 'M',
      role: 'importer',
    });
    expect(invite.status).toBe(404);
    const list = (await (await admin.json('GET', '/api/admin/partners?pageSize=100')).json()) as { items: { id: string }[] };
    expect(list.items.map((o) => o.id)).not.toContain(brand.id);
    const tree = (await (await admin.json('GET', '/api/admin/partners/tree')).json()) as { items?: { id: string }[] } | { id: string }[];
    expect(JSON.stringify(tree)).not.toContain(`"id":"${brand.id}"`);
    // Nothing changed on it.
    expect(JSON.stringify(await brandRow())).toBe(before);
  });
});
