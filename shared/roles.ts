// The roles as the Roles & Permissions screen and the API show them, and the cards they make: one
// per role, except that the partner roles share one card (their grants are one set).
import { type Permission, ROLE_LABELS, type RoleArea } from './policy';

export interface RoleView {
  /** The key (`admin`, `warehouse_lead`): the API path and what user_roles holds. */
  name: string;
  label: string;
  description: string;
  /** The area it opens: staff (the admin area) or partner; null for a customer. */
  area: RoleArea | null;
  isSystem: boolean;
  /** Not edited on this screen: the master admin (every permission, always) and the customer (no area). */
  locked: boolean;
  /** The roles whose grants are saved together with this one's (itself included). */
  sharedWith: string[];
  version: number;
  permissions: Permission[];
  /** How many people hold it. */
  users: number;
}

export interface RoleCard {
  /** The role the card saves through (the Partner card: `partner`, which saves every partner role). */
  name: string;
  label: string;
  description: string;
  area: RoleArea;
  isSystem: boolean;
  locked: boolean;
  /** The labels of the roles the card covers, when more than one. */
  covers: string[];
  /** The version a save names: the highest of the roles covered. */
  version: number;
  /** On when every role covered holds it. */
  permissions: Permission[];
  /** Permissions only some of the roles covered hold (a change made outside this screen), with those roles' labels. */
  partly: Partial<Record<Permission, string[]>>;
  users: number;
}

/** The cards in the screen's order: the master admin (read only), admin, employee, partner, then custom roles by name. */
export function roleCards(views: readonly RoleView[]): RoleCard[] {
  const byName = new Map(views.map((v) => [v.name, v]));
  const cards: RoleCard[] = [];
  const seen = new Set<string>();
  const order = ['master_admin', 'admin', 'employee', 'partner'];
  const custom = views.filter((v) => !v.isSystem).sort((a, b) => a.label.localeCompare(b.label));
  for (const view of [...order.map((n) => byName.get(n)), ...custom]) {
    if (!view || seen.has(view.name) || !view.area) continue;
    const members = view.sharedWith.map((n) => byName.get(n)).filter((v): v is RoleView => !!v);
    for (const m of members) seen.add(m.name);
    const all = new Set(members.flatMap((m) => m.permissions));
    const permissions = [...all].filter((p) => members.every((m) => m.permissions.includes(p))).sort();
    const partly: RoleCard['partly'] = {};
    for (const p of all) if (!permissions.includes(p)) partly[p] = members.filter((m) => m.permissions.includes(p)).map((m) => m.label);
    cards.push({
      name: view.name,
      label: view.label,
      description: view.description,
      area: view.area,
      isSystem: view.isSystem,
      locked: view.locked,
      covers: members.length > 1 ? members.map((m) => m.label) : [],
      version: Math.max(...members.map((m) => m.version)),
      permissions,
      partly,
      users: members.reduce((n, m) => n + m.users, 0),
    });
  }
  return cards;
}

/** The staff roles the shell names by their built-in label, highest first. */
const STAFF_SYSTEM_ROLES = ['master_admin', 'admin', 'employee'] as const;

/**
 * How the staff shell labels a person (product.md §6): Master Admin, Admin, Employee — or a custom
 * staff role by its own name (`custom`: the labels of the custom staff roles the person holds).
 */
export function staffRoleLabel(roles: readonly string[], custom: readonly string[] = []): string {
  for (const r of STAFF_SYSTEM_ROLES) if (roles.includes(r)) return ROLE_LABELS[r];
  return [...custom].sort((a, b) => a.localeCompare(b))[0] ?? 'Staff';
}

/** True when the label needs the custom roles' names (none of the built-in staff roles is held). */
export const needsCustomRoleLabel = (roles: readonly string[]): boolean => !STAFF_SYSTEM_ROLES.some((r) => roles.includes(r));
