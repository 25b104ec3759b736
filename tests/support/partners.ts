// The trade network for API tests: organisations in the tree (through the real service) and
// signed-in members of them.
import { expect } from 'vitest';
import type { OrganisationType } from '../../shared/partners';
import type { OrganisationInput } from '../../shared/schemas/partners';
import { SYSTEM_ACTOR } from '../../server/core/actor';
import type { Organisation } from '../../server/modules/partners/service';
import { Client } from './client';
import type { TestServer } from './test-server';

const PASSWORD = 'Partner-tests-password-2026';
let seq = 0;

/** An active organisation of `type` (its supplier created first when none is given), licence valid for a year. */
export async function createOrganisation(
  t: TestServer,
  type: OrganisationType,
  over: Partial<OrganisationInput> & { status?: 'pending' | 'active' } = {},
): Promise<Organisation> {
  const n = ++seq;
  let supplierId = over.supplierId ?? null;
  if (!supplierId && type !== 'importer')
    supplierId = (
      await createOrganisation(t, type === 'retailer' ? 'distributor' : 'importer', over.market ? { market: over.market, country: over.country } : {})
    ).id;
  const nextYear = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
  const { status = 'active', ...input } = over;
  return t.app.services.partners.create(
    {
      type,
      legalName: `${type} ${n} Ltd`,
      tradingName: `${type[0]?.toUpperCase()}${type.slice(1)} ${n}`,
      licenceNumber: `LIC-${process.pid}-${n}-${Math.random().toString(36).slice(2, 8)}`,
      licenceJurisdiction: 'GB',
      licenceExpiresOn: nextYear,
      addressLine1: `${n} Trade Street`,
      addressLine2: '',
      city: 'London',
      region: '',
      postalCode: 'E1 6AN',
      country: 'GB',
      market: 'GB',
      email: '',
      phone: '',
      ...input,
      supplierId,
    },
    SYSTEM_ACTOR,
    { status },
  );
}

/** A member of `org` holding `role` (the type's role by default), signed in through the real form with the gate passed. */
export async function signedInMember(
  t: TestServer,
  org: Organisation,
  opts: { role?: string; tag?: string } = {},
): Promise<Client & { userId: string; email: string }> {
  const role = opts.role ?? org.type;
  const email = `${role}-${opts.tag ?? ++seq}-${org.id.slice(0, 8)}@partners.example`;
  const user = await t.app.services.users.createUser(
    { email, firstName: role, lastName: opts.tag ?? 'member', roles: [role], password: PASSWORD, confirmed: true, organisationId: org.id },
    SYSTEM_ACTOR,
  );
  const c = await new Client(t.url).passGate();
  const res = await c.post('/auth/login', { email, password: PASSWORD });
  expect(res.status, `sign-in as ${role} of ${org.tradingName}`).toBe(302);
  return Object.assign(c, { userId: user.userId, email });
}
