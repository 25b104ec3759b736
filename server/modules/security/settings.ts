// The Access Control row: read through a small cache that every instance drops when it changes
// (change feed); saved by the master admin after a step-up, naming the version read (a stale save is
// refused), with an audit row; and a preview of what a save would change, for whom.
import { and, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import {
  DEFAULT_SECURITY_SETTINGS,
  type SecuritySettings,
  type SecuritySettingsSave,
  securitySettingsSchema,
  type StoredSecuritySettings,
} from '../../../shared/schemas/security';
import { describeSettingsChange, type ImpactCounts, type ImpactLine } from '../../../shared/security-impact';
import type { Db, DbOrTx } from '../../db/client';
import { profiles, roles, securitySettings, sessions, userRoles, users } from '../../db/schema';
import type { ChangeFeed } from '../../realtime/changes';
import { type Actor } from '../../core/actor';
import { AppError } from '../../core/errors';
import { requireStepUp } from '../../auth/step-up';
import { recordAudit } from '../audit';

/** Published after every change of the row: caches drop it, open sockets are asked again. */
export const SECURITY_SETTINGS_TOPIC = 'security_settings';

export interface SettingsService {
  get(): Promise<StoredSecuritySettings>;
  /** Writes the settings as given (start-up, tests): no step-up, no version check — but audited and announced. */
  update(next: SecuritySettings, actor: Actor): Promise<StoredSecuritySettings>;
  /** The master admin's save: a fresh step-up, the version read (else 409), audited with what changed. */
  save(viewer: { elevatedUntil: number | null }, input: SecuritySettingsSave, actor: Actor): Promise<StoredSecuritySettings>;
  /** What saving `next` would change, for whom (nothing is written). */
  preview(next: SecuritySettings): Promise<{ current: StoredSecuritySettings; changes: ImpactLine[] }>;
}

type Row = typeof securitySettings.$inferSelect;

/** The row as the screen reads it (as stored: a value written by hand outside the schema's range still reads). */
function stored(row: Row): StoredSecuritySettings {
  const { id: _id, updatedAt, updatedBy, version, ...settings } = row;
  return {
    ...settings,
    sessionTimeoutMinutes: settings.sessionTimeoutMinutes as 60,
    rememberDeviceDays: settings.rememberDeviceDays as 30,
    version,
    updatedAt: updatedAt?.toISOString() ?? null,
    updatedBy,
  };
}

/** The fields that differ, old and new. */
function changed(before: SecuritySettings, after: SecuritySettings) {
  const oldValues: Record<string, unknown> = {};
  const newValues: Record<string, unknown> = {};
  for (const key of Object.keys(after) as (keyof SecuritySettings)[]) {
    if (before[key] !== after[key]) {
      oldValues[key] = before[key];
      newValues[key] = after[key];
    }
  }
  return { oldValues, newValues };
}

const DAY = 86_400_000;

/** Active people who are not deleted. */
const activeUser = and(eq(users.status, 'active'), isNull(users.deletedAt));
const adminGrade = or(
  sql`coalesce(${profiles.isMasterAdmin}, false)`,
  sql`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${users.id} and ${userRoles.role} in ('admin', 'master_admin'))`,
);
const staff = sql`exists (select 1 from ${userRoles} join ${roles} on ${roles.name} = ${userRoles.role} where ${userRoles.userId} = ${users.id} and ${roles.area} = 'staff')`;

export function createSettingsService(db: Db, feed: ChangeFeed, now: () => number = Date.now): SettingsService {
  let cached: Promise<StoredSecuritySettings> | null = null;
  feed.subscribe(SECURITY_SETTINGS_TOPIC, () => {
    cached = null;
  });
  const load = async () => {
    await db.insert(securitySettings).values({ id: 1 }).onConflictDoNothing();
    const [row] = await db.select().from(securitySettings).where(eq(securitySettings.id, 1));
    return row ? stored(row) : { ...DEFAULT_SECURITY_SETTINGS, version: 1, updatedAt: null, updatedBy: null };
  };

  /** Locks the row, checks the version when given, writes, audits; announces after the commit. */
  async function write(next: SecuritySettings, actor: Actor, version: number | null): Promise<StoredSecuritySettings> {
    const saved = await db.transaction(async (tx) => {
      await tx.insert(securitySettings).values({ id: 1 }).onConflictDoNothing();
      const [before] = await tx.select().from(securitySettings).where(eq(securitySettings.id, 1)).for('update');
      const old = stored(before as Row);
      if (version !== null && old.version !== version) {
        throw new AppError('version_conflict', 'conflict', 'Someone saved the security settings since you opened them.', {
          hint: 'Reload the page to see the current settings, then make your change again.',
        });
      }
      const [row] = await tx
        .update(securitySettings)
        .set({ ...next, updatedAt: new Date(now()), updatedBy: actor.userId, version: old.version + 1 })
        .where(eq(securitySettings.id, 1))
        .returning();
      const diff = changed(old, next);
      await recordAudit(tx, actor, {
        action: 'SETTINGS_UPDATE',
        tableName: 'security_settings',
        recordId: 1,
        oldValues: { ...diff.oldValues, version: old.version },
        newValues: { ...diff.newValues, version: old.version + 1 },
      });
      return stored(row as Row);
    });
    cached = null;
    await feed.publish(SECURITY_SETTINGS_TOPIC);
    return saved;
  }

  async function counts(tx: DbOrTx, before: SecuritySettings, next: SecuritySettings): Promise<ImpactCounts> {
    const t = now();
    const without = (grade: 'admin' | 'employee') =>
      tx
        .select({ n: sql<number>`count(*)::int` })
        .from(users)
        .leftJoin(profiles, eq(profiles.id, users.id))
        .where(and(activeUser, isNull(users.totpEnabledAt), staff, grade === 'admin' ? adminGrade : sql`not (${adminGrade})`));
    const newlyExpired = async () => {
      if (!next.passwordExpiryEnabled) return 0;
      const setAt = sql`coalesce(${profiles.passwordLastUpdated}, 'epoch'::timestamptz)`;
      const after = sql`${setAt} < ${new Date(t - next.passwordExpiryDays * DAY)}`;
      const notBefore = before.passwordExpiryEnabled ? sql`${setAt} >= ${new Date(t - before.passwordExpiryDays * DAY)}` : sql`true`;
      const [r] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(users)
        .innerJoin(profiles, eq(profiles.id, users.id))
        .where(and(activeUser, isNotNull(users.passwordHash), eq(profiles.requiresPasswordReset, false), after, notBefore));
      return r?.n ?? 0;
    };
    const newlyIdle = async () => {
      if (!next.sessionTimeoutEnabled) return 0;
      const cutoff = new Date(t - next.sessionTimeoutMinutes * 60_000);
      const oldCutoff = before.sessionTimeoutEnabled ? new Date(t - before.sessionTimeoutMinutes * 60_000) : null;
      const [r] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(sessions)
        .where(and(gt(sessions.expiresAt, new Date(t)), lt(sessions.lastSeenAt, cutoff), oldCutoff ? sql`${sessions.lastSeenAt} >= ${oldCutoff}` : undefined));
      return r?.n ?? 0;
    };
    const [[admins], [employees], expired, idle] = await Promise.all([without('admin'), without('employee'), newlyExpired(), newlyIdle()]);
    return {
      adminsWithoutTwoFactor: admins?.n ?? 0,
      employeesWithoutTwoFactor: employees?.n ?? 0,
      passwordsNewlyExpired: expired,
      sessionsNewlyIdle: idle,
    };
  }

  const service: SettingsService = {
    get() {
      cached ??= load().catch((err) => {
        cached = null;
        throw err;
      });
      return cached;
    },
    update(next, actor) {
      return write(securitySettingsSchema.parse(next), actor, null);
    },
    save(viewer, input, actor) {
      requireStepUp(viewer, now());
      const { version, ...next } = input;
      return write(securitySettingsSchema.parse(next), actor, version);
    },
    async preview(next) {
      const current = await load();
      return { current, changes: describeSettingsChange(current, next, await counts(db, current, next)) };
    },
  };
  return service;
}
