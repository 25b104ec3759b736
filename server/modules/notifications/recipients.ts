// Who gets the email of a notice: the staff team holding a permission, and a partner organisation's
// own address plus the member the record belongs to. One place for the lookups that order,
// marketing request and (later) invoice, shipment and payment notices share.
import { and, eq, or, sql } from 'drizzle-orm';
import type { Permission } from '../../../shared/policy';
import type { DbOrTx } from '../../db/client';
import { organisations, profiles, rolePermissions, roles, userRoles, users } from '../../db/schema';

/** Active staff holding `permission` (through a staff role, or as the master admin with the grant). */
export async function staffTeam(tx: DbOrTx, permission: Permission): Promise<string[]> {
  const viaRole = tx
    .select({ one: sql`1` })
    .from(userRoles)
    .innerJoin(rolePermissions, eq(rolePermissions.role, userRoles.role))
    .innerJoin(roles, eq(roles.name, userRoles.role))
    // A staff role (custom ones included): its grant is over every organisation.
    .where(and(eq(userRoles.userId, users.id), eq(rolePermissions.permission, permission), eq(roles.area, 'staff')));
  const masterGrant = tx
    .select({ one: sql`1` })
    .from(rolePermissions)
    .where(and(eq(rolePermissions.role, 'master_admin'), eq(rolePermissions.permission, permission)));
  const rows = await tx
    .select({ email: users.email })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(and(eq(users.status, 'active'), or(sql`exists ${viaRole}`, and(eq(profiles.isMasterAdmin, true), sql`exists ${masterGrant}`))));
  return rows.map((r) => r.email);
}

/**
 * A partner side's addresses: the member the record belongs to (who placed or requested it — while
 * active and still a member) and the organisation's own address, each once, lower-cased.
 */
export async function organisationRecipients(tx: DbOrTx, organisationId: string, memberId: string | null): Promise<string[]> {
  const out = new Set<string>();
  if (memberId) {
    const [user] = await tx
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.id, memberId), eq(users.status, 'active'), eq(users.organisationId, organisationId)));
    if (user) out.add(user.email.toLowerCase());
  }
  const [org] = await tx.select({ email: organisations.email }).from(organisations).where(eq(organisations.id, organisationId));
  if (org?.email) out.add(org.email.toLowerCase());
  return [...out];
}

/** An organisation's own address and every active member's, each once, lower-cased (a document for the whole organisation: an invoice). */
export async function organisationAndMembers(tx: DbOrTx, organisationId: string): Promise<string[]> {
  const out = new Set<string>();
  const [org] = await tx.select({ email: organisations.email }).from(organisations).where(eq(organisations.id, organisationId));
  if (org?.email) out.add(org.email.toLowerCase());
  const members = await tx
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.organisationId, organisationId), eq(users.status, 'active')));
  for (const m of members) out.add(m.email.toLowerCase());
  return [...out];
}
