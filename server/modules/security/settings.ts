// The Access Control settings row: read through a small cache that every instance drops when a
// master admin saves (change feed), written with an audit row.
import { eq } from 'drizzle-orm';
import { DEFAULT_SECURITY_SETTINGS, type SecuritySettings } from '../../../shared/schemas/security';
import type { Db } from '../../db/client';
import { securitySettings } from '../../db/schema';
import type { ChangeFeed } from '../../realtime/changes';
import { type Actor } from '../../core/actor';
import { recordAudit } from '../audit/service';

const TOPIC = 'security_settings';

export interface SettingsService {
  get(): Promise<SecuritySettings>;
  update(next: SecuritySettings, actor: Actor): Promise<SecuritySettings>;
}

function pick(row: typeof securitySettings.$inferSelect): SecuritySettings {
  const { id: _id, updatedAt: _u, updatedBy: _b, ...rest } = row;
  return rest as SecuritySettings;
}

export function createSettingsService(db: Db, feed: ChangeFeed): SettingsService {
  let cached: Promise<SecuritySettings> | null = null;
  feed.subscribe(TOPIC, () => {
    cached = null;
  });
  const load = async () => {
    await db.insert(securitySettings).values({ id: 1 }).onConflictDoNothing();
    const [row] = await db.select().from(securitySettings).where(eq(securitySettings.id, 1));
    return row ? pick(row) : DEFAULT_SECURITY_SETTINGS;
  };
  return {
    get() {
      cached ??= load().catch((err) => {
        cached = null;
        throw err;
      });
      return cached;
    },
    async update(next, actor) {
      const saved = await db.transaction(async (tx) => {
        await tx.insert(securitySettings).values({ id: 1 }).onConflictDoNothing();
        const [before] = await tx.select().from(securitySettings).where(eq(securitySettings.id, 1)).for('update');
        const [row] = await tx
          .update(securitySettings)
          .set({ ...next, updatedAt: new Date(), updatedBy: actor.userId })
          .where(eq(securitySettings.id, 1))
          .returning();
        await recordAudit(tx, actor, {
          action: 'SETTINGS_UPDATE',
          tableName: 'security_settings',
          recordId: 1,
          oldValues: before ? pick(before) : null,
          newValues: next,
        });
        return pick(row as typeof securitySettings.$inferSelect);
      });
      await feed.publish(TOPIC);
      return saved;
    },
  };
}
