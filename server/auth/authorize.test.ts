// The one decision: each refusal reason, its precedence, the `any` and `own` scopes, audiences.
import { describe, expect, it } from 'vitest';
import { type AccessNeed, grantScope } from '../../shared/policy';
import { accessRefusal, audienceNeed, authorize, createAccess, serviceRefusal, usablePermissions, type Viewer } from './authorize';

const OFF = { requireTwoFactorForStaff: false };
const ON = { requireTwoFactorForStaff: true, requireTwoFactorForEmployees: true };
const ADMINS_ONLY = { requireTwoFactorForStaff: true, requireTwoFactorForEmployees: false };
const EMPLOYEES_ONLY = { requireTwoFactorForStaff: false, requireTwoFactorForEmployees: true };
const ACME = '00000000-0000-4000-8000-0000000000a1';
const BREW = '00000000-0000-4000-8000-0000000000b2';

function viewer(over: Partial<Viewer> = {}): Viewer {
  return {
    id: 'u1',
    roles: [],
    grants: {},
    isMasterAdmin: false,
    requiresPasswordReset: false,
    twoFactorEnabled: false,
    mfaPending: false,
    organisationId: null,
    standing: null,
    ...over,
  };
}
const employee = (over: Partial<Viewer> = {}) =>
  viewer({ roles: ['employee'], grants: { 'cms:access': 'any', 'inquiries:manage': 'any', 'support:answer': 'any' }, ...over });
const retailer = (over: Partial<Viewer> = {}) =>
  viewer({
    id: 'r1',
    roles: ['retailer'],
    grants: { 'orders:manage': 'own', 'inventory:view': 'own', 'chat:internal': 'own' },
    organisationId: ACME,
    standing: 'active',
    ...over,
  });
const master = () =>
  viewer({ id: 'm1', roles: ['master_admin'], grants: { 'cms:access': 'any', 'orders:manage': 'any' }, isMasterAdmin: true, twoFactorEnabled: true });

