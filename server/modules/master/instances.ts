// Which server instances are up: each writes a heartbeat row (`app_meta`, key `instance:<id>`) every
// HEARTBEAT_MS and deletes it when it stops; the Master Admin Panel counts the rows seen within
// STALE_MS (an instance that died without stopping drops out of the count by itself, and its row is
// swept by the next instance's beat).
import { hostname } from 'node:os';
import { and, like, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appMeta } from '../../db/schema';

export const HEARTBEAT_MS = 30_000;
export const STALE_MS = 3 * HEARTBEAT_MS;
const PREFIX = 'instance:';

export interface InstanceInfo {
  id: string;
  host: string;
  pid: number;
  startedAt: string;
  seenAt: string;
}

export interface Instances {
  readonly id: string;
  start(): void;
  stop(): Promise<void>;
  /** One beat now (start does the first; tests call it). */
  beat(): Promise<void>;
  /** The instances that beat within STALE_MS, this one included. */
  list(): Promise<InstanceInfo[]>;
}

export function createInstances(db: Db, id: string, now: () => number = Date.now): Instances {
  const startedAt = new Date(now()).toISOString();
  const value = JSON.stringify({ host: hostname(), pid: process.pid, startedAt });
  const key = PREFIX + id;
  let timer: NodeJS.Timeout | null = null;
  let beating: Promise<void> | null = null;

  async function beat() {
    const at = new Date(now());
    await db
      .insert(appMeta)
      .values({ key, value, updatedAt: at })
      .onConflictDoUpdate({ target: appMeta.key, set: { updatedAt: at } });
    await db.delete(appMeta).where(and(like(appMeta.key, `${PREFIX}%`), lt(appMeta.updatedAt, new Date(at.getTime() - STALE_MS))));
  }

  return {
    id,
    beat,
    start() {
      if (timer) return;
      const run = () => {
        beating = beat()
          .catch(() => {
            // The database is away for a moment: the next beat tries again (the panel shows the gap).
          })
          .finally(() => {
            beating = null;
          });
      };
      run();
      timer = setInterval(run, HEARTBEAT_MS);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await beating;
      await db
        .delete(appMeta)
        .where(sql`${appMeta.key} = ${key}`)
        .catch(() => {});
    },
    async list() {
      const since = new Date(now() - STALE_MS);
      const rows = await db
        .select()
        .from(appMeta)
        .where(and(like(appMeta.key, `${PREFIX}%`), sql`${appMeta.updatedAt} >= ${since}`));
      return rows
        .map((r) => {
          const v = JSON.parse(r.value) as { host: string; pid: number; startedAt: string };
          return { id: r.key.slice(PREFIX.length), host: v.host, pid: v.pid, startedAt: v.startedAt, seenAt: r.updatedAt.toISOString() };
        })
        .sort((a, b) => a.startedAt.localeCompare(b.startedAt));
    },
  };
}
