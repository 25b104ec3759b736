// Roles and permissions in the database: the system roles and their default grants (from the
// shared policy), and what a user may do (roles held, permissions granted to them).
import { eq, inArray } from 'drizzle-orm';
import { DEFAULT_GRANTS, grantScope, ROLE_AREA, ROLE_LABELS, ROLES, type Scope } from '../../../shared/policy';
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
  /** Every permission the user's roles grant with a scope (sorted). */
  permissions: string[];
  /** Permission → the widest scope a role grants it with: a staff role `any`, a partner role `own`. */
  grants: Record<string, Scope>;
}

/** Effective access: the master-admin profile flag counts as holding the master_admin role (spec §6). */
export async function accessOf(db: DbOrTx, userId: string, isMasterAdminFlag: boolean): Promise<Access> {
  const held = (await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId))).map((r) => r.role);
  const effective = isMasterAdminFlag && !held.includes('master_admin') ? [...held, 'master_admin'] : held;
  if (effective.length === 0) return { roles: [], permissions: [], grants: {} };
  const rows = await db
    .select({ role: rolePermissions.role, permission: rolePermissions.permission })
    .from(rolePermissions)
    .where(inArray(rolePermissions.role, effective));
  const grants: Record<string, Scope> = {};
  for (const { role, permission } of rows) {
    // A grant through a role of no area (a customer's) gives nothing.
    const scope = grantScope(role);
    if (scope && grants[permission] !== 'any') grants[permission] = scope;
  }
  return { roles: effective.sort(), permissions: Object.keys(grants).sort(), grants };
}