describe('authorize: the refusal reasons', () => {
  it('unauthenticated: nobody signed in, for every kind of need, with the area it was asked in', () => {
    expect(authorize(null, { signedIn: true }, OFF)).toEqual({ allowed: false, reason: 'unauthenticated', area: null });
    expect(authorize(null, { area: 'partner' }, OFF)).toMatchObject({ reason: 'unauthenticated', area: 'partner' });
    expect(authorize(null, { masterAdmin: true }, OFF)).toMatchObject({ reason: 'unauthenticated', area: 'admin' });
    expect(authorize(null, { permission: 'cms:access' }, OFF)).toMatchObject({ reason: 'unauthenticated', area: 'admin' });
    expect(authorize(null, { permission: 'orders:manage' }, OFF)).toMatchObject({ reason: 'unauthenticated', area: 'partner' });
  });

  it('mfa_pending: the password was right, the second factor is still owed — even for "signed in"', () => {
    expect(authorize(employee({ mfaPending: true }), { signedIn: true }, OFF)).toMatchObject({ allowed: false, reason: 'mfa_pending' });
    expect(authorize(employee({ mfaPending: true }), { area: 'admin' }, OFF)).toMatchObject({ reason: 'mfa_pending', area: 'admin' });
  });

  it('password_expired: in the area, before any permission', () => {
    expect(authorize(employee({ requiresPasswordReset: true }), { permission: 'cms:access' }, OFF)).toEqual({
      allowed: false,
      reason: 'password_expired',
      area: 'admin',
    });
    expect(authorize(retailer({ requiresPasswordReset: true }), { area: 'partner' }, OFF)).toMatchObject({ reason: 'password_expired', area: 'partner' });
    // Signed in is all the account pages ask: there the user changes the password.
    expect(authorize(employee({ requiresPasswordReset: true }), { signedIn: true }, OFF)).toEqual({ allowed: true, scope: null });
  });

  it('two_factor_required: staff without two-factor when the master admin requires it; never partners', () => {
    expect(authorize(employee(), { area: 'admin' }, ON)).toEqual({ allowed: false, reason: 'two_factor_required', area: 'admin' });
    expect(authorize(employee(), { area: 'admin' }, OFF)).toEqual({ allowed: true, scope: null });
    expect(authorize(employee({ twoFactorEnabled: true }), { permission: 'cms:access' }, ON)).toEqual({ allowed: true, scope: 'any' });
    expect(authorize(retailer(), { area: 'partner' }, ON)).toEqual({ allowed: true, scope: null });
    // An expired password comes first.
    expect(authorize(employee({ requiresPasswordReset: true }), { area: 'admin' }, ON)).toMatchObject({ reason: 'password_expired' });
  });

  it("two_factor_required: admins and the master admin by their switch (the spec's label), employees and custom staff roles by theirs", () => {
    const admin = viewer({ roles: ['admin'], grants: { 'cms:access': 'any' } });
    const flagged = viewer({ roles: [], areas: ['staff'], isMasterAdmin: true });
    const custom = viewer({ roles: ['warehouse_lead'], areas: ['staff'], grants: { 'cms:access': 'any' } });
    for (const u of [admin, flagged]) {
      expect(authorize(u, { area: 'admin' }, ADMINS_ONLY)).toMatchObject({ reason: 'two_factor_required' });
      expect(authorize(u, { area: 'admin' }, EMPLOYEES_ONLY)).toEqual({ allowed: true, scope: null });
    }
    for (const u of [employee(), custom]) {
      expect(authorize(u, { area: 'admin' }, ADMINS_ONLY)).toEqual({ allowed: true, scope: null });
      expect(authorize(u, { area: 'admin' }, EMPLOYEES_ONLY)).toMatchObject({ reason: 'two_factor_required' });
    }
  });

  it('custom roles open the area stored with them, their grants scoped by it', () => {
    const staff = viewer({ roles: ['warehouse_lead'], areas: ['staff'], grants: { 'cms:access': 'any' } });
    const partner = viewer({ roles: ['sales_agent'], areas: ['partner'], grants: { 'orders:manage': 'own' }, organisationId: ACME, standing: 'active' });
    expect(authorize(staff, { permission: 'cms:access' }, OFF)).toEqual({ allowed: true, scope: 'any' });
    expect(authorize(staff, { area: 'partner' }, OFF)).toMatchObject({ reason: 'forbidden', missing: 'area' });
    expect(authorize(partner, { area: 'partner' }, OFF)).toEqual({ allowed: true, scope: null });
    expect(authorize(partner, { area: 'admin' }, OFF)).toMatchObject({ reason: 'forbidden', missing: 'area' });
    expect(authorize(partner, { permission: 'orders:manage', resource: { organisationIds: [BREW] } }, OFF)).toMatchObject({ reason: 'not_found' });
    // The master-admin screens stay the master admin's, whatever the grants.
    expect(authorize(staff, { masterAdmin: true }, OFF)).toMatchObject({ reason: 'forbidden', missing: 'masterAdmin' });
  });

  it('forbidden: outside the area (before the password is mentioned), not master admin, or without the permission', () => {
    expect(authorize(viewer({ roles: ['customer'], requiresPasswordReset: true }), { area: 'admin' }, OFF)).toEqual({
      allowed: false,
      reason: 'forbidden',
      area: 'admin',
      missing: 'area',
    });
    expect(authorize(retailer(), { area: 'admin' }, OFF)).toMatchObject({ reason: 'forbidden', missing: 'area' });
    expect(authorize(employee(), { area: 'partner' }, OFF)).toMatchObject({ reason: 'forbidden', area: 'partner', missing: 'area' });
    expect(authorize(employee(), { masterAdmin: true }, OFF)).toEqual({ allowed: false, reason: 'forbidden', area: 'admin', missing: 'masterAdmin' });
    expect(authorize(employee(), { permission: 'catalog:delete' }, OFF)).toEqual({
      allowed: false,
      reason: 'forbidden',
      area: 'admin',
      missing: 'permission',
      permission: 'catalog:delete',
    });
    // Every permission of a list is needed: the missing one is named.
    expect(authorize(employee(), { permission: ['cms:access', 'database:manage'] }, OFF)).toMatchObject({ reason: 'forbidden', permission: 'database:manage' });
  });

  it('forbidden: a staff permission needs the admin area, whoever granted it (the stricter reading)', () => {
    // A master admin granting CMS Access to a partner role gives a partner nothing in the admin area.
    const partner = viewer({ roles: ['partner'], grants: { 'cms:access': 'own' } });
    expect(authorize(partner, { permission: 'cms:access' }, OFF)).toMatchObject({ allowed: false, reason: 'forbidden', area: 'admin', missing: 'area' });
    // A customer role's grant has no scope at all.
    expect(grantScope('customer')).toBeNull();
    expect(authorize(viewer({ roles: ['customer'] }), { permission: 'cms:access' }, OFF)).toMatchObject({ reason: 'forbidden', missing: 'area' });
  });

  it('forbidden: the master-admin screens stay master admin only whatever the switches say', () => {
    const everything = employee({
      roles: ['admin'],
      grants: Object.fromEntries(['cms:access', 'users:manage', 'database:manage', 'code:edit', 'catalog:delete'].map((p) => [p, 'any'])),
    });
    expect(authorize(everything, { masterAdmin: true }, OFF)).toMatchObject({ reason: 'forbidden', missing: 'masterAdmin' });
    // The profile flag counts as the role (spec §6), without any grant.
    expect(authorize(viewer({ roles: ['admin'], isMasterAdmin: true }), { masterAdmin: true }, OFF)).toEqual({ allowed: true, scope: null });
  });

  it('not_found: another organisation’s record, or an entry addressed to someone else', () => {
    const own: AccessNeed = { permission: 'orders:manage', resource: { organisationIds: [BREW] } };
    expect(authorize(retailer(), own, OFF)).toEqual({ allowed: false, reason: 'not_found', area: 'partner' });
    expect(authorize(employee(), { permission: 'inquiries:manage', addressedTo: 'someone-else' }, OFF)).toEqual({
      allowed: false,
      reason: 'not_found',
      area: 'admin',
    });
    expect(authorize(employee(), { permission: 'inquiries:manage', addressedTo: 'u1' }, OFF)).toEqual({ allowed: true, scope: 'any' });
  });

  it('checks in a fixed order: unauthenticated, mfa pending, area, password, two-factor, permission, record', () => {
    const everythingWrong = viewer({ roles: ['retailer'], mfaPending: true, requiresPasswordReset: true, grants: {} });
    expect(authorize(everythingWrong, { permission: 'cms:access' }, ON)).toMatchObject({ reason: 'mfa_pending' });
    expect(authorize({ ...everythingWrong, mfaPending: false }, { permission: 'cms:access' }, ON)).toMatchObject({ reason: 'forbidden', missing: 'area' });
    const staffNoPermission = employee({ requiresPasswordReset: true, grants: {} });
    expect(authorize(staffNoPermission, { permission: 'catalog:delete' }, ON)).toMatchObject({ reason: 'password_expired' });
    expect(authorize({ ...staffNoPermission, requiresPasswordReset: false }, { permission: 'catalog:delete' }, ON)).toMatchObject({
      reason: 'two_factor_required',
    });
    expect(authorize({ ...staffNoPermission, requiresPasswordReset: false, twoFactorEnabled: true }, { permission: 'catalog:delete' }, ON)).toMatchObject({
      reason: 'forbidden',
      missing: 'permission',
    });
    // Without the permission, whether the record is theirs is never reached (403, not 404).
    expect(authorize(retailer({ grants: {} }), { permission: 'orders:manage', resource: { organisationIds: [BREW] } }, OFF)).toMatchObject({
      reason: 'forbidden',
    });
  });
});

