// Roles & Permissions (spec §2, §6; product.md §1, §6): the roles with their grants and holders, a
// role's switches saved (the Partner card's set shared by every partner role), custom roles created
// — staff or partner, which decides the area they open — and deleted while nobody holds them. Every
// write needs a fresh step-up, names the version read and is audited; after it, the holders' cached
// sessions and open sockets decide again on every instance (the change feed).
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import {
  LOCKED_ROLES,
  type Permission,
  PERMISSION_NAMES,
  permissionsForArea,
  type Role,
  ROLE_AREA,
  type RoleArea,
  SHARED_PARTNER_ROLES,
} from '../../../shared/policy';
import { type RoleCreate, roleKey, type RoleUpdate } from '../../../shared/schemas/roles';
import { needsCustomRoleLabel, type RoleView, staffRoleLabel } from '../../../shared/roles';
import type { Db, DbOrTx } from '../../db/client';
import { rolePermissions, roles, userRoles } from '../../db/schema';
import { AppError, invalidFields, isForeignKeyViolation, isUniqueViolation, notFound, versionConflict } from '../../core/errors';
import type { Actor } from '../../core/actor';
import { requireStepUp } from '../../auth/step-up';
import type { ChangeFeed } from '../../realtime/changes';
import { recordAudit } from '../audit';
import { USER_CHANGED_TOPIC, type UserChanged } from '../auth';
import { plural } from '../../../shared/plural';

export interface RoleDeps {
  db: Db;
  feed: ChangeFeed;
  now?: () => number;
}

type Viewer = { elevatedUntil: number | null };

const isShared = (name: string) => (SHARED_PARTNER_ROLES as readonly string[]).includes(name);
const isLocked = (name: string) => (LOCKED_ROLES as readonly string[]).includes(name);
const areaOf = (row: { name: string; area: string | null }): RoleArea | null =>
  row.area === 'staff' || row.area === 'partner' ? row.area : (ROLE_AREA[row.name as Role] ?? null);
const known = (p: string): p is Permission => (PERMISSION_NAMES as string[]).includes(p);

function locked(name: string): AppError {
  return new AppError(
    'role_locked',
    'conflict',
    name === 'master_admin'
      ? 'The master admin holds every permission; its access is not edited here.'
      : 'This role opens no area of the site: it has no permissions to switch.',
  );
}

