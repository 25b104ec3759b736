// The master admin's user administration (All Users, User Management): the list with its search,
// filters, sort and pages; creating a person with an invitation (or a one-time link to hand over);
// edits of name, roles and status against the version read; unlock, invitations, password resets,
// sessions and two-factor; and deleting a person, which leaves a tombstone and removes their name and
// email from the outbox and, through the sanctioned redaction, from old audit values.
//
// Guard rails (stable codes): nobody removes the last master admin (`last_master_admin`), suspends,
// deletes or demotes themselves (`cannot_suspend_self`, `cannot_delete_self`, `cannot_demote_self`),
// and a person's roles are all of one area, a partner's those its organisation's type allows
// (`role_area_mismatch`). Role changes, deletes, someone else's two-factor and creating a master admin
// need a fresh step-up. Every write is one transaction with its audit row (ids, never names or
// emails); who changed is told on every instance after the commit (sessions and sockets).
import { and, asc, count, desc, eq, inArray, isNull, ne, notInArray, type SQL, sql } from 'drizzle-orm';
import { href } from 'react-router';
import { isMasterAdmin, ROLES } from '../../../shared/policy';
import { memberRoles, type OrganisationType, partnerTypeOf } from '../../../shared/partners';
import {
  DELETED_USER_NAME,
  tombstoneEmail,
  type OrganisationChoice,
  type RoleChoice,
  USER_COUNT_CAP,
  type UserCreate,
  type UserListQuery,
  type UserPage,
  type UserRow,
  type UserUpdate,
} from '../../../shared/schemas/users-admin';
import type { Db, DbOrTx } from '../../db/client';
import {
  authTokens,
  knownDevices,
  organisations,
  outboxEmails,
  profiles,
  recoveryCodes,
  roles,
  signInFailures,
  trustedDevices,
  userRoles,
  users,
} from '../../db/schema';
import { containsPattern } from '../../db/like';
import { onePreparedPage, preparePage } from '../../db/paged';
import { preparedByShape } from '../../db/prepared';
import { textArray } from '../../db/any-of';
import { AppError, invalidFields, isUniqueViolation, notFound, versionConflict } from '../../core/errors';
import type { Actor } from '../../core/actor';
import { requireStepUp } from '../../auth/step-up';
import type { Mailer } from '../../mail/mailer';
import * as templates from '../../mail/templates';
import type { ChangeFeed } from '../../realtime/changes';
import { recordAudit, REDACTED, redactAuditValues } from '../audit';
import { storedSubjectSql, subjectOf, createOneTimeTokens, type CurrentUser, type SessionStore, USER_CHANGED_TOPIC, SESSION_REVOKED_TOPIC } from '../auth';
import type { UserService } from './service';
import { isoString, isoStringOrNull } from '../../core/iso-time';

export interface UsersAdminDeps {
  db: Db;
  users: UserService;
  sessions: SessionStore;
  feed: ChangeFeed;
  mailer: Mailer;
  now?: () => number;
}

/** Who asks: the signed-in master admin (the routes check it too; the service does not rely on them). */
type Viewer = Pick<CurrentUser, 'id' | 'roles' | 'isMasterAdmin' | 'elevatedUntil'>;

const guard = (code: string, message: string, hint?: string) => new AppError(code, 'conflict', message, hint ? { hint } : {});

const roleAreaMismatch = (path: string, message: string) =>
  new AppError('role_area_mismatch', 'invalid', message, {
    details: [{ path, message }],
    hint: "A person's roles are all staff roles or all partner roles; a partner holds the role of its organisation's type (or the read-only partner role).",
  });