describe('authorize: scopes', () => {
  it('any: staff over every record, whichever organisations it belongs to, or none', () => {
    for (const organisationIds of [[ACME], [ACME, BREW], []]) {
      expect(authorize(master(), { permission: 'orders:manage', resource: { organisationIds } }, OFF)).toEqual({ allowed: true, scope: 'any' });
    }
    // A partner permission held by staff is used in the admin area (staff approve importers' orders).
    expect(authorize(master(), { permission: 'orders:manage' }, ON)).toEqual({ allowed: true, scope: 'any' });
  });

  it('own: a partner over what its organisation is party to — either party of a two-party record', () => {
    const order = (seller: string, buyer: string): AccessNeed => ({ permission: 'orders:manage', resource: { organisationIds: [seller, buyer] } });
    expect(authorize(retailer(), order(BREW, ACME), OFF)).toEqual({ allowed: true, scope: 'own' });
    expect(authorize(retailer({ organisationId: BREW }), order(BREW, ACME), OFF)).toEqual({ allowed: true, scope: 'own' });
    expect(authorize(retailer({ organisationId: '00000000-0000-4000-8000-0000000000c3' }), order(BREW, ACME), OFF)).toMatchObject({
      allowed: false,
      reason: 'not_found',
    });
    // Without a record the answer is the scope the list query must apply.
    expect(authorize(retailer(), { permission: 'orders:manage' }, OFF)).toEqual({ allowed: true, scope: 'own' });
  });

  it('own matches nothing while users have no organisation (until the partner issues)', () => {
    const today = retailer({ organisationId: null });
    expect(authorize(today, { permission: 'inventory:view', resource: { organisationIds: [ACME] } }, OFF)).toMatchObject({
      allowed: false,
      reason: 'not_found',
    });
    expect(authorize(today, { permission: 'inventory:view', resource: { organisationIds: [] } }, OFF)).toMatchObject({ allowed: false, reason: 'not_found' });
  });

  it('narrows to own when one of several permissions is own', () => {
    const mixed = retailer({ grants: { 'orders:manage': 'own', 'reports:view': 'own' } });
    expect(authorize(mixed, { permission: ['orders:manage', 'reports:view'] }, OFF)).toEqual({ allowed: true, scope: 'own' });
  });

  it('grants through staff roles are any, through partner roles own', () => {
    expect(['admin', 'master_admin', 'employee'].map(grantScope)).toEqual(['any', 'any', 'any']);
    expect(['partner', 'importer', 'distributor', 'retailer'].map(grantScope)).toEqual(['own', 'own', 'own', 'own']);
  });
});

