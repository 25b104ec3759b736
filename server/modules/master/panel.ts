// The Master Admin Panel's figures, straight from the database: people by role and status, locked
// accounts, pending invitations, the newest security events, and the installation's health
// (database, instances, jobs, outbox). Read-only; the actions it offers (unlock, resend) are the
// users service's and the mailer's.
import { and, count, desc, eq, gt, gte, inArray, isNull, lte, notInArray, sql } from 'drizzle-orm';
import { ROUTINE_ACTIONS, SECURITY_ACTIONS, SECURITY_TABLES } from '../../../shared/security-events';
import type { Database } from '../../db/client';
import { auditLogs, authTokens, jobs, outboxEmails, profiles, signInFailures, users } from '../../db/schema';
import { ACCOUNT_WIDE } from '../auth';
import type { Instances } from './instances';

const RECENT_EVENTS = 12;
const routine = new Set<string>(ROUTINE_ACTIONS);
/** Security events without the routine successes (sign-ins would crowd out the rest). */
const notRoutine = SECURITY_ACTIONS.filter((a) => !routine.has(a));
const LIST_LIMIT = 20;
const DAY_MS = 86_400_000;

export interface PanelEvent {
  id: number;
  action: string;
  tableName: string;
  recordId: string | null;
  userId: string | null;
  /** The acting user's email; "Deleted user" for a tombstone; null for the system or a visitor. */
  user: string | null;
  ipAddress: string | null;
  createdAt: string;
}

export interface MasterPanel {
  users: {
    total: number;
    byStatus: Record<'active' | 'inactive' | 'suspended', number>;
    byRole: { role: string; label: string; count: number }[];
    masterAdmins: number;
  };
  locked: { userId: string; email: string; name: string; scope: 'account' | 'source'; lockedUntil: string }[];
  invitations: { total: number; items: { userId: string; email: string; name: string; expiresAt: string; createdAt: string }[] };
  events: PanelEvent[];
  health: {
    database: { engine: 'PGlite' | 'PostgreSQL'; ok: boolean; latencyMs: number; sizeBytes: number | null };
    instances: { id: string; host: string; pid: number; startedAt: string; seenAt: string; current: boolean }[];
    jobs: {
      queued: number;
      overdue: number;
      running: number;
      failedLastDay: number;
      recentFailures: { id: number; name: string; error: string | null; at: string }[];
    };
    outbox: { queued: number; failed: number; smtp: boolean };
  };
}

/** The key an account's failure rows are stored under (`subjectOf` in auth/lockout.ts), in SQL. */
const subjectSql = sql`translate(rtrim(encode(sha256(convert_to('sign-in:' || lower(trim(${users.email})), 'UTF8')), 'base64'), '='), '+/', '-_')`;