/** A string inside a PostgreSQL ARE, matched literally. */
const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const htmlEscaped = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function createUsersAdmin(deps: UsersAdminDeps) {
  const { db, feed, mailer, sessions } = deps;
  const now = deps.now ?? Date.now;
  const tokens = createOneTimeTokens(now);

  function requireMaster(viewer: Viewer): void {
    if (!isMasterAdmin(viewer)) throw new AppError('forbidden', 'forbidden', 'You need master admin access for this.');
  }

  /** A person who exists and is not deleted (locked for the transaction's update when asked), else 404. */
  async function requireLive(tx: DbOrTx, id: string, lock = false) {
    const q = tx
      .select({ user: users, profile: profiles })
      .from(users)
      .leftJoin(profiles, eq(profiles.id, users.id))
      .where(and(eq(users.id, id), isNull(users.deletedAt)));
    const [row] = lock ? await q.for('update', { of: users }) : await q;
    if (!row) throw notFound('User');
    return row;
  }

  async function heldRoles(tx: DbOrTx, id: string, flag: boolean): Promise<string[]> {
    const held = (await tx.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, id))).map((r) => r.role);
    return [...new Set(flag ? [...held, 'master_admin'] : held)].sort();
  }

  /**
   * Changes that could leave no master admin run one at a time (a transaction-scoped advisory lock):
   * two master admins demoting each other at once cannot both pass the count.
   */
  async function serialiseMasterAdminChanges(tx: DbOrTx): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('frolic.master_admins'))`);
  }

  /** Active master admins (role or profile flag) other than `exceptId`. */
  async function otherMasterAdmins(tx: DbOrTx, exceptId: string): Promise<number> {
    const [row] = await tx
      .select({ n: count() })
      .from(users)
      .leftJoin(profiles, eq(profiles.id, users.id))
      .where(
        and(
          isNull(users.deletedAt),
          eq(users.status, 'active'),
          ne(users.id, exceptId),
          sql`(${profiles.isMasterAdmin} or exists (select 1 from ${userRoles} ur where ur.user_id = ${users.id} and ur.role = 'master_admin'))`,
        ),
      );
    return row?.n ?? 0;
  }

  /**
   * The roles exist and suit the person: one area for all of them; a partner role needs the
   * organisation and, for the three trading roles, its type; staff and customers belong to none.
   */
  async function checkRoles(
    tx: DbOrTx,
    wanted: string[],
    organisationId: string | null,
    path: string,
    mode: 'create' | 'update',
  ): Promise<{ area: 'staff' | 'partner' | null; orgType: OrganisationType | null }> {
    const rows = await tx.select({ name: roles.name, area: roles.area }).from(roles).where(inArray(roles.name, wanted));
    if (rows.length !== wanted.length) throw invalidFields([{ path, message: 'Choose a role that exists.' }]);
    const areas = new Set(rows.map((r) => r.area ?? 'none'));
    if (areas.size > 1) throw roleAreaMismatch(path, 'Choose staff roles or partner roles, not both.');
    const area = (rows[0]?.area ?? null) as 'staff' | 'partner' | null;
    if (area !== 'partner') {
      if (organisationId) throw roleAreaMismatch(path, 'A member of an organisation holds a partner role.');
      return { area, orgType: null };
    }
    // Creating, the organisation is asked for; editing, the person's is what it is (staff have none).
    if (!organisationId && mode === 'update') throw roleAreaMismatch(path, 'Partner roles belong to members of an organisation.');
    if (!organisationId) throw invalidFields([{ path: 'organisationId', message: 'Choose the organisation this partner belongs to.' }]);
    const [org] = await tx.select({ type: organisations.type }).from(organisations).where(eq(organisations.id, organisationId));
    // The brand's row has no members: staff act for it with their own roles.
    if (!org || org.type === 'brand') throw invalidFields([{ path: 'organisationId', message: 'Choose the organisation this partner belongs to.' }]);
    const orgType = partnerTypeOf(org.type);
    const allowed = memberRoles(orgType) as string[];
    const trading = ROLES as readonly string[];
    const refused = wanted.find((r) => trading.includes(r) && !allowed.includes(r));
    if (refused) throw roleAreaMismatch(path, `A member of a ${orgType} holds the ${orgType} role or the read-only partner role.`);
    return { area, orgType };
  }

  const linkFor = (origin: string, token: string, area: 'staff' | 'partner' | null) =>
    `${origin}${href('/auth/reset-password')}?${area === 'staff' ? 'type=admin&' : area === 'partner' ? 'type=partner&' : ''}token=${token}`;

  async function areaOf(tx: DbOrTx, id: string, flag: boolean): Promise<'staff' | 'partner' | null> {
    if (flag) return 'staff';
    const [row] = await tx
      .select({ area: roles.area })
      .from(userRoles)
      .innerJoin(roles, eq(roles.name, userRoles.role))
      .where(and(eq(userRoles.userId, id), sql`${roles.area} is not null`))
      .limit(1);
    return (row?.area ?? null) as 'staff' | 'partner' | null;
  }

  // ---- the list ---------------------------------------------------------------------------------

  /**
   * The list's shape (`prepared.ts`): which filters are present and the order; the values — the
   * search pattern, the roles it matched, the role, the status, the clock — are bound.
   */
  interface ListShape extends Record<string, string | boolean | undefined> {
    search: boolean;
    /** The search named some roles (by name or label), the master admin role among them or not. */
    matchedRoles: boolean;
    matchedMaster: boolean;
    role?: 'master' | 'other';
    status: boolean;
    kind?: 'staff' | 'partner';
    sort: NonNullable<UserListQuery['sort']>;
    dir: UserListQuery['dir'];
  }

  /**
   * Spec §5: case-insensitive on email, first name, last name or any role. The roles whose name or
   * label matches are looked up first in the small roles table (`matchedRoles`, bound as one array);
   * the address and the name are answered by their trigram indexes, and the ids they find reach the
   * query as one array (`id = any(array(…))`: read by primary key, where a join on their union made
   * the planner scan every user). A search that names a role matches thousands, so membership is a
   * per-row check while the list walks its order's index (the first page stops after a few hundred rows).
   */
  async function rolesMatching(q: string): Promise<string[]> {
    const like = containsPattern(q);
    return (
      await db
        .select({ name: roles.name })
        .from(roles)
        .where(sql`${roles.name} ilike ${like} or ${roles.label} ilike ${like}`)
    ).map((r) => r.name);
  }

  // On users alone (the count needs no join): the master-admin profile flag through its own lookup.
  const flagged = sql`exists (select 1 from ${profiles} pf where pf.id = ${users.id} and pf.is_master_admin)`;

  function searchOf(shape: ListShape): SQL {
    const like = sql.placeholder('q');
    const text = sql`${users.id} = any(array(select u2.id from ${users} u2 where u2.email ilike ${like} union select p2.id from ${profiles} p2 where (p2.first_name || ' ' || p2.last_name) ilike ${like}))`;
    if (!shape.matchedRoles) return text;
    const holds = sql`exists (select 1 from ${userRoles} ur where ur.user_id = ${users.id} and ur.role = any(${sql.placeholder('matchedRoles')}::text[]))`;
    // The profile flag counts as the master admin role (spec §6).
    return sql`(${holds}${shape.matchedMaster ? sql` or ${flagged}` : sql``} or ${text})`;
  }

  function filterOf(shape: ListShape): SQL | undefined {
    const role = sql.placeholder('role');
    const holds =
      shape.role === 'master'
        ? sql`(${flagged} or exists (select 1 from ${userRoles} ur where ur.user_id = ${users.id} and ur.role = 'master_admin'))`
        : sql`exists (select 1 from ${userRoles} ur where ur.user_id = ${users.id} and ur.role = ${role})`;
    const ofKind = (kind: 'staff' | 'partner') =>
      sql`(${kind === 'staff' ? sql`${flagged} or ` : sql``}exists (select 1 from ${userRoles} ur join ${roles} r on r.name = ur.role where ur.user_id = ${users.id} and r.area = ${kind}))`;
    return and(
      isNull(users.deletedAt),
      shape.search ? searchOf(shape) : undefined,
      shape.role ? holds : undefined,
      shape.status ? sql`${users.status} = ${sql.placeholder('status')}` : undefined,
      shape.kind ? ofKind(shape.kind) : undefined,
    );
  }

  function orderOf(query: Pick<UserListQuery, 'sort' | 'dir'>): SQL[] {
    const dir = query.dir === 'desc' ? desc : asc;
    switch (query.sort ?? 'name') {
      case 'email':
        return [dir(sql`lower(${users.email})`)];
      case 'status':
        return [dir(users.status), asc(sql`lower(${profiles.lastName})`), asc(sql`lower(${profiles.firstName})`)];
      case 'lastLogin':
        return [query.dir === 'desc' ? sql`${users.lastLoginAt} desc nulls last` : sql`${users.lastLoginAt} asc nulls first`];
      case 'createdAt':
        return [dir(users.createdAt)];
      case 'name':
        // The order of profiles_name_sort_idx: the first page walks it (no sort of every user).
        return [dir(sql`lower(${profiles.lastName})`), dir(sql`lower(${profiles.firstName})`), dir(profiles.id)];
    }
  }

  // A function: the lock state is read as of the service's clock at each query (`at`: now, or the
  // prepared list's placeholder for it).
  const rowColumns = (at: unknown = new Date(now())) => ({
    id: users.id,
    email: users.email,
    firstName: profiles.firstName,
    lastName: profiles.lastName,
    isMasterAdmin: profiles.isMasterAdmin,
    requiresPasswordReset: profiles.requiresPasswordReset,
    status: users.status,
    lastLoginAt: users.lastLoginAt,
    createdAt: users.createdAt,
    invited: sql<boolean>`(${users.passwordHash} is null)`,
    twoFactor: sql<boolean>`(${users.totpEnabledAt} is not null)`,
    version: users.version,
    // The person's own roles, with the row (not a query per page): the profile flag is added in `finish`.
    roles: sql<string[]>`array(select ur.role from ${userRoles} ur where ur.user_id = ${users.id} order by ur.role)`,
    // Locked out from any source now (the failure rows' key is the address's hash: lockout.ts).
    locked: sql<boolean>`exists (select 1 from ${signInFailures} f where f.subject = ${storedSubjectSql(users.email)} and f.locked_until > ${at})`,
    orgId: organisations.id,
    orgName: organisations.tradingName,
    orgType: organisations.type,
  });

  type Raw = { [K in keyof ReturnType<typeof rowColumns>]: unknown } & {
    id: string;
    email: string;
    firstName: string | null;
    lastName: string | null;
    isMasterAdmin: boolean | null;
    requiresPasswordReset: boolean | null;
    status: UserRow['status'];
    lastLoginAt: Date | null;
    createdAt: Date;
    invited: boolean;
    twoFactor: boolean;
    version: number;
    roles: string[];
    locked: boolean;
    orgId: string | null;
    orgName: string | null;
    orgType: string | null;
  };

  /** The rows as the screens show them. */
  function finish(raw: Raw[]): UserRow[] {
    return raw.map((r) => {
      const own = r.roles ?? [];
      return {
        id: r.id,
        email: r.email,
        firstName: r.firstName ?? '',
        lastName: r.lastName ?? '',
        roles: [...new Set(r.isMasterAdmin ? [...own, 'master_admin'] : own)].sort(),
        status: r.status,
        lastLoginAt: isoStringOrNull(r.lastLoginAt),
        createdAt: isoString(r.createdAt),
        organisation: r.orgId ? { id: r.orgId, name: r.orgName ?? '', type: r.orgType ?? '' } : null,
        invited: !!r.invited,
        locked: !!r.locked,
        twoFactor: !!r.twoFactor,
        requiresPasswordReset: !!r.requiresPasswordReset,
        version: r.version,
      };
    });
  }

  // Every user has a profile (created with the account): an inner join lets the name order use its index.
  // `extra`: more columns on the same rows (the list's capped count).
  const selectRows = <X extends Record<string, SQL>>(tx: DbOrTx, extra: X = {} as X, at?: unknown) =>
    tx
      .select({ ...rowColumns(at), ...extra })
      .from(users)
      .innerJoin(profiles, eq(profiles.id, users.id))
      .leftJoin(organisations, eq(organisations.id, users.organisationId));

  // Counted up to USER_COUNT_CAP: past it the page says "1,000+" (an exact count of 100,000 people
  // would cost more than the page itself, on every request). The count is a subquery of the page's
  // own query, run once (it refers to nothing in the row); `onePreparedPage` asks for the first row
  // when a page past the end has none to carry it.
  const listPage = preparedByShape((shape: ListShape) => {
    const where = filterOf(shape);
    const capped = sql<number>`(select count(*)::int from (select 1 from ${users} where ${where ?? sql`true`} limit ${USER_COUNT_CAP + 1}) counted)`;
    return preparePage(
      selectRows(db, { matched: capped }, sql.placeholder('now'))
        .where(where)
        .orderBy(...orderOf(shape), asc(users.id)),
    );
  });

  async function rowOf(tx: DbOrTx, id: string): Promise<UserRow> {
    const raw = (await selectRows(tx).where(and(eq(users.id, id), isNull(users.deletedAt)))) as Raw[];
    const [row] = finish(raw);
    if (!row) throw notFound('User');
    return row;
  }

  /** After the commit: every instance drops the person's cached sessions; open sockets close (revoked) or reconnect (changed). */
  async function announce(userId: string, revoked: boolean): Promise<void> {
    await feed.publish(revoked ? SESSION_REVOKED_TOPIC : USER_CHANGED_TOPIC, { userId });
  }

  // ---- deleting: the outbox ----------------------------------------------------------------------

  /**
   * The person's address and name leave the stored emails: an address wherever it appears, the full
   * name wherever it appears as words, the first and last names as words in the emails sent to them.
   * Emails to them still waiting to be sent are not sent.
   */
  async function redactOutbox(tx: DbOrTx, email: string, first: string, last: string): Promise<number> {
    const clean = (values: string[]) => [...new Set(values.map((v) => v.trim()).filter((v) => v.length >= 2))];
    const forms = (values: string[]) => clean(values.flatMap((v) => [v, htmlEscaped(v)])).map(literal);
    const emailPattern = forms([email]).join('|');
    const full = clean([`${first} ${last}`]);
    const fullPattern = full.length ? `\\m(${forms(full).join('|')})\\M` : null;
    const partPattern = clean([first, last]).length ? `\\m(${forms([first, last]).join('|')})\\M` : null;
    const toThem = sql`lower(${outboxEmails.to}) = ${email.toLowerCase()}`;
    const redact = (col: SQL) => {
      let out = sql`regexp_replace(${col}, ${emailPattern}, ${REDACTED}, 'gi')`;
      if (fullPattern) out = sql`regexp_replace(${out}, ${fullPattern}, ${REDACTED}, 'gi')`;
      if (partPattern) out = sql`case when ${toThem} then regexp_replace(${out}, ${partPattern}, ${REDACTED}, 'gi') else ${out} end`;
      return out;
    };
    const mentions = (col: SQL) => sql`(${col} ~* ${emailPattern}${fullPattern ? sql` or ${col} ~* ${fullPattern}` : sql``})`;
    const changed = await tx
      .update(outboxEmails)
      .set({
        to: sql`case when ${toThem} then ${REDACTED} else ${outboxEmails.to} end`,
        subject: redact(sql`${outboxEmails.subject}`),
        text: redact(sql`${outboxEmails.text}`),
        html: sql`case when ${outboxEmails.html} is null then null else ${redact(sql`${outboxEmails.html}`)} end`,
        status: sql`case when ${toThem} and ${outboxEmails.status} = 'queued' then 'failed'::outbox_status else ${outboxEmails.status} end`,
        error: sql`case when ${toThem} and ${outboxEmails.status} = 'queued' then 'Not sent: the recipient was deleted.' else ${outboxEmails.error} end`,
      })
      .where(
        sql`${toThem} or ${mentions(sql`${outboxEmails.subject}`)} or ${mentions(sql`${outboxEmails.text}`)} or ${mentions(sql`coalesce(${outboxEmails.html}, '')`)}`,
      )
      .returning({ id: outboxEmails.id });
    return changed.length;
  }

  return {
    /** All Users / User Management: search, role, status and kind, sorted and paged — all in SQL. */
    async list(viewer: Viewer, query: UserListQuery): Promise<UserPage> {
      requireMaster(viewer);
      const matched = query.q ? await rolesMatching(query.q) : [];
      const shape: ListShape = {
        search: Boolean(query.q),
        matchedRoles: matched.length > 0,
        matchedMaster: matched.includes('master_admin'),
        role: query.role ? (query.role === 'master_admin' ? 'master' : 'other') : undefined,
        status: Boolean(query.status),
        kind: query.kind,
        sort: query.sort ?? 'name',
        dir: query.dir,
      };
      const { rows: raw, total: n } = await onePreparedPage(
        listPage(shape),
        {
          q: query.q ? containsPattern(query.q) : null,
          matchedRoles: textArray(matched),
          role: query.role ?? null,
          status: query.status ?? null,
          now: new Date(now()),
        },
        query,
      );
      return {
        items: finish(raw),
        page: query.page,
        pageSize: query.pageSize,
        total: Math.min(n, USER_COUNT_CAP),
        totalIsLowerBound: n > USER_COUNT_CAP,
      };
    },

    /** One person as the list shows them; 404 for an unknown or deleted id. */
    async get(viewer: Viewer, id: string): Promise<UserRow> {
      requireMaster(viewer);
      return rowOf(db, id);
    },

    /** The roles a person may be given (the system roles and those created since), for the dialogs and the filter. */
    async roleChoices(viewer: Viewer): Promise<RoleChoice[]> {
      requireMaster(viewer);
      const rows = await db.select({ name: roles.name, label: roles.label, area: roles.area }).from(roles).orderBy(asc(roles.label));
      return rows.map((r) => ({ ...r, area: (r.area ?? null) as RoleChoice['area'] }));
    },

    /** The organisations a partner user may belong to (the create dialog's choice). */
    async organisationChoices(viewer: Viewer): Promise<OrganisationChoice[]> {
      requireMaster(viewer);
      return (
        db
          .select({ id: organisations.id, name: organisations.tradingName, type: organisations.type })
          .from(organisations)
          // The brand's row has no members (staff act for it with staff roles).
          .where(ne(organisations.type, 'brand'))
          .orderBy(asc(organisations.tradingName), asc(organisations.id))
      );
    },

    /**
     * Creates the person with one role and an invitation: emailed (`sendInvitation`), or — without —
     * the set-password link handed to the master admin (`link`, shown once). Creating a master admin
     * needs a fresh step-up.
     */
    async create(viewer: Viewer, input: UserCreate, actor: Actor, origin: string): Promise<{ user: UserRow; link: string | null }> {
      requireMaster(viewer);
      if (input.role === 'master_admin') requireStepUp(viewer, now());
      try {
        return await db.transaction(async (tx) => {
          const { area } = await checkRoles(tx, [input.role], input.organisationId, 'role', 'create');
          const [org] = input.organisationId
            ? await tx.select({ name: organisations.tradingName }).from(organisations).where(eq(organisations.id, input.organisationId))
            : [];
          const created = await deps.users.createUserIn(
            tx,
            { email: input.email, firstName: input.firstName, lastName: input.lastName, roles: [input.role], organisationId: input.organisationId },
            actor,
          );
          const link = linkFor(origin, created.inviteToken as string, area);
          if (input.sendInvitation) {
            await mailer.send(
              org ? templates.partnerInvitation(input.email, input.firstName, org.name, link) : templates.invitation(input.email, input.firstName, link),
              tx,
            );
          }
          await recordAudit(tx, actor, {
            action: input.sendInvitation ? 'INVITATION_SENT' : 'INVITATION_LINK_CREATED',
            tableName: 'users',
            recordId: created.userId,
            newValues: { userId: created.userId, role: input.role, organisationId: input.organisationId },
          });
          return { user: await rowOf(tx, created.userId), link: input.sendInvitation ? null : link };
        });
      } catch (err) {
        if ((err as AppError | null)?.code === 'email_taken' || isUniqueViolation(err, 'users_email_key'))
          throw new AppError('email_taken', 'conflict', 'A user with this email address already exists.', {
            details: [{ path: 'email', message: 'This address already has a Frolic account.' }],
          });
        throw err;
      }
    },

    /**
     * Name, roles and status against the version read (409 `version_conflict` when stale). Anything
     * but active ends every session and open socket at once, on every instance.
     */
    async update(viewer: Viewer, id: string, input: UserUpdate, actor: Actor): Promise<UserRow> {
      requireMaster(viewer);
      const self = id === viewer.id;
      const outcome = await db.transaction(async (tx) => {
        await serialiseMasterAdminChanges(tx);
        const { user, profile } = await requireLive(tx, id, true);
        if (user.version !== input.version) throw versionConflict('user', user.version, input.version);
        const before = await heldRoles(tx, id, profile?.isMasterAdmin ?? false);
        const rolesChanged = before.join() !== input.roles.join();
        const wasMaster = before.includes('master_admin');
        const staysMaster = input.roles.includes('master_admin');
        if (self && input.status !== 'active') throw guard('cannot_suspend_self', 'You cannot suspend or deactivate your own account.');
        if (self && wasMaster && !staysMaster) throw guard('cannot_demote_self', 'You cannot remove your own master admin role.', 'Ask another master admin.');
        if (wasMaster && user.status === 'active' && !(staysMaster && input.status === 'active') && (await otherMasterAdmins(tx, id)) === 0)
          throw guard('last_master_admin', 'This is the last active master admin: there must always be one.', 'Make someone else a master admin first.');
        if (rolesChanged) {
          await checkRoles(tx, input.roles, user.organisationId, 'roles', 'update');
          requireStepUp(viewer, now());
        }
        const nameChanged = (profile?.firstName ?? '') !== input.firstName || (profile?.lastName ?? '') !== input.lastName;
        await tx
          .update(profiles)
          .set({ firstName: input.firstName, lastName: input.lastName, ...(staysMaster ? {} : { isMasterAdmin: false }) })
          .where(eq(profiles.id, id));
        if (rolesChanged) {
          await tx.delete(userRoles).where(and(eq(userRoles.userId, id), notInArray(userRoles.role, input.roles)));
          await tx
            .insert(userRoles)
            .values(input.roles.map((role) => ({ userId: id, role })))
            .onConflictDoNothing();
        }
        await tx
          .update(users)
          .set({ status: input.status, version: user.version + 1, updatedAt: new Date(now()) })
          .where(eq(users.id, id));
        const ended = input.status !== 'active';
        if (ended) await sessions.revokeAll(tx, id);
        await recordAudit(tx, actor, {
          action: user.status !== input.status ? 'STATUS_CHANGE' : rolesChanged ? 'ROLE_CHANGE' : 'UPDATE',
          tableName: 'users',
          recordId: id,
          oldValues: { roles: before, status: user.status },
          newValues: { roles: input.roles, status: input.status, nameChanged },
        });
        return { ended };
      });
      await announce(id, outcome.ended);
      return rowOf(db, id);
    },

    /** Lifts every lock of the account (all sources) and forgets its failures. */
    async unlock(viewer: Viewer, id: string, actor: Actor): Promise<void> {
      requireMaster(viewer);
      await db.transaction(async (tx) => {
        const { user } = await requireLive(tx, id);
        await tx.delete(signInFailures).where(eq(signInFailures.subject, subjectOf(user.email)));
        await recordAudit(tx, actor, { action: 'UNLOCK', tableName: 'users', recordId: id });
      });
    },

    /** A new invitation email for someone who has not chosen a password; the earlier link stops working. */
    async resendInvitation(viewer: Viewer, id: string, actor: Actor, origin: string): Promise<void> {
      requireMaster(viewer);
      await db.transaction(async (tx) => {
        const { user, profile } = await requireLive(tx, id);
        if (user.passwordHash) throw guard('invitation_accepted', 'This person has already chosen a password.', 'Send a password reset link instead.');
        if (user.status !== 'active') throw guard('user_not_active', 'This person is not active: an invitation would not let them in.');
        const token = await deps.users.reissueInvitationIn(tx, id);
        const link = linkFor(origin, token, await areaOf(tx, id, profile?.isMasterAdmin ?? false));
        const [org] = user.organisationId
          ? await tx.select({ name: organisations.tradingName }).from(organisations).where(eq(organisations.id, user.organisationId))
          : [];
        const first = profile?.firstName ?? '';
        await mailer.send(org ? templates.partnerInvitation(user.email, first, org.name, link) : templates.invitation(user.email, first, link), tx);
        await recordAudit(tx, actor, { action: 'INVITATION_RESENT', tableName: 'users', recordId: id });
      });
    },

    /** The unused invitation links stop working (the person stays, without a password, until invited again). */
    async revokeInvitation(viewer: Viewer, id: string, actor: Actor): Promise<void> {
      requireMaster(viewer);
      await db.transaction(async (tx) => {
        const { user } = await requireLive(tx, id);
        if (user.passwordHash) throw guard('invitation_accepted', 'This person has already chosen a password.');
        const revoked = await tx
          .update(authTokens)
          .set({ usedAt: new Date(now()) })
          .where(and(eq(authTokens.userId, id), eq(authTokens.purpose, 'invitation'), isNull(authTokens.usedAt)))
          .returning({ id: authTokens.id });
        await recordAudit(tx, actor, { action: 'INVITATION_REVOKED', tableName: 'users', recordId: id, newValues: { links: revoked.length } });
      });
    },

    /** Spec §4 Reset password: the reset email (toast 'Password reset link sent'). */
    async sendPasswordReset(viewer: Viewer, id: string, actor: Actor, origin: string): Promise<void> {
      requireMaster(viewer);
      await db.transaction(async (tx) => {
        const { user, profile } = await requireLive(tx, id);
        if (!user.passwordHash) throw guard('invitation_pending', 'This person has not chosen a password yet.', 'Send the invitation again instead.');
        const token = await tokens.issue(tx, id, 'reset_password');
        const link = linkFor(origin, token, await areaOf(tx, id, profile?.isMasterAdmin ?? false));
        await mailer.send(templates.adminPasswordReset(user.email, profile?.firstName ?? '', link), tx);
        await recordAudit(tx, actor, { action: 'PASSWORD_RESET_SENT', tableName: 'users', recordId: id });
      });
    },

    /** The person must choose a new password before anything else (their next request, or sign-in). */
    async forcePasswordReset(viewer: Viewer, id: string, actor: Actor): Promise<void> {
      requireMaster(viewer);
      await db.transaction(async (tx) => {
        await requireLive(tx, id);
        await tx.update(profiles).set({ requiresPasswordReset: true }).where(eq(profiles.id, id));
        await recordAudit(tx, actor, { action: 'PASSWORD_RESET_FORCED', tableName: 'users', recordId: id });
      });
      await announce(id, false);
    },

    /** Ends every session of the person (and their open sockets), on every instance. */
    async revokeSessions(viewer: Viewer, id: string, actor: Actor): Promise<void> {
      requireMaster(viewer);
      await db.transaction(async (tx) => {
        await requireLive(tx, id);
        await sessions.revokeAll(tx, id);
        await recordAudit(tx, actor, { action: 'SESSIONS_REVOKED', tableName: 'sessions', recordId: id, newValues: { userId: id } });
      });
      await announce(id, true);
    },

    /** For someone who lost their device: two-factor off (step-up), audited, and the person emailed. */
    async disableTwoFactor(viewer: Viewer, id: string, actor: Actor, origin: string): Promise<void> {
      requireMaster(viewer);
      await db.transaction(async (tx) => {
        const { user, profile } = await requireLive(tx, id, true);
        if (!user.totpEnabledAt) throw guard('two_factor_off', 'Two-factor authentication is not on for this person.');
        requireStepUp(viewer, now());
        await tx
          .update(users)
          .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null, updatedAt: new Date(now()) })
          .where(eq(users.id, id));
        await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, id));
        await tx.delete(trustedDevices).where(eq(trustedDevices.userId, id));
        await mailer.send(templates.twoFactorDisabledByAdmin(user.email, profile?.firstName ?? '', `${origin}${href('/account/two-factor')}`), tx);
        await recordAudit(tx, actor, { action: 'TWO_FACTOR_DISABLED', tableName: 'users', recordId: id, newValues: { by: actor.userId } });
      });
      await announce(id, false);
    },

    /**
     * Spec §4 Delete (toast 'User deleted'): the row stays as a tombstone — "Deleted user" at an
     * address that never receives mail, no roles, no sessions, no ways in — so history still reads by
     * id; the name and email leave the outbox and, through the sanctioned redaction, old audit values.
     */
    async remove(viewer: Viewer, id: string, version: number, actor: Actor): Promise<void> {
      requireMaster(viewer);
      if (id === viewer.id) throw guard('cannot_delete_self', 'You cannot delete your own account.');
      await db.transaction(async (tx) => {
        await serialiseMasterAdminChanges(tx);
        const { user, profile } = await requireLive(tx, id, true);
        if (user.version !== version) throw versionConflict('user', user.version, version);
        const before = await heldRoles(tx, id, profile?.isMasterAdmin ?? false);
        if (before.includes('master_admin') && user.status === 'active' && (await otherMasterAdmins(tx, id)) === 0)
          throw guard('last_master_admin', 'This is the last active master admin: there must always be one.', 'Make someone else a master admin first.');
        requireStepUp(viewer, now());
        const first = profile?.firstName ?? '';
        const last = profile?.lastName ?? '';
        await sessions.revokeAll(tx, id);
        await tx.delete(userRoles).where(eq(userRoles.userId, id));
        await tx.delete(authTokens).where(eq(authTokens.userId, id));
        await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, id));
        await tx.delete(trustedDevices).where(eq(trustedDevices.userId, id));
        await tx.delete(knownDevices).where(eq(knownDevices.userId, id));
        await tx.delete(signInFailures).where(eq(signInFailures.subject, subjectOf(user.email)));
        await tx
          .update(users)
          .set({
            email: tombstoneEmail(id),
            passwordHash: null,
            emailConfirmedAt: null,
            totpSecret: null,
            totpEnabledAt: null,
            totpLastStep: null,
            status: 'inactive',
            organisationId: null,
            deletedAt: new Date(now()),
            version: user.version + 1,
            updatedAt: new Date(now()),
          })
          .where(eq(users.id, id));
        await tx
          .update(profiles)
          .set({ ...DELETED_USER_NAME, avatarUrl: null, isMasterAdmin: false, requiresPasswordReset: false })
          .where(eq(profiles.id, id));
        const emails = await redactOutbox(tx, user.email, first, last);
        await redactAuditValues(tx, id, { emails: [user.email], names: [`${first} ${last}`, first, last] }, actor);
        await recordAudit(tx, actor, {
          action: 'DELETE',
          tableName: 'users',
          recordId: id,
          oldValues: { roles: before, status: user.status, organisationId: user.organisationId },
          newValues: { tombstone: true, outboxEmailsRedacted: emails },
        });
      });
      await announce(id, true);
    },
  };
}

export type UsersAdmin = ReturnType<typeof createUsersAdmin>;
