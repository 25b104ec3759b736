import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { describeOnPostgres, freshDatabase, type TestDatabase } from '../../tests/support/test-db';
import { migrateDatabase, openDatabase } from './client';
import { dataDirHolder, lockDataDir } from './data-dir-lock';
import { createChangeFeed } from '../realtime/changes';

const open: TestDatabase[] = [];
afterEach(async () => {
  for (const d of open.splice(0)) await d.dispose();
});

describe('database', () => {
  it('applies migrations idempotently, concurrently on PostgreSQL', async () => {
    const t = await freshDatabase();
    open.push(t);
    if (t.url) {
      // Two instances starting at once: the advisory lock serialises them.
      const other = await openDatabase({ databaseUrl: t.url, poolSize: 2 });
      await Promise.all([migrateDatabase(t.database), migrateDatabase(other)]);
      await other.close();
    } else {
      await migrateDatabase(t.database);
      await migrateDatabase(t.database);
    }
    const rows = await t.database.db.execute(sql`select count(*)::int as n from products`);
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
  });

  it('delivers change notifications to other subscribers (LISTEN/NOTIFY)', async () => {
    const t = await freshDatabase();
    open.push(t);
    // A second instance: a second connection on PostgreSQL, the same client on PGlite.
    const second = t.url ? await openDatabase({ databaseUrl: t.url, poolSize: 1 }) : t.database;
    const a = await createChangeFeed(t.database);
    const b = await createChangeFeed(second);
    const received = new Promise((resolve) => b.subscribe('content', resolve));
    await a.publish('content', { domain: 'catalog' });
    await expect(received).resolves.toEqual({ domain: 'catalog' });
    await a.close();
    await b.close();
    if (second !== t.database) await second.close();
  });
});

describe('change notifications after a dropped connection', () => {
  it('re-listens when PostgreSQL ends the listening connection', async () => {
    const t = await freshDatabase();
    open.push(t);
    const feed = await createChangeFeed(t.database);
    if (t.url) {
      // The server ends every other connection to this database, the LISTEN one included.
      await t.database.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`);
      await new Promise((r) => setTimeout(r, 1500));
    }
    const other = t.url ? await openDatabase({ databaseUrl: t.url, poolSize: 1 }) : t.database;
    const otherFeed = await createChangeFeed(other);
    const received = new Promise((resolve) => feed.subscribe('content', resolve));
    await otherFeed.publish('content', { after: 'reconnect' });
    await expect(received).resolves.toEqual({ after: 'reconnect' });
    await feed.close();
    await otherFeed.close();
    if (other !== t.database) await other.close();
  });
});

describeOnPostgres('the connection pool', () => {
  it('keeps the connections it opened through a quiet spell longer than pg’s idle timeout (10 s)', async () => {
    const t = await freshDatabase();
    open.push(t);
    const database = await openDatabase({ databaseUrl: t.url!, poolSize: 3 });
    try {
      // Three queries at once: three connections, each its own backend.
      const backends = async () => {
        const rows = await Promise.all(
          [1, 2, 3].map(async () => {
            const r = await database.db.execute(sql`select pg_backend_pid() as pid, pg_sleep(0.1)`);
            return (r as unknown as { rows: { pid: number }[] }).rows[0]!.pid;
          }),
        );
        return new Set(rows);
      };
      const before = await backends();
      expect(before.size).toBe(3);
      await new Promise((r) => setTimeout(r, 10_500));
      // The same backends, warm (their caches and prepared statements), not three new ones.
      expect(await backends()).toEqual(before);
    } finally {
      await database.close();
    }
  }, 30_000);
});

describe('data directory lock', () => {
  it('refuses a directory a live process holds, and ignores a stale lock', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'frolic-lock-'));
    writeFileSync(path.join(dir, 'frolic.pid'), String(process.ppid));
    expect(dataDirHolder(dir)).toBe(process.ppid);
    expect(() => lockDataDir(dir)).toThrow(/in use/);
    writeFileSync(path.join(dir, 'frolic.pid'), '999999999');
    const unlock = lockDataDir(dir);
    expect(dataDirHolder(dir)).toBeUndefined();
    unlock();
  });
});
