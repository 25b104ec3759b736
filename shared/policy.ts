// Roles, access groups and the dashboard landing table (spec §3, §6): the one source for server and client.
import { href } from 'react-router';
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
  if (roles.includes('master_admin')) return href('/admin/dashboard/master-admin');
  if (roles.includes('admin') || roles.includes('employee')) return href('/admin/dashboard');
  return partnerLanding(roles) ?? href('/auth/login');
}

/** A partner's own dashboard: the importer's is the area's index, the others have their own page. */
function partnerLanding(roles: readonly string[]): string | null {
  if (roles.includes('importer')) return href('/partner/dashboard');
  if (roles.includes('distributor')) return href('/partner/dashboard/distributor');
  if (roles.includes('retailer')) return href('/partner/dashboard/retailer');
  if (roles.includes('partner')) return href('/partner/dashboard');
  return null;
}

/** The admin sections /dashboard/{section} may name (spec §2), each to its page. */
const ADMIN_SECTIONS: Partial<Record<string, string>> = {
  'master-admin': href('/admin/dashboard/master-admin'),
  'user-management': href('/admin/dashboard/user-management'),
  products: href('/admin/dashboard/products'),
  'store-locator': href('/admin/dashboard/store-locator'),
  cocktails: href('/admin/dashboard/cocktails'),
  marketing: href('/admin/dashboard/marketing'),
};

/** Spec §2 "Role redirect screen": where /dashboard/{rest} sends a user. */
export function roleRedirect(roles: readonly string[], rest: string): string {
  if (hasAdminAccess(roles)) {
    const section = rest.split('/').filter(Boolean)[0];
    return (section && Object.hasOwn(ADMIN_SECTIONS, section) ? ADMIN_SECTIONS[section] : undefined) ?? href('/admin/dashboard');
  }
  return partnerLanding(roles) ?? href('/auth/login');
}

export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Admin',
  master_admin: 'Master Admin',
  employee: 'Employee',
  partner: 'Partner',
  importer: 'Importer',
  distributor: 'Distributor',
  retailer: 'Retailer',
  customer: 'Customer',
};

/**
 * Permission names. The first eight are the spec §6 switches; the rest guard what later capabilities
 * add. The database holds the grants per role, seeded from DEFAULT_GRANTS; the master admin edits them.
 */
export const PERMISSIONS = {
  'cms:access': 'CMS Access',
  'users:manage': 'User Management',
  'database:manage': 'Database Management',
  'code:edit': 'Code Editing',
  'orders:manage': 'Order Management',
  'inventory:view': 'Inventory Viewing',
  'chat:internal': 'Internal Chat',
  'reports:view': 'Report Access',
  'catalog:write': 'Edit products, stores, cocktails and marketing',
  'catalog:delete': 'Delete products, stores, cocktails and marketing',
  'inquiries:manage': 'Handle inquiries',
  'support:answer': 'Answer support chats',
} as const;
export type Permission = keyof typeof PERMISSIONS;
export const PERMISSION_NAMES = Object.keys(PERMISSIONS) as Permission[];

const STAFF_BASE: Permission[] = ['catalog:write', 'inquiries:manage', 'support:answer'];
const PARTNER_BASE: Permission[] = ['orders:manage', 'inventory:view', 'chat:internal'];

export const DEFAULT_GRANTS: Record<Role, Permission[]> = {
  master_admin: PERMISSION_NAMES,
  admin: ['cms:access', 'users:manage', 'database:manage', 'code:edit', 'catalog:delete', ...STAFF_BASE],
  employee: ['cms:access', ...STAFF_BASE],
  partner: PARTNER_BASE,
  importer: PARTNER_BASE,
  distributor: PARTNER_BASE,
  retailer: PARTNER_BASE,
  customer: [],
};

/** Spec §6: master admin = the profile flag or the role. */
export function isMasterAdmin(user: { roles: readonly string[]; isMasterAdmin: boolean }): boolean {
  return user.isMasterAdmin || user.roles.includes('master_admin');
}

/** Client-side mirror of the server's check: hides what the user may not do. */
export function userHasPermission(user: { permissions: readonly string[] } | null | undefined, permission: Permission): boolean {
  return !!user && user.permissions.includes(permission);
}

/** Which sign-in page serves a user (spec §6 "Login page by role"). */
export function loginPathFor(roles: readonly string[]): string {
  if (hasAdminAccess(roles)) return '/admin-login';
  if (hasPartnerAccess(roles)) return '/partner-login';
  return '/auth/login';
}
