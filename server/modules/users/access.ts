// Roles and permissions in the database: the system roles and their default grants (from the
// shared policy), and what a user may do (roles held, permissions granted to them).
import { eq, inArray } from 'drizzle-orm';
import { DEFAULT_GRANTS, ROLE_AREA, ROLE_LABELS, ROLES, type Role, type RoleArea, type Scope, scopeOfArea } from '../../../shared/policy';
import type { DbOrTx } from '../../db/client';
import { rolePermissions, roles, userRoles } from '../../db/schema';

/** Inserts missing system roles; a role seen for the first time gets its default grants. */
export async function ensureSystemRoles(db: DbOrTx): Promise<void> {
  const inserted = await db
    .insert(roles)
    .values(ROLES.map((name) => ({ name, label: ROLE_LABELS[name], isSystem: true, area: ROLE_AREA[name] })))
    .onConflictDoNothing()
    .returning({ name: roles.name });
  const grants = inserted.flatMap(({ name }) => DEFAULT_GRANTS[name as keyof typeof DEFAULT_GRANTS].map((permission) => ({ role: name, permission })));
  if (grants.length) await db.insert(rolePermissions).values(grants).onConflictDoNothing();
}

export interface Access {
  roles: string[];
  /** The areas the roles open, as stored with each role (a custom role's decides its area). */
  areas: RoleArea[];
  /** Every permission the user's roles grant with a scope (sorted). */
  permissions: string[];
  /** Permission → the widest scope a role grants it with: a staff role `any`, a partner role `own`. */
  grants: Record<string, Scope>;
}

/** The area stored with a role; a system role's is known by name should its column be empty. */
const areaOf = (name: string, stored: string | null): RoleArea | null =>
  stored === 'staff' || stored === 'partner' ? stored : (ROLE_AREA[name as Role] ?? null);

/**
 * Effective access: the master-admin profile flag counts as holding the master_admin role (spec §6).
 * A grant's scope follows the area of the role it came through — custom roles included.
 */
export async function accessOf(db: DbOrTx, userId: string, isMasterAdminFlag: boolean): Promise<Access> {
  const held = await db
    .select({ role: userRoles.role, area: roles.area })
    .from(userRoles)
    .innerJoin(roles, eq(roles.name, userRoles.role))
    .where(eq(userRoles.userId, userId));
  const areaByRole = new Map(held.map((r) => [r.role, areaOf(r.role, r.area)]));
  if (isMasterAdminFlag && !areaByRole.has('master_admin')) areaByRole.set('master_admin', 'staff');
  const effective = [...areaByRole.keys()];
  if (effective.length === 0) return { roles: [], areas: [], permissions: [], grants: {} };
  const rows = await db
    .select({ role: rolePermissions.role, permission: rolePermissions.permission })
    .from(rolePermissions)
    .where(inArray(rolePermissions.role, effective));
  const grants: Record<string, Scope> = {};
  for (const { role, permission } of rows) {
    // A grant through a role of no area (a customer's) gives nothing.
    const scope = scopeOfArea(areaByRole.get(role) ?? null);
    if (scope && grants[permission] !== 'any') grants[permission] = scope;
  }
  const areas = [...new Set([...areaByRole.values()].filter((a): a is RoleArea => a !== null))].sort();
  return { roles: effective.sort(), areas, permissions: Object.keys(grants).sort(), grants };
}
