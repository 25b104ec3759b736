// The one authorization decision. Given who is asking (or nobody) and what is asked — signed in, an
// area, master admin, permissions, optionally over a record owned by organisations or addressed to
// one user — it answers allowed (with the scope the permissions hold) or the refusal and its reason.
// Page guards turn a refusal into a redirect with the spec §8 toast, `accessRefusal` into the domain
// error the API and the services raise (a code and a kind), the staff socket into a refused upgrade; the notifications feed and the live fan-out ask it
// who an entry is for. Nothing else decides.
import {
  type AccessDecision,
  type AccessNeed,
  type Area,
  hasAdminAccess,
  hasPartnerAccess,
  isAdminGrade,
  isMasterAdmin,
  PERMISSION_AREA,
  type Permission,
  type RefusalReason,
  type RoleArea,
  type Scope,
} from '../../shared/policy';
import { READ_ONLY_REFUSAL, type Standing, STANDING_REFUSAL, tradesFor } from '../../shared/partners';
import { AppError, notFound } from '../core/errors';

/** What the decision reads of a user (a CurrentUser has all of it). */
export interface Viewer {
  id: string;
  roles: readonly string[];
  /** The areas the roles open as stored with them (custom roles); the system roles are known by name without it. */
  areas?: readonly RoleArea[];
  /** Permission → the widest scope a role of the user grants it with (`grantScope`). */
  grants: Readonly<Record<string, Scope>>;
  isMasterAdmin: boolean;
  requiresPasswordReset: boolean;
  twoFactorEnabled: boolean;
  mfaPending: boolean;
  /** The organisation a partner belongs to; null for staff and customers. */
  organisationId: string | null;
  /** Whether that organisation may trade today (shared/partners.ts `standingOf`); null without one. */
  standing: Standing | null;
}

/** The Access Control settings the decision depends on. */
export interface AccessPolicy {
  /** Spec §6 "Require Two-Factor Authentication (admins and master admin)". */
  requireTwoFactorForStaff: boolean;
  /** The same for every other staff member (employees, custom staff roles): a separate choice. */
  requireTwoFactorForEmployees?: boolean;
}

const inArea = (user: Viewer, area: Area) => (area === 'admin' ? hasAdminAccess(user.roles, user.areas) : hasPartnerAccess(user.roles, user.areas));

/** Whether the settings require this staff member to have two-factor: admins by the admins' switch, the rest by the employees'. */
export const twoFactorRequired = (user: Viewer, policy: AccessPolicy): boolean =>
  isAdminGrade(user) ? policy.requireTwoFactorForStaff : (policy.requireTwoFactorForEmployees ?? false);

const refuse = (
  reason: RefusalReason,
  area: Area | null,
  extra: { missing?: 'area' | 'role' | 'masterAdmin' | 'permission'; permission?: Permission; standing?: Exclude<Standing, 'active'> } = {},
): AccessDecision => ({
  allowed: false,
  reason,
  area,
  ...extra,
});

const asList = (p: Permission | readonly Permission[]): readonly Permission[] => (typeof p === 'string' ? [p] : p);

/**
 * The area a need is answered in. A staff permission is the admin area's (the stricter reading the
 * page guards always had); a partner permission is the area its grant came through — staff holding
 * it (`any`) use it in the admin area, partners (`own`) in theirs.
 */
function areaOf(user: Viewer | null, need: AccessNeed): Area | null {
  if ('signedIn' in need) return null;
  if ('area' in need) return need.area;
  if ('masterAdmin' in need) return 'admin';
  const perms = asList(need.permission);
  if (perms.some((p) => PERMISSION_AREA[p] === 'admin')) return 'admin';
  if (user && perms.every((p) => user.grants[p] === 'any') && hasAdminAccess(user.roles, user.areas)) return 'admin';
  return 'partner';
}

/** The one decision (pure: the settings it depends on come in `policy`). The order of the checks is the refusal's precedence. */
export function authorize(user: Viewer | null, need: AccessNeed, policy: AccessPolicy): AccessDecision {
  const area = areaOf(user, need);
  if (!user) return refuse('unauthenticated', area);
  if (user.mfaPending) return refuse('mfa_pending', area);
  if ('signedIn' in need) return { allowed: true, scope: null };
  const where = area as Area;
  // Who has no business in the area hears so before being told to fix their password.
  if (!inArea(user, where)) return refuse('forbidden', where, { missing: 'area' });
  if (user.requiresPasswordReset) return refuse('password_expired', where);
  if (where === 'admin' && !user.twoFactorEnabled && twoFactorRequired(user, policy)) return refuse('two_factor_required', where);
  if ('area' in need) {
    // Spec §6: a partner page belongs to its roles (a retailer does not open the distributor's pages).
    if (need.roles && !need.roles.some((r) => user.roles.includes(r))) return refuse('forbidden', where, { missing: 'role' });
    return { allowed: true, scope: null };
  }
  // Spec §6: the master-admin screens stay master admin only, whatever the switches say.
  if ('masterAdmin' in need) return isMasterAdmin(user) ? { allowed: true, scope: null } : refuse('forbidden', where, { missing: 'masterAdmin' });

  let scope: Scope = 'any';
  for (const p of asList(need.permission)) {
    const granted = user.grants[p];
    // In the admin area only a staff grant counts (a partner role's grant is over its organisation).
    if (!granted || (where === 'admin' && granted !== 'any')) return refuse('forbidden', where, { missing: 'permission', permission: p });
    if (granted === 'own') scope = 'own';
  }
  // Someone else's entry, or another organisation's record: it does not exist for this user (404,
  // never 403 — a partner must not learn that the record is there).
  if (need.addressedTo && need.addressedTo !== user.id) return refuse('not_found', where);
  if (need.resource && scope === 'own') {
    const mine = user.organisationId;
    if (!mine || !need.resource.organisationIds.includes(mine)) return refuse('not_found', where);
  }
  // Reading is allowed to every member whatever the organisation's standing; placing or approving
  // needs the role of the organisation's type (the generic partner role reads only) and an
  // organisation that may trade.
  if (need.act && scope === 'own' && !tradesFor(user.roles)) return refuse('read_only', where);
  if (need.act && scope === 'own' && user.standing !== 'active') return refuse('trading_blocked', where, { standing: user.standing ?? 'pending' });
  return { allowed: true, scope };
}

