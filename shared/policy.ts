// Roles, access groups and the dashboard landing table (spec §3, §6): the one source for server and client.
import { href } from 'react-router';
import type { Standing } from './partners';
export const ROLES = ['admin', 'master_admin', 'employee', 'partner', 'importer', 'distributor', 'retailer', 'customer'] as const;
export type Role = (typeof ROLES)[number];

export const ADMIN_ACCESS: readonly Role[] = ['admin', 'master_admin', 'employee'];
export const PARTNER_ACCESS: readonly Role[] = ['partner', 'importer', 'distributor', 'retailer'];

/**
 * Spec §6 admin access. `areas` are the areas the user's roles open as stored with each role
 * (`roles.area`): a custom staff role opens the admin area as `employee` does. The system roles are
 * known by name as well, so a caller without `areas` still answers for them.
 */
export function hasAdminAccess(roles: readonly string[], areas: readonly RoleArea[] = []): boolean {
  return areas.includes('staff') || roles.some((r) => (ADMIN_ACCESS as readonly string[]).includes(r));
}

export function hasPartnerAccess(roles: readonly string[], areas: readonly RoleArea[] = []): boolean {
  return areas.includes('partner') || roles.some((r) => (PARTNER_ACCESS as readonly string[]).includes(r));
}

/** Spec §6 "Dashboard landing"; a custom role lands on its area's dashboard. */
export function dashboardLanding(roles: readonly string[], areas: readonly RoleArea[] = []): string {
  if (roles.includes('master_admin')) return href('/admin/dashboard/master-admin');
  if (hasAdminAccess(roles, areas)) return href('/admin/dashboard');
  return partnerLanding(roles) ?? (areas.includes('partner') ? href('/partner/dashboard') : href('/auth/login'));
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
export function roleRedirect(roles: readonly string[], rest: string, areas: readonly RoleArea[] = []): string {
  if (hasAdminAccess(roles, areas)) {
    const section = rest.split('/').filter(Boolean)[0];
    return (section && Object.hasOwn(ADMIN_SECTIONS, section) ? ADMIN_SECTIONS[section] : undefined) ?? href('/admin/dashboard');
  }
  return partnerLanding(roles) ?? (areas.includes('partner') ? href('/partner/dashboard') : href('/auth/login'));
}

/** A partner page's folder: `/partner/dashboard/<first segment>` (the folders `supplier/` and `buyer/` have no page of their own for href() to name). */
function folderOf(path: string): string {
  return path.split('/').slice(0, 4).join('/');
}

/**
 * The partner pages that belong to some roles (the rest of the partner area — the index, View
 * Products, the marketing requests — is every partner's). Spec §6 gave them by role name; product.md
 * §3 has them follow the relationship: the supplier pages are every organisation's with buyers
 * (importers, distributors), the buyer pages every organisation's with a supplier (importers,
 * distributors, retailers) — so importers get Payments and distributors Place Order and Order
 * History. Spec §2's own paths stay their role's (`distributor/…`, `retailer/…`); the pages it did
 * not give live under `supplier/` and `buyer/` (shared/trade-pages.ts says which path is whose).
 * Page guards look the path up here (`partnerPageRoles`); the sidebar shows the same split.
 */
export const PARTNER_PAGE_ROLES: Readonly<Record<string, readonly Role[]>> = {
  [href('/partner/dashboard/orders/place')]: ['importer', 'distributor'],
  [href('/partner/dashboard/orders/history')]: ['importer', 'distributor'],
  [href('/partner/dashboard/distribution/assign')]: ['importer'],
  [href('/partner/dashboard/distributor')]: ['distributor'],
  [href('/partner/dashboard/retailer')]: ['retailer'],
  [folderOf(href('/partner/dashboard/supplier/orders/approve'))]: ['importer', 'distributor'],
  [folderOf(href('/partner/dashboard/buyer/invoices'))]: ['importer', 'distributor', 'retailer'],
  [href('/partner/dashboard/payments')]: ['importer', 'distributor', 'retailer'],
};

/** The roles a partner page (or any page under it) belongs to; undefined for every partner's pages. */
export function partnerPageRoles(pathname: string): readonly Role[] | undefined {
  const path = pathname.replace(/\/+$/, '');
  for (const [prefix, roles] of Object.entries(PARTNER_PAGE_ROLES)) if (path === prefix || path.startsWith(`${prefix}/`)) return roles;
  return undefined;
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

export type Area = 'admin' | 'partner';

/** The kind of a role, stored with it (`roles.area`): a staff role opens the admin area, a partner role the partner area; a customer's neither. */
export type RoleArea = 'staff' | 'partner';
export const ROLE_AREA: Record<Role, RoleArea | null> = {
  admin: 'staff',
  master_admin: 'staff',
  employee: 'staff',
  partner: 'partner',
  importer: 'partner',
  distributor: 'partner',
  retailer: 'partner',
  customer: null,
};

/**
 * Permission names, `action:entity` in the spirit of epic-stack's `action:entity:access`: the access
 * part (the scope) is not in the name but in the grant — see `grantScope`. The first eight are the
 * spec §6 switches; the rest guard what came later. The database holds the grants per role, seeded
 * from DEFAULT_GRANTS; the master admin edits them. Every switch governs something real:
 * `PERMISSION_GOVERNS` says what (docs/decisions/015-one-authorization-decision.md repeats it).
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
  'catalog:delete': 'Delete products, stores, cocktails and marketing',
  'inquiries:manage': 'Handle inquiries',
  'support:answer': 'Answer support chats',
  'marketing:requests': 'Handle marketing requests',
  'marketing:request': 'Request marketing support',
  'finance:manage': 'Finance',
} as const;
export type Permission = keyof typeof PERMISSIONS;
export const PERMISSION_NAMES = Object.keys(PERMISSIONS) as Permission[];

/** What each switch governs, in the words the Roles screen shows beside it. */
export const PERMISSION_GOVERNS: Record<Permission, string> = {
  'cms:access': "Editing the brand's content in the staff screens: products, the store locator, recipes, collateral and events, the media library.",
  'users:manage': 'Partner organisations and their users (the Partners section of the admin area, which the partner portal adds).',
  'database:manage': "Bulk data: CSV imports and exports across the admin area (today the Store Locator's), on top of the content permission.",
  'code:edit': 'Nothing outside the Code Editor, which is master admin only.',
  'orders:manage':
    "Placing and approving trade orders: a partner's over its organisation's orders, staff's over every organisation (Trade orders in the admin area: the importers' orders to the brand).",
  'inventory:view': 'Stock levels (partner portal).',
  'chat:internal': 'Message threads between trading partners (partner portal).',
  'reports:view': 'Reports and exports (partner portal).',
  'catalog:delete': 'Deleting products, stores, recipes, collateral, events and media files.',
  'inquiries:manage': 'Contact messages and business inquiries: the Inquiries screen and their notifications.',
  'support:answer': 'Answering support chats: the Support inbox, its live events and its notifications.',
  'marketing:request': 'Requesting marketing materials and events, and reading the thread of their requests (partner portal).',
  'marketing:requests':
    "Partners' requests for materials and events in Collateral & Events: approving, declining, fulfilling and commenting, and their notifications.",
  'finance:manage':
    "The brand's own business details: its legal name, address, licence, VAT number and bank details (Brand details), as its invoices print them; partner organisations' VAT numbers and bank details; and the tax rules — VAT and excise duty by jurisdiction and date (Tax rules).",
};

/** Switches the Roles screen shows but disables, with the reason it says. */
export const DISABLED_REASON: Partial<Record<Permission, string>> = {
  'code:edit': 'The Code Editor is master admin only, so this switch changes nothing.',
};

/**
 * The area a permission belongs to. A staff permission (admin) is honoured only in the admin area; a
 * partner permission works in the partner area over the user's organisation, and for staff who hold
 * it over everything (staff approve importers' orders).
 */
export const PERMISSION_AREA: Record<Permission, Area> = {
  'cms:access': 'admin',
  'users:manage': 'admin',
  'database:manage': 'admin',
  'code:edit': 'admin',
  'orders:manage': 'partner',
  'inventory:view': 'partner',
  'chat:internal': 'partner',
  'reports:view': 'partner',
  'catalog:delete': 'admin',
  'inquiries:manage': 'admin',
  'support:answer': 'admin',
  'marketing:requests': 'admin',
  'marketing:request': 'partner',
  'finance:manage': 'admin',
};

const STAFF_BASE: Permission[] = ['cms:access', 'inquiries:manage', 'support:answer', 'marketing:requests'];
const PARTNER_BASE: Permission[] = ['orders:manage', 'inventory:view', 'chat:internal', 'marketing:request'];

export const DEFAULT_GRANTS: Record<Role, Permission[]> = {
  // Everything but making a partner's own marketing requests (a staff grant is over every organisation:
  // the master admin would hear every partner's entries).
  master_admin: PERMISSION_NAMES.filter((p) => p !== 'marketing:request'),
  admin: ['users:manage', 'database:manage', 'code:edit', 'catalog:delete', 'orders:manage', 'finance:manage', ...STAFF_BASE],
  employee: STAFF_BASE,
  partner: PARTNER_BASE,
  importer: PARTNER_BASE,
  distributor: PARTNER_BASE,
  retailer: PARTNER_BASE,
  customer: [],
};

/**
 * The scope of a permission: `any` — over every record (staff); `own` — over the records the user's
 * organisation is party to (a partner; an order or an invoice has two parties and is `own` for both).
 */
export type Scope = 'any' | 'own';

/** What a grant through this role gives: staff roles `any`, partner roles `own`, others nothing. */
export function grantScope(role: string): Scope | null {
  if ((ADMIN_ACCESS as readonly string[]).includes(role)) return 'any';
  if ((PARTNER_ACCESS as readonly string[]).includes(role)) return 'own';
  return null;
}

/** The same for any role, custom ones included, by the area stored with it (`roles.area`). */
export function scopeOfArea(area: RoleArea | null): Scope | null {
  return area === 'staff' ? 'any' : area === 'partner' ? 'own' : null;
}

/**
 * The switches a role of this area may hold, in the order the Roles screen shows them. A partner
 * role's grant is over its organisation, and staff permissions are honoured in the admin area
 * only: a partner role holds partner permissions. A staff role holds any but `marketing:request`
 * (a partner's own requests: a staff grant would be over every organisation).
 */
export function permissionsForArea(area: RoleArea): Permission[] {
  return area === 'partner' ? PERMISSION_NAMES.filter((p) => PERMISSION_AREA[p] === 'partner') : PERMISSION_NAMES.filter((p) => p !== 'marketing:request');
}

/** The Partner card edits these roles' grants together: one set shared by every partner role. */
export const SHARED_PARTNER_ROLES: readonly Role[] = ['partner', 'importer', 'distributor', 'retailer'];

/**
 * Roles whose grants the Roles screen does not edit: the master admin holds every switch (its
 * screens are its own whatever they say), a customer opens no area.
 */
export const LOCKED_ROLES: readonly Role[] = ['master_admin', 'customer'];

/**
 * Spec §6 "Require Two-Factor Authentication (admins and master admin)" governs these; every other
 * staff member — employees and custom staff roles — follows the employees' switch.
 */
export function isAdminGrade(user: { roles: readonly string[]; isMasterAdmin: boolean }): boolean {
  return isMasterAdmin(user) || user.roles.includes('admin');
}

/** A record owned by organisations: one, or both parties of an order or an invoice. */
export interface OwnedResource {
  organisationIds: readonly string[];
}

/**
 * What a guard asks the one decision (server/auth/authorize.ts): signed in; an area; master admin;
 * or permissions (all of them), optionally over a record owned by organisations, optionally
 * addressed to one user (a notification for that user alone).
 */
export type AccessNeed =
  | { signedIn: true }
  /** An area; in the partner area optionally a page of some roles (spec §6: a retailer's pages are the retailer's). */
  | { area: Area; roles?: readonly Role[] }
  | { masterAdmin: true }
  | {
      permission: Permission | readonly Permission[];
      resource?: OwnedResource;
      addressedTo?: string | null;
      /**
       * To place or approve something (not to read): a partner with read-only access (no role of
       * its organisation's type) is refused (`read_only`), and one whose organisation is pending,
       * suspended or past its licence (`trading_blocked`); staff never.
       */
      act?: boolean;
    };

export type RefusalReason =
  'unauthenticated' | 'mfa_pending' | 'password_expired' | 'two_factor_required' | 'forbidden' | 'not_found' | 'read_only' | 'trading_blocked';

export type AccessDecision =
  | { allowed: true; /** The scope the permissions were granted with (`null` for the other needs). */ scope: Scope | null }
  | {
      allowed: false;
      reason: RefusalReason;
      /** The area the need belongs to (where the sign-in, reset and toasts point); null for `signedIn`. */
      area: Area | null;
      /** For `forbidden`: the area itself, a role's page, master admin, or a permission. */
      missing?: 'area' | 'role' | 'masterAdmin' | 'permission';
      permission?: Permission;
      /** For `trading_blocked`: why the organisation cannot trade. */
      standing?: Exclude<Standing, 'active'>;
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
export function loginPathFor(roles: readonly string[], areas: readonly RoleArea[] = []): string {
  if (hasAdminAccess(roles, areas)) return href('/admin-login');
  if (hasPartnerAccess(roles, areas)) return href('/partner-login');
  return href('/auth/login');
}
