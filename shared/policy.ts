// Roles, access groups and the dashboard landing table (spec §3, §6): the one source for server and client.
export const ROLES = [
  'admin', 'master_admin', 'employee', 'partner', 'importer', 'distributor', 'retailer', 'customer',
] as const;
export type Role = (typeof ROLES)[number];

export const ADMIN_ACCESS: readonly Role[] = ['admin', 'master_admin', 'employee'];
export const PARTNER_ACCESS: readonly Role[] = ['partner', 'importer', 'distributor', 'retailer'];

export function hasAdminAccess(roles: readonly string[]): boolean {
  return roles.some((r) => (ADMIN_ACCESS as readonly string[]).includes(r));
}

export function hasPartnerAccess(roles: readonly string[]): boolean {
  return roles.some((r) => (PARTNER_ACCESS as readonly string[]).includes(r));
}

/** Spec §6 "Dashboard landing". */
export function dashboardLanding(roles: readonly string[]): string {
  if (roles.includes('master_admin')) return '/admin/dashboard/master-admin';
  if (roles.includes('admin') || roles.includes('employee')) return '/admin/dashboard';
  if (roles.includes('importer')) return '/partner/dashboard';
  if (roles.includes('distributor')) return '/partner/dashboard/distributor';
  if (roles.includes('retailer')) return '/partner/dashboard/retailer';
  if (roles.includes('partner')) return '/partner/dashboard';
  return '/auth/login';
}

const ADMIN_SECTIONS = ['master-admin', 'user-management', 'products', 'store-locator', 'cocktails', 'marketing'];

/** Spec §2 "Role redirect screen": where /dashboard/{rest} sends a user. */
export function roleRedirect(roles: readonly string[], rest: string): string {
  if (hasAdminAccess(roles)) {
    const section = rest.split('/').filter(Boolean)[0];
    return section && ADMIN_SECTIONS.includes(section) ? `/admin/dashboard/${section}` : '/admin/dashboard';
  }
  if (roles.includes('importer')) return '/partner/dashboard';
  if (roles.includes('distributor')) return '/partner/dashboard/distributor';
  if (roles.includes('retailer')) return '/partner/dashboard/retailer';
  if (roles.includes('partner')) return '/partner/dashboard';
  return '/auth/login';
}
