// Partner organisations (product.md §3): the trade network's members, their place in the tree, the
// commercial terms with their supplier, and their people. Staff holding `users:manage` run them (the
// Partners section: admin.ts, merged in below); a partner reads its own organisation. Staff holding
// Finance edit the brand's own row (Brand details: brand.ts, merged in too), and with a partner's own
// members the business details its invoices print (business-details.ts, merged in). Every write is one
// transaction with its audit row; a change that alters what members may do (status, licence) evicts
// their sessions. The daily licence check (licence-check.ts) is registered here.
import { and, asc, eq } from 'drizzle-orm';
import { href } from 'react-router';
import { defaultTerms, memberRoles, type OrganisationType, partnerTypeOf, SUPPLIER_TYPE } from '../../../shared/partners';
import { brandId } from '../../db/brand';
import type { MemberInvite, OrganisationInput } from '../../../shared/schemas/partners';
import { getMarket } from '../../../shared/markets';
import type { Db, DbOrTx } from '../../db/client';
import { organisations, profiles, tradeTerms, userRoles, users } from '../../db/schema';
import { AppError, invalidFields, notFound } from '../../core/errors';
import type { Actor } from '../../core/actor';
import { recordAudit } from '../audit';
import type { UserService } from '../users';
import type { Mailer } from '../../mail/mailer';
import * as templates from '../../mail/templates';
import type { Jobs } from '../../jobs/registry';
import type { Access } from '../../auth/authorize';
import type { ChangeFeed } from '../../realtime/changes';
import { USER_CHANGED_TOPIC } from '../auth';
import type { NotificationService } from '../notifications';
import { createPartnerAdmin } from './admin';
import { createBrandDetails } from './brand';
import { createBusinessDetails } from './business-details';
import { createLicenceCheck } from './licence-check';

/** A partner organisation's row (the brand's row is never one: `partnerRow` refuses it). */
export type Organisation = Omit<typeof organisations.$inferSelect, 'type'> & { type: OrganisationType };

/** A row of `organisations` as a partner's: its type narrowed (the callers have ruled out the brand's row). */
export const partnerRow = (row: typeof organisations.$inferSelect): Organisation => ({ ...row, type: partnerTypeOf(row.type) });
export type TradeTerms = typeof tradeTerms.$inferSelect;

export interface Member {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  roles: string[];
  status: 'active' | 'inactive' | 'suspended';
  /** False until an invited user has chosen a password. */
  hasPassword: boolean;
  lastLoginAt: Date | null;
}

export interface PartnerDeps {
  db: Db;
  /** The one authorization decision (Brand details asks it for Finance). */
  access: Access;
  users: UserService;
  mailer: Mailer;
  feed: ChangeFeed;
  jobs: Jobs;
  notifications: NotificationService;
  /** Where links in emails point (PUBLIC_ORIGIN, else the local address). */
  origin: string;
  now?: () => number;
}

const article = (word: string) => (/^[aeiou]/.test(word) ? 'an' : 'a');

/**
 * The supplier a new or edited organisation names must exist and be of the type above it; an
 * importer's is the brand (named or left empty). Answers the supplier's id.
 */
export async function resolveSupplier(tx: DbOrTx, type: OrganisationType, supplierId: string | null, selfId?: string): Promise<string> {
  const wanted = SUPPLIER_TYPE[type];
  if (wanted === null) {
    const brand = await brandId(tx);
    if (supplierId && supplierId !== brand)
      throw invalidFields([{ path: 'supplierId', message: 'An importer is supplied by the brand: leave the supplier empty.' }]);
    return brand;
  }
  if (!supplierId) throw invalidFields([{ path: 'supplierId', message: `Choose the ${wanted} that supplies it.` }]);
  if (supplierId === selfId) throw invalidFields([{ path: 'supplierId', message: 'An organisation cannot supply itself.' }]);
  const [supplier] = await tx.select({ type: organisations.type }).from(organisations).where(eq(organisations.id, supplierId));
  if (!supplier) throw invalidFields([{ path: 'supplierId', message: 'That supplier does not exist.' }]);
  if (supplier.type !== wanted)
    throw invalidFields([
      {
        path: 'supplierId',
        message: `A ${type} is supplied by ${article(wanted)} ${wanted}, not ${supplier.type === 'brand' ? 'the brand' : `${article(supplier.type)} ${supplier.type}`}.`,
      },
    ]);
  return supplierId;
}