export function createMasterPanel(database: Database, instances: Instances, opts: { smtp: boolean; now?: () => number }) {
  const { db } = database;
  const now = opts.now ?? Date.now;

  async function people(): Promise<MasterPanel['users']> {
    const live = isNull(users.deletedAt);
    const [statusRows, roleRows, [masters]] = await Promise.all([
      db.select({ status: users.status, n: count() }).from(users).where(live).groupBy(users.status),
      db.execute(
        sql`select r.name as role, r.label, count(u.id)::int as n from roles r
            left join user_roles ur on ur.role = r.name
            left join users u on u.id = ur.user_id and u.deleted_at is null
            group by r.name, r.label order by r.label`,
      ),
      // A master admin holds the role or the profile's flag (the first one, made at start-up).
      db
        .select({ n: count() })
        .from(profiles)
        .innerJoin(users, eq(users.id, profiles.id))
        .where(and(live, sql`(${profiles.isMasterAdmin} or exists (select 1 from user_roles ur where ur.user_id = ${users.id} and ur.role = 'master_admin'))`)),
    ]);
    const byStatus = { active: 0, inactive: 0, suspended: 0 };
    for (const r of statusRows) byStatus[r.status] = r.n;
    const { rows } = roleRows as unknown as { rows: { role: string; label: string; n: number }[] };
    return {
      total: byStatus.active + byStatus.inactive + byStatus.suspended,
      byStatus,
      byRole: rows.map((r) => ({ role: r.role, label: r.label, count: r.role === 'master_admin' ? (masters?.n ?? 0) : Number(r.n) })),
      masterAdmins: masters?.n ?? 0,
    };
  }

  async function locked(): Promise<MasterPanel['locked']> {
    const at = new Date(now());
    // Locks are few; only when there are any is each account's key computed to name them.
    const [any] = await db.select({ n: count() }).from(signInFailures).where(gt(signInFailures.lockedUntil, at));
    if (!any?.n) return [];
    const rows = await db
      .select({
        userId: users.id,
        email: users.email,
        firstName: profiles.firstName,
        lastName: profiles.lastName,
        source: signInFailures.source,
        lockedUntil: signInFailures.lockedUntil,
      })
      .from(signInFailures)
      .innerJoin(users, sql`${signInFailures.subject} = ${subjectSql}`)
      .innerJoin(profiles, eq(profiles.id, users.id))
      .where(and(gt(signInFailures.lockedUntil, at), isNull(users.deletedAt)))
      .orderBy(desc(signInFailures.lockedUntil))
      .limit(LIST_LIMIT * 4);
    // One line per account: the account-wide lock if there is one, otherwise its latest source lock.
    const byUser = new Map<string, MasterPanel['locked'][number]>();
    for (const r of rows) {
      const scope = r.source === ACCOUNT_WIDE ? 'account' : 'source';
      const seen = byUser.get(r.userId);
      if (seen && (seen.scope === 'account' || scope === 'source')) continue;
      byUser.set(r.userId, {
        userId: r.userId,
        email: r.email,
        name: `${r.firstName} ${r.lastName}`.trim(),
        scope,
        lockedUntil: (r.lockedUntil as Date).toISOString(),
      });
    }
    return [...byUser.values()].slice(0, LIST_LIMIT);
  }

  async function invitations(): Promise<MasterPanel['invitations']> {
    const pending = and(eq(authTokens.purpose, 'invitation'), isNull(authTokens.usedAt), gt(authTokens.expiresAt, new Date(now())), isNull(users.deletedAt));
    const [[total], items] = await Promise.all([
      db.select({ n: count() }).from(authTokens).innerJoin(users, eq(users.id, authTokens.userId)).where(pending),
      db
        .select({
          userId: users.id,
          email: users.email,
          firstName: profiles.firstName,
          lastName: profiles.lastName,
          expiresAt: authTokens.expiresAt,
          createdAt: authTokens.createdAt,
        })
        .from(authTokens)
        .innerJoin(users, eq(users.id, authTokens.userId))
        .innerJoin(profiles, eq(profiles.id, users.id))
        .where(pending)
        .orderBy(desc(authTokens.createdAt))
        .limit(LIST_LIMIT),
    ]);
    return {
      total: total?.n ?? 0,
      items: items.map((i) => ({
        userId: i.userId,
        email: i.email,
        name: `${i.firstName} ${i.lastName}`.trim(),
        expiresAt: i.expiresAt.toISOString(),
        createdAt: i.createdAt.toISOString(),
      })),
    };
  }

  async function events(): Promise<PanelEvent[]> {
    // Two index walks (by action, by table), each newest first, merged: an OR over both would scan.
    const pick = {
      id: auditLogs.id,
      action: auditLogs.action,
      tableName: auditLogs.tableName,
      recordId: auditLogs.recordId,
      userId: auditLogs.userId,
      ipAddress: auditLogs.ipAddress,
      createdAt: auditLogs.createdAt,
    };
    const [a, b] = await Promise.all([
      db.select(pick).from(auditLogs).where(inArray(auditLogs.action, notRoutine)).orderBy(desc(auditLogs.id)).limit(RECENT_EVENTS),
      db
        .select(pick)
        .from(auditLogs)
        .where(and(inArray(auditLogs.tableName, [...SECURITY_TABLES]), notInArray(auditLogs.action, [...ROUTINE_ACTIONS])))
        .orderBy(desc(auditLogs.id))
        .limit(RECENT_EVENTS),
    ]);
    const merged = [...new Map([...a, ...b].map((r) => [r.id, r])).values()].sort((x, y) => y.id - x.id).slice(0, RECENT_EVENTS);
    const ids = [...new Set(merged.map((r) => r.userId).filter((u): u is string => !!u && /^[0-9a-f-]{36}$/i.test(u)))];
    const people = ids.length
      ? await db.select({ id: users.id, email: users.email, deletedAt: users.deletedAt }).from(users).where(inArray(users.id, ids))
      : [];
    const who = new Map(people.map((p) => [p.id, p.deletedAt ? 'Deleted user' : p.email]));
    return merged.map((r) => ({ ...r, user: r.userId ? (who.get(r.userId) ?? null) : null, createdAt: r.createdAt.toISOString() }));
  }

  async function health(): Promise<MasterPanel['health']> {
    const t0 = performance.now();
    let ok = true;
    let sizeBytes: number | null = null;
    try {
      const res = (await db.execute(sql`select pg_database_size(current_database())::text as size`)) as unknown as { rows: { size: string }[] };
      const row = res.rows[0];
      sizeBytes = row ? Number(row.size) : null;
    } catch {
      ok = false;
    }
    const latencyMs = Math.round((performance.now() - t0) * 10) / 10;
    const at = new Date(now());
    const [list, [queued], [overdue], [running], [failed], recent, outbox] = await Promise.all([
      instances.list(),
      db.select({ n: count() }).from(jobs).where(eq(jobs.status, 'queued')),
      db
        .select({ n: count() })
        .from(jobs)
        .where(and(eq(jobs.status, 'queued'), lte(jobs.runAt, new Date(at.getTime() - 60_000)))),
      db.select({ n: count() }).from(jobs).where(eq(jobs.status, 'running')),
      db
        .select({ n: count() })
        .from(jobs)
        .where(and(eq(jobs.status, 'failed'), gte(jobs.updatedAt, new Date(at.getTime() - DAY_MS)))),
      db
        .select({ id: jobs.id, name: jobs.name, error: jobs.lastError, at: jobs.updatedAt })
        .from(jobs)
        .where(eq(jobs.status, 'failed'))
        .orderBy(desc(jobs.updatedAt))
        .limit(5),
      db
        .select({ status: outboxEmails.status, n: count() })
        .from(outboxEmails)
        .where(inArray(outboxEmails.status, ['queued', 'failed']))
        .groupBy(outboxEmails.status),
    ]);
    return {
      database: { engine: database.kind === 'pglite' ? 'PGlite' : 'PostgreSQL', ok, latencyMs, sizeBytes },
      instances: list.map((i) => ({ ...i, current: i.id === instances.id })),
      jobs: {
        queued: queued?.n ?? 0,
        overdue: overdue?.n ?? 0,
        running: running?.n ?? 0,
        failedLastDay: failed?.n ?? 0,
        recentFailures: recent.map((j) => ({ id: j.id, name: j.name, error: j.error, at: j.at.toISOString() })),
      },
      outbox: {
        queued: outbox.find((o) => o.status === 'queued')?.n ?? 0,
        failed: outbox.find((o) => o.status === 'failed')?.n ?? 0,
        smtp: opts.smtp,
      },
    };
  }

  return {
    async summary(): Promise<MasterPanel> {
      const [u, l, i, e, h] = await Promise.all([people(), locked(), invitations(), events(), health()]);
      return { users: u, locked: l, invitations: i, events: e, health: h };
    },
  };
}

export type MasterPanelService = ReturnType<typeof createMasterPanel>;
