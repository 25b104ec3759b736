import { messages, types } from '@electric-sql/pglite';
import { afterEach, describe, expect, it } from 'vitest';
import { emptyPglite } from '../../tests/support/test-db';
import { type EmbeddedDatabase, startEmbeddedDatabase } from './pglite-remote';

let open: EmbeddedDatabase[] = [];
afterEach(async () => {
  await Promise.all(open.map((d) => d.close()));
  open = [];
});

async function start(options: { loadDataDir?: Blob; statementCache?: number } = {}): Promise<EmbeddedDatabase> {
  const database = await startEmbeddedDatabase({
    dataDir: 'memory://',
    statementCache: options.statementCache ?? 10,
    loadDataDir: options.loadDataDir ?? emptyPglite(),
  });
  open.push(database);
  return database;
}

async function withProbe(): Promise<EmbeddedDatabase> {
  const database = await start();
  await database.exec(`
    create table probe (id int primary key, name text not null unique, at timestamptz, tags text[], doc jsonb, ok boolean);
    insert into probe values (1, 'Ada', '2026-01-02T03:04:05Z', '{a,b}', '{"k": [1, 2]}', true), (2, 'Émile', null, '{}', null, false);`);
  return database;
}

describe('the embedded database on its own thread', () => {
  it('answers as PGlite does, by name or by index, with the caller’s parsers on their types', async () => {
    const database = await withProbe();
    const text = 'select id, name, at, tags, doc, ok from probe order by id';
    const objects = await database.query(text);
    expect(objects.rows).toEqual([
      { id: 1, name: 'Ada', at: new Date('2026-01-02T03:04:05Z'), tags: ['a', 'b'], doc: { k: [1, 2] }, ok: true },
      { id: 2, name: 'Émile', at: null, tags: [], doc: null, ok: false },
    ]);
    expect(objects.fields.map((f) => f.name)).toEqual(['id', 'name', 'at', 'tags', 'doc', 'ok']);
    // Drizzle's way: array rows, timestamps kept as text by its own parser — which runs on this side.
    const seen: string[] = [];
    const arrays = await database.query<unknown[]>(text, [], {
      rowMode: 'array',
      parsers: {
        [types.TIMESTAMPTZ]: (value: string) => {
          seen.push(value);
          return `parsed ${value}`;
        },
      },
    });
    expect(arrays.rows[0]).toEqual([1, 'Ada', `parsed ${seen[0]}`, ['a', 'b'], { k: [1, 2] }, true]);
    expect(seen).toEqual(['2026-01-02 03:04:05+00']);
    // Parameters, and the write's count.
    const inserted = await database.query('insert into probe (id, name) values ($1, $2)', [3, 'Zoë']);
    expect(inserted.affectedRows).toBe(1);
    expect((await database.query<{ name: string }>('select name from probe where id = $1', [3])).rows).toEqual([{ name: 'Zoë' }]);
  });

  it('rejects with PGlite’s DatabaseError and the database’s fields, and goes on answering', async () => {
    const database = await withProbe();
    const err = await database.query('insert into probe (id, name) values ($1, $2)', [9, 'Ada']).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(messages.DatabaseError);
    expect(err).toMatchObject({ code: '23505', constraint: 'probe_name_key', table: 'probe', query: 'insert into probe (id, name) values ($1, $2)' });
    expect((err as Error).message).toMatch(/duplicate key/);
    expect((await database.query('select count(*)::int as n from probe')).rows).toEqual([{ n: 2 }]);
  });

  it('holds a transaction open across calls: commit keeps it, a throw rolls it back, others wait for its end', async () => {
    const database = await withProbe();
    await database.transaction(async (tx) => {
      await tx.query('update probe set name = $1 where id = 1', ['Ada L.']);
    });
    expect((await database.query('select name from probe where id = 1')).rows).toEqual([{ name: 'Ada L.' }]);

    await expect(
      database.transaction(async (tx) => {
        await tx.query('delete from probe');
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect((await database.query('select count(*)::int as n from probe')).rows).toEqual([{ n: 2 }]);

    // A query from outside, sent while the transaction is open, runs after it ends and sees its write.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const order: string[] = [];
    const transaction = database.transaction(async (tx) => {
      await tx.query('insert into probe (id, name) values (5, $1)', ['Inside']);
      await held;
      order.push('commit');
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const outside = database.query<{ n: number }>('select count(*)::int as n from probe').then((r) => {
      order.push('outside');
      return r.rows[0]!.n;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(order).toEqual([]);
    release();
    await transaction;
    expect(await outside).toBe(3);
    expect(order).toEqual(['commit', 'outside']);

    // A failed statement inside aborts the transaction: the caller's error, nothing written.
    await expect(
      database.transaction(async (tx) => {
        await tx.query('insert into probe (id, name) values (6, $1)', ['Six']);
        await tx.query('insert into probe (id, name) values (7, $1)', ['Ada L.']);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect((await database.query('select count(*)::int as n from probe')).rows).toEqual([{ n: 3 }]);
  });

  it('keeps the server’s thread free while the database works', async () => {
    const database = await start();
    let ticks = 0;
    const timer = setInterval(() => ticks++, 10);
    const started = performance.now();
    await database.query('select count(*) from generate_series(1, 4000000)');
    const elapsed = performance.now() - started;
    clearInterval(timer);
    // In the server's thread the query would have held the event loop: no tick until it ended.
    expect(elapsed).toBeGreaterThan(100);
    expect(ticks).toBeGreaterThan(elapsed / 10 / 3);
  });

  it('delivers NOTIFY to listeners, and dumps a data directory another can start from', async () => {
    const database = await withProbe();
    const heard: string[] = [];
    const unlisten = await database.listen('probe_changes', (payload) => heard.push(payload));
    await database.query('select pg_notify($1, $2)', ['probe_changes', 'one']);
    await database.transaction(async (tx) => {
      await tx.query('select pg_notify($1, $2)', ['probe_changes', 'two']);
    });
    await expect.poll(() => heard).toEqual(['one', 'two']);
    unlisten();
    await database.query('select pg_notify($1, $2)', ['probe_changes', 'three']);
    await database.query('select 1');
    expect(heard).toEqual(['one', 'two']);

    const dump = await database.dumpDataDir();
    const copy = await start({ loadDataDir: dump });
    expect((await copy.query('select name from probe order by id')).rows).toEqual([{ name: 'Ada' }, { name: 'Émile' }]);
  });

  it('refuses a parameter that cannot cross threads, and goes on answering', async () => {
    const database = await start();
    await expect(database.query('select $1::text as x', [() => 'a function'])).rejects.toThrow(/could not be cloned/);
    expect((await database.query('select $1::text as x', ['text'])).rows).toEqual([{ x: 'text' }]);
  });

  it('closes once for every caller, refuses calls from then on, and reports a data directory it cannot open', async () => {
    const database = await start();
    const first = database.close();
    const second = database.close();
    await expect(database.query('select 1')).rejects.toThrow(/closing/);
    await Promise.all([first, second]);
    expect(database.closed).toBe(true);
    await expect(database.query('select 1')).rejects.toThrow(/closed/);
    await expect(startEmbeddedDatabase({ dataDir: 'memory://', statementCache: 0, loadDataDir: new Blob(['not a data directory']) })).rejects.toThrow();
  });
});
