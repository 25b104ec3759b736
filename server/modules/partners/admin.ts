// The staff side of the trade network (the Partners section, `users:manage`): the list with its
// search and filters, one organisation with its supplier, customers, terms and people, edits with
// the version check, status changes with a reason, the tree, and invitations sent again. Every
// write is one transaction with its audit row; a change to what members may do (status, licence)
// evicts their cached sessions so their standing is read again at once.
import { and, asc, count, desc, eq, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import { href } from 'react-router';
import { onePreparedPage, preparePage, totalOf } from '../../db/paged';
import { preparedByShape } from '../../db/prepared';
import { alias } from 'drizzle-orm/pg-core';
import type { AdminPage } from '../../../shared/schemas/admin';
import { addDays, licenceState } from '../../../shared/licence';
import { isBlank } from '../../../shared/schemas/text';
import { getMarket } from '../../../shared/markets';
import { defaultDutyTreatment } from '../../../shared/tax';
import { type AnyOrganisationType, LICENCE_WARNING_DAYS, type OrganisationType, partnerTypeOf, todayUtc } from '../../../shared/partners';
import type {
  MemberInvite,
  OrganisationCreate,
  OrganisationInput,
  OrganisationListQuery,
  OrganisationNode,
  OrganisationRow,
  OrganisationStatusInput,
  OrganisationUpdate,
  TradeTermsInput,
} from '../../../shared/schemas/partners-admin';
import type { Db, DbOrTx } from '../../db/client';
import { organisations, profiles, tradeTerms, users } from '../../db/schema';
import { AppError, invalidFields, isUniqueViolation, notFound, versionConflict } from '../../core/errors';
import type { Actor } from '../../core/actor';
import { recordAudit } from '../audit';
import type { UserService } from '../users';
import type { Mailer } from '../../mail/mailer';
import * as templates from '../../mail/templates';
import { containsPattern } from '../../db/like';
import { type Member, type Organisation, partnerRow, type TradeTerms } from './service';
import { isoString, isoStringOrNull } from '../../core/iso-time';

export interface PartnerAdminCore {
  db: Db;
  users: UserService;
  mailer: Mailer;
  now: () => number;
  insertOrganisation(tx: DbOrTx, input: OrganisationInput, actor: Actor, status: 'pending' | 'active'): Promise<Organisation>;
  requireOrganisation(tx: DbOrTx, id: string): Promise<Organisation>;
  resolveSupplier(tx: DbOrTx, type: OrganisationType, supplierId: string | null, selfId?: string): Promise<string>;
  invite(tx: DbOrTx, org: Organisation, input: MemberInvite, actor: Actor, origin: string): Promise<{ userId: string }>;
  members(id: string): Promise<Member[]>;
  announceMembers(organisationId: string): Promise<void>;
}

/** A related organisation as the screens name it. */
export interface OrganisationRef {
  id: string;
  /** An importer's supplier is the brand. */
  type: AnyOrganisationType;
  tradingName: string;
  status: Organisation['status'];
}

/** A licence number another organisation holds in the same jurisdiction (the unique index), said on its field. */
export const licenceTaken = () =>
  new AppError('licence_taken', 'conflict', 'An organisation with this licence number in this jurisdiction already exists.', {
    details: [{ path: 'licenceNumber', message: 'This licence number is already registered in this jurisdiction.' }],
  });

/**
 * Staff cannot record a licence that has already run out: an organisation starts (or its licence is
 * renewed) with a last valid day of today or later.
 */
export function refusePastLicence(expiresOn: string, today: string): void {
  if (expiresOn < today)
    throw new AppError('licence_expiry_past', 'invalid', 'The licence expiry date is in the past.', {
      details: [{ path: 'licenceExpiresOn', message: `Enter the licence's last valid day: today (${today}) or later.` }],
      hint: 'Record the renewed licence with its new expiry date.',
    });
}

/** An invitation to an address that has an account: said on the email field. */
export function emailTakenOn(path: string, err: unknown): unknown {
  if ((err as AppError | null)?.code !== 'email_taken') return err;
  return new AppError('email_taken', 'conflict', 'A user with this email address already exists.', {
    details: [{ path, message: 'This address already has a Frolic account: invite another person, or ask them to use another address.' }],
    hint: 'A person belongs to one organisation; an existing account cannot be invited again.',
  });
}

const iso = isoStringOrNull;

/** A partner organisation as the staff screens show it (the brand's row never reaches them). */
export function serializeOrganisation(o: Organisation) {
  return { ...o, type: partnerTypeOf(o.type), createdAt: isoString(o.createdAt), updatedAt: isoString(o.updatedAt), licenceWarnedAt: iso(o.licenceWarnedAt) };
}

export function serializeTerms(t: TradeTerms) {
  return { ...t, updatedAt: isoString(t.updatedAt) };
}

const SORTS = {
  tradingName: organisations.tradingName,
  type: organisations.type,
  status: organisations.status,
  licenceExpiresOn: organisations.licenceExpiresOn,
  createdAt: organisations.createdAt,
} as const;

/** The fields of an organisation the audit row compares. */
const EDITABLE = [
  'type',
  'legalName',
  'tradingName',
  'licenceNumber',
  'licenceJurisdiction',
  'licenceExpiresOn',
  'addressLine1',
  'addressLine2',
  'city',
  'region',
  'postalCode',
  'country',
  'market',
  'currency',
  'email',
  'phone',
  'supplierId',
] as const;

export function createPartnerAdmin(core: PartnerAdminCore) {
  const { db, now } = core;
  const today = () => todayUtc(now());

  /**
   * The staff list, prepared once per shape (`prepared.ts`): which filters are present and the
   * order. The search pattern, the type, status and market, and the licence warning's last day are
   * bound.
   */
  const listPage = preparedByShape(
    (shape: { search: boolean; type: boolean; status: boolean; market: boolean; expiring: boolean; sort: keyof typeof SORTS; dir?: 'asc' | 'desc' }) => {
      const like = sql.placeholder('q');
      const where = and(
        // Partners only: the brand's own row is edited in Brand details.
        ne(organisations.type, 'brand'),
        shape.search
          ? or(
              ilike(organisations.tradingName, like),
              ilike(organisations.legalName, like),
              ilike(organisations.licenceNumber, like),
              ilike(organisations.city, like),
            )
          : undefined,
        shape.type ? sql`${organisations.type} = ${sql.placeholder('type')}` : undefined,
        shape.status ? sql`${organisations.status} = ${sql.placeholder('status')}` : undefined,
        shape.market ? sql`${organisations.market} = ${sql.placeholder('market')}` : undefined,
        shape.expiring ? sql`${organisations.licenceExpiresOn} <= ${sql.placeholder('warnUntil')}` : undefined,
      );
      const supplier = alias(organisations, 'supplier');
      const order = shape.dir === 'desc' ? desc : asc;
      return preparePage(
        db
          .select({
            id: organisations.id,
            type: organisations.type,
            legalName: organisations.legalName,
            tradingName: organisations.tradingName,
            licenceNumber: organisations.licenceNumber,
            licenceExpiresOn: organisations.licenceExpiresOn,
            city: organisations.city,
            country: organisations.country,
            market: organisations.market,
            status: organisations.status,
            supplierName: supplier.tradingName,
            members: sql<number>`(select count(*) from ${users} where ${users.organisationId} = ${organisations.id})::int`,
            createdAt: organisations.createdAt,
            matched: totalOf(db.select({ n: count() }).from(organisations).where(where)),
          })
          .from(organisations)
          .leftJoin(supplier, eq(supplier.id, organisations.supplierId))
          .where(where)
          .orderBy(order(SORTS[shape.sort]), asc(organisations.tradingName), asc(organisations.id)),
      );
    },
  );

  async function lockOrganisation(tx: DbOrTx, id: string): Promise<Organisation> {
    const [org] = await tx.select().from(organisations).where(eq(organisations.id, id)).for('update');
    if (!org || org.type === 'brand') throw notFound('Organisation');
    return partnerRow(org);
  }

  async function related(q: DbOrTx, where: SQL): Promise<OrganisationRef[]> {
    return q
      .select({ id: organisations.id, type: organisations.type, tradingName: organisations.tradingName, status: organisations.status })
      .from(organisations)
      .where(where)
      .orderBy(asc(organisations.tradingName), asc(organisations.id));
  }

  return {
    /** The staff list: search (names, licence number, city), filters, sort and page — all in SQL. */
    async list(query: OrganisationListQuery): Promise<AdminPage<OrganisationRow>> {
      const t = today();
      const { rows, total } = await onePreparedPage(
        listPage({
          search: Boolean(query.q),
          type: Boolean(query.type),
          status: Boolean(query.status),
          market: Boolean(query.market),
          expiring: Boolean(query.expiring),
          sort: query.sort ?? 'tradingName',
          dir: query.dir,
        }),
        {
          q: query.q ? containsPattern(query.q) : null,
          type: query.type ?? null,
          status: query.status ?? null,
          market: query.market ?? null,
          warnUntil: addDays(t, LICENCE_WARNING_DAYS[0]),
        },
        query,
      );
      return {
        items: rows.map((r) => ({ ...r, type: partnerTypeOf(r.type), createdAt: isoString(r.createdAt), licence: licenceState(r.licenceExpiresOn, t) })),
        page: query.page,
        pageSize: query.pageSize,
        total,
      };
    },

    /** One organisation as the staff page shows it; 404 when there is none. */
    async detail(id: string) {
      const org = await core.requireOrganisation(db, id);
      const [supplier, customers, [terms], members] = await Promise.all([
        org.supplierId ? related(db, eq(organisations.id, org.supplierId)) : Promise.resolve([]),
        related(db, eq(organisations.supplierId, id)),
        db.select().from(tradeTerms).where(eq(tradeTerms.customerId, id)),
        core.members(id),
      ]);
      return {
        organisation: serializeOrganisation(org),
        licence: licenceState(org.licenceExpiresOn, today()),
        supplier: supplier[0] ?? null,
        customers,
        terms: terms ? serializeTerms(terms) : null,
        members: members.map((m) => ({ ...m, lastLoginAt: iso(m.lastLoginAt) })),
      };
    },

    /** Staff create an organisation (pending unless said) with its market's default terms; a licence already expired is refused. */
    async createByStaff(input: OrganisationCreate, actor: Actor): Promise<Organisation> {
      refusePastLicence(input.licenceExpiresOn, today());
      const { status, ...fields } = input;
      return db.transaction((tx) => core.insertOrganisation(tx, fields, actor, status));
    },

    /**
     * Saves the organisation's fields over the version the editor read (409 `version_conflict`). Its
     * type stays while it has members or customers (409 `type_locked`); the supplier must be of the
     * type above; a changed licence date may not be in the past, and restarts the warnings.
     */
    async update(id: string, input: OrganisationUpdate, actor: Actor): Promise<Organisation> {
      const { version } = input;
      const market = getMarket(input.market);
      // Only the editable fields, whatever else the caller's object holds.
      const next = {
        ...(Object.fromEntries(EDITABLE.filter((k) => k !== 'currency').map((k) => [k, input[k as keyof OrganisationInput]])) as OrganisationInput),
        market: market.code,
        currency: market.currency,
      };
      const saved = await db.transaction(async (tx) => {
        const old = await lockOrganisation(tx, id);
        if (old.version !== version) throw versionConflict('organisation', old.version, version);
        if (next.type !== old.type) {
          const [[members], [customers]] = await Promise.all([
            tx.select({ n: count() }).from(users).where(eq(users.organisationId, id)),
            tx.select({ n: count() }).from(organisations).where(eq(organisations.supplierId, id)),
          ]);
          if ((members?.n ?? 0) > 0 || (customers?.n ?? 0) > 0)
            throw new AppError('type_locked', 'conflict', `This ${old.type} has ${members?.n ? 'members' : 'customers'}: its type cannot change.`, {
              details: [{ path: 'type', message: `Keep it a ${old.type}: its members hold the ${old.type} role and its customers depend on it.` }],
              hint: 'Create a new organisation of the other type instead.',
            });
        }
        next.supplierId = await core.resolveSupplier(tx, next.type, next.supplierId, id);
        const renewed = next.licenceExpiresOn !== old.licenceExpiresOn;
        if (renewed) refusePastLicence(next.licenceExpiresOn, today());
        let updated: (typeof organisations.$inferSelect)[];
        try {
          updated = await tx
            .update(organisations)
            .set({
              ...next,
              version: old.version + 1,
              updatedAt: new Date(now()),
              // A new last day starts the warnings again (30 days, 7 days, expired).
              ...(renewed ? { licenceWarnedStage: null, licenceWarnedAt: null } : {}),
            })
            .where(and(eq(organisations.id, id), eq(organisations.version, version)))
            .returning();
        } catch (err) {
          if (isUniqueViolation(err, 'organisations_licence_key')) throw licenceTaken();
          throw err;
        }
        if (!updated[0]) throw versionConflict('organisation', old.version + 1, version);
        const row = partnerRow(updated[0]);
        // A new type is another leg of the chain: its duty treatment starts at that leg's default.
        const retyped = next.type !== old.type;
        if (next.supplierId !== old.supplierId || next.currency !== old.currency || retyped)
          await tx
            .update(tradeTerms)
            .set({
              supplierId: next.supplierId,
              currency: next.currency,
              ...(retyped ? { dutyTreatment: defaultDutyTreatment(next.type) } : {}),
              version: sql`${tradeTerms.version} + 1`,
              updatedAt: new Date(now()),
            })
            .where(eq(tradeTerms.customerId, id));
        const changed = EDITABLE.filter((k) => old[k] !== row[k]);
        await recordAudit(tx, actor, {
          action: 'UPDATE',
          tableName: 'organisations',
          recordId: id,
          oldValues: Object.fromEntries(changed.map((k) => [k, old[k]])),
          newValues: {
            ...Object.fromEntries(changed.map((k) => [k, row[k]])),
            ...(retyped ? { terms: { dutyTreatment: defaultDutyTreatment(next.type) } } : {}),
          },
        });
        return { row, renewed };
      });
      if (saved.renewed) await core.announceMembers(id);
      return saved.row;
    },

    /**
     * Pending, active or suspended, over the version read (409 `version_conflict`). Suspending needs
     * a reason, which its members are shown. Members' sessions are evicted: a suspension stops their
     * placing and approving at once (they still sign in and read).
     */
    async setStatus(id: string, input: OrganisationStatusInput, actor: Actor): Promise<Organisation> {
      if (input.status === 'suspended' && isBlank(input.reason))
        throw invalidFields([{ path: 'reason', message: 'Say why it is suspended: its members are shown the reason.' }]);
      const row = await db.transaction(async (tx) => {
        const old = await lockOrganisation(tx, id);
        if (old.version !== input.version) throw versionConflict('organisation', old.version, input.version);
        const [row] = await tx
          .update(organisations)
          .set({
            status: input.status,
            statusReason: input.status === 'suspended' ? input.reason : '',
            version: old.version + 1,
            updatedAt: new Date(now()),
          })
          .where(eq(organisations.id, id))
          .returning();
        await recordAudit(tx, actor, {
          action: 'STATUS_CHANGE',
          tableName: 'organisations',
          recordId: id,
          oldValues: { status: old.status, statusReason: old.statusReason },
          newValues: { status: input.status, reason: input.reason },
        });
        return row as Organisation;
      });
      await core.announceMembers(id);
      return row;
    },

    /**
     * The commercial terms with its supplier — payment terms, credit limit and how the leg treats
     * duty — over the version read (409 `version_conflict`). The flat tax rate before issue 44 stays
     * in its column as it was: no new document reads it.
     */
    async updateTerms(id: string, { version, ...input }: TradeTermsInput, actor: Actor): Promise<TradeTerms> {
      return db.transaction(async (tx) => {
        await core.requireOrganisation(tx, id);
        const [old] = await tx.select().from(tradeTerms).where(eq(tradeTerms.customerId, id)).for('update');
        if (!old) throw notFound('Organisation');
        if (old.version !== version) throw versionConflict('terms', old.version, version);
        const [row] = await tx
          .update(tradeTerms)
          .set({ ...input, version: old.version + 1, updatedAt: new Date(now()) })
          .where(eq(tradeTerms.customerId, id))
          .returning();
        await recordAudit(tx, actor, {
          action: 'UPDATE',
          tableName: 'trade_terms',
          recordId: id,
          oldValues: { paymentTermsDays: old.paymentTermsDays, creditLimitMinor: old.creditLimitMinor, dutyTreatment: old.dutyTreatment },
          newValues: input,
        });
        return row as TradeTerms;
      });
    },

    /** Invites a person (the email field carries the refusal when the address has an account). */
    async invite(organisationId: string, input: MemberInvite, actor: Actor, origin: string): Promise<{ userId: string }> {
      try {
        return await db.transaction(async (tx) => core.invite(tx, await core.requireOrganisation(tx, organisationId), input, actor, origin));
      } catch (err) {
        throw emailTakenOn('email', err);
      }
    },

    /**
     * A new invitation email for a member who has not chosen a password yet; the earlier link stops
     * working. 404 for someone who is not a member of this organisation.
     */
    async resendInvitation(organisationId: string, userId: string, actor: Actor, origin: string): Promise<void> {
      await db.transaction(async (tx) => {
        const org = await core.requireOrganisation(tx, organisationId);
        const [member] = await tx
          .select({ email: users.email, passwordHash: users.passwordHash, status: users.status, firstName: profiles.firstName })
          .from(users)
          .leftJoin(profiles, eq(profiles.id, users.id))
          .where(and(eq(users.id, userId), eq(users.organisationId, organisationId)));
        if (!member) throw notFound('Member');
        if (member.passwordHash)
          throw new AppError('invitation_accepted', 'conflict', 'This member has already chosen a password.', {
            hint: 'They sign in with it; if they forgot it, they can ask for a reset link on the sign-in page.',
          });
        if (member.status !== 'active') throw new AppError('member_inactive', 'conflict', 'This member is not active: an invitation would not let them in.');
        const token = await core.users.reissueInvitationIn(tx, userId);
        await core.mailer.send(
          templates.partnerInvitation(
            member.email,
            member.firstName ?? '',
            org.tradingName,
            `${origin}${href('/auth/reset-password')}?type=partner&token=${token}`,
          ),
          tx,
        );
        await recordAudit(tx, actor, { action: 'INVITATION_RESENT', tableName: 'users', recordId: userId, newValues: { organisationId } });
      });
    },

    /** Every organisation with its supplier, for the tree (the page nests them under the brand). */
    async tree(): Promise<OrganisationNode[]> {
      const t = today();
      const rows = await db
        .select({
          id: organisations.id,
          type: organisations.type,
          tradingName: organisations.tradingName,
          status: organisations.status,
          market: organisations.market,
          supplierId: organisations.supplierId,
          licenceExpiresOn: organisations.licenceExpiresOn,
        })
        .from(organisations)
        .where(ne(organisations.type, 'brand'))
        .orderBy(asc(organisations.tradingName), asc(organisations.id));
      return rows.map(({ licenceExpiresOn, ...r }) => ({ ...r, type: partnerTypeOf(r.type), licence: licenceState(licenceExpiresOn, t) }));
    },

    /** Organisations that can supply others (importers and distributors), for the editor's select. */
    async supplierChoices(exceptId?: string): Promise<(OrganisationRef & { type: OrganisationType; market: string })[]> {
      // The brand supplies importers without being chosen (resolveSupplier): not a choice here.
      return db
        .select({
          id: organisations.id,
          type: organisations.type,
          tradingName: organisations.tradingName,
          status: organisations.status,
          market: organisations.market,
        })
        .from(organisations)
        .where(and(inArray(organisations.type, ['importer', 'distributor']), exceptId ? ne(organisations.id, exceptId) : undefined))
        .orderBy(asc(organisations.tradingName), asc(organisations.id))
        .then((rows) => rows.map((r) => ({ ...r, type: partnerTypeOf(r.type) })));
    },

    /** Today's date on the service's clock (what licence states are measured against). */
    today,
  };
}

export type PartnerAdmin = ReturnType<typeof createPartnerAdmin>;
