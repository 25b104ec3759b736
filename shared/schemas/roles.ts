// Roles & Permissions (spec §2, §6) as the master admin edits them: a role's switches (and words),
// a new role, a delete — each naming the version read.
import { z } from './zod';
import { PERMISSION_NAMES, type Permission } from '../policy';

const permission = z.enum(PERMISSION_NAMES as [Permission, ...Permission[]], { error: 'Unknown permission.' });
const permissions = z
  .array(permission)
  .max(PERMISSION_NAMES.length)
  .transform((list) => [...new Set(list)].sort());
const description = z.string().trim().max(300, 'At most 300 characters.');

/** A role's name as people read it ("Warehouse lead"); its key is made from it. */
export const roleLabel = z
  .string()
  .trim()
  .min(2, 'Give the role a name (at least 2 characters).')
  .max(40, 'At most 40 characters.')
  .regex(/^[\p{L}\p{N}][\p{L}\p{N} &'’-]*$/u, 'Letters, digits, spaces, hyphens, apostrophes and "&" only.');

/** The key of a role in the database and the API path (`admin`, `warehouse_lead`). */
export const roleName = z.string().regex(/^[a-z][a-z0-9_]{1,39}$/, 'Not a role name.');

export const roleUpdate = z.object({
  /** Custom roles only: a built-in role keeps the spec's name. */
  label: roleLabel.optional(),
  description: description.optional(),
  permissions,
  version: z.number().int().positive(),
});
export type RoleUpdate = z.infer<typeof roleUpdate>;

export const roleCreate = z.object({
  label: roleLabel,
  /** Staff roles open the admin area (grants over everything); partner roles the partner area (over the organisation). */
  area: z.enum(['staff', 'partner'], { error: 'Choose staff or partner.' }),
  description: description.default(''),
  permissions,
});
export type RoleCreate = z.infer<typeof roleCreate>;

export const roleDelete = z.object({ version: z.number().int().positive() });

/** The key a label makes: lower case, words joined by underscores ("Warehouse Lead" → `warehouse_lead`). */
export function roleKey(label: string): string {
  return label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 40);
}