describe('audiences (the notifications feed and the live sockets)', () => {
  it('a staff-wide entry is for staff with the permission; an organisation’s for staff and that organisation; a user’s for that user', () => {
    const staffWide = audienceNeed({ permission: 'inquiries:manage' });
    expect(authorize(employee(), staffWide, OFF).allowed).toBe(true);
    expect(authorize(employee({ grants: {} }), staffWide, OFF).allowed).toBe(false);

    const acmeOrder = audienceNeed({ permission: 'orders:manage', organisationId: ACME });
    expect(authorize(retailer(), acmeOrder, OFF).allowed).toBe(true);
    expect(authorize(retailer({ organisationId: BREW }), acmeOrder, OFF).allowed).toBe(false);
    expect(authorize(master(), acmeOrder, OFF).allowed).toBe(true);
    // A partner never sees a staff-wide entry of a partner permission.
    expect(authorize(retailer(), audienceNeed({ permission: 'orders:manage' }), OFF).allowed).toBe(false);

    const forOne = audienceNeed({ permission: 'orders:manage', organisationId: ACME, userId: 'r1' });
    expect(authorize(retailer(), forOne, OFF).allowed).toBe(true);
    expect(authorize(retailer({ id: 'r2' }), forOne, OFF)).toMatchObject({ reason: 'not_found' });
    expect(authorize(master(), forOne, OFF).allowed).toBe(false);
  });

  it('usablePermissions asks the decision for each grant: the scopes a list query filters on', () => {
    expect(usablePermissions(employee(), OFF)).toEqual({ any: ['cms:access', 'inquiries:manage', 'support:answer'], own: [] });
    expect(usablePermissions(employee(), ON)).toEqual({ any: [], own: [] });
    expect(usablePermissions(retailer(), OFF)).toEqual({ any: [], own: ['orders:manage', 'inventory:view', 'chat:internal'] });
    // A stale name left in the grants table is no permission.
    expect(usablePermissions(employee({ grants: { 'catalog:write': 'any' } }), OFF)).toEqual({ any: [], own: [] });
    expect(usablePermissions(null, OFF)).toEqual({ any: [], own: [] });
  });
});

describe('createAccess', () => {
  it('reads the two-factor setting only when it can change the answer', async () => {
    let reads = 0;
    const access = createAccess({
      get: async () => {
        reads++;
        return ON;
      },
    });
    expect(await access.decide(null, { area: 'admin' })).toMatchObject({ reason: 'unauthenticated' });
    expect(await access.can(retailer(), { area: 'partner' })).toBe(true);
    expect(await access.can(employee({ twoFactorEnabled: true }), { area: 'admin' })).toBe(true);
    expect(reads).toBe(0);
    expect(await access.decide(employee(), { area: 'admin' })).toMatchObject({ reason: 'two_factor_required' });
    expect(reads).toBe(1);
  });
});