/**
 * Who an entry or an event is for: readers holding the permission — staff over every entry, a
 * partner over entries of their organisation — and, when it names a user, that user alone. An entry
 * without an organisation is staff-wide (`any` only).
 */
export interface Audience {
  permission: Permission;
  organisationId?: string | null;
  userId?: string | null;
}

export function audienceNeed(a: Audience): AccessNeed {
  return { permission: a.permission, resource: { organisationIds: a.organisationId ? [a.organisationId] : [] }, addressedTo: a.userId ?? null };
}

/**
 * The permissions a viewer may use, by scope — what a list query filters on, so the query applies
 * the same rule as the decision (every name is asked of `authorize`).
 */
export function usablePermissions(user: Viewer | null, policy: AccessPolicy): { any: Permission[]; own: Permission[] } {
  const out: { any: Permission[]; own: Permission[] } = { any: [], own: [] };
  if (!user) return out;
  for (const name of Object.keys(user.grants)) {
    const p = name as Permission;
    if (!(p in PERMISSION_AREA)) continue; // a stale name in the grants table
    const d = authorize(user, { permission: p }, policy);
    if (d.allowed) out[d.scope === 'own' ? 'own' : 'any'].push(p);
  }
  return out;
}

/** The decision with the stored Access Control settings: what guards, the feed and the sockets call. */
export interface Access {
  decide(user: Viewer | null, need: AccessNeed): Promise<AccessDecision>;
  can(user: Viewer | null, need: AccessNeed): Promise<boolean>;
  usable(user: Viewer | null): Promise<{ any: Permission[]; own: Permission[] }>;
}

export function createAccess(settings: { get(): Promise<AccessPolicy> }): Access {
  // The settings row is read only when it can change the answer (staff without two-factor).
  const policyFor = async (user: Viewer | null): Promise<AccessPolicy> => {
    if (!user || user.mfaPending || user.twoFactorEnabled || !hasAdminAccess(user.roles, user.areas)) return { requireTwoFactorForStaff: false };
    const s = await settings.get();
    return { requireTwoFactorForStaff: s.requireTwoFactorForStaff, requireTwoFactorForEmployees: s.requireTwoFactorForEmployees ?? false };
  };
  return {
    decide: async (user, need) => authorize(user, need, await policyFor(user)),
    can: async (user, need) => authorize(user, need, await policyFor(user)).allowed,
    usable: async (user) => usablePermissions(user, await policyFor(user)),
  };
}

type Refusal = Exclude<AccessDecision, { allowed: true }>;

function describe(need: AccessNeed): string {
  if ('permission' in need)
    return typeof need.permission === 'string' ? `the ${need.permission} permission` : `the ${need.permission.join(' and ')} permissions`;
  if ('area' in need) return need.roles ? `the ${need.roles.join(' or ')} role` : `${need.area} access`;
  if ('masterAdmin' in need) return 'master admin access';
  return 'access';
}

/**
 * A refusal of the decision as the domain's error — the one translation, for the API's guard and the
 * services alike (each edge then turns its kind into a status). The API's guard gives the `need` it
 * asked, and a "forbidden" names what is required (never the record asked about: its owners are not
 * the caller's to learn), as do its sign-in, password and two-factor refusals. A service gives `what`
 * it was asked for: another organisation's record is `what` not found, and the rest is a plain
 * "forbidden". An organisation that cannot trade says why with its standing's code, either way.
 */
export function accessRefusal(d: Refusal, about: { need: AccessNeed } | { what: string }): AppError {
  const need = 'need' in about ? about.need : null;
  switch (d.reason) {
    case 'not_found':
      return 'what' in about ? notFound(about.what) : new AppError('not_found', 'not_found', 'Not found.');
    case 'trading_blocked': {
      const why = STANDING_REFUSAL[d.standing ?? 'pending'];
      return new AppError(why.code, 'forbidden', why.message);
    }
    case 'read_only':
      return new AppError(READ_ONLY_REFUSAL.code, 'forbidden', READ_ONLY_REFUSAL.message);
    case 'unauthenticated':
    case 'mfa_pending':
      return new AppError('unauthenticated', 'unauthenticated', 'Sign in to use this.', need ? { hint: 'Sign in, then try again.' } : {});
    case 'password_expired':
      if (need) return new AppError('password_reset_required', 'forbidden', 'Your password has expired. Reset it first.');
      break;
    case 'two_factor_required':
      if (need) return new AppError('two_factor_required', 'forbidden', 'Set up two-factor authentication first.');
      break;
    case 'forbidden':
      if (need)
        return new AppError('forbidden', 'forbidden', `You need ${describe(need)} for this.`, {
          details: { required: 'permission' in need ? { permission: need.permission } : need },
        });
      break;
  }
  return new AppError('forbidden', 'forbidden', 'You may not do this.');
}

/** A refusal as a service's error (services answer the API and the pages alike, and import nothing from http/). */
export const serviceRefusal = (d: Refusal, what: string): AppError => accessRefusal(d, { what });
