import { describe, expect, it } from 'vitest';
import { safeReturnTo } from './paths';
import { dashboardLanding, hasAdminAccess, hasPartnerAccess, permissionsForArea, roleRedirect } from './policy';

describe('dashboard landing (spec §6)', () => {
  it('sends each role to its dashboard', () => {
    expect(dashboardLanding(['master_admin', 'admin'])).toBe('/admin/dashboard/master-admin');
    expect(dashboardLanding(['employee'])).toBe('/admin/dashboard');
    expect(dashboardLanding(['importer'])).toBe('/partner/dashboard');
    expect(dashboardLanding(['distributor'])).toBe('/partner/dashboard/distributor');
    expect(dashboardLanding(['retailer'])).toBe('/partner/dashboard/retailer');
    expect(dashboardLanding(['partner'])).toBe('/partner/dashboard');
    expect(dashboardLanding(['customer'])).toBe('/auth/login');
  });

  it('sends a custom role to the dashboard of the area stored with it', () => {
    expect(dashboardLanding(['warehouse_lead'], ['staff'])).toBe('/admin/dashboard');
    expect(dashboardLanding(['sales_agent'], ['partner'])).toBe('/partner/dashboard');
    expect(dashboardLanding(['sales_agent', 'retailer'], ['partner'])).toBe('/partner/dashboard/retailer');
    expect(hasAdminAccess(['warehouse_lead'], ['staff'])).toBe(true);
    expect(hasPartnerAccess(['sales_agent'], ['partner'])).toBe(true);
    expect(roleRedirect(['warehouse_lead'], 'cocktails', ['staff'])).toBe('/admin/dashboard/cocktails');
  });

  it("gives a partner role partner switches only, a staff role all but a partner's own requests", () => {
    expect(permissionsForArea('partner')).toEqual(['orders:manage', 'inventory:view', 'chat:internal', 'reports:view', 'marketing:request']);
    expect(permissionsForArea('staff')).not.toContain('marketing:request');
    expect(permissionsForArea('staff')).toContain('cms:access');
  });

  it('groups roles into admin and partner access', () => {
    expect(hasAdminAccess(['employee'])).toBe(true);
    expect(hasAdminAccess(['retailer'])).toBe(false);
    expect(hasPartnerAccess(['retailer'])).toBe(true);
    expect(hasPartnerAccess(['customer'])).toBe(false);
  });
});

describe('role redirect screen (spec §2)', () => {
  it('keeps an admin on the section asked for, or the dashboard', () => {
    expect(roleRedirect(['admin'], 'cocktails')).toBe('/admin/dashboard/cocktails');
    expect(roleRedirect(['admin'], 'orders/1')).toBe('/admin/dashboard');
    expect(roleRedirect(['distributor'], 'products')).toBe('/partner/dashboard/distributor');
    expect(roleRedirect([], 'products')).toBe('/auth/login');
  });
});

describe('safe return paths', () => {
  it('keeps same-site paths and refuses everything that could leave the site', () => {
    expect(safeReturnTo('/products?category=gin')).toBe('/products?category=gin');
    for (const bad of ['//evil.example', '/\t/evil.example', '/\n/x', '/\\evil', 'https://evil.example', '/é', 'products', undefined]) {
      expect(safeReturnTo(bad), String(bad)).toBe('/');
    }
  });
});

describe('partner pages by relationship (product.md §3, beyond spec §6)', () => {
  it('gives each role its own pages and every partner the shared ones', async () => {
    const { partnerPageRoles } = await import('./policy');
    expect(partnerPageRoles('/partner/dashboard/distributor/shipments')).toEqual(['distributor']);
    expect(partnerPageRoles('/partner/dashboard/retailer/')).toEqual(['retailer']);
    expect(partnerPageRoles('/partner/dashboard/distribution/assign')).toEqual(['importer']);
    expect(partnerPageRoles('/partner/dashboard')).toBeUndefined();
    expect(partnerPageRoles('/partner/dashboard/products')).toBeUndefined();
    expect(partnerPageRoles('/partner/dashboard/marketing/materials')).toBeUndefined();
    // A prefix is a whole segment: "retailers" is not under "retailer".
    expect(partnerPageRoles('/partner/dashboard/retailers')).toBeUndefined();
  });

  it('opens the supplier pages to every organisation with buyers, the buyer pages to every one with a supplier', async () => {
    const { partnerPageRoles } = await import('./policy');
    for (const p of [
      'supplier/orders/approve',
      'supplier/invoices/generate',
      'supplier/invoices',
      'supplier/shipments',
      'supplier/shipments/new',
      'supplier/shipments/7',
    ]) {
      expect(partnerPageRoles(`/partner/dashboard/${p}`), p).toEqual(['importer', 'distributor']);
    }
    for (const p of ['buyer/invoices', 'buyer/receipts', 'buyer/receipts/7']) {
      expect(partnerPageRoles(`/partner/dashboard/${p}`), p).toEqual(['importer', 'distributor', 'retailer']);
    }
    // Distributors order from their importer; the retailer orders on its own Place Orders page (spec §2).
    expect(partnerPageRoles('/partner/dashboard/orders/place')).toEqual(['importer', 'distributor']);
    expect(partnerPageRoles('/partner/dashboard/orders/history')).toEqual(['importer', 'distributor']);
    // Payments: everyone pays its supplier; importers and distributors are paid by their buyers too.
    expect(partnerPageRoles('/partner/dashboard/payments')).toEqual(['importer', 'distributor', 'retailer']);
    expect(partnerPageRoles('/partner/dashboard/suppliers')).toBeUndefined();
  });
});