export function createRoleService(deps: RoleDeps) {
  const { db, feed } = deps;
  const now = deps.now ?? Date.now;

  async function views(tx: DbOrTx, names?: string[]): Promise<RoleView[]> {
    const rows = await tx
      .select()
      .from(roles)
      .where(names ? inArray(roles.name, names) : undefined)
      .orderBy(asc(roles.createdAt), asc(roles.name));
    const list = rows.map((r) => r.name);
    if (list.length === 0) return [];
    const [grants, holders] = await Promise.all([
      tx.select().from(rolePermissions).where(inArray(rolePermissions.role, list)),
      tx.select({ role: userRoles.role, n: count() }).from(userRoles).where(inArray(userRoles.role, list)).groupBy(userRoles.role),
    ]);
    return rows.map((r) => ({
      name: r.name,
      label: r.label,
      description: r.description,
      area: areaOf(r),
      isSystem: r.isSystem,
      locked: isLocked(r.name),
      sharedWith: isShared(r.name) ? [...SHARED_PARTNER_ROLES] : [r.name],
      version: r.version,
      permissions: grants
        .filter((g) => g.role === r.name)
        .map((g) => g.permission)
        .filter(known)
        .sort(),
      users: Number(holders.find((h) => h.role === r.name)?.n ?? 0),
    }));
  }

  /** Permissions outside the role's area are refused by name (a partner role cannot hold CMS Access). */
  function checkArea(area: RoleArea, permissions: readonly Permission[]) {
    const allowed = permissionsForArea(area);
    const outside = permissions.filter((p) => !allowed.includes(p));
    if (outside.length) {
      throw invalidFields([
        {
          path: 'permissions',
          message: `A ${area} role cannot hold ${outside.join(', ')}: ${area === 'partner' ? 'staff permissions count in the admin area only' : 'it is a partner’s own'}.`,
        },
      ]);
    }
  }

  async function announce(changedRoles: string[]) {
    const data: UserChanged = { roles: changedRoles };
    await feed.publish(USER_CHANGED_TOPIC, data);
  }

  return {
    /** The staff shell's label for a person holding `names` (product.md §6): a custom staff role by its own name. */
    async staffLabel(names: readonly string[]): Promise<string> {
      if (!needsCustomRoleLabel(names) || names.length === 0) return staffRoleLabel(names);
      const rows = await db
        .select({ label: roles.label })
        .from(roles)
        .where(and(inArray(roles.name, [...names]), eq(roles.area, 'staff')));
      return staffRoleLabel(
        names,
        rows.map((r) => r.label),
      );
    },

    /** Every role with its grants and how many people hold it (oldest first: the system roles, then custom ones). */
    list(): Promise<RoleView[]> {
      return views(db);
    },

    /**
     * Saves a role's switches (and its description; a custom role's name too). A partner role's
     * switches are the Partner card's: saved for every partner role at once.
     */
    async update(viewer: Viewer, name: string, input: RoleUpdate, actor: Actor): Promise<RoleView> {
      requireStepUp(viewer, now());
      const group = isShared(name) ? [...SHARED_PARTNER_ROLES] : [name];
      await db.transaction(async (tx) => {
        const rows = await tx.select().from(roles).where(inArray(roles.name, group)).orderBy(asc(roles.name)).for('update');
        const target = rows.find((r) => r.name === name);
        if (!target) throw notFound('Role');
        const area = areaOf(target);
        if (isLocked(name) || !area) throw locked(name);
        checkArea(area, input.permissions);
        const current = Math.max(...rows.map((r) => r.version));
        if (input.version !== current) throw versionConflict('role', current, input.version);
        if (input.label !== undefined && input.label !== target.label && target.isSystem) {
          throw invalidFields([{ path: 'label', message: 'A built-in role keeps its name.' }]);
        }
        const before = await tx.select().from(rolePermissions).where(inArray(rolePermissions.role, group));
        await tx.delete(rolePermissions).where(inArray(rolePermissions.role, group));
        if (input.permissions.length) {
          await tx.insert(rolePermissions).values(group.flatMap((role) => input.permissions.map((permission) => ({ role, permission }))));
        }
        for (const row of rows) {
          const label = !row.isSystem && input.label !== undefined ? input.label : row.label;
          const description = input.description ?? row.description;
          await tx
            .update(roles)
            .set({ version: current + 1, label, description })
            .where(eq(roles.name, row.name));
          const had = before
            .filter((g) => g.role === row.name)
            .map((g) => g.permission)
            .sort();
          const oldValues: Record<string, unknown> = { version: row.version };
          const newValues: Record<string, unknown> = { version: current + 1 };
          if (had.join() !== input.permissions.join()) {
            oldValues.permissions = had;
            newValues.permissions = input.permissions;
          }
          if (label !== row.label) [oldValues.label, newValues.label] = [row.label, label];
          if (description !== row.description) [oldValues.description, newValues.description] = [row.description, description];
          await recordAudit(tx, actor, { action: 'ROLE_UPDATE', tableName: 'roles', recordId: row.name, oldValues, newValues });
        }
      });
      await announce(group);
      return (await views(db, [name]))[0] as RoleView;
    },

    /** A custom role: its key made from the name, the area it opens, its switches. */
    async create(viewer: Viewer, input: RoleCreate, actor: Actor): Promise<RoleView> {
      requireStepUp(viewer, now());
      checkArea(input.area, input.permissions);
      let name = roleKey(input.label);
      if (!/^[a-z]/.test(name)) name = `role_${name}`.slice(0, 40);
      const taken = () =>
        new AppError('role_exists', 'conflict', 'A role with this name already exists.', {
          details: [{ path: 'label', message: 'A role with this name already exists.' }],
        });
      if (name.length < 2) throw invalidFields([{ path: 'label', message: 'Use a name with letters or digits.' }]);
      try {
        await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(roles)
            .values({ name, label: input.label, description: input.description, area: input.area, isSystem: false })
            .onConflictDoNothing()
            .returning({ name: roles.name });
          if (!row) throw taken();
          if (input.permissions.length) await tx.insert(rolePermissions).values(input.permissions.map((permission) => ({ role: name, permission })));
          await recordAudit(tx, actor, {
            action: 'ROLE_CREATE',
            tableName: 'roles',
            recordId: name,
            newValues: { label: input.label, area: input.area, description: input.description, permissions: input.permissions },
          });
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw taken();
        throw err;
      }
      return (await views(db, [name]))[0] as RoleView;
    },

    /** A custom role nobody holds (else 409 `role_in_use`); built-in roles stay. */
    async remove(viewer: Viewer, name: string, version: number, actor: Actor): Promise<void> {
      requireStepUp(viewer, now());
      try {
        await db.transaction(async (tx) => {
          // The row lock holds off an assignment under way (its foreign key check shares the row).
          const [row] = await tx.select().from(roles).where(eq(roles.name, name)).for('update');
          if (!row) throw notFound('Role');
          if (row.isSystem) throw new AppError('role_locked', 'conflict', 'Built-in roles cannot be deleted.');
          if (row.version !== version) throw versionConflict('role', row.version, version);
          const [held] = await tx.select({ n: count() }).from(userRoles).where(eq(userRoles.role, name));
          const n = Number(held?.n ?? 0);
          if (n > 0) throw inUse(n);
          const grants = await tx.select({ permission: rolePermissions.permission }).from(rolePermissions).where(eq(rolePermissions.role, name));
          await tx.delete(roles).where(eq(roles.name, name));
          await recordAudit(tx, actor, {
            action: 'ROLE_DELETE',
            tableName: 'roles',
            recordId: name,
            oldValues: {
              label: row.label,
              area: row.area,
              description: row.description,
              permissions: grants.map((g) => g.permission).sort(),
              version: row.version,
            },
          });
        });
      } catch (err) {
        // Assigned between the count and the delete (the restricting foreign key says so).
        if (isForeignKeyViolation(err)) throw inUse(1);
        throw err;
      }
    },
  };
}

function inUse(n: number): AppError {
  return new AppError(
    'role_in_use',
    'conflict',
    `${plural(n, 'person', 'people')} ${n === 1 ? 'holds' : 'hold'} this role: it can be deleted once nobody does.`,
    {
      details: { users: n },
      hint: 'Remove the role from those people in All Users, then delete it.',
    },
  );
}

export type RoleService = ReturnType<typeof createRoleService>;
