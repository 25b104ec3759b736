// The trade network's ground: organisations in the tree with their default terms, members invited
// with the role of their organisation's type, and what a member's session knows of its organisation.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxEmails, users } from '../../server/db/schema';
import { SYSTEM_ACTOR } from '../../server/core/actor';
import { createOrganisation, signedInMember } from '../support/partners';
import { startTestServer, type TestServer } from '../support/test-server';
import { brandId } from '../../server/db/brand';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

describe('organisations in the tree', () => {
  it("creates each tier under the one above it, with its market's currency and default terms", async () => {
    const importer = await createOrganisation(t, 'importer', { market: 'EU', country: 'IE' });
    // Supplied by the brand: its own organisation row.
    expect(importer).toMatchObject({ currency: 'EUR', status: 'active', supplierId: await brandId(t.db.database.db) });
    const distributor = await createOrganisation(t, 'distributor', { supplierId: importer.id, market: 'EU', country: 'IE' });
    const terms = await t.app.services.partners.terms(distributor.id);
    expect(terms).toMatchObject({ supplierId: importer.id, currency: 'EUR', paymentTermsDays: 30, taxRateBp: 2100, dutyTreatment: 'releases' });
  });

  it('refuses a supplier of the wrong type, an importer with a supplier and a licence registered twice', async () => {
    const importer = await createOrganisation(t, 'importer');
    const retailerUnderImporter = createOrganisation(t, 'retailer', { supplierId: importer.id });
    await expect(retailerUnderImporter).rejects.toMatchObject({ code: 'validation_failed', details: [{ path: 'supplierId' }] });
    await expect(createOrganisation(t, 'importer', { supplierId: importer.id })).rejects.toMatchObject({ code: 'validation_failed' });
    await expect(
      createOrganisation(t, 'importer', { licenceNumber: importer.licenceNumber.toUpperCase(), licenceJurisdiction: importer.licenceJurisdiction }),
    ).rejects.toMatchObject({ code: 'licence_taken', kind: 'conflict' });
  });
});

describe('members', () => {
  it('invites a member with an email holding a set-password link, and refuses a role of another type', async () => {
    const retailer = await createOrganisation(t, 'retailer');
    const { userId } = await t.app.services.partners.inviteMember(
      retailer.id,
      { email: 'Shop.Owner@Partners.example', firstName: 'Sam', lastName: 'Owner', role: 'retailer' },
      SYSTEM_ACTOR,
      'http://frolic.test',
    );
    const [user] = await t.db.database.db.select().from(users).where(eq(users.id, userId));
    expect(user).toMatchObject({ email: 'shop.owner@partners.example', organisationId: retailer.id, passwordHash: null });
    const [mail] = await t.db.database.db.select().from(outboxEmails).where(eq(outboxEmails.to, 'shop.owner@partners.example'));
    expect(mail?.text).toMatch(/http:\/\/frolic\.test\/auth\/reset-password\?type=partner&token=[\w-]+/);
    expect(await t.app.services.partners.members(retailer.id)).toEqual([expect.objectContaining({ id: userId, roles: ['retailer'], hasPassword: false })]);

    const wrong = t.app.services.partners.inviteMember(
      retailer.id,
      { email: 'not-a-distributor@partners.example', firstName: 'D', lastName: 'X', role: 'distributor' },
      SYSTEM_ACTOR,
      'http://frolic.test',
    );
    await expect(wrong).rejects.toMatchObject({ code: 'role_mismatch', kind: 'invalid' });
    // Nothing half-written: no user, no email.
    expect(await t.db.database.db.select().from(users).where(eq(users.email, 'not-a-distributor@partners.example'))).toEqual([]);
    expect(
      await t.db.database.db
        .select()
        .from(outboxEmails)
        .where(and(eq(outboxEmails.to, 'not-a-distributor@partners.example'))),
    ).toEqual([]);
  });

  it("gives a signed-in member its organisation and standing, and role pages to its role only ('Access Denied' to the others)", async () => {
    const org = await createOrganisation(t, 'retailer', { status: 'pending' });
    const member = await signedInMember(t, org);
    const own = await member.get('/partner/dashboard/retailer');
    expect(own.status).toBe(200);
    const other = await member.get('/partner/dashboard/distributor/shipments');
    expect(other.status).toBe(302);
    expect(other.headers.get('location')).toBe('/dashboard');
  });
});
