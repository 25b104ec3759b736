// Remembered file sizes (pglite-file-sizes.ts) on a real PGlite data directory on disk, checked at
// every seek against the disk: everything that changes a file's length (extending, truncating at
// the end by VACUUM, a new file by VACUUM FULL and TRUNCATE, dropping, checkpoints recycling WAL),
// the data read back by a database that remembers nothing; and the check catching a change made
// behind the file system's back.
import fs from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterEach, describe, expect, it } from 'vitest';
import { type EmscriptenModule, rememberFileSizes } from './pglite-file-sizes';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

async function openOnDisk() {
  const dir = fs.mkdtempSync(path.join(tmpdir(), 'frolic-pglite-sizes-'));
  dirs.push(dir);
  const pg = new PGlite(dir);
  await pg.waitReady;
  return { dir, pg, module: (pg as unknown as { Module: EmscriptenModule }).Module };
}

const one = async (pg: PGlite, text: string) => (await pg.query<Record<string, unknown>>(text)).rows[0]!;

describe('remembered file sizes', () => {
  it('keep every seek to a file’s end right through what changes a file’s length', async () => {
    const { dir, pg, module } = await openOnDisk();
    const stats = rememberFileSizes(module, { check: true })!;
    expect(stats).not.toBeNull();
    // One statement at a time: VACUUM and CHECKPOINT run outside a transaction block.
    for (const statement of [
      'create table t (id int primary key, body text not null)',
      'create index t_body on t (body)',
      `insert into t select g, repeat(md5(g::text), 4) from generate_series(1, 20000) g`,
      `update t set body = body || 'x' where id % 2 = 0`,
      'delete from t where id > 15000',
      'vacuum t',
      'create table kept (id int, note text)',
      `insert into kept select g, 'kept ' || g from generate_series(1, 3000) g`,
      'vacuum full kept',
      'create table gone as select g from generate_series(1, 5000) g',
      'drop table gone',
      'create table emptied (n int)',
      'insert into emptied select generate_series(1, 4000)',
      'truncate emptied',
      'insert into emptied values (1), (2), (3)',
      'reindex table t',
      'checkpoint',
      // VACUUM cuts a relation's empty pages off its end (a truncate), and it then grows again.
      'create table tail (n int)',
      'insert into tail select generate_series(1, 10000)',
      'delete from tail where n > 2000',
    ])
      await pg.exec(statement);
    const before = (await one(pg, `select pg_relation_size('tail')::int as bytes`)).bytes as number;
    await pg.exec('vacuum tail');
    expect((await one(pg, `select pg_relation_size('tail')::int as bytes`)).bytes).toBeLessThan(before);
    await pg.exec('insert into tail select generate_series(2001, 2500)');
    expect(await one(pg, `select count(*)::int as n, sum(id)::bigint::text as s, count(*) filter (where body like '%x')::int as x from t`)).toEqual({
      n: 15000,
      s: String((15000 * 15001) / 2),
      x: 7500,
    });
    // The relation's length as PostgreSQL sees it now, in pages.
    const pages = (await one(pg, `select pg_relation_size('t')::int / 8192 as pages`)).pages as number;
    expect(stats.remembered).toBeGreaterThan(stats.read);
    await pg.close();

    // Read back by a database that asks the disk every time.
    const again = new PGlite(dir);
    await again.waitReady;
    expect(await one(again, `select count(*)::int as n, count(*) filter (where body like '%x')::int as x from t`)).toEqual({ n: 15000, x: 7500 });
    expect(await one(again, `select count(*)::int as n, sum(id)::int as s from kept`)).toEqual({ n: 3000, s: (3000 * 3001) / 2 });
    expect(await one(again, `select array_agg(n order by n) as ns from emptied`)).toEqual({ ns: [1, 2, 3] });
    expect(await one(again, `select to_regclass('gone') as gone`)).toEqual({ gone: null });
    expect(await one(again, `select count(*)::int as n, max(n) as top from tail`)).toEqual({ n: 2500, top: 2500 });
    expect(await one(again, `select pg_relation_size('t')::int / 8192 as pages`)).toEqual({ pages });
    await again.close();
  }, 60_000);

  it('are checked against the disk: a file grown behind the file system’s back fails the query', async () => {
    const { dir, pg, module } = await openOnDisk();
    rememberFileSizes(module, { check: true });
    await pg.exec(`create table t (id int); insert into t select generate_series(1, 1000);`);
    expect(await one(pg, 'select count(*)::int as n from t')).toEqual({ n: 1000 });
    const file = path.join(dir, (await one(pg, `select pg_relation_filepath('t') as p`)).p as string);
    fs.appendFileSync(file, Buffer.alloc(8192));
    await expect(pg.query('select count(*) from t')).rejects.toThrow(/could not seek to end of file/);
  }, 60_000);
});
