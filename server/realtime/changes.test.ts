// The change feed's transactional publishing: a change published inside a transaction (or by one
// statement) reaches this instance's handlers and the other instances' once it commits, exactly
// once, and no one when it rolls back or fails to commit. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL
// (then the other instance listens on a connection of its own).
import { sql } from 'drizzle-orm';
import { afterEach, expect, it } from 'vitest';
import { freshDatabase, type TestDatabase } from '../../tests/support/test-db';
import { type Database, openDatabase, statementRows, queryRows } from '../db/client';
import { type ChangeFeed, createChangeFeed } from './changes';

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

/** Two instances on one database: `here` publishes, `there` is another process (the same client on PGlite). */
async function twoInstances(): Promise<{ t: TestDatabase; here: ChangeFeed; there: ChangeFeed; heard: { here: unknown[]; there: unknown[] } }> {
  const t = await freshDatabase();
  cleanup.push(() => t.dispose());
  const other: Database = t.url ? await openDatabase({ databaseUrl: t.url, poolSize: 1 }) : t.database;
  if (other !== t.database) cleanup.push(() => other.close());
  const here = await createChangeFeed(t.database);
  const there = await createChangeFeed(other);
  cleanup.push(
    () => here.close(),
    () => there.close(),
  );
  const heard = { here: [] as unknown[], there: [] as unknown[] };
  here.subscribe('test', (d) => heard.here.push(d));
  there.subscribe('test', (d) => heard.there.push(d));
  await t.database.db.execute(sql`create table feed_probe (id int primary key deferrable initially deferred)`);
  return { t, here, there, heard };
}

/**
 * Publishes a marker after everything else and waits until the other instance has it: notifications
 * arrive in commit order, so whatever an earlier transaction sent has arrived by then too.
 */
async function settle(here: ChangeFeed, heard: { there: unknown[] }, marker: string) {
  await here.publish('test', marker);
  await expect.poll(() => heard.there.includes(marker)).toBe(true);
}

it('delivers a change published in a committed transaction once to this instance and once to the other, after the commit', async () => {
  const { t, here, heard } = await twoInstances();
  const answer = await here.transaction(async (tx, publish) => {
    await tx.execute(sql`insert into feed_probe values (1)`);
    publish('test', { id: 1 });
    // Queued, not delivered: the transaction has not committed yet.
    expect(heard.here).toEqual([]);
    return 'stored';
  });
  expect(answer).toBe('stored');
  expect(heard.here).toEqual([{ id: 1 }]);
  await settle(here, heard, 'after');
  expect(heard.there).toEqual([{ id: 1 }, 'after']);
  expect(heard.here).toEqual([{ id: 1 }, 'after']);
  expect(await queryRows<{ id: number }>(t.database.db, sql`select id from feed_probe`)).toEqual([{ id: 1 }]);
});

it('delivers nothing, here or elsewhere, for a transaction that rolls back or fails at its commit', async () => {
  const { t, here, heard } = await twoInstances();
  // The work throws after publishing: rolled back.
  await expect(
    here.transaction(async (tx, publish) => {
      await tx.execute(sql`insert into feed_probe values (2)`);
      publish('test', 'rolled back');
      throw new Error('changed my mind');
    }),
  ).rejects.toThrow('changed my mind');
  // The work succeeds but the commit fails (a deferred key checked at commit): the NOTIFY was sent
  // inside the transaction, and goes nowhere with it.
  await expect(
    here.transaction(async (tx, publish) => {
      await tx.execute(sql`insert into feed_probe values (3), (3)`);
      publish('test', 'failed commit');
    }),
  ).rejects.toThrow();
  expect(heard.here).toEqual([]);
  await settle(here, heard, 'after');
  expect(heard.there).toEqual(['after']);
  expect(heard.here).toEqual(['after']);
  expect(await queryRows<{ id: number }>(t.database.db, sql`select id from feed_probe`)).toEqual([]);
});

it('sends the changes of one transaction in one go, in order, an identical one once', async () => {
  const { here, heard } = await twoInstances();
  await here.transaction(async (_tx, publish) => {
    publish('test', 'first');
    publish('test', { second: true });
    publish('test', 'first');
    publish('other', 'not heard on test');
  });
  expect(heard.here).toEqual(['first', { second: true }]);
  await settle(here, heard, 'after');
  expect(heard.there).toEqual(['first', { second: true }, 'after']);
});

/**
 * One statement that stores a probe row and publishes it with a value it computes; `fail` makes it
 * fail after its NOTIFY (the select list runs in order, the division last, on the row).
 */
function probe(here: ChangeFeed, t: TestDatabase, id: number, fail = false) {
  return here.publishFrom('test', async (notify) => {
    const text = `
      with p as (insert into feed_probe values ($1::int) returning id)
      select p.id, ${notify(`jsonb_build_object('id', p.id * 10)::text`)}, 1 / (p.id - $2::int) as fails_when_zero from p`;
    const [row] = await statementRows<{ id: number }>(t.database.db, text, [id, fail ? id : 0]);
    return { result: row?.id, data: row ? { id: row.id * 10 } : undefined };
  });
}

it('publishes from one statement: once here and once elsewhere when it succeeds, nowhere when it fails', async () => {
  const { t, here, heard } = await twoInstances();
  expect(await probe(here, t, 4)).toBe(4);
  expect(heard.here).toEqual([{ id: 40 }]);
  // The NOTIFY ran, then the statement failed (a division by zero after it): nothing goes out.
  await expect(probe(here, t, 5, true)).rejects.toThrow(/division by zero/);
  expect(heard.here).toEqual([{ id: 40 }]);
  await settle(here, heard, 'after');
  expect(heard.there).toEqual([{ id: 40 }, 'after']);
  expect(heard.here).toEqual([{ id: 40 }, 'after']);
  expect(await queryRows<{ id: number }>(t.database.db, sql`select id from feed_probe`)).toEqual([{ id: 4 }]);
});