export function createPartnerService(deps: PartnerDeps) {
  const { db, mailer } = deps;
  const now = deps.now ?? Date.now;

  async function insertOrganisation(tx: DbOrTx, input: OrganisationInput, actor: Actor, status: 'pending' | 'active' = 'pending'): Promise<Organisation> {
    const supplierId = await resolveSupplier(tx, input.type, input.supplierId);
    const market = getMarket(input.market);
    const [org] = await tx
      .insert(organisations)
      .values({ ...input, supplierId, market: market.code, currency: market.currency, status })
      .onConflictDoNothing()
      .returning();
    if (!org)
      throw new AppError('licence_taken', 'conflict', 'An organisation with this licence number in this jurisdiction already exists.', {
        details: [{ path: 'licenceNumber', message: 'This licence number is already registered in this jurisdiction.' }],
      });
    const terms = defaultTerms(market.code, input.type);
    await tx.insert(tradeTerms).values({ customerId: org.id, supplierId, ...terms });
    await recordAudit(tx, actor, { action: 'INSERT', tableName: 'organisations', recordId: org.id, newValues: { ...input, status, terms } });
    return partnerRow(org);
  }

  async function requireOrganisation(tx: DbOrTx, id: string): Promise<Organisation> {
    const [org] = await tx.select().from(organisations).where(eq(organisations.id, id));
    // The brand's row is not a partner's: its details are edited in Brand details, and it has no members.
    if (!org || org.type === 'brand') throw notFound('Organisation');
    return partnerRow(org);
  }

  async function invite(tx: DbOrTx, org: Organisation, input: MemberInvite, actor: Actor, origin: string): Promise<{ userId: string }> {
    const type = partnerTypeOf(org.type);
    if (!memberRoles(type).includes(input.role as never))
      throw new AppError('role_mismatch', 'invalid', `A member of a ${type} holds the ${type} role or the read-only partner role, not ${input.role}.`, {
        details: [{ path: 'role', message: `Choose ${type} or partner.` }],
      });
    const created = await deps.users.createUserIn(
      tx,
      { email: input.email, firstName: input.firstName, lastName: input.lastName, roles: [input.role], organisationId: org.id },
      actor,
    );
    const token = created.inviteToken as string;
    await mailer.send(
      templates.partnerInvitation(
        input.email.trim().toLowerCase(),
        input.firstName,
        org.tradingName,
        `${origin}${href('/auth/reset-password')}?type=partner&token=${token}`,
      ),
      tx,
    );
    return { userId: created.userId };
  }

  async function members(id: string): Promise<Member[]> {
    const rows = await db
      .select({
        id: users.id,
        email: users.email,
        firstName: profiles.firstName,
        lastName: profiles.lastName,
        status: users.status,
        passwordHash: users.passwordHash,
        lastLoginAt: users.lastLoginAt,
        role: userRoles.role,
      })
      .from(users)
      .leftJoin(profiles, eq(profiles.id, users.id))
      .leftJoin(userRoles, eq(userRoles.userId, users.id))
      .where(eq(users.organisationId, id))
      .orderBy(asc(users.email));
    const byId = new Map<string, Member>();
    for (const r of rows) {
      const m = byId.get(r.id) ?? {
        id: r.id,
        email: r.email,
        firstName: r.firstName ?? '',
        lastName: r.lastName ?? '',
        roles: [],
        status: r.status,
        hasPassword: r.passwordHash !== null,
        lastLoginAt: r.lastLoginAt,
      };
      if (r.role) m.roles.push(r.role);
      byId.set(r.id, m);
    }
    return [...byId.values()];
  }

  /**
   * What the organisation's members may do changed (status, licence): their cached sessions are
   * dropped on every instance, so the next request reads their standing again.
   */
  async function announceMembers(organisationId: string): Promise<void> {
    const rows = await db.select({ id: users.id }).from(users).where(eq(users.organisationId, organisationId));
    for (const r of rows) await deps.feed.publish(USER_CHANGED_TOPIC, { userId: r.id });
  }

  const admin = createPartnerAdmin({
    db,
    users: deps.users,
    mailer,
    now,
    insertOrganisation,
    requireOrganisation,
    resolveSupplier,
    invite,
    members,
    announceMembers,
  });

  const checkLicences = createLicenceCheck({ db, notifications: deps.notifications, mailer, origin: deps.origin, now, announceMembers });
  deps.jobs.every('partners.licence-check', 'day', async () => {
    await checkLicences();
  });

  return {
    ...admin,
    ...createBrandDetails({ db, access: deps.access, now }),
    ...createBusinessDetails({ db, access: deps.access, now }),
    /** The daily licence check, run now (the job calls it; tests too). */
    checkLicences,

    /** Staff: a new organisation (pending unless said), with its market's default terms. */
    async create(input: OrganisationInput, actor: Actor, opts: { status?: 'pending' | 'active' } = {}): Promise<Organisation> {
      return db.transaction((tx) => insertOrganisation(tx, input, actor, opts.status));
    },

    /** The same inside the caller's transaction (onboarding converts an inquiry in one write). */
    createIn: insertOrganisation,

    async get(id: string): Promise<Organisation> {
      return requireOrganisation(db, id);
    },

    async terms(id: string): Promise<TradeTerms> {
      const [row] = await db.select().from(tradeTerms).where(eq(tradeTerms.customerId, id));
      if (!row) throw notFound('Organisation');
      return row;
    },

    members,

    /**
     * Invites a person into an organisation: a user holding the organisation type's role (or the
     * read-only `partner`), and an email with a set-password link that expires in 7 days.
     */
    async inviteMember(organisationId: string, input: MemberInvite, actor: Actor, origin: string): Promise<{ userId: string }> {
      return db.transaction(async (tx) => invite(tx, await requireOrganisation(tx, organisationId), input, actor, origin));
    },

    /** The same inside the caller's transaction. */
    inviteMemberIn: invite,

    /** Whether a user belongs to the organisation (for member-level routes). */
    async isMember(organisationId: string, userId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, userId), eq(users.organisationId, organisationId)));
      return !!row;
    },

    now,
  };
}

export type PartnerService = ReturnType<typeof createPartnerService>;