describe('the one translation of a refusal', () => {
  it("names what the API's guard requires, never the record asked about; answered as the API always did", async () => {
    const { httpStatusOf } = await import('../http/errors');
    const need: AccessNeed = { permission: 'orders:manage', resource: { organisationIds: [BREW] } };
    const refusal = authorize(retailer({ grants: {} }), need, OFF);
    if (refusal.allowed) throw new Error('expected a refusal');
    const forbidden = accessRefusal(refusal, { need });
    expect(forbidden.toBody()).toEqual({
      error: { code: 'forbidden', message: 'You need the orders:manage permission for this.', details: { required: { permission: 'orders:manage' } } },
    });
    expect(httpStatusOf(forbidden.kind)).toBe(403);
    const other = authorize(retailer(), need, OFF);
    if (other.allowed) throw new Error('expected a refusal');
    expect(accessRefusal(other, { need })).toMatchObject({ kind: 'not_found', code: 'not_found', message: 'Not found.' });
    expect(httpStatusOf(accessRefusal(other, { need }).kind)).toBe(404);
    const nobody = authorize(null, need, OFF);
    if (nobody.allowed) throw new Error('expected a refusal');
    expect(accessRefusal(nobody, { need })).toMatchObject({ kind: 'unauthenticated', hint: 'Sign in, then try again.' });
    expect(httpStatusOf('unauthenticated')).toBe(401);
  });

  it("names the record a service was asked for, and says no more than 'You may not do this.'", () => {
    const need: AccessNeed = { permission: 'orders:manage', resource: { organisationIds: [BREW] } };
    const refusal = authorize(retailer({ grants: {} }), need, OFF);
    const other = authorize(retailer(), need, OFF);
    const nobody = authorize(null, need, OFF);
    if (refusal.allowed || other.allowed || nobody.allowed) throw new Error('expected refusals');
    expect(serviceRefusal(refusal, 'Order').toBody()).toEqual({ error: { code: 'forbidden', message: 'You may not do this.' } });
    expect(serviceRefusal(other, 'Order')).toMatchObject({ kind: 'not_found', code: 'not_found', message: 'Order not found.' });
    expect(serviceRefusal(nobody, 'Order').toBody()).toEqual({ error: { code: 'unauthenticated', message: 'Sign in to use this.' } });
  });
});

describe('partner pages and trading standing', () => {
  it("answers a role's page to its role only (spec §6), 'forbidden' with missing 'role' otherwise", () => {
    expect(authorize(retailer(), { area: 'partner', roles: ['retailer'] }, OFF)).toEqual({ allowed: true, scope: null });
    expect(authorize(retailer(), { area: 'partner', roles: ['distributor'] }, OFF)).toMatchObject({ allowed: false, reason: 'forbidden', missing: 'role' });
    expect(authorize(retailer(), { area: 'partner', roles: ['retailer', 'distributor'] }, OFF)).toEqual({ allowed: true, scope: null });
    // Staff are not partners: the area refuses first.
    expect(authorize(master(), { area: 'partner', roles: ['retailer'] }, OFF)).toMatchObject({ allowed: false, reason: 'forbidden', missing: 'area' });
  });

  it('lets a partner of any standing read, but refuses placing or approving unless the organisation is active', () => {
    const need: AccessNeed = { permission: 'orders:manage', resource: { organisationIds: [ACME] } };
    for (const standing of ['pending', 'suspended', 'licence_expired'] as const) {
      expect(authorize(retailer({ standing }), need, OFF)).toEqual({ allowed: true, scope: 'own' });
      expect(authorize(retailer({ standing }), { ...need, act: true }, OFF)).toMatchObject({ allowed: false, reason: 'trading_blocked', standing });
    }
    expect(authorize(retailer(), { ...need, act: true }, OFF)).toEqual({ allowed: true, scope: 'own' });
    // Another organisation's record is still a 404 first, whatever the standing.
    expect(
      authorize(retailer({ standing: 'suspended' }), { permission: 'orders:manage', resource: { organisationIds: [BREW] }, act: true }, OFF),
    ).toMatchObject({
      reason: 'not_found',
    });
    // Staff act over everything; standing is a partner's.
    expect(authorize(master(), { ...need, act: true }, OFF)).toEqual({ allowed: true, scope: 'any' });
  });

  it("lets the generic partner role read what its organisation's role reads, but place or approve nothing ('read_only')", () => {
    const need: AccessNeed = { permission: 'orders:manage', resource: { organisationIds: [ACME] } };
    const reader = retailer({ roles: ['partner'] });
    expect(authorize(reader, need, OFF)).toEqual({ allowed: true, scope: 'own' });
    expect(authorize(reader, { ...need, act: true }, OFF)).toEqual({ allowed: false, reason: 'read_only', area: 'partner' });
    expect(authorize(reader, { permission: 'orders:manage', act: true }, OFF)).toMatchObject({ reason: 'read_only' });
    // A custom partner role alone reads only too; with the type's role the member trades.
    expect(authorize(retailer({ roles: ['shop_floor'], areas: ['partner'] }), { ...need, act: true }, OFF)).toMatchObject({ reason: 'read_only' });
    expect(authorize(retailer({ roles: ['partner', 'retailer'] }), { ...need, act: true }, OFF)).toEqual({ allowed: true, scope: 'own' });
    // Another organisation's record is still a 404 first.
    expect(authorize(reader, { permission: 'orders:manage', resource: { organisationIds: [BREW] }, act: true }, OFF)).toMatchObject({ reason: 'not_found' });
  });
});
